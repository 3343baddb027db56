#include "storage/rating_sql.hpp"

#include <sqlite3.h>

#include "storage/archive_sql.hpp"
#include "storage/glicko2.hpp"
#include "storage/rating_update.hpp"

namespace bh::storage::sql {

namespace {

const std::string kRatingColumns = "player, key, rating, rd, volatility, games, wins, draws, losses";

PlayerRating read_rating(const Query& q) {
  PlayerRating r;
  r.player = q.text(0);
  r.key = q.text(1);
  r.rating = q.real(2);
  r.rd = q.real(3);
  r.volatility = q.real(4);
  r.games = static_cast<int>(q.int64(5));
  r.wins = static_cast<int>(q.int64(6));
  r.draws = static_cast<int>(q.int64(7));
  r.losses = static_cast<int>(q.int64(8));
  return r;
}

// The stored rating, or a new player's.
StoreResult<PlayerRating> find_rating(Db& db, const std::string& player, const std::string& key) {
  Query q(db, "SELECT " + kRatingColumns + " FROM ratings WHERE player = ?1 AND key = ?2");
  q.bind(1, player).bind(2, key);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return {{}, read_rating(q)};
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the rating of " + player), std::nullopt};
  return {{}, fresh_rating(player, key)};
}

StoreError write_rating(Db& db, const PlayerRating& r, std::int64_t at_ms) {
  Query q(db,
          "INSERT OR REPLACE INTO ratings (player, key, rating, rd, volatility, games, wins, draws, losses, "
          "updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  q.bind(1, r.player).bind(2, r.key).bind(3, r.rating).bind(4, r.rd).bind(5, r.volatility);
  q.bind(6, r.games).bind(7, r.wins).bind(8, r.draws).bind(9, r.losses).bind(10, at_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save the rating of " + r.player);
  return {};
}

StoreError write_history(Db& db, const PlayerRating& before, const PlayerRating& after, const GameRecord& g,
                         const std::string& opponent, double score) {
  Query q(db,
          "INSERT OR REPLACE INTO rating_history (player, key, at_ms, game_id, before, after, rd, volatility, "
          "opponent, score) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  q.bind(1, after.player).bind(2, after.key).bind(3, g.ended_ms).bind(4, g.id).bind(5, before.rating);
  q.bind(6, after.rating).bind(7, after.rd).bind(8, after.volatility).bind(9, opponent).bind(10, score);
  if (const int rc = q.step(); rc != SQLITE_DONE)
    return error_from(db, rc, "cannot save the rating history of " + after.player);
  return {};
}

StoreResult<bool> name_known(Db& db, const std::string& name) {
  for (const char* sql : {"SELECT 1 FROM accounts WHERE name = ?1", "SELECT 1 FROM game_players WHERE player = ?1"}) {
    Query q(db, sql);
    q.bind(1, name);
    const int rc = q.step();
    if (rc == SQLITE_ROW) return {{}, true};
    if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot look up " + name), std::nullopt};
  }
  return {{}, false};
}

}  // namespace

StoreResult<GameFinish> apply_ratings(Db& db, const GameRecord& g) {
  GameFinish finish;
  const auto key = rated_key(g);
  if (!key) return {{}, finish};
  auto first = find_rating(db, g.first_player, *key);
  if (!first.error.ok()) return {first.error, std::nullopt};
  auto second = find_rating(db, g.second_player, *key);
  if (!second.error.ok()) return {second.error, std::nullopt};
  const double score = first_score(g);
  const PlayerRating first_after = rated(*first.value, *second.value, score);
  const PlayerRating second_after = rated(*second.value, *first.value, 1 - score);
  for (StoreError e : {write_rating(db, first_after, g.ended_ms), write_rating(db, second_after, g.ended_ms),
                       write_history(db, *first.value, first_after, g, g.second_player, score),
                       write_history(db, *second.value, second_after, g, g.first_player, 1 - score)}) {
    if (!e.ok()) return {e, std::nullopt};
  }
  RatingChanges changes;
  changes.key = *key;
  changes.first = {first.value->rating, first_after.rating, first_after.rd, first_after.volatility};
  changes.second = {second.value->rating, second_after.rating, second_after.rd, second_after.volatility};
  finish.rating_changes = changes;
  return {{}, finish};
}

StoreResult<std::vector<PlayerRating>> load_ratings(Db& db) {
  Query q(db, "SELECT " + kRatingColumns + " FROM ratings");
  std::vector<PlayerRating> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(read_rating(q));
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the ratings"), std::nullopt};
  return {{}, std::move(out)};
}

StoreResult<PlayerProfile> load_profile(Db& db, const std::string& name, int recent, std::size_t name_chars) {
  PlayerProfile profile;
  profile.name = name;
  {
    Query q(db, "SELECT bot FROM accounts WHERE name = ?1");
    q.bind(1, name);
    const int rc = q.step();
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return {error_from(db, rc, "cannot look up " + name), std::nullopt};
    profile.registered = rc == SQLITE_ROW;
    profile.bot = profile.registered && q.int64(0) != 0;
  }
  if (profile.registered) {
    Query q(db, "SELECT " + kRatingColumns + " FROM ratings WHERE player = ?1");
    q.bind(1, name);
    int rc = 0;
    std::vector<PlayerRating> found;
    while ((rc = q.step()) == SQLITE_ROW) found.push_back(read_rating(q));
    if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the ratings of " + name), std::nullopt};
    for (const auto& key : rating::rating_keys())
      for (auto& r : found)
        if (r.key == key) profile.ratings.push_back(r);
  }
  ArchiveQuery query;
  query.player = name;
  query.limit = recent;
  auto page = list_games(db, query, name_chars);
  if (!page.error.ok()) return {page.error, std::nullopt};
  profile.recent = std::move(page.value->games);
  if (!profile.registered && profile.recent.empty()) {
    // A name seen only in private games is still a known name.
    auto known = name_known(db, name);
    if (!known.error.ok()) return {known.error, std::nullopt};
    if (!*known.value) return {{StoreErrc::not_found, "no player '" + name + "'"}, std::nullopt};
  }
  return {{}, std::move(profile)};
}

StoreResult<std::vector<PlayerRating>> leaderboard(Db& db, const std::string& key, int limit) {
  if (!rating::is_rating_key(key)) return {{StoreErrc::invalid_query, "unknown rating key '" + key + "'"}, {}};
  if (limit < 1 || limit > kMaxPageLimit)
    return {{StoreErrc::invalid_query, "limit must be between 1 and 100"}, std::nullopt};
  Query q(db, "SELECT " + kRatingColumns +
                  " FROM ratings WHERE key = ?1 AND rd <= ?2 ORDER BY rating DESC, player LIMIT ?3");
  q.bind(1, key).bind(2, rating::kProvisionalRd).bind(3, limit);
  std::vector<PlayerRating> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(read_rating(q));
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the leaderboard"), std::nullopt};
  return {{}, std::move(out)};
}

StoreResult<std::vector<RatingHistoryEntry>> rating_history(Db& db, const std::string& name, const std::string& key) {
  if (!rating::is_rating_key(key)) return {{StoreErrc::invalid_query, "unknown rating key '" + key + "'"}, {}};
  auto known = name_known(db, name);
  if (!known.error.ok()) return {known.error, std::nullopt};
  if (!*known.value) return {{StoreErrc::not_found, "no player '" + name + "'"}, std::nullopt};
  Query q(db,
          "SELECT game_id, at_ms, before, after, rd, opponent, score FROM ("
          "SELECT * FROM rating_history WHERE player = ?1 AND key = ?2 ORDER BY at_ms DESC, game_id DESC LIMIT 1000"
          ") ORDER BY at_ms, game_id");
  q.bind(1, name).bind(2, key);
  std::vector<RatingHistoryEntry> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    out.push_back({q.text(0), q.int64(1), q.real(2), q.real(3), q.real(4), q.text(5), q.real(6)});
  }
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the rating history of " + name), std::nullopt};
  return {{}, std::move(out)};
}

}  // namespace bh::storage::sql
