#include "app/ratings/rated_seating.hpp"

#include <chrono>

#include "app/metrics.hpp"
#include "app/players/identities.hpp"
#include "app/players/pair_ledger.hpp"
#include "app/ratings/ratings.hpp"
#include "log/log.hpp"
#include "storage/glicko2.hpp"

namespace bh::app {

using protocol::ErrorCode;

std::optional<protocol::RatingView> RatedSeating::rating_of(const game::RoomSettings& settings,
                                                            const std::string& player) const {
  if (player.empty()) return std::nullopt;
  const auto key = rating::rating_key(settings.game, settings.options.values);
  if (!key) return std::nullopt;
  // In a rated room both are registered; elsewhere a guest has no rating.
  if (!settings.rated) {
    const auto credentials = identities_.credentials(player);
    if (!credentials || !credentials->registered) return std::nullopt;
  }
  const auto r = ratings_.find(player, *key);
  return rating_view(r.rating, r.rd);
}

std::optional<game::Refuse> RatedSeating::refuse_guest(const game::RoomSettings& settings,
                                                       const std::string& player) const {
  if (!settings.rated) return std::nullopt;
  const auto credentials = identities_.credentials(player);
  if (credentials && credentials->registered) return std::nullopt;
  return game::Refuse{ErrorCode::account_required, "rated games are for registered players"};
}

std::optional<game::Refuse> RatedSeating::refuse_pair(const game::RoomSettings& settings, const std::string& player,
                                                      const std::string& other) const {
  if (!settings.rated || other.empty()) return std::nullopt;
  if (identities_.is_bot(player) || identities_.is_bot(other)) return std::nullopt;
  if (!pairs_.full(player, other, std::chrono::steady_clock::now())) return std::nullopt;
  return game::Refuse{ErrorCode::rated_pair_limit, "you and " + other + " have started " +
                                                       std::to_string(pairs_.per_day()) +
                                                       " rated games in the last 24 hours; play a casual game instead"};
}

void RatedSeating::note_start(const game::RoomSettings& settings, const std::string& room_id,
                              const std::array<std::string, 2>& players,
                              const std::array<std::weak_ptr<Connection>, 2>& connections) {
  if (!settings.rated) return;
  if (identities_.is_bot(players[0]) || identities_.is_bot(players[1])) return;
  pairs_.add(players[0], players[1], std::chrono::steady_clock::now());
  const auto first = connections[0].lock();
  const auto second = connections[1].lock();
  if (first && second && first->address() == second->address()) {
    metrics_.rated_same_address++;
    log::info("rated game in room " + room_id + " between " + players[0] + " and " + players[1] + " from one address " +
              first->address());
  }
}

}  // namespace bh::app
