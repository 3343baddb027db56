// The room's part in ratings (docs/ratings.md): who may sit in a rated room, and the
// ratings its views show. The update itself is the store's (rating_sql.hpp).
#include "app/lobby.hpp"
#include "app/ratings.hpp"
#include "app/room.hpp"
#include "app/room_views.hpp"
#include "log/log.hpp"
#include "storage/glicko2.hpp"

namespace bh::app {

namespace sv = protocol::server;

std::optional<protocol::RatingView> Room::rating_of(const std::string& player) const {
  if (player.empty()) return std::nullopt;
  const auto key = rating::rating_key(settings_.game, settings_.options.values);
  if (!key) return std::nullopt;
  // In a rated room both are registered; elsewhere a guest has no rating.
  if (!settings_.rated) {
    const auto credentials = context_->identities.credentials(player);
    if (!credentials || !credentials->registered) return std::nullopt;
  }
  const auto r = context_->ratings.find(player, *key);
  return rating_view(r.rating, r.rd);
}

void Room::note_start_ratings() {
  const auto by_side = players();
  start_ratings_ = {rating_of(by_side.first), rating_of(by_side.second)};
}

sv::RoomInfo Room::info() const {
  auto r = views::room_info(id_, seats_[0].player, settings_);
  r.rated = settings_.rated;
  r.creator_rating = rating_of(seats_[0].player);
  r.computer_level = settings_.computer_level;
  return r;
}

void Room::list_in_lobby() {
  // A new counter per game: the lobby's line of an ended game is never moved on.
  listed_ply_ = std::make_shared<std::atomic<int>>(game_->ply());
  context_->lobby->game_live(live_info(), listed_ply_);
}

sv::LiveGameInfo Room::live_info() const {
  auto info = views::live_game(id_, game_id_, settings_, players(), game_->ply(), started_ms_);
  info.rated = settings_.rated;
  info.ratings = start_ratings_;
  info.bots = bots();
  info.computer_level = settings_.computer_level;
  return info;
}

bool Room::refuse_rated_pair(const std::string& player, const std::shared_ptr<Connection>& connection,
                             const protocol::RequestId& request) const {
  const auto& other = seats_[0].player == player ? seats_[1].player : seats_[0].player;
  if (!settings_.rated || other.empty()) return false;
  auto& identities = context_->identities;
  if (identities.is_bot(player) || identities.is_bot(other)) return false;
  if (!context_->rated_pairs.full(player, other, std::chrono::steady_clock::now())) return false;
  reply_error(connection, request, protocol::ErrorCode::rated_pair_limit,
              "you and " + other + " have started " + std::to_string(context_->rated_pairs.per_day()) +
                  " rated games in the last 24 hours; play a casual game instead");
  return true;
}

void Room::note_rated_start() {
  if (!settings_.rated) return;
  const std::string& a = seats_[0].player;
  const std::string& b = seats_[1].player;
  auto& identities = context_->identities;
  if (identities.is_bot(a) || identities.is_bot(b)) return;
  context_->rated_pairs.add(a, b, std::chrono::steady_clock::now());
  const auto first = seats_[0].connection.lock();
  const auto second = seats_[1].connection.lock();
  if (first && second && first->address() == second->address()) {
    context_->metrics.rated_same_address++;
    log::info("rated game " + game_id_ + " between " + a + " and " + b + " from one address " + first->address());
  }
}

bool Room::refuse_guest_in_rated(const std::string& player, const std::shared_ptr<Connection>& connection,
                                 const protocol::RequestId& request) const {
  if (!settings_.rated) return false;
  const auto credentials = context_->identities.credentials(player);
  if (credentials && credentials->registered) return false;
  reply_error(connection, request, protocol::ErrorCode::account_required, "rated games are for registered players");
  return true;
}

}  // namespace bh::app
