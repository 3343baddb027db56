// The server's command line: flags, their BOARDHALL_<NAME> environment fallbacks and
// their defaults, parsed into one plain Config value.
//
// Flags win over the environment; the environment wins over defaults. The modes
// (--help, --version, --health-probe) are flags only: a variable left in a container's
// environment must never turn the server into something else.
//
// Thread-safety: pure functions over values; no globals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/fallible.hpp"

namespace bh::server {

enum class Mode {
  serve,
  help,
  version,
  health_probe,
  backup,
  create_bot,
  create_token,
  grant_role,
  import_records,
  export_to_pg,
  reindex
};

struct Config {
  Mode mode = Mode::serve;
  std::string host = "0.0.0.0";  // an IPv4 or IPv6 literal ("localhost" means 127.0.0.1)
  std::uint16_t port = 8080;     // 0: any free port (the log line names the one chosen)
  std::string db = "./boardhall.db";
  unsigned threads = 1;                             // default: hardware concurrency, at least 1
  std::int64_t grace_seconds = 60;                  // reconnect grace
  std::int64_t first_move_seconds = 30;             // a side's first move, or the game is aborted
  std::int64_t correspondence_day_ms = 86'400'000;  // shorter only in tests
  int report_chat_days = 30;                        // a report's chat is dropped after this
  std::int64_t challenge_ms = 180'000;              // a live game's challenge lapses (shorter in tests)
  std::int64_t correspondence_sleep_ms = 600'000;   // an idle correspondence game leaves memory (0: never)
  std::size_t max_frame = 64 * 1024;                // largest WebSocket message read, bytes
  unsigned rate = 20;                               // messages per second per connection...
  unsigned burst = 40;                              // ...with this many at once
  std::size_t queue_frames = 1024;                  // outgoing frames queued per connection before it is dropped
  std::size_t queue_bytes = 1024 * 1024;            // and outgoing bytes (one frame at a time may go past it)
  std::size_t read_pause_bytes = 64 * 1024;         // a connection's messages are not read while this many wait
  std::size_t queue_bytes_total = 64u << 20;        // 64 MiB, all queues together; past it the largest are closed
  std::size_t tcp_unsent_bytes = 16 * 1024;         // a WebSocket's bytes the kernel holds unsent (TCP_NOTSENT_LOWAT)
  std::size_t connections_per_address = 64;         // open connections one client address may hold
  std::int64_t identify_seconds = 30;               // a WebSocket with no identity, following nothing, is closed
  unsigned auth_rate = 2;                           // password hashes (login, register) per second per address...
  unsigned auth_burst = 10;                         // ...with this many at once
  unsigned accounts_per_hour = 10;                  // new accounts per address per hour
  unsigned open_rooms_per_address = 10;             // open rooms and seeks one address holds at once (0: no cap)
  unsigned guests_per_minute = 30;                  // new guest names per address per minute (0: no cap)
  std::int64_t open_room_grace_seconds = 10;        // an open room whose creator left is cancelled after this
  unsigned lobby_limit = 100;                       // rooms (and games) a lobby answer lists at most
  unsigned export_rate = 200;                       // games a second a bulk export writes (0: no pace)
  unsigned rated_games_per_pair = 10;               // rated games a pair may start in 24 hours (0: no cap)
  unsigned failed_logins_per_name = 300;            // failed logins per name per hour, all addresses
  unsigned resume_fail_rate = 5;                    // failed resumes per second per address...
  unsigned resume_fail_burst = 100;                 // ...with this many at once
  std::vector<std::string> trusted_proxies;         // CIDRs whose forwarded client address is believed
  std::vector<std::string> allowed_origins;         // empty: any Origin may open a WebSocket
  bool verbose = false;                             // also log each connection opened and closed
  bool tournament_bots = false;                     // bot accounts may join tournaments
  std::string tournament_schedule;                  // the operator's tournaments (a JSON file)
  std::string web_root;                             // serve the web client from this folder; empty: the built-in files
  std::string probe_url;                            // Mode::health_probe
  // Notifications (docs/notifications.md).
  std::string public_url;  // the site's address as players reach it, for the links
  std::string smtp_url;    // empty: no mail
  std::string smtp_credentials_file, smtp_from, smtp_ca_file;
  bool smtp_starttls_required = true;
  unsigned mails_per_address_per_day = 20;
  std::string webhook_ca_file;             // tests only
  bool webhook_private_addresses = false;  // tests only
  std::string backup_to;                   // Mode::backup: online backup of --db into this new file
  std::string export_to;                   // Mode::export_to_pg: the PostgreSQL DSN --db is copied into
  std::string bot_name;                    // Mode::create_bot: the bot account to make in --db...
  std::string secret_file;                 // ...whose password is (or is written) in this file
  // Mode::create_token: a personal API token (docs/api.md) of this account, written to
  // secret_file, with these scopes ("bot:play,challenge") and label.
  std::string token_owner, token_scopes, token_label;
  std::string role_name, role;  // Mode::grant_role: this account gets this role
  std::string import_file;      // Mode::import_records: the record file to add to --db...
  std::string import_game;      // ...its games' game id when the file does not say
  // What an imported record may hold (docs/records.md, "Limits"); past it, the game is refused.
  std::size_t import_max_line = 64 * 1024;  // bytes of one line of the file
  std::size_t import_max_tags = 64;         // tags per game
  std::size_t import_max_tag_name = 64;     // bytes
  std::size_t import_max_tag_value = 1024;  // bytes
  std::size_t import_max_moves = 10000;     // moves per game
  // A player's name in an imported record, in characters: longer is refused on import, and
  // a longer stored one is cut in the archive's answers.
  std::size_t record_name_chars = 100;
  // Read-only SQLite connections, each on its own thread, serving the store's reads beside
  // its writer (storage/sqlite_store.hpp); 0: the writer serves the reads too.
  unsigned db_readers = 2;
  // The SQLite writer's commit window (storage/sqlite_store.hpp), microseconds; 0: off.
  unsigned commit_window_us = 0;
  // --db-lock: the database file held by the server's process alone (SQLite's unix-excl
  // VFS: no fcntl lock per commit), or (the default) shared with other processes while it
  // runs: --import and --create-bot beside the server, as docker/compose.yaml does.
  bool db_lock_exclusive = false;
  // Where SIGUSR1's backups go (storage/sqlite_store.hpp, backup_to); empty: the
  // database's own folder.
  std::string backup_dir;
  // Cluster mode (docs/cluster.md): the PostgreSQL database the nodes share instead of
  // --db, and this node's name (default: the host's name), unique among the nodes.
  std::string cluster_db;
  std::string node_id;
  // Cluster mode: the Redis the nodes talk over (`redis://HOST:PORT` or `unix:///path`),
  // checked by cluster/bus_url.hpp. Empty: no bus; a client then reaches only the games
  // of the node it connected to (docs/cluster.md).
  std::string cluster_bus;
};

struct ConfigError {
  std::string message;  // one line, names the flag or variable and the bad value
};

// Reads a variable of the environment; nullopt when unset.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;

EnvLookup process_environment();

// args excludes the program name. Accepts "--flag VALUE" and "--flag=VALUE".
Fallible<Config, ConfigError> parse_config(const std::vector<std::string>& args, const EnvLookup& env);

// The text of --help.
std::string usage();

// "127.0.0.1:8080", "[::1]:8080".
std::string format_endpoint(const std::string& host, std::uint16_t port);

}  // namespace bh::server
