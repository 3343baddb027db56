// The Session's answer to `explore` (docs/explorer.md): the position's board, one line
// per move played from it with its results, and the newest games through it.
#include <cstdio>

#include "board_text.hpp"
#include "rules/registry.hpp"
#include "session.hpp"
#include "session_format.hpp"

namespace bh::cli {

namespace {

namespace srv = protocol::server;

// A share of `games` as a whole percentage ("45%").
std::string percent(std::int64_t part, std::int64_t games) {
  if (games <= 0) return "-";
  return std::to_string((part * 100 + games / 2) / games) + "%";
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace

void Session::on_explorer(const srv::Explorer& e) {
  Out out{Out::Kind::ok, "explore"};
  out.field("game", e.game).number("ply", e.ply).field("position", e.position).field("to_move", e.to_move);
  out.number("games", e.total.games);
  const rules::OptionText options(e.options.values.begin(), e.options.values.end());
  if (auto rules = rules::make_ruleset(e.game, options)) {
    if (auto position = (*rules)->parse_position(e.position)) {
      for (auto& l : render_board(**rules, *position, {}, BoardStyle{config_.colour, false})) out.line(l);
    }
  }
  const std::string line = e.moves.empty() ? "the start" : "after " + plies(static_cast<int>(e.moves.size()));
  out.line(e.game + ", " + line + ", " + e.to_move + " to move: " + std::to_string(e.total.games) +
           (e.total.games == 1 ? " game" : " games") + " in the archive.");
  if (!e.played.empty()) out.line("move        games   first  draws  second  rating");
  for (const auto& m : e.played) {
    Out d{Out::Kind::data, "played"};
    d.field("move", m.move).number("games", m.games).number("first", m.first).number("draws", m.draws);
    d.number("second", m.second).field("last_game", m.last_game);
    if (m.rating_avg) d.field("rating", format_number(*m.rating_avg));
    sink_.emit(d);
    out.line(pad(m.move, 12) + pad(std::to_string(m.games), 8) + pad(percent(m.first, m.games), 7) +
             pad(percent(m.draws, m.games), 7) + pad(percent(m.second, m.games), 8) +
             (m.rating_avg ? std::to_string(static_cast<int>(*m.rating_avg + 0.5)) : "-"));
  }
  if (e.played.empty())
    out.line(e.ply >= e.indexed_plies ? "The explorer covers the first " + std::to_string(e.indexed_plies) + " plies."
                                      : "Nobody has played on from here.");
  if (!e.examples.empty()) out.line("Newest games through it (replay ID):");
  for (const auto& g : e.examples) {
    // The score as records write it: the players' names may be unknown ("?").
    const std::string result = g.result == "draw" ? "1/2-1/2" : g.result == "first" ? "1-0" : "0-1";
    out.line("  " + g.game_id + "  " + g.first_player + " vs " + g.second_player + "  " + result + "  " +
             plies(g.moves));
  }
  reply_ok(std::move(out));
}

}  // namespace bh::cli
