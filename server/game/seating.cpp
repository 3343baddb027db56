// Who may sit down in an open room (docs/protocol.md, "Rooms"): the checks that need
// nothing but the room itself; the room adds those of ratings and the server's state.
#include "app/secrets.hpp"
#include "game/decide.hpp"

namespace bh::game {

using protocol::ErrorCode;

std::optional<Refuse> refuse_join(const GameSession& s, const std::string& player,
                                  const std::optional<std::string>& invite, const std::string& computer) {
  const std::string room = "room '" + s.room_id + "'";
  if (s.phase == Phase::closed) return Refuse{ErrorCode::room_closed, room + " is closed"};
  if (s.phase != Phase::open) return Refuse{ErrorCode::room_full, room + " already has two players"};
  if (player == s.seats[0].player) return Refuse{ErrorCode::bad_request, "you cannot join your own room"};
  if (!computer.empty() && player != computer)
    return Refuse{ErrorCode::room_full, room + " is a game against the computer"};
  if (s.settings->is_private && computer.empty() && !app::equal_secret(invite.value_or(""), s.invite_code))
    return Refuse{ErrorCode::bad_invite, "wrong invite code"};
  return std::nullopt;
}

}  // namespace bh::game
