// How a room leaves this process with its game unfinished: handed over to another node
// (cluster mode), or put to sleep, a correspondence game nobody is looking at, kept in the
// store alone until someone opens it again (dormant_games.hpp); or, still open, cancelled
// for its creator whom a tournament pairs.
#include <chrono>

#include "app/metrics.hpp"
#include "app/rooms/games.hpp"
#include "app/rooms/room.hpp"
#include "log/log.hpp"

namespace bh::app {

void Room::hand_over() {
  if (session_.phase == Phase::closed) return;
  log::info("room " + id() + ": game " + session_.game_id + " is played on another node now");
  audience_.send_away(present());
  if (session_.phase == Phase::playing || session_.phase == Phase::ending)
    count(services_.metrics.live_games, std::int64_t{-1});
  count(services_.metrics.games_handed_over);
  auto waiting = std::exchange(deferred_, {});
  close("moved to another node");
  // Whatever waited for the move to be told (a stop among them) goes on: it never will be here.
  for (auto& run : waiting) run();
}

bool Room::idle() const {
  const auto& s = session_;
  // A bot's seat is always present: a game against the computer stays awake.
  return s.correspondence && s.phase == Phase::playing && !s.game->status().over() && !s.journal.untold() &&
         deferred_.empty() && !s.seats[0].present && !s.seats[1].present && audience_.spectator_count() == 0;
}

void Room::sleep_soon() {
  const auto after = services_.limits.correspondence_sleep_ms;
  if (after <= 0 || asleep_ || !idle()) return;
  timers_.at(RoomTimers::sleep, std::chrono::steady_clock::now() + std::chrono::milliseconds(after),
             [self = shared_from_this()] { self->sleep_if_idle(); });
}

void Room::sleep_if_idle() {
  // Someone may have come meanwhile (they set the time again when they leave).
  if (asleep_ || !idle() || !services_.games.put_to_sleep(session_)) return;
  asleep_ = true;
  shut();
}

void Room::cancel_open(std::string player, std::string reason, std::function<void(bool freed)> done) {
  on_strand([player = std::move(player), reason = std::move(reason), done = std::move(done)](Room& r) {
    const auto& s = r.session_;
    if (s.phase != Phase::open || s.seats[0].player != player || !s.seats[1].player.empty()) return done(false);
    r.decide(game::Cancel{0, reason}, {r.audience_.seat_connection(0).lock(), {}});
    done(r.session_.phase == Phase::closed);  // its seats were freed as it closed
  });
}

bool Room::asleep_with(const std::shared_ptr<Connection>& connection, const protocol::RequestId& request,
                       std::function<void(const std::shared_ptr<Room>&)> again) {
  if (!asleep_) return false;
  services_.games.find_game(session_.game_id, connection, request, std::move(again));
  return true;
}

}  // namespace bh::app
