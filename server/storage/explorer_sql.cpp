#include "storage/explorer_sql.hpp"

#include <sqlite3.h>

#include <utility>

#include "storage/explorer_rows.hpp"
#include "storage/rating_update.hpp"

namespace bh::storage::sql {

StoreError index_opening(Db& db, const GameRecord& g, std::optional<double> rating) {
  const auto outcome = explorer_rows::outcome(g.result);
  if (!outcome || g.opening.variant.empty()) return {};
  const int source = g.imported ? 1 : 0;
  const int band = explorer_rows::band(rating);
  const int month = explorer_rows::month(g.ended_ms);
  for (const auto& [position, move] : explorer_rows::entries(g)) {
    Query q(db,
            "INSERT INTO explorer_moves (position, variant, move, source, band, month, games, first, draws, second, "
            "rated_games, rating_sum, last_ms, last_game) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8, ?9, ?10, ?11, "
            "?12, ?13) ON CONFLICT DO UPDATE SET games = games + 1, first = first + excluded.first, "
            "draws = draws + excluded.draws, second = second + excluded.second, "
            "rated_games = rated_games + excluded.rated_games, rating_sum = rating_sum + excluded.rating_sum, "
            "last_game = CASE WHEN excluded.last_ms >= last_ms THEN excluded.last_game ELSE last_game END, "
            "last_ms = max(last_ms, excluded.last_ms)");
    q.bind(1, position).bind(2, g.opening.variant).bind(3, move).bind(4, source).bind(5, band);
    q.bind(6, month).bind(7, outcome->first).bind(8, outcome->draws).bind(9, outcome->second);
    q.bind(10, band == explorer_rows::kUnrated ? 0 : 1).bind(11, band == explorer_rows::kUnrated ? 0.0 : *rating);
    q.bind(12, g.ended_ms).bind(13, g.id);
    if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot index game " + g.id);
  }
  return {};
}

StoreResult<ExplorerPosition> explore(Db& db, const ExplorerQuery& query, std::size_t name_chars) {
  auto filter = explorer_rows::filter(query);
  if (!filter.error.ok()) return {filter.error, std::nullopt};
  // The bare last_game takes its value from the row of max(last_ms) (SQLite's rule for
  // a lone max()): each move's newest game.
  Query q(db,
          "SELECT move, sum(games), sum(first), sum(draws), sum(second), sum(rated_games), sum(rating_sum), "
          "max(last_ms), last_game FROM explorer_moves WHERE position = ?1 AND variant = ?2 "
          "AND band BETWEEN ?3 AND ?4 AND month BETWEEN ?5 AND ?6 AND (?7 IS NULL OR source = ?7) GROUP BY move");
  q.bind(1, query.position).bind(2, query.variant).bind(3, filter.value->min_band).bind(4, filter.value->max_band);
  q.bind(5, filter.value->since_month).bind(6, filter.value->until_month);
  if (filter.value->source) q.bind(7, *filter.value->source);
  else q.bind_null(7);
  ExplorerPosition out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    ExplorerMove m;
    m.move = q.text(0);
    m.games = q.int64(1);
    m.first = q.int64(2);
    m.draws = q.int64(3);
    m.second = q.int64(4);
    m.rated_games = q.int64(5);
    m.rating_sum = q.real(6);
    m.last_ms = q.int64(7);
    m.last_game = q.text(8);
    out.moves.push_back(std::move(m));
  }
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the explorer"), std::nullopt};
  explorer_rows::order(out.moves);
  auto examples = load_summaries(db, explorer_rows::example_ids(out.moves, query.examples), name_chars);
  if (!examples.error.ok()) return {examples.error, std::nullopt};
  out.examples = std::move(*examples.value);
  return {{}, std::move(out)};
}

StoreError clear_explorer(Db& db) {
  if (const int rc = db.exec("DELETE FROM explorer_moves"); rc != SQLITE_OK)
    return error_from(db, rc, "cannot empty the explorer");
  return {};
}

StoreResult<std::optional<double>> rating_before(Db& db, const GameRecord& g) {
  const auto key = rated_key(g);
  if (!key) return {{}, std::optional<double>{}};
  double sum = 0;
  int found = 0;
  for (const std::string* player : {&g.first_player, &g.second_player}) {
    Query q(db, "SELECT before FROM rating_history WHERE player = ?1 AND key = ?2 AND game_id = ?3");
    q.bind(1, *player).bind(2, *key).bind(3, g.id);
    const int rc = q.step();
    if (rc == SQLITE_ROW) {
      sum += q.real(0);
      ++found;
    } else if (rc != SQLITE_DONE) {
      return {error_from(db, rc, "cannot read the ratings of game " + g.id), std::nullopt};
    }
  }
  if (found != 2) return {{}, std::optional<double>{}};
  return {{}, std::optional<double>{sum / 2}};
}

}  // namespace bh::storage::sql
