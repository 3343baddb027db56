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
  const auto& settings = *session_.settings;
  const auto key = rating::rating_key(settings.game, settings.options.values);
  if (!key) return std::nullopt;
  // In a rated room both are registered; elsewhere a guest has no rating.
  if (!settings.rated) {
    const auto credentials = context_->identities.credentials(player);
    if (!credentials || !credentials->registered) return std::nullopt;
  }
  const auto r = context_->ratings.find(player, *key);
  return rating_view(r.rating, r.rd);
}

protocol::RatingPair Room::ratings_now() const {
  const auto by_side = session_.players();
  return {rating_of(by_side.first), rating_of(by_side.second)};
}

void Room::list_in_lobby() {
  // A new counter per game: the lobby's line of an ended game is never moved on.
  listed_ply_ = std::make_shared<std::atomic<int>>(session_.game->ply());
  context_->lobby->game_live(game::live_info(session_), listed_ply_);
}

bool Room::refuse_rated_pair(const std::string& player, const std::shared_ptr<Connection>& connection,
                             const protocol::RequestId& request) const {
  const auto& seats = session_.seats;
  const auto& other = seats[0].player == player ? seats[1].player : seats[0].player;
  if (!session_.settings->rated || other.empty()) return false;
  auto& identities = context_->identities;
  if (identities.is_bot(player) || identities.is_bot(other)) return false;
  if (!context_->rated_pairs.full(player, other, std::chrono::steady_clock::now())) return false;
  reply_error(connection, request, protocol::ErrorCode::rated_pair_limit,
              "you and " + other + " have started " + std::to_string(context_->rated_pairs.per_day()) +
                  " rated games in the last 24 hours; play a casual game instead");
  return true;
}

void Room::note_rated_start() {
  if (!session_.settings->rated) return;
  const std::string& a = session_.seats[0].player;
  const std::string& b = session_.seats[1].player;
  auto& identities = context_->identities;
  if (identities.is_bot(a) || identities.is_bot(b)) return;
  context_->rated_pairs.add(a, b, std::chrono::steady_clock::now());
  const auto first = links_[0].connection.lock();
  const auto second = links_[1].connection.lock();
  if (first && second && first->address() == second->address()) {
    context_->metrics.rated_same_address++;
    log::info("rated game starting in room " + id() + " between " + a + " and " + b + " from one address " + first->address());
  }
}

bool Room::refuse_guest_in_rated(const std::string& player, const std::shared_ptr<Connection>& connection,
                                 const protocol::RequestId& request) const {
  if (!session_.settings->rated) return false;
  const auto credentials = context_->identities.credentials(player);
  if (credentials && credentials->registered) return false;
  reply_error(connection, request, protocol::ErrorCode::account_required, "rated games are for registered players");
  return true;
}

}  // namespace bh::app
