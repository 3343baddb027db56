#include "storage/pg/pg_export.hpp"

#include <sqlite3.h>

#include <vector>

#include "storage/archive_sql.hpp"
#include "storage/name_keys.hpp"
#include "storage/pg/pg_archive.hpp"
#include "storage/pg/pg_conn.hpp"
#include "storage/pg/pg_schema.hpp"
#include "storage/pg/pg_tournaments.hpp"
#include "storage/schema.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/tournament_sql.hpp"

namespace bh::storage {

namespace {

using Result = StoreResult<ExportCounts>;

Result fail(pg::Conn& conn, StoreError error) {
  conn.exec("ROLLBACK");
  return {std::move(error), std::nullopt};
}

// Reads every row of a SQLite query; `row` copies one into PostgreSQL.
StoreError each_row(sql::Db& db, const std::string& text, const std::function<StoreError(const sql::Query&)>& row,
                    std::int64_t& count) {
  sql::Query q(db, text);
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    if (auto error = row(q); !error.ok()) return error;
    ++count;
  }
  if (rc != SQLITE_DONE) return sql::error_from(db, rc, "cannot read " + text.substr(0, 60));
  return {};
}

StoreError copy_accounts(sql::Db& db, pg::Conn& conn, std::int64_t& count) {
  // Oldest first: PostgreSQL's identity column then keeps SQLite's order of age.
  return each_row(
      db, "SELECT name, salt, hash, iterations, created_ms, bot, name_key FROM accounts ORDER BY created_ms, rowid",
      [&conn](const sql::Query& q) {
        pg::Params p;
        p.add(q.text(0)).add(q.text(1)).add(q.text(2)).add(q.int64(3)).add(q.int64(4)).add(q.int64(5) != 0);
        if (q.is_null(6)) {
          p.add_null();
        } else {
          p.add(q.text(6));
        }
        return conn
            .run(
                "INSERT INTO accounts (name, salt, hash, iterations, created_ms, bot, name_key) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                p)
            .error;
      },
      count);
}

StoreError copy_games(sql::Db& db, pg::Conn& conn, std::int64_t& count,
                      const std::function<void(const std::string&)>& log) {
  std::vector<std::string> ids;
  {
    sql::Query q(db, "SELECT id FROM games ORDER BY ended_ms, id");
    int rc = 0;
    while ((rc = q.step()) == SQLITE_ROW) ids.push_back(q.text(0));
    if (rc != SQLITE_DONE) return sql::error_from(db, rc, "cannot list the games");
  }
  for (const auto& id : ids) {
    // Names whole: the archive's answers cut them, a copy must not (SQLite's substr
    // takes a 32-bit length: 2^30 characters is more than any name).
    auto game = sql::load_game(db, id, std::size_t{1} << 30);
    if (!game.error.ok()) return game.error;
    if (auto error = pg::insert_game(conn, *game.value); !error.ok()) {
      error.message = "game " + id + ": " + error.message;
      return error;
    }
    if (++count % 10000 == 0) log(std::to_string(count) + " of " + std::to_string(ids.size()) + " games copied");
  }
  return {};
}

StoreError copy_ratings(sql::Db& db, pg::Conn& conn, std::int64_t& count) {
  return each_row(
      db, "SELECT player, key, rating, rd, volatility, games, wins, draws, losses, updated_ms FROM ratings",
      [&conn](const sql::Query& q) {
        pg::Params p;
        p.add(q.text(0)).add(q.text(1)).add(q.real(2)).add(q.real(3)).add(q.real(4));
        p.add(q.int64(5)).add(q.int64(6)).add(q.int64(7)).add(q.int64(8)).add(q.int64(9));
        return conn
            .run(
                "INSERT INTO ratings (player, key, rating, rd, volatility, games, wins, draws, losses, updated_ms) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                p)
            .error;
      },
      count);
}

// Each tournament whole: its row, its players, its games (a played game's outcome as
// the archive gives it; PostgreSQL reads it from its copy of the archive all the same).
StoreError copy_tournaments(sql::Db& db, pg::Conn& conn, std::int64_t& count) {
  std::vector<std::string> ids;
  {
    sql::Query q(db, "SELECT id FROM tournaments ORDER BY created_ms, id");
    int rc = 0;
    while ((rc = q.step()) == SQLITE_ROW) ids.push_back(q.text(0));
    if (rc != SQLITE_DONE) return sql::error_from(db, rc, "cannot list the tournaments");
  }
  for (const auto& id : ids) {
    auto t = sql::get_tournament(db, id);
    if (!t.error.ok()) return t.error;
    if (auto error = pg::save_tournament(conn, {*t.value, t.value->players, t.value->games}); !error.ok()) {
      error.message = "tournament " + id + ": " + error.message;
      return error;
    }
    ++count;
  }
  return {};
}

StoreError copy_history(sql::Db& db, pg::Conn& conn, std::int64_t& count) {
  return each_row(
      db, "SELECT player, key, at_ms, game_id, before, after, rd, volatility, opponent, score FROM rating_history",
      [&conn](const sql::Query& q) {
        pg::Params p;
        p.add(q.text(0)).add(q.text(1)).add(q.int64(2)).add(q.text(3)).add(q.real(4)).add(q.real(5));
        p.add(q.real(6)).add(q.real(7)).add(q.text(8)).add(q.real(9));
        return conn
            .run(
                "INSERT INTO rating_history (player, key, at_ms, game_id, before, after, rd, volatility, opponent, "
                "score) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                p)
            .error;
      },
      count);
}

// The explorer's rows as they are (--reindex on either store writes the same).
StoreError copy_explorer(sql::Db& db, pg::Conn& conn, std::int64_t& count) {
  return each_row(
      db,
      "SELECT position, variant, move, source, band, month, games, first, draws, second, rated_games, rating_sum, "
      "last_ms, last_game FROM explorer_moves",
      [&conn](const sql::Query& q) {
        pg::Params p;
        p.add(q.int64(0)).add(q.text(1)).add(q.text(2)).add(q.int64(3)).add(q.int64(4)).add(q.int64(5));
        p.add(q.int64(6)).add(q.int64(7)).add(q.int64(8)).add(q.int64(9)).add(q.int64(10)).add(q.real(11));
        p.add(q.int64(12)).add(q.text(13));
        return conn
            .run(
                "INSERT INTO explorer_moves (position, variant, move, source, band, month, games, first, draws, "
                "second, rated_games, rating_sum, last_ms, last_game) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
                "$10, $11, $12, $13, $14)",
                p)
            .error;
      },
      count);
}

}  // namespace

StoreResult<ExportCounts> export_sqlite_to_pg(const std::string& sqlite_path, const std::string& dsn,
                                              const std::function<void(const std::string&)>& log) {
  sql::Db db;
  StoreError error = db.open(sqlite_path, /*read_only=*/false);
  if (error.ok()) error = sql::configure(db, /*synchronous_full=*/true, 5000, 8 * 1024);
  if (error.ok()) error = sql::migrate(db);
  // The keys copied must be the running ICU's, as PostgreSQL's name_keys will say.
  if (error.ok()) error = sql::refresh_name_keys(db, log);
  if (!error.ok()) {
    error.message = sqlite_path + ": " + error.message;
    return {std::move(error), std::nullopt};
  }
  pg::Conn conn;
  error = conn.connect(dsn);
  if (error.ok()) error = pg::migrate(conn);
  if (error.ok()) error = pg::refresh_name_keys(conn, log);
  if (!error.ok()) return {std::move(error), std::nullopt};

  if (auto begun = conn.exec("BEGIN"); !begun.ok()) return {begun, std::nullopt};
  // Nobody may write while the copy runs, and it must find the target empty.
  if (auto locked = conn.exec("LOCK TABLE games, accounts, ratings, rating_history IN EXCLUSIVE MODE"); !locked.ok())
    return fail(conn, locked);
  auto used = conn.run(
      "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM accounts) + (SELECT count(*) FROM ratings)");
  if (!used.error.ok()) return fail(conn, used.error);
  if (used.value->int64(0, 0) != 0)
    return fail(conn, {StoreErrc::conflict,
                       "the PostgreSQL database is not empty (it holds games, accounts or "
                       "ratings): export only into a new one"});
  // One read transaction: every table from the same moment.
  if (const int rc = db.exec("BEGIN"); rc != SQLITE_OK) return fail(conn, sql::error_from(db, rc, "cannot read"));
  ExportCounts counts;
  error = copy_accounts(db, conn, counts.accounts);
  if (error.ok()) error = copy_games(db, conn, counts.games, log);
  if (error.ok()) error = copy_ratings(db, conn, counts.ratings);
  if (error.ok()) error = copy_history(db, conn, counts.rating_history);
  if (error.ok()) error = copy_tournaments(db, conn, counts.tournaments);
  if (error.ok()) error = copy_explorer(db, conn, counts.explorer_rows);
  db.exec("COMMIT");
  if (!error.ok()) return fail(conn, error);
  if (auto committed = conn.exec("COMMIT"); !committed.ok()) return fail(conn, committed);
  return {{}, counts};
}

}  // namespace bh::storage
