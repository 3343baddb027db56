// What the lobby, the rooms and the request handlers share: the configuration, the
// store, the counters, the directory of rooms and games, the identities, what each
// connection watches, the archive writes in flight, the limits on logins and accounts;
// and the sending of replies.
//
// Thread-safety: any thread. Each member documents its own rules (atomics or a mutex
// held only for map work); `config` is constant.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/application.hpp"
#include "app/completion_inbox.hpp"
#include "app/connection.hpp"
#include "app/metrics.hpp"
#include "app/moderation/moderation_book.hpp"
#include "app/pending_writes.hpp"
#include "app/players/address_quota.hpp"
#include "app/players/identities.hpp"
#include "app/players/login_throttle.hpp"
#include "app/players/name_claims.hpp"
#include "app/players/pair_ledger.hpp"
#include "app/players/seats.hpp"
#include "app/players/token_buckets.hpp"
#include "app/players/watchers.hpp"
#include "app/ratings/rated_seating.hpp"
#include "app/ratings/ratings.hpp"
#include "app/rooms/challenge_book.hpp"
#include "app/rooms/deadline_sweep.hpp"
#include "app/rooms/directory.hpp"
#include "app/rooms/dormant_games.hpp"
#include "app/rooms/game_events.hpp"
#include "app/rooms/game_records.hpp"
#include "app/rooms/game_writer.hpp"
#include "app/rooms/games.hpp"
#include "app/rooms/player_games.hpp"
#include "app/rooms/rematch_rooms.hpp"
#include "app/rooms/room_services.hpp"
#include "app/rooms/seeks.hpp"
#include "app/thread_check.hpp"
#include "log/keyed_throttle.hpp"
#include "protocol/messages.hpp"
#include "storage/store.hpp"

namespace boost::asio {
class io_context;
}

namespace bh::app {

class Lobby;
class TournamentDirector;

RoomLimits room_limits(const AppConfig& config);

struct Context {
  Context(boost::asio::io_context& io_context, storage::Store& storage, AppConfig app_config)
      : io(io_context),
        store(storage),
        config(std::move(app_config)),
        identities(config.reconnect_grace_ms),
        auth_attempts(config.auth_rate, config.auth_burst),
        new_accounts(config.accounts_per_hour / 3600.0, config.accounts_per_hour),
        open_rooms(config.open_rooms_per_address),
        new_guests(std::max(1, config.guests_per_minute) / 60.0, std::max(1, config.guests_per_minute)),
        rated_pairs(config.rated_games_per_pair_per_day),
        logins([this] {
          LoginThrottle::Limits limits;
          limits.name_ceiling = config.failed_logins_per_name;
          return limits;
        }()),
        resume_failures(config.resume_fail_rate, config.resume_fail_burst),
        reports(kReportsPerHour / 3600.0, kReportsPerHour) {
    subscribe_services(*this);
  }

  boost::asio::io_context& io;
  storage::Store& store;
  const AppConfig config;
  Metrics metrics;
  Directory directory;
  DormantGames dormant;      // idle correspondence games, in the store alone
  PlayerGames player_games;  // each player's games in progress, for "your turn" lists
  Identities identities;
  Watchers watchers;
  PendingWrites pending;
  Seeks seeks;                   // open rooms made by `seek`
  RematchRooms rematch_rooms;    // finished rooms still open for a rematch, by player
  ChallengeBook challenges;      // challenges to a named player waiting for an answer
  RatingsCache ratings;          // ratings.hpp: loaded at start-up, follows the store
  TokenBuckets auth_attempts;    // register and login (a password hash each), per address
  TokenBuckets new_accounts;     // accounts created, per address
  AddressQuota open_rooms;       // open rooms and seeks held, per address
  TokenBuckets new_guests;       // guest names taken, per address (unless config says 0)
  PairLedger rated_pairs;        // rated games started by each pair of players, a day
  LoginThrottle logins;          // failed logins per (name, address) and per name
  TokenBuckets resume_failures;  // resumes with an unknown token, per address
  static constexpr int kReportsPerHour = 10;
  TokenBuckets reports;       // reports sent, per player (docs/moderation.md)
  ModerationBook moderation;  // blocks, roles, sanctions, blocked addresses, refused names in force
  NameClaims name_claims{io, config.cluster_names, config.epoch};   // cluster mode: names across the nodes
  log::KeyedThrottle audit;                                         // per-attempt audit lines, per (kind, address)
  RatedSeating seating{ratings, identities, rated_pairs, metrics};  // ratings shown, rated seats
  std::atomic<bool> shutting_down{false};
  std::shared_ptr<Lobby> lobby;
  std::shared_ptr<TournamentDirector> tournaments;  // tournaments/tournament_director.hpp
  // The rooms' live-move completions, one wake-up of a network thread per batch.
  std::shared_ptr<CompletionInbox> store_completions = std::make_shared<CompletionInbox>(io);
  // The live games' writes (game_writer.hpp), their answers back on the rooms' strands.
  GameWriter writer{store, store, store_completions, pending, ratings, metrics, shutting_down};
  GameEvents events;                                // what rooms publish of their games (game_events.hpp)
  Seats seats{identities, seating, shutting_down};  // who may sit where (seats.hpp)
  GameRecords records{writer, identities, shutting_down, config.tell_only_durable};  // a room's writes
  Games games{*this};  // the one way games are made (games.hpp)
  // Wakes the asleep games whose deadline came (deadline_sweep.hpp).
  DeadlineSweep sweep{io, dormant, [this](const std::string& game_id) { games.wake_due(game_id); }};
  // All a room sees of the server (room_services.hpp).
  RoomServices rooms{io, events, seats, watchers, records, games, metrics, room_limits(config)};

  void send(const std::shared_ptr<Connection>& connection, std::string text) const {
    expect_off_store_thread("a reply");
    if (connection) connection->send(make_frame(std::move(text)));
  }
  // Sends an error reply and counts it by code.
  void send_error(const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                  protocol::ErrorCode code, std::string message,
                  std::optional<std::int64_t> retry_after_ms = std::nullopt);
};

}  // namespace bh::app
