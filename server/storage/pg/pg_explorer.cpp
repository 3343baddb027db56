#include "storage/pg/pg_explorer.hpp"

#include <utility>
#include <vector>

#include "storage/explorer_rows.hpp"
#include "storage/pg/pg_archive.hpp"
#include "storage/rating_update.hpp"

namespace bh::storage::pg {

StoreError index_opening(Conn& conn, const GameRecord& g, std::optional<double> rating) {
  const auto outcome = explorer_rows::outcome(g.result);
  if (!outcome) return {};
  const auto entries = explorer_rows::entries(g);
  if (entries.empty()) return {};
  std::vector<std::int64_t> positions;
  std::vector<std::string> moves;
  for (const auto& [position, move] : entries) {
    positions.push_back(position);
    moves.push_back(move);
  }
  const int band = explorer_rows::band(rating);
  const bool rated = band != explorer_rows::kUnrated;
  Params p;
  p.add(g.opening.variant).add(g.imported ? 1 : 0).add(band).add(explorer_rows::month(g.ended_ms));
  p.add(outcome->first).add(outcome->draws).add(outcome->second).add(rated ? 1 : 0).add(rated ? *rating : 0.0);
  p.add(g.ended_ms).add(g.id).add_ints(positions).add_texts(moves);
  auto done = conn.run(
      "INSERT INTO explorer_moves AS e (position, variant, move, source, band, month, games, first, draws, second, "
      "rated_games, rating_sum, last_ms, last_game) "
      "SELECT u.p, $1, u.m, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11 FROM unnest($12::bigint[], $13::text[]) AS "
      "u(p, m) ON CONFLICT (position, variant, move, source, band, month) DO UPDATE SET games = e.games + 1, "
      "first = e.first + excluded.first, draws = e.draws + excluded.draws, second = e.second + excluded.second, "
      "rated_games = e.rated_games + excluded.rated_games, rating_sum = e.rating_sum + excluded.rating_sum, "
      "last_game = CASE WHEN excluded.last_ms >= e.last_ms THEN excluded.last_game ELSE e.last_game END, "
      "last_ms = greatest(e.last_ms, excluded.last_ms)",
      p);
  return done.error;
}

StoreResult<ExplorerPosition> explore(Conn& conn, const ExplorerQuery& query, std::size_t name_chars) {
  auto filter = explorer_rows::filter(query);
  if (!filter.error.ok()) return {filter.error, std::nullopt};
  Params p;
  p.add(query.position).add(query.variant).add(filter.value->min_band).add(filter.value->max_band);
  p.add(filter.value->since_month).add(filter.value->until_month);
  if (filter.value->source) p.add(*filter.value->source);
  else p.add_null();
  auto rows = conn.run(
      "SELECT move, sum(games), sum(first), sum(draws), sum(second), sum(rated_games), sum(rating_sum), "
      "max(last_ms), (array_agg(last_game ORDER BY last_ms DESC))[1] FROM explorer_moves WHERE position = $1 "
      "AND variant = $2 AND band BETWEEN $3 AND $4 AND month BETWEEN $5 AND $6 AND ($7::integer IS NULL OR "
      "source = $7) GROUP BY move",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  ExplorerPosition out;
  const Rows& q = *rows.value;
  for (int r = 0; r < q.size(); ++r) {
    ExplorerMove m;
    m.move = q.text(r, 0);
    m.games = q.int64(r, 1);
    m.first = q.int64(r, 2);
    m.draws = q.int64(r, 3);
    m.second = q.int64(r, 4);
    m.rated_games = q.int64(r, 5);
    m.rating_sum = q.real(r, 6);
    m.last_ms = q.int64(r, 7);
    m.last_game = q.text(r, 8);
    out.moves.push_back(std::move(m));
  }
  explorer_rows::order(out.moves);
  auto examples = load_summaries(conn, explorer_rows::example_ids(out.moves, query.examples), name_chars);
  if (!examples.error.ok()) return {examples.error, std::nullopt};
  out.examples = std::move(*examples.value);
  return {{}, std::move(out)};
}

StoreError clear_explorer(Conn& conn) { return conn.exec("DELETE FROM explorer_moves"); }

StoreResult<std::optional<double>> rating_before(Conn& conn, const GameRecord& g) {
  const auto key = rated_key(g);
  if (!key) return {{}, std::optional<double>{}};
  Params p;
  p.add(*key).add(g.id).add(g.first_player).add(g.second_player);
  auto rows = conn.run(
      "SELECT avg(before), count(*) FROM rating_history WHERE key = $1 AND game_id = $2 AND player IN ($3, $4)", p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  if (rows.value->int64(0, 1) != 2) return {{}, std::optional<double>{}};
  return {{}, std::optional<double>{rows.value->real(0, 0)}};
}

}  // namespace bh::storage::pg
