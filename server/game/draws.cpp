// Resignation, a moderator's forfeit, and draw offers (docs/protocol.md, "Draws"): one offer per side every
// DrawOffers::kPlies plies, a repeat while it stands tells nothing new, an offer to a
// side that offered first is an agreement. A move lapses an offer (moves.cpp).
#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game::steps {

namespace sv = protocol::server;
using protocol::ErrorCode;
using rules::Side;

void resign(GameSession& s, const Resign& c, Now now, Effects& fx) {
  // A move being written is told before what follows it.
  if (s.journal.untold()) return fx.push_back(Defer{c});
  if (refuse_unless_playing(s, c.slot, c.game_id, fx)) return;
  // A rated game resigned before both sides moved is aborted: no rating is won by a
  // resignation at ply 0 (rating farming). Not a tournament's: its pairing is nobody's
  // choice, and an abort there would be the forfeit of the side that had not moved.
  if (s.settings->rated && s.game->ply() < 2 && !s.settings->tournament)
    return end_game(s, rules::Status::aborted(rules::EndReason::aborted), now, fx);
  end_game(s, rules::Status::win(rules::other(s.side_of_slot(c.slot)), rules::EndReason::resignation), now, fx);
}

void forfeit(GameSession& s, const Forfeit& c, Now now, Effects& fx) {
  const auto slot = s.slot_of(c.player);
  if (!slot) return;
  if (s.journal.untold()) return fx.push_back(Defer{c});
  if (s.phase != Phase::playing || !s.game || s.game->status().over()) return;
  end_game(s, rules::Status::win(rules::other(s.side_of_slot(*slot)), rules::EndReason::abandonment), now, fx);
}

void draw(GameSession& s, const Draw& c, Now now, Effects& fx) {
  if (s.journal.untold()) return fx.push_back(Defer{c});
  if (refuse_unless_playing(s, c.slot, c.game_id, fx)) return;
  const Side side = s.side_of_slot(c.slot);
  const auto& name = s.seats[c.slot].player;
  const bool offered_by_other = s.draw.standing == rules::other(side);
  switch (c.action) {
    case DrawAction::offer: {
      if (offered_by_other) return end_game(s, rules::Status::draw(rules::EndReason::agreement), now, fx);
      const std::string text = protocol::encode(sv::DrawOffered{s.game_id, views::side_text(side), name});
      // A repeat while the offer stands tells the opponent nothing new.
      if (s.draw.standing == side) return fx.push_back(Answer{text});
      int& last = s.draw.offered_at[rules::index(side)];
      const int ply = s.game->ply();
      if (last >= 0 && ply < last + DrawOffers::kPlies)
        return fx.push_back(Refuse{ErrorCode::rate_limited, "you offered a draw at ply " + std::to_string(last) +
                                                                "; offer again from ply " +
                                                                std::to_string(last + DrawOffers::kPlies)});
      last = ply;
      s.draw.standing = side;
      keep_offers(s, fx);  // a correspondence game's offer outlives a restart
      fx.push_back(Tell{text, Audience::room, -1, -1, true});
      fx.push_back(Answer{text});
      return;
    }
    case DrawAction::accept:
      if (!offered_by_other)
        return fx.push_back(Refuse{ErrorCode::no_draw_offer, "there is no draw offer from your opponent"});
      return end_game(s, rules::Status::draw(rules::EndReason::agreement), now, fx);
    case DrawAction::decline: {
      if (!offered_by_other)
        return fx.push_back(Refuse{ErrorCode::no_draw_offer, "there is no draw offer from your opponent"});
      s.draw.standing.reset();
      keep_offers(s, fx);
      const std::string text = protocol::encode(sv::DrawDeclined{s.game_id, views::side_text(side), name});
      fx.push_back(Tell{text, Audience::room, -1, -1, true});
      fx.push_back(Answer{text});
      return;
    }
  }
}

}  // namespace bh::game::steps
