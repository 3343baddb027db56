// What the lobby, the rooms and the request handlers share: configuration, the store,
// counters, the directory of rooms and games, the identities, pending archive writes.
//
// Thread-safety: Metrics are atomics; Directory, Identities and PendingWrites guard
// their maps with a mutex held only for map work (never while calling out to a room,
// the lobby, the store or a connection). Everything may be used from any thread.
#pragma once

#include <array>
#include <chrono>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/application.hpp"
#include "app/connection.hpp"
#include "app/thread_check.hpp"
#include "app/token_buckets.hpp"
#include "protocol/messages.hpp"

namespace bh::storage {
class Store;
}

namespace bh::app {

class Room;
class Lobby;

struct Metrics {
  std::atomic<std::int64_t> connections{0};  // counted here when the network has no stats
  std::atomic<std::int64_t> live_games{0};
  std::atomic<std::uint64_t> moves_total{0};
  std::atomic<std::uint64_t> games_finished{0};
  std::atomic<std::uint64_t> network_errors{0};
  std::atomic<std::uint64_t> archive_failures{0};
  std::atomic<std::uint64_t> live_write_failures{0};  // moves not made durable (kept in memory)
  std::atomic<std::uint64_t> games_restored{0};       // live games brought back at start-up
  std::array<std::atomic<std::uint64_t>, protocol::kErrorCodeCount> errors{};
};

// Rooms by id (owning) and live games by id (to route game requests to their room).
class Directory {
 public:
  void add_room(const std::string& id, std::shared_ptr<Room> room);
  void remove_room(const std::string& id);
  std::shared_ptr<Room> find_room(const std::string& id) const;
  void add_game(const std::string& game_id, const std::shared_ptr<Room>& room);
  void remove_game(const std::string& game_id);
  std::shared_ptr<Room> find_game(const std::string& game_id) const;
  std::vector<std::shared_ptr<Room>> rooms() const;
  void clear();

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, std::weak_ptr<Room>> games_;
};

// Archive writes in flight; shutdown waits for them.
class PendingWrites {
 public:
  void add();
  void done();
  void when_idle(std::function<void()> callback);  // at once if none

 private:
  std::mutex mutex_;
  int count_ = 0;
  std::vector<std::function<void()>> waiters_;
};

// Players (by name), their tokens, and which connection acts for whom.
// A player is bound to at most one connection: binding a new one replaces the old
// (returned so the caller can tell it and close it).
class Identities {
 public:
  explicit Identities(std::int64_t grace_ms) : grace_ms_(grace_ms) {}

  enum class Outcome { ok, already_identified, name_taken, unknown_token, connection_gone };
  struct Bound {
    Outcome outcome = Outcome::ok;
    std::string name, token;
    bool registered = false;
    std::vector<std::string> rooms;          // rooms where the player holds a seat
    std::shared_ptr<Connection> replaced;    // the connection that held the player before
  };

  void add_connection(const std::shared_ptr<Connection>& connection);
  struct Dropped {
    std::string player;
    std::vector<std::string> rooms;
  };
  // The player this connection acted for, if it still did.
  std::optional<Dropped> remove_connection(std::uint64_t connection_id);
  std::optional<std::string> player_of(std::uint64_t connection_id) const;
  bool identified(std::uint64_t connection_id) const;
  // Connections that have had no identity since before `opened_before_ms` (now_ms()
  // time): the housekeeping closes them.
  std::vector<std::shared_ptr<Connection>> unidentified(std::int64_t opened_before_ms) const;
  // Forgets players offline longer than the grace with no seat, so their names are free
  // again and their tokens expire. Called by the housekeeping every second.
  void forget_absent(std::int64_t now);
  // Whether a guest may take `name` now (no player record holds it).
  bool name_free(const std::string& name) const;

  Bound bind_guest(const std::shared_ptr<Connection>& connection, const std::string& name);
  // After a successful login or register; reuses the player's record (and token) if any.
  Bound bind_registered(const std::shared_ptr<Connection>& connection, const std::string& name);
  Bound bind_token(const std::shared_ptr<Connection>& connection, const std::string& token);

  // A player's token and whether the name is registered, for the live-game record.
  struct Credentials {
    std::string token;
    bool registered = false;
  };
  std::optional<Credentials> credentials(const std::string& player) const;
  // At start-up: a player seated in a restored game, offline, with the token they had.
  // False when the name is known with another token (the seat is then not resumable).
  bool restore(const std::string& player, const Credentials& credentials, const std::string& room_id);

  // A player holds one seat at a time (an open room, or a match being played): takes a
  // seat in `room_id` unless the player holds one elsewhere, whose room id is returned.
  // Atomic, so two joins in flight cannot both win.
  std::optional<std::string> claim_room(const std::string& player, const std::string& room_id);
  void remove_room(const std::string& player, const std::string& room_id);
  std::vector<std::shared_ptr<Connection>> connections() const;

 private:
  struct Player {
    std::string name, token;
    bool registered = false;
    std::weak_ptr<Connection> connection;
    std::uint64_t connection_id = 0;  // 0: offline
    std::set<std::string> rooms;
    std::int64_t offline_since_ms = 0;
  };
  struct Conn {
    std::weak_ptr<Connection> connection;
    std::string player;  // empty: no identity
    std::int64_t opened_ms = 0;
  };
  static Bound failure(Outcome outcome) {
    Bound b;
    b.outcome = outcome;
    return b;
  }
  Bound bind_locked(const std::shared_ptr<Connection>& connection, Player& player);

  std::int64_t grace_ms_;
  mutable std::mutex mutex_;
  std::map<std::string, Player> players_;
  std::map<std::string, std::string> tokens_;  // token -> name
  std::map<std::uint64_t, Conn> connections_;
};

// Back-off after failed logins, per name (password guessing): after kFree failures a
// name must wait 1 s, doubling per further failure, at most 60 s, after its last one.
class LoginThrottle {
 public:
  static constexpr int kFree = 3;
  // Milliseconds still to wait before `name` may try again; 0 when it may.
  std::int64_t wait_ms(const std::string& name) const;
  void failed(const std::string& name);
  void succeeded(const std::string& name);

 private:
  struct Entry {
    int failures = 0;
    std::chrono::steady_clock::time_point last;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

struct Context {
  Context(boost::asio::io_context& io_context, storage::Store& storage, AppConfig app_config)
      : io(io_context), store(storage), config(std::move(app_config)), identities(config.reconnect_grace_ms),
        auth_attempts(config.auth_rate, config.auth_burst),
        new_accounts(config.accounts_per_hour / 3600.0, config.accounts_per_hour) {}

  boost::asio::io_context& io;
  storage::Store& store;
  const AppConfig config;
  Metrics metrics;
  Directory directory;
  Identities identities;
  PendingWrites pending;
  LoginThrottle logins;
  TokenBuckets auth_attempts;  // register and login (a password hash each), per address
  TokenBuckets new_accounts;   // accounts created, per address
  std::atomic<bool> shutting_down{false};
  std::shared_ptr<Lobby> lobby;

  void send(const std::shared_ptr<Connection>& connection, std::string text) const {
    expect_off_store_thread("a reply");
    if (connection) connection->send(make_frame(std::move(text)));
  }
  // Sends an error reply and counts it by code.
  void send_error(const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                  protocol::ErrorCode code, std::string message,
                  std::optional<std::int64_t> retry_after_ms = std::nullopt);
  // The refusal of a second seat (Identities::claim_room), naming the one held.
  void send_already_seated(const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                           const std::string& held_room);
};

}  // namespace bh::app
