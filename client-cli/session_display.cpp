// What the session shows of its state: the game on show, its board and clocks, a
// replay step, and the prompt.
#include "line_fit.hpp"
#include "session.hpp"
#include "session_format.hpp"

namespace bh::cli {

FollowedGame* Session::current() {
  auto it = games_.find(current_id_);
  return it == games_.end() ? nullptr : &it->second;
}

const FollowedGame* Session::current() const {
  auto it = games_.find(current_id_);
  return it == games_.end() ? nullptr : &it->second;
}

bool Session::is_player(const FollowedGame& g) const { return g.view.you.has_value(); }

std::string Session::side_label(const FollowedGame& g, const std::string& side) const {
  const bool first = side == "first";
  const std::string& name = first ? g.view.sides.first : g.view.sides.second;
  const std::string& player = first ? g.view.players.first : g.view.players.second;
  std::optional<protocol::RatingView> rating;
  if (g.view.ratings) rating = first ? g.view.ratings->first : g.view.ratings->second;
  return rated_name(player_name(player, g.view.bots, g.view.computer_level), rating) + " (" + name + ")";
}

std::string Session::clock_line(const FollowedGame& g, Clock::time_point now) const {
  if (!g.view.clocks) return {};
  const auto& c = *g.view.clocks;
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(now - g.clocks_at).count();
  std::int64_t first = c.first_ms, second = c.second_ms;
  if (c.running && *c.running == "first") first -= elapsed;
  if (c.running && *c.running == "second") second -= elapsed;
  const bool first_runs = c.running && *c.running == "first";
  const bool second_runs = c.running && *c.running == "second";
  return g.view.players.first + " " + format_ms(first) + (first_runs ? "*" : "") + " | " + g.view.players.second + " " +
         format_ms(second) + (second_runs ? "*" : "");
}

std::vector<std::string> Session::game_lines(const FollowedGame& g) const {
  std::vector<std::string> lines;
  const auto& v = g.view;
  const std::string you =
      v.you ? "(you: " + std::string(*v.you == "first" ? v.sides.first : v.sides.second) + ")" : "(watching)";
  std::vector<std::string> head{v.game, v.game_id, "ply " + std::to_string(v.ply)};
  if (v.rated && *v.rated) head.push_back("rated");
  for (auto& item : versus(side_label(g, "first"), side_label(g, "second"))) head.push_back(std::move(item));
  head.push_back(you);
  if (v.spectators && *v.spectators > 0)
    head.push_back(std::to_string(*v.spectators) + (*v.spectators == 1 ? " spectator" : " spectators"));
  lines = fit_items(head);
  if (g.rules && g.position) {
    BoardMarks marks;
    if (g.previous && !g.last_move.empty()) marks = marks_for_move(*g.rules, *g.previous, *g.position, g.last_move);
    for (auto& l : render_board(*g.rules, *g.position, marks, board_style(g))) lines.push_back(std::move(l));
  } else {
    lines.push_back("position: " + v.position + " (this client cannot draw " + v.game + ")");
  }
  if (!g.last_move.empty()) lines.push_back("last move: " + g.last_move);
  if (v.clocks) lines.push_back("clocks: " + clock_line(g, Clock::now()));
  if (g.ended || v.status.state != "ongoing") {
    // Until game_over brings the result and its reason, say nothing: that line follows.
    if (!g.end_text.empty()) lines.push_back(g.end_text);
  } else {
    const bool mine = v.you && *v.you == v.to_move;
    lines.push_back(side_label(g, v.to_move) + " to move" + (mine ? " -- your move" : ""));
    if (v.deadline_ms) {  // a correspondence game: days, not a ticking clock
      const auto now_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
      lines.push_back(side_label(g, v.to_move) + ": " + time_left_text(*v.deadline_ms - now_ms) + " left (" +
                      format_clock(std::nullopt, v.correspondence) + ")");
    }
    if (v.clocks && v.clocks->paused == "storage")
      lines.push_back("clocks paused: the server cannot save moves just now (they run again once it can)");
    if (v.clocks && v.clocks->first_move_deadline_ms) {
      const auto now_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
      lines.push_back(side_label(g, v.to_move) + ": " +
                      first_move_text(*v.clocks->first_move_deadline_ms, now_ms, v.tournament_id.has_value()));
    }
    if (const auto choices = mine ? huff_choices(g) : std::vector<std::string>{}; !choices.empty()) {
      const std::string other = v.to_move == "first" ? v.players.second : v.players.first;
      lines.push_back(other + " did not capture: you may huff " + or_list(choices) + " with your move (huff " +
                      choices.front() + ", then the move; or huff " + choices.front() + " MOVE).");
    }
    if (v.draw_offer && (!v.you || *v.draw_offer != *v.you)) lines.push_back("A draw is offered (accept or decline).");
    if (v.takeback_offer && v.you && v.takeback_offer->side != *v.you)
      lines.push_back("A takeback is asked for (takeback yes or takeback no).");
  }
  return lines;
}

Out Session::replay_step_out(std::string_view command) const {
  const Replay& r = *replay_;
  Out out{Out::Kind::ok, std::string(command)};
  const auto step = static_cast<std::size_t>(r.step);
  const std::string move = step > 0 ? r.record.moves[step - 1].move : "";
  out.field("game", r.record.game_id).number("ply", r.step);
  out.number("of", r.positions.size() - 1).field("move", move);
  out.field("position", r.rules->position_text(r.positions[step]));
  const std::string result =
      r.record.result == "draw"
          ? "draw"
          : (r.record.result == "first" ? r.record.first_player : r.record.second_player) + " won";
  std::vector<std::string> head{"Replay " + r.record.game_id, r.record.game};
  for (auto& item : versus(r.record.first_player, r.record.second_player)) head.push_back(std::move(item));
  head.push_back("(" + result + ", " + reason_text(r.record.reason) + ")");
  for (auto& l : fit_items(head)) out.line(l);
  BoardMarks marks;
  if (step > 0) marks = marks_for_move(*r.rules, r.positions[step - 1], r.positions[step], move);
  for (auto& l : render_board(*r.rules, r.positions[step], marks, board_style(r))) out.line(l);
  const std::string of = " of " + std::to_string(r.positions.size() - 1) + ": ";
  out.line("ply " + std::to_string(step) + of + (step == 0 ? "the start position" : numbered(r.step, move)));
  std::vector<std::string> texts;
  for (const auto& m : r.record.moves) texts.push_back(m.move);
  for (auto& l : move_list(texts, r.step)) out.line(l);
  if (!r.problem.empty()) out.line("note: " + r.problem);
  return out;
}

std::string Session::prompt(Clock::time_point now) const {
  if (const FollowedGame* g = current(); g != nullptr && !g->ended) {
    std::string p = "[";
    if (g->view.clocks) p += clock_line(*g, now);
    else
      p += g->view.players.first + (g->view.to_move == "first" ? "*" : "") + " - " + g->view.players.second +
           (g->view.to_move == "second" ? "*" : "");
    p += "]";
    if (g->view.you && *g->view.you == g->view.to_move) p += " your move";
    return p + "> ";
  }
  if (replay_)
    return "replay ply " + std::to_string(replay_->step) + "/" + std::to_string(replay_->positions.size() - 1) + "> ";
  if (room_id_) return "waiting> ";
  return "boardhall> ";
}

bool Session::clocks_ticking() const {
  const FollowedGame* g = current();
  return g != nullptr && !g->ended && g->view.clocks && g->view.clocks->running;
}

}  // namespace bh::cli
