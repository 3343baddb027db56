// Aborting a game before both sides have moved: by a player, or when a side does not
// make its first move in time (docs/protocol.md, "Abort"). The deadline itself is
// armed and decided with the turn's (moves.cpp: arm_turn, turn_due).
#include "game/steps.hpp"

namespace bh::game::steps {

using protocol::ErrorCode;

void abort(GameSession& s, const Abort& c, Now now, Effects& fx) {
  if (s.journal.untold()) return fx.push_back(Defer{c});  // the move being written is told first
  if (refuse_unless_playing(s, c.slot, c.game_id, fx)) return;
  if (s.settings->tournament)  // its no-show is the first-move rule's, decided by the server
    return fx.push_back(Refuse{ErrorCode::too_late_to_abort, "a tournament game cannot be aborted: resign instead"});
  if (s.game->ply() >= 2)
    return fx.push_back(Refuse{ErrorCode::too_late_to_abort, "both sides have moved: resign or offer a draw instead"});
  end_game(s, rules::Status::aborted(rules::EndReason::aborted), now, fx);
}

void start_first_move_wait(GameSession& s, Now now) {
  if (!s.game || s.game->ply() >= 2 || s.correspondence) {  // a correspondence turn has its days
    s.first_move_deadline.reset();
    s.first_move_deadline_ms = 0;
    return;
  }
  s.first_move_deadline = now.steady + std::chrono::milliseconds(s.limits.first_move_ms);
  s.first_move_deadline_ms = now.unix_ms + s.limits.first_move_ms;
}

}  // namespace bh::game::steps
