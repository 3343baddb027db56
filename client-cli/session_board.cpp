// The Session's board orientation (`flip`) and what Tab completes (see session.hpp for
// the other session files).
#include "session.hpp"

namespace bh::cli {

BoardStyle Session::board_style(const FollowedGame& g) const {
  const bool second = g.view.you && *g.view.you == "second";
  return BoardStyle{config_.colour, second != flip_};
}

BoardStyle Session::board_style(const Replay& r) const {
  const bool second = !player_.empty() && r.record.second_player == player_;
  return BoardStyle{config_.colour, second != flip_};
}

void Session::cmd_flip() {
  flip_ = !flip_;
  Out out{Out::Kind::ok, "flip"};
  out.lines_for_scripts = true;
  out.field("flipped", flip_ ? "yes" : "no");
  out.line(flip_ ? "Boards turned round from your usual view, for the rest of the session (flip again to undo)."
                 : "Boards back to your usual view.");
  // The board on show, at once in its new orientation (as `board` would show it).
  const FollowedGame* g = current();
  if (g != nullptr && (!g->ended || !replay_)) {
    for (auto& l : game_lines(*g)) out.line(l);
  } else if (replay_) {
    for (auto& l : replay_step_out("flip").lines) out.line(l);
  }
  reply_ok(std::move(out));
}

KnownIds Session::known_ids() const {
  KnownIds known = listed_;
  for (const auto& [id, g] : games_) {
    known.followed.push_back(id);
    known.players.push_back(g.view.players.first);
    known.players.push_back(g.view.players.second);
  }
  for (const auto& game : catalogue_) known.game_types.push_back(game.id);
  for (const auto& [id, kind] : tournament_kinds_) known.tournaments.push_back(id);
  return known;
}

}  // namespace bh::cli
