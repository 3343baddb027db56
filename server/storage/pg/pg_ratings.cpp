#include "storage/pg/pg_ratings.hpp"

#include <map>
#include <utility>

#include "storage/archive_sql.hpp"
#include "storage/glicko2.hpp"
#include "storage/pg/pg_archive.hpp"
#include "storage/rating_update.hpp"

namespace bh::storage::pg {

namespace {

const std::string kRatingColumns = "player, key, rating, rd, volatility, games, wins, draws, losses";

PlayerRating read_rating(const Rows& rows, int r) {
  PlayerRating out;
  out.player = rows.text(r, 0);
  out.key = rows.text(r, 1);
  out.rating = rows.real(r, 2);
  out.rd = rows.real(r, 3);
  out.volatility = rows.real(r, 4);
  out.games = static_cast<int>(rows.int64(r, 5));
  out.wins = static_cast<int>(rows.int64(r, 6));
  out.draws = static_cast<int>(rows.int64(r, 7));
  out.losses = static_cast<int>(rows.int64(r, 8));
  return out;
}

StoreError write_rating(Conn& conn, const PlayerRating& r, std::int64_t at_ms) {
  Params p;
  p.add(r.player).add(r.key).add(r.rating).add(r.rd).add(r.volatility).add(r.games).add(r.wins).add(r.draws);
  p.add(r.losses).add(at_ms);
  return conn
      .run(
          "INSERT INTO ratings (player, key, rating, rd, volatility, games, wins, draws, losses, updated_ms) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (player, key) DO UPDATE SET "
          "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, "
          "wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, updated_ms = excluded.updated_ms",
          p)
      .error;
}

StoreError write_history(Conn& conn, const PlayerRating& before, const PlayerRating& after, const GameRecord& g,
                         const std::string& opponent, double score) {
  Params p;
  p.add(after.player).add(after.key).add(g.ended_ms).add(g.id).add(before.rating).add(after.rating).add(after.rd);
  p.add(after.volatility).add(opponent).add(score);
  return conn
      .run(
          "INSERT INTO rating_history (player, key, at_ms, game_id, before, after, rd, volatility, opponent, score) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (player, key, at_ms, game_id) DO UPDATE SET "
          "before = excluded.before, after = excluded.after, rd = excluded.rd, volatility = excluded.volatility, "
          "opponent = excluded.opponent, score = excluded.score",
          p)
      .error;
}

StoreResult<bool> name_known(Conn& conn, const std::string& name) {
  Params p;
  p.add(name);
  auto rows = conn.run(
      "SELECT EXISTS (SELECT 1 FROM accounts WHERE name = $1) OR EXISTS (SELECT 1 FROM game_players WHERE player = $1)",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  return {{}, rows.value->boolean(0, 0)};
}

}  // namespace

StoreResult<GameFinish> apply_ratings(Conn& conn, const GameRecord& g) {
  GameFinish finish;
  const auto key = rated_key(g);
  if (!key) return {{}, finish};
  // Both rows locked in name order (a new player's made first), so two transactions
  // rating one player wait for each other instead of deadlocking or losing an update.
  Params fresh;
  fresh.add(*key).add(g.first_player).add(g.second_player).add(rating::kStartRating).add(rating::kStartRd);
  fresh.add(rating::kStartVolatility);
  auto made = conn.run(
      "INSERT INTO ratings (player, key, rating, rd, volatility, games, wins, draws, losses, updated_ms) "
      "SELECT player, $1, $4, $5, $6, 0, 0, 0, 0, 0 FROM unnest(ARRAY[$2::text, $3::text]) AS player "
      "ORDER BY player COLLATE \"C\" ON CONFLICT (player, key) DO NOTHING",
      fresh);
  if (!made.error.ok()) return {made.error, std::nullopt};
  Params p;
  p.add(*key).add(g.first_player).add(g.second_player);
  auto rows = conn.run(
      "SELECT " + kRatingColumns + " FROM ratings WHERE key = $1 AND player IN ($2, $3) ORDER BY player FOR UPDATE", p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::map<std::string, PlayerRating> found;
  for (int r = 0; r < rows.value->size(); ++r) {
    PlayerRating rating = read_rating(*rows.value, r);
    found[rating.player] = rating;
  }
  // Rows made just now hold exactly a new player's values.
  const PlayerRating first =
      found.contains(g.first_player) ? found[g.first_player] : fresh_rating(g.first_player, *key);
  const PlayerRating second =
      found.contains(g.second_player) ? found[g.second_player] : fresh_rating(g.second_player, *key);
  const double score = first_score(g);
  const PlayerRating first_after = rated(first, second, score);
  const PlayerRating second_after = rated(second, first, 1 - score);
  for (StoreError e : {write_rating(conn, first_after, g.ended_ms), write_rating(conn, second_after, g.ended_ms),
                       write_history(conn, first, first_after, g, g.second_player, score),
                       write_history(conn, second, second_after, g, g.first_player, 1 - score)}) {
    if (!e.ok()) return {e, std::nullopt};
  }
  RatingChanges changes;
  changes.key = *key;
  changes.first = {first.rating, first_after.rating, first_after.rd, first_after.volatility};
  changes.second = {second.rating, second_after.rating, second_after.rd, second_after.volatility};
  finish.rating_changes = changes;
  return {{}, finish};
}

StoreResult<std::vector<PlayerRating>> load_ratings(Conn& conn) {
  auto rows = conn.run("SELECT " + kRatingColumns + " FROM ratings ORDER BY player, key");
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<PlayerRating> out;
  for (int r = 0; r < rows.value->size(); ++r) out.push_back(read_rating(*rows.value, r));
  return {{}, std::move(out)};
}

StoreResult<PlayerProfile> load_profile(Conn& conn, const std::string& name, int recent, std::size_t name_chars) {
  PlayerProfile profile;
  profile.name = name;
  Params p;
  p.add(name);
  auto account = conn.run("SELECT bot FROM accounts WHERE name = $1", p);
  if (!account.error.ok()) return {account.error, std::nullopt};
  profile.registered = account.value->size() > 0;
  profile.bot = profile.registered && account.value->boolean(0, 0);
  if (profile.registered) {
    auto rows = conn.run("SELECT " + kRatingColumns + " FROM ratings WHERE player = $1", p);
    if (!rows.error.ok()) return {rows.error, std::nullopt};
    for (const auto& key : rating::rating_keys())
      for (int r = 0; r < rows.value->size(); ++r)
        if (rows.value->text(r, 1) == key) profile.ratings.push_back(read_rating(*rows.value, r));
  }
  ArchiveQuery query;
  query.player = name;
  query.limit = recent;
  auto page = list_games(conn, query, name_chars);
  if (!page.error.ok()) return {page.error, std::nullopt};
  profile.recent = std::move(page.value->games);
  if (!profile.registered && profile.recent.empty()) {
    // A name seen only in private games is still a known name.
    auto known = name_known(conn, name);
    if (!known.error.ok()) return {known.error, std::nullopt};
    if (!*known.value) return {{StoreErrc::not_found, "no player '" + name + "'"}, std::nullopt};
  }
  return {{}, std::move(profile)};
}

StoreResult<std::vector<PlayerRating>> leaderboard(Conn& conn, const std::string& key, int limit) {
  if (!rating::is_rating_key(key)) return {{StoreErrc::invalid_query, "unknown rating key '" + key + "'"}, {}};
  if (limit < 1 || limit > sql::kMaxPageLimit)
    return {{StoreErrc::invalid_query, "limit must be between 1 and 100"}, std::nullopt};
  Params p;
  p.add(key).add(rating::kProvisionalRd).add(limit);
  auto rows = conn.run(
      "SELECT " + kRatingColumns + " FROM ratings WHERE key = $1 AND rd <= $2 ORDER BY rating DESC, player LIMIT $3",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<PlayerRating> out;
  for (int r = 0; r < rows.value->size(); ++r) out.push_back(read_rating(*rows.value, r));
  return {{}, std::move(out)};
}

StoreResult<std::vector<RatingHistoryEntry>> rating_history(Conn& conn, const std::string& name,
                                                            const std::string& key) {
  if (!rating::is_rating_key(key)) return {{StoreErrc::invalid_query, "unknown rating key '" + key + "'"}, {}};
  auto known = name_known(conn, name);
  if (!known.error.ok()) return {known.error, std::nullopt};
  if (!*known.value) return {{StoreErrc::not_found, "no player '" + name + "'"}, std::nullopt};
  Params p;
  p.add(name).add(key);
  auto rows = conn.run(
      "SELECT game_id, at_ms, before, after, rd, opponent, score FROM ("
      "SELECT * FROM rating_history WHERE player = $1 AND key = $2 ORDER BY at_ms DESC, game_id DESC LIMIT 1000"
      ") AS newest ORDER BY at_ms, game_id",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<RatingHistoryEntry> out;
  const Rows& q = *rows.value;
  for (int r = 0; r < q.size(); ++r)
    out.push_back({q.text(r, 0), q.int64(r, 1), q.real(r, 2), q.real(r, 3), q.real(r, 4), q.text(r, 5), q.real(r, 6)});
  return {{}, std::move(out)};
}

}  // namespace bh::storage::pg
