// Rematch offers (docs/protocol.md, "Rematch"): after match_over the room stays,
// finished, while both players are there; an offer, or the other's offer or accept,
// starts a new room with the sides swapped (the room creates it); a decline leaves the
// chance open; leaving, the window's end or a player moving on ends it.
#include "game/steps.hpp"

namespace bh::game::steps {

namespace sv = protocol::server;
using protocol::ErrorCode;

void rematch_lapse(GameSession& s, const std::string& reason, bool requested, Effects& fx) {
  if (s.phase != Phase::finished) return;
  s.rematch_offer.reset();
  // Closed (out of the directory) before anyone hears of it.
  fx.push_back(Notice{Note::rematch_closed});
  s.phase = Phase::closed;
  const std::string text = protocol::encode(sv::RematchCancelled{s.room_id, reason});
  for (int i = 0; i < 2; ++i) fx.push_back(Tell{text, Audience::seat, i, -1, requested});
  if (requested) fx.push_back(Answer{text});
}

void rematch(GameSession& s, const Rematch& c, Effects& fx) {
  if (c.slot < 0) return fx.push_back(Refuse{ErrorCode::not_a_player, "you did not play in room '" + s.room_id + "'"});
  if (s.phase == Phase::closed)
    return fx.push_back(Refuse{ErrorCode::rematch_unavailable, "room '" + s.room_id + "' has closed"});
  if (s.phase != Phase::finished)
    return fx.push_back(Refuse{ErrorCode::rematch_unavailable, "the match in room '" + s.room_id + "' is not over"});
  if (c.action == RematchAction::leave) return rematch_lapse(s, "left", true, fx);
  const int other = 1 - c.slot;
  if (!s.seats[other].present) return fx.push_back(Refuse{ErrorCode::rematch_unavailable, "your opponent has left"});
  const bool offered_by_other = s.rematch_offer == other;
  const auto& player = s.seats[c.slot].player;
  switch (c.action) {
    case RematchAction::offer:
      if (offered_by_other) return fx.push_back(Notice{Note::rematch_start, 0, c.slot});
      if (s.rematch_offer != c.slot) {  // a repeated offer tells the opponent nothing new
        s.rematch_offer = c.slot;
        fx.push_back(Tell{protocol::encode(sv::RematchOffered{s.room_id, player}), Audience::seat, other});
      }
      return fx.push_back(Answer{protocol::encode(sv::RematchOffered{s.room_id, player})});
    case RematchAction::accept:
      if (!offered_by_other)
        return fx.push_back(Refuse{ErrorCode::no_rematch_offer, "your opponent has not offered a rematch"});
      return fx.push_back(Notice{Note::rematch_start, 0, c.slot});
    case RematchAction::decline: {
      if (!offered_by_other)
        return fx.push_back(Refuse{ErrorCode::no_rematch_offer, "your opponent has not offered a rematch"});
      s.rematch_offer.reset();
      const std::string text = protocol::encode(sv::RematchCancelled{s.room_id, "declined"});
      fx.push_back(Tell{text, Audience::seat, other});
      return fx.push_back(Answer{text});
    }
    case RematchAction::leave:
      return;  // decided above
  }
}

}  // namespace bh::game::steps
