// Parsing what a user types: the `boardhall connect` arguments and the commands of an
// interactive or scripted session, into typed values with one-line errors. The help
// text of every command lives here too, beside its parser.
//
// Thread-safety: pure functions and constant data.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/fallible.hpp"
#include "rules/registry.hpp"

namespace bh::cli {

// Splits a line into words; "double" or 'single' quotes keep spaces, backslash escapes
// the next character. Error: an unterminated quote.
Fallible<std::vector<std::string>> split_words(std::string_view line);

struct ConnectOptions {
  std::string url = "ws://127.0.0.1:8080";
  enum class Mode { guest, login, reg } mode = Mode::guest;
  std::string name;            // empty: take the remembered identity for the URL
  bool json = false;           // scripted output as JSON lines
  bool fresh = false;          // ignore a remembered token
  bool insecure = false;       // wss:// without checking the server's certificate
  std::optional<bool> script;  // force (true) or forbid (false) the line-per-command mode
};

// `[ws[s]://HOST:PORT] [--name N | --login N | --register N] [--json] [--fresh]
// [--insecure] [--script | --interactive]`. Error: a one-line explanation.
Fallible<ConnectOptions> parse_connect_args(std::span<const std::string> args);

// A WebSocket URL split up: ws:// (port 80 by default) or wss:// (TLS, port 443); the
// path defaults to /ws.
struct Url {
  std::string host, port, path;
  bool tls = false;  // wss://
};
Fallible<Url> parse_url(std::string_view url);
// The server a URL names, as the key of remembered identities: one text for every way
// of writing the same server. The host in lower case, any loopback address and
// "localhost" as "localhost", the port always written, the path without a trailing
// slash ("/ws" when none): ws://LOCALHOST:8080, ws://127.0.0.1:8080/ws and
// ws://[::1]:8080/ws/ are all "ws://localhost:8080/ws". The scheme stays in the key:
// ws:// and wss:// on one host and port are different servers (a TLS proxy in front of
// one is the usual case, and a token sent in clear must not be offered to the other).
std::string server_key(const Url& url);

struct ClockSpec {
  double initial_s = 0;
  double increment_s = 0;
  // A correspondence game: days per move ("3d"), or a bank ("7d+12h/2h": 7 days, 12 hours
  // added per move, at least 2 hours a move). 0: a live clock.
  int days_per_move = 0;
  int bank_days = 0, increment_hours = 0, minimum_hours = 0;
};
// "5+3": 5 minutes and 3 seconds a move; "0.5+0", "10" (no increment); "3d" (3 days a
// move); "7d+12h/2h" (a time bank). The server checks the values.
std::optional<ClockSpec> parse_clock(std::string_view text);

enum class Cmd {
  help,
  games,
  rooms,
  create,
  join,
  cancel,
  watch,
  unwatch,
  board,
  moves,
  move,
  resign,
  draw,
  accept,
  decline,
  archive,
  replay,
  export_game,
  next,
  prev,
  first,
  last,
  go_to,
  wait,
  quit,
  huff,
  flip,
  say,
  mute,
  unmute,
  takeback,
  abort,
  rematch,
  leave,
  seek,
  profile,
  top,
  explore,
  computer,
  mygames,
  notify,
  tournaments,
  tournament,
  create_tournament,
  join_tournament,
  withdraw_tournament,
  start_tournament,
  add_computer,
  remove_computer,
  token,
  challenge,
  challenges,
  decline_challenge,
  block,
  unblock,
  blocks,
  report,
  reports,
  moderate,
  moderation,
};

struct CreateArgs {
  std::string game;
  rules::OptionText options;
  std::optional<ClockSpec> clock;
  std::string side;  // empty: random
  int match = 1;
  bool is_private = false;
  std::optional<int> level;  // computer: 1..8; none: the server's default (4)
};

// When a tournament starts by itself (create-tournament ... starts=...): in a while
// ("+30m", "+2h", "+1d"), at the next time of day ("18:30", local time), or at a date
// and time ("2025-06-01T18:30", local time).
struct StartTime {
  std::int64_t in_ms = 0;            // > 0: this long after the command is run
  int year = 0, month = 0, day = 0;  // a date; year 0: the next HH:MM to come
  int hour = 0, minute = 0;
};
// `text` as a StartTime; nullopt when it is none of the three forms.
std::optional<StartTime> parse_start_time(std::string_view text);
// The Unix time in ms a StartTime names, `now_ms` being now (local time from the TZ
// environment, as localtime does); nullopt for a date that does not exist.
std::optional<std::int64_t> start_time_ms(const StartTime& t, std::int64_t now_ms);

// create-tournament FORMAT GAME CLOCK [K=V]...: the tournament's own settings (the game,
// its options and the clock are the Command's `create`). Unset: the server's default.
struct TournamentArgs {
  std::string format;  // round_robin, swiss or arena
  std::string name;    // empty: the client makes one ("Swiss tablut 10+5")
  std::optional<int> rounds, cycles, group_size, duration_min, max_players, min_rating;
  std::optional<bool> rated, is_private, mini_match;
  std::optional<double> bye_points;
  std::optional<StartTime> starts;
};

struct ArchiveArgs {
  std::optional<std::string> game, player, winner, result;
  bool next_page = false;
};

// explore: the moves from the start, and the filters as the protocol carries them.
struct ExploreArgs {
  std::vector<std::string> moves;
  std::optional<std::string> source, rating, since, until;
};

// The moderation commands (docs/protocol.md, "Moderation"); the player, address or
// report they are about is the Command's `text`.
struct ModerationArgs {
  // report: the reason code (abuse, cheating, sandbagging, boosting, stalling, other);
  // mod: the action as the protocol names it (suspend, ban, ... close_report, grant_role).
  std::string action;
  // report: what happened ("" for nothing said); mod: why, for the audit log.
  std::string reason;
  std::optional<std::string> game;     // report --game
  std::optional<int> ply;              // report --ply
  std::optional<int> hours;            // mod --hours (suspend, block_address)
  std::optional<std::string> role;     // mod grant_role --role: moderator, admin or none
  std::optional<std::int64_t> before;  // moderation --before: the audit entries older than this one
  bool all = false;                    // reports --all: the closed reports too
};

struct WaitArgs {
  enum class What { turn, end, game, event } what = What::turn;
  std::string event_type;  // for What::event
  double timeout_s = 30;
};

struct Command {
  Cmd kind = Cmd::help;
  // help topic, move text, room / game / tournament id, chat line, player name, rating
  // key; tournaments: the status listed ("" for all); block, unblock, report: the
  // player; mod: its target (a name, an address or a report's id);
  // takeback: "", "yes" or "no"; accept and decline: "" (the draw) or "takeback"
  std::string text;
  std::string invite;         // join, join-tournament; remove-computer: the computer's name
  std::string file;           // export: where to write the record ("" prints it)
  int number = 0;             // goto; top: how many (0: the server's default)
  CreateArgs create;          // also seek's, computer's and create-tournament's game, options, clock
  TournamentArgs tournament;  // create-tournament
  std::optional<bool> rated;  // seek: rated (true), casual (false), the server's default
  ArchiveArgs archive;
  ExploreArgs explore;  // with create's game and options
  WaitArgs wait;
  // notify: the setting (`text`: "", email, webhook, moves, reminders, secret) and its
  // new value ("" to show them all, or for secret). token: `text` list, new or revoke;
  // `value` the new token's label or the token revoked.
  std::string value;
  std::vector<std::string> scopes;  // token new
  ModerationArgs moderation;        // report, reports, mod, moderation
};

// One line typed by the user. An empty line is an error "" (the caller skips it).
// A line that is not a command but looks like a move (`e1-e3`, `c3:e5`, `huff b2 c2-c3`)
// is Cmd::move. Errors: a one-line explanation naming the command's usage.
Fallible<Command> parse_command(std::string_view line);
// A move as typed, in the notation the rules read, or nullopt when it is not one: any
// letter case, 'x' for a capture as well as ':', squares apart ("a6 c6") joined by '-',
// a huff prefix kept ("HUFF B2 c2xc3" -> "huff b2 c2:c3").
std::optional<std::string> normalize_move(const std::vector<std::string>& words);

// Help: every command with a one-line summary, or one command in detail.
std::vector<std::string> help_overview();
std::optional<std::vector<std::string>> help_for(std::string_view command);

// The command's name as typed (for replies): "create", "goto", "move"...
std::string_view command_name(Cmd);
// Every command's name, in the order of help (for Tab completion).
std::vector<std::string> command_names();

}  // namespace bh::cli
