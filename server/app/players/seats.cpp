#include "app/players/seats.hpp"

#include "app/players/identities.hpp"
#include "app/ratings/rated_seating.hpp"

namespace bh::app {

using protocol::ErrorCode;

game::Refuse already_seated(const std::string& held_room) {
  return {ErrorCode::already_seated, "you already have a seat in room '" + held_room +
                                         "': cancel it, or finish its game, before you create or join another"};
}

std::optional<game::Refuse> Seats::take(const game::RoomSettings& settings, const std::string& player,
                                        const std::string& creator, const std::string& room_id) {
  if (auto refusal = rated_.refuse_guest(settings, player)) return refusal;
  if (auto refusal = rated_.refuse_pair(settings, player, creator)) return refusal;
  if (shutting_down_) return game::Refuse{ErrorCode::shutting_down, "the server is shutting down"};
  if (auto held = identities_.claim_room(player, room_id)) return already_seated(*held);
  return std::nullopt;
}

std::optional<std::string> Seats::player_of(std::uint64_t connection_id) const {
  return identities_.player_of(connection_id);
}

}  // namespace bh::app
