#include "app/archive/explorer_body.hpp"

#include <cmath>

#include "app/archive/archive.hpp"
#include "game/board_view.hpp"
#include "rules/registry.hpp"

namespace bh::app {

namespace sv = protocol::server;

sv::Explorer explorer_body(const explorer::Walk& walk, const storage::ExplorerPosition& found) {
  sv::Explorer out;
  out.game = walk.game;
  out.options.values = walk.options;
  out.moves = walk.moves;
  out.ply = static_cast<int>(walk.moves.size());
  out.position = walk.position_text;
  out.to_move = walk.to_move;
  out.indexed_plies = storage::kExplorerPlies;
  // The walk made these rules already: they exist.
  if (auto rules = rules::make_ruleset(walk.game, rules::OptionText(walk.options.begin(), walk.options.end())))
    out.board = *game::shared_board(**rules);
  for (const storage::ExplorerMove& m : found.moves) {
    sv::ExplorerMove move;
    move.move = m.move;
    move.games = m.games;
    move.first = m.first;
    move.draws = m.draws;
    move.second = m.second;
    if (m.rated_games > 0) move.rating_avg = std::round(m.rating_sum / static_cast<double>(m.rated_games) * 10) / 10;
    move.last_game = m.last_game;
    out.total.games += m.games;
    out.total.first += m.first;
    out.total.draws += m.draws;
    out.total.second += m.second;
    out.played.push_back(std::move(move));
  }
  for (const storage::GameSummary& s : found.examples) out.examples.push_back(summary_view(s));
  return out;
}

}  // namespace bh::app
