// What the game messages change in the session's live games: a full view (started,
// or the state on watching), a move, the game's end.
#include "session.hpp"
#include "session_format.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;

}  // namespace

void Session::on_game_view(const srv::GameView& v, bool started) {
  FollowedGame g;
  g.view = v;
  g.clocks_at = Clock::now();
  g.rules = make_rules(v.game, v.options);
  if (g.rules) {
    if (auto p = g.rules->parse_position(v.position)) g.position = *p;
    // The position before the last move, for the last-move marks.
    if (!v.moves.empty()) {
      auto start = g.rules->parse_position(v.start_position);
      std::optional<rules::Position> pos;
      if (start) pos = *start;
      for (std::size_t i = 0; pos && i + 1 < v.moves.size(); ++i) {
        auto m = g.rules->legal_move_from_text(*pos, v.moves[i]);
        if (!m) pos.reset();
        else pos = g.rules->apply(*pos, *m);
      }
      g.previous = pos;
      g.last_move = v.moves.back();
    }
  }
  g.ended = v.status.state != "ongoing";
  // Our open room's game: started now, or while we were away (a game_state on coming back).
  if (started || (room_id_ && v.room_id == *room_id_ && v.you)) room_id_.reset();
  games_[v.game_id] = std::move(g);
  current_id_ = v.game_id;
}

void Session::on_move(const srv::Move& m) {
  auto it = games_.find(m.game_id);
  if (it == games_.end()) return;
  FollowedGame& g = it->second;
  g.previous = g.position;
  g.position.reset();
  if (g.rules) {
    if (auto p = g.rules->parse_position(m.position)) g.position = *p;
  }
  g.last_move = m.move;
  g.view.ply = m.ply;
  g.view.moves.push_back(m.move);
  g.view.position = m.position;
  g.view.to_move = m.to_move;
  g.view.clocks = m.clocks;
  g.view.deadline_ms = m.deadline_ms;
  g.clocks_at = Clock::now();
  g.view.status = m.status;
  g.view.draw_offer.reset();  // an offer lapses when either side moves
  g.view.takeback_offer.reset();
}

void Session::on_game_over(const srv::GameOver& m) {
  auto it = games_.find(m.game_id);
  if (it == games_.end()) return;
  FollowedGame& g = it->second;
  g.ended = true;
  g.view.status.state = m.result == "draw" || m.result == "aborted" ? m.result : "win";
  if (m.result != "draw" && m.result != "aborted") g.view.status.winner = m.result;
  g.view.status.reason = m.reason;
  if (g.view.clocks) g.view.clocks->running.reset();
  // Points by name: "1-0" read by the second player, or by a spectator, says nothing.
  const std::string score = g.view.players.first + " " + format_number(m.points.first) + ", " + g.view.players.second +
                            " " + format_number(m.points.second);
  if (m.result == "aborted" && m.reason == "no_first_move" && g.view.tournament_id) {
    // A tournament counts it as a forfeit by the side that did not move (docs/tournaments.md).
    const std::string& late = g.view.to_move == "first" ? g.view.players.first : g.view.players.second;
    g.end_text = "Game over: " + late + " forfeits this tournament game: a first move did not come in time.";
  } else if (m.result == "aborted") {
    g.end_text = m.reason == "no_first_move" ? "Game aborted: a first move did not come in time."
                                             : "Game aborted before both sides had moved.";
  } else if (m.result == "draw") {
    g.end_text = "Game over: a draw by " + reason_text(m.reason) + " (" + score + ").";
  } else {
    const bool me = g.view.you && *g.view.you == m.result;
    g.end_text = "Game over: " + (me ? std::string("you win") : side_label(g, m.result) + " wins") + " by " +
                 reason_text(m.reason) + " (" + score + ").";
  }
  if (!m.archived) g.end_text += " (not archived: the server's store failed)";
  if (m.rating_changes)
    g.end_text += " Ratings: " + g.view.players.first + " " + rating_change_text(m.rating_changes->first) + ", " +
                  g.view.players.second + " " + rating_change_text(m.rating_changes->second) + ".";
}

}  // namespace bh::cli
