// The application behind the network layer: identity, lobby, rooms, archive access.
//
// The network layer (net/) owns sockets, HTTP parsing, WebSocket framing, limits on
// frame size, rate and queue length; it calls these methods and knows nothing of games.
// The application owns every rule of the product and reaches the rules module, the
// store and the connections only through their interfaces.
//
// Thread-safety: every method may be called from any network thread; none blocks
// (work is posted to the application's strands; storage work runs on the store's thread).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/connection.hpp"
#include "app/http/http_counts.hpp"
#include "app/relay/node_link.hpp"

namespace boost::asio {
class io_context;
}

namespace bh::storage {
class ClusterNames;
class ClusterSeeks;
class Notifications;
class Tournaments;
class Store;
struct LiveGame;
}  // namespace bh::storage

namespace bh::app {

struct TournamentPlan;

// Live counters kept by the network layer (net/), read by the application for /metrics.
// Added by the network helper: main owns one, the network layer writes it, the
// application only reads it (AppConfig::network). Thread-safety: atomics, any thread.
struct NetworkStats {
  std::atomic<std::int64_t> open_connections{0};       // WebSocket sessions open now
  std::atomic<std::uint64_t> accepted_connections{0};  // TCP connections accepted, total
  std::atomic<std::uint64_t> http_requests{0};         // HTTP requests read, total
  std::atomic<std::uint64_t> messages_in{0};           // WebSocket text frames passed to on_message
  std::atomic<std::uint64_t> frames_out{0};            // WebSocket frames written
  std::atomic<std::uint64_t> rate_limited{0};          // messages dropped by the rate limit
  std::atomic<std::uint64_t> too_large{0};             // frames refused for their size
  std::atomic<std::uint64_t> slow_clients_dropped{0};  // closed because their send queue was full
  std::atomic<std::uint64_t> network_errors{0};        // the same count as count_network_error()
  std::atomic<std::uint64_t> connections_refused{0};   // over the per-address cap
  std::atomic<std::uint64_t> flood_disconnects{0};     // closed for flooding past the rate limit
  std::atomic<std::uint64_t> control_frames_in{0};     // WebSocket pings and pongs read
  std::atomic<std::uint64_t> origins_refused{0};       // WebSocket upgrades from an origin not allowed
  std::atomic<std::uint64_t> http_internal_errors{0};  // HTTP requests answered 500
  HttpCounts http_responses;                           // HTTP answers by route and status
};

struct AppConfig {
  std::int64_t reconnect_grace_ms = 60'000;  // RULES: default 60 s, configurable
  // Each side's first move must come within this time of its turn starting, or the
  // server aborts the game (reason no_first_move); the clocks do not run until then.
  std::int64_t first_move_ms = 30'000;
  std::size_t max_name_length = 32;
  std::size_t max_string_length = 256;  // options, invite codes, move texts...
  std::string version = "0.1.0";
  // What one client address may cost (docs/protocol.md, "Limits"): password hashes
  // (register and login) at `auth_rate` a second with `auth_burst` at once, and accounts
  // created an hour. A connection with no identity after `identify_timeout_ms` is closed,
  // unless it watches a game or follows the lobby (then the time counts from when it stops).
  double auth_rate = 2;
  double auth_burst = 10;
  int accounts_per_hour = 10;
  // Failed logins for one name an hour, from all addresses together (app/players/login_throttle.hpp).
  int failed_logins_per_name = 300;
  // Failed resumes (unknown tokens) per address: `resume_fail_rate` a second, `resume_fail_burst` at once.
  double resume_fail_rate = 5;
  double resume_fail_burst = 100;
  std::int64_t identify_timeout_ms = 30'000;
  // Open rooms and seeks one address may hold at once, and new guest names it may take
  // a minute (0: no cap): a room flood from one address cannot fill the lobby.
  int open_rooms_per_address = 10;
  int guests_per_minute = 30;
  // An open room whose creator has gone is cancelled after this (not the game's grace).
  std::int64_t open_room_grace_ms = 10'000;
  // The lobby's answer lists at most this many rooms and as many games (with the totals).
  int lobby_list_limit = 100;
  // A bulk export writes at most this many games a second (0: as fast as it can): one
  // client's download then takes a bounded share of the CPU the games in progress need.
  int export_games_per_second = 200;
  // Rated games one pair of players may start in 24 hours (0: no cap).
  int rated_games_per_pair_per_day = 10;
  // A game's players and spectators hear its spectator count at most this often: a crowd
  // arriving at once costs one `spectators` event per interval, not one per arrival.
  std::int64_t spectator_count_interval_ms = 1'000;
  // Cluster mode (docs/cluster.md): a move is told only once its write committed; a
  // failed write is made again, never answered as failed (game_records.hpp).
  bool tell_only_durable = false;
  // Cluster mode: a resume whose token is unknown here but is a seat of a live game in
  // the shared database (another node is taking it over, or holds it) is answered
  // game_moved with a retry time, not auth_failed, so the client keeps its token.
  bool cluster = false;
  // Cluster mode: who holds each name across the nodes (the store, which outlives the
  // application), and this node's epoch there. Null: names are this node's alone.
  storage::ClusterNames* cluster_names = nullptr;
  // Cluster mode: the seeks waiting on every node, paired in one transaction (the
  // store). Null: seeks are paired in this node's memory.
  storage::ClusterSeeks* cluster_seeks = nullptr;
  std::int64_t epoch = 0;
  // Cluster mode with a bus: how this node reaches the others, so that a client of any
  // node reaches a game another node runs (app/relay/relay.hpp). Null: it does not.
  std::shared_ptr<NodeLink> node_link;
  // Called once a shutdown has stopped every room and finished their writes (cluster
  // mode: the node hands its games over then, not once its last connection has gone).
  std::function<void()> games_stopped;
  // Notification settings and the outbox (docs/notifications.md): the store, on a
  // single server. Null: no notifications (a cluster's nodes, for now).
  storage::Notifications* notifications = nullptr;
  // Tournaments (docs/tournaments.md): the store, on a single server. Null: none (a
  // cluster's nodes, for now).
  storage::Tournaments* tournaments = nullptr;
  bool tournament_bots = false;  // bot accounts may join tournaments (--tournament-bots)
  // The operator's tournaments (--tournament-schedule), read and checked at start-up.
  std::shared_ptr<const std::vector<TournamentPlan>> tournament_plans;
  bool mail_available = false;         // --smtp-url given: players may give an address
  int verification_mails_per_day = 3;  // to one address (rate limit)
  // A correspondence game's day (shorter only in tests: --correspondence-day-ms).
  std::int64_t correspondence_day_ms = 86'400'000;
  // An idle correspondence game (nobody connected or watching) leaves memory after this
  // long (dormant_games.hpp); 0: never. --correspondence-sleep-ms.
  std::int64_t correspondence_sleep_ms = 600'000;
  // How long a finished room waits for a rematch while both players stay.
  std::int64_t rematch_window_ms = 600'000;
  // A room of play_computer is cancelled when its bot has not joined within this time.
  std::int64_t computer_join_ms = 15'000;
  // A challenge to a named player lapses unanswered after this (a correspondence game's
  // after three of its days). --challenge-ms, for tests.
  std::int64_t challenge_ms = 180'000;
  // A report's chat is dropped after this many days (docs/moderation.md).
  int report_chat_days = 30;
  // Who plays first in a room created with side "random" (creator_side.hpp); empty: fair.
  std::function<bool()> coin;
  // Set by main (never null in the server; may be null in unit tests): the network
  // layer's counters, for /metrics. Added by the network helper.
  std::shared_ptr<const NetworkStats> network;
};

struct HttpRequest {
  HttpRequest() = default;
  HttpRequest(std::string verb, std::string target_path, std::map<std::string, std::string> parameters = {},
              std::string accept_header = {})
      : method(std::move(verb)),
        path(std::move(target_path)),
        query(std::move(parameters)),
        accept(std::move(accept_header)) {}

