#include "app/players/seats.hpp"

#include "app/players/identities.hpp"
#include "app/ratings/rated_seating.hpp"

namespace bh::app {

using protocol::ErrorCode;

game::Refuse already_seated(const std::string& held_room) {
  return {ErrorCode::already_seated, "you already have a seat in room '" + held_room +
                                         "': cancel it, or finish its game, before you create or join another"};
}

std::optional<std::string> claim_seat_or_held(Identities& identities, const game::RoomSettings& settings,
                                              const std::string& player, const std::string& room_id) {
  if (!settings.correspondence) return identities.claim_room(player, room_id);
  if (identities.claim_correspondence(player, room_id)) return std::nullopt;
  return std::string();
}

std::optional<game::Refuse> claim_seat(Identities& identities, const game::RoomSettings& settings,
                                       const std::string& player, const std::string& room_id) {
  const auto held = claim_seat_or_held(identities, settings, player, room_id);
  if (!held) return std::nullopt;
  if (!held->empty()) return already_seated(*held);
  return game::Refuse{ErrorCode::too_many_games, player + " already plays " +
                                                     std::to_string(Identities::kMaxCorrespondenceGames) +
                                                     " correspondence games: finish one before starting another"};
}

std::optional<game::Refuse> Seats::take(const game::RoomSettings& settings, const std::string& player,
                                        const std::string& creator, const std::string& room_id) {
  if (auto refusal = rated_.refuse_guest(settings, player)) return refusal;
  if (auto refusal = rated_.refuse_pair(settings, player, creator)) return refusal;
  if (shutting_down_) return game::Refuse{ErrorCode::shutting_down, "the server is shutting down"};
  return claim_seat(identities_, settings, player, room_id);
}

std::optional<std::string> Seats::player_of(std::uint64_t connection_id) const {
  return identities_.player_of(connection_id);
}

}  // namespace bh::app