  std::string method;                        // "GET", ...
  std::string path;                          // "/api/games/g12" (no query string)
  std::map<std::string, std::string> query;  // decoded query parameters
  std::string accept;                        // the Accept header, as sent ("" without one)
  // The HTTP API for programs (docs/api.md): its token, and a POST's body.
  std::string authorization;  // the Authorization header, as sent
  std::string content_type;   // the Content-Type header, as sent
  std::string body;           // a POST's body (at most the network layer's body limit)
  std::string address;        // the client's address (per-address limits, audit lines)
};

// A body written piece by piece, for an answer too large to build at once (the bulk
// export of the archive, docs/records.md): the network layer asks for the next piece
// only once the previous one is written, so a slow client holds one piece in memory,
// never the whole answer.
//
// Thread-safety: next() is called again only after the previous call gave its piece;
// `give` may be called from any thread, exactly once per next().
class HttpBodySource {
 public:
  struct Piece {
    std::string text;     // written as it is (may be empty)
    bool end = false;     // no piece follows; `text` is the last one
    bool failed = false;  // the body cannot be finished: the connection is closed
                          // without ending it, so the client sees a cut transfer
  };
  virtual ~HttpBodySource() = default;
  virtual void next(std::function<void(Piece)> give) = 0;
};

struct HttpResponse {
  HttpResponse() = default;
  HttpResponse(int status_code, std::string type, std::string text)
      : status(status_code), content_type(std::move(type)), body(std::move(text)) {}

  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  // Headers besides Content-Type (e.g. Content-Disposition); names and values have no
  // line breaks.
  std::vector<std::pair<std::string, std::string>> headers;
  // Set: the body is this source's pieces (chunked over HTTP/1.1), and `body` is unused.
  std::shared_ptr<HttpBodySource> stream;
};

class Application {
 public:
  virtual ~Application() = default;

  virtual void on_open(const std::shared_ptr<Connection>& connection) = 0;
  // One complete text frame. Never throws; bad input gets an error frame back.
  virtual void on_message(const std::shared_ptr<Connection>& connection, std::string text) = 0;
  virtual void on_close(const std::shared_ptr<Connection>& connection) = 0;

  // GET /healthz, /api/games, /api/games/{id}, /api/games/{id}/export, /api/games/export,
  // /api/lobby, /metrics...
  // `respond` may be called from any thread, exactly once.
  virtual void handle_http(HttpRequest request, std::function<void(HttpResponse)> respond) = 0;

  // Counters the network layer keeps, for /metrics.
  virtual void count_network_error() = 0;

  // Cluster mode: live games this node has just taken over from a node whose lease
  // lapsed (storage/pg/pg_node.hpp), brought back as after a restart (both players away
  // with their grace, clocks paused until they return). Any thread; does not block.
  virtual void adopt(std::vector<storage::LiveGame> games) = 0;

  // Cluster mode with a bus (AppConfig::node_link); any thread, none blocks:
  // a message on this node's channel,
  virtual void on_node_message(std::string_view /*payload*/) {}
  // a message on the channel of every node's lobby,
  virtual void on_lobby_message(std::string_view /*payload*/) {}
  // the nodes whose lease runs now (this one's too),
  virtual void nodes_alive(std::vector<std::int64_t> /*epochs*/) {}
  // the bus lost (false) or back (true).
  virtual void bus_status(bool /*up*/) {}

  // Graceful shutdown: tell every client, finish what must be written (games in
  // progress are kept or saved as the application decides), then call `done`.
  virtual void shutdown(std::function<void()> done) = 0;
};

// Builds the real application. `store` must outlive it.
std::shared_ptr<Application> make_application(boost::asio::io_context& io, storage::Store& store, AppConfig config);

}  // namespace bh::app
