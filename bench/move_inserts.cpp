// A commit's moves written as one single-row INSERT each (what the store does, a cached
// statement) against one INSERT of all the rows (issue 29, point 1), into the real
// live_moves table of a migrated database. synchronous=OFF: the CPU of the statements,
// not the disk's sync. One iteration is one transaction of `rows` moves of as many games.
#include <benchmark/benchmark.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "storage/schema.hpp"
#include "storage/sqlite_db.hpp"

namespace {

using bh::storage::sql::Db;
using bh::storage::sql::Query;

constexpr const char* kColumns = "INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms) ";

struct Fixture {
  std::string path =
      (std::filesystem::temp_directory_path() / ("bh-move-inserts-" + std::to_string(::getpid()))).string();
  Db db;
  std::vector<std::string> games;
  Fixture(int rows) {
    std::filesystem::remove(path);
    if (!db.open(path, false).ok() || !bh::storage::sql::configure(db, false, 5000, 32 * 1024).ok() ||
        !bh::storage::sql::migrate(db).ok() || db.exec("PRAGMA synchronous = OFF") != SQLITE_OK)
      throw std::runtime_error("cannot make " + path);
    for (int i = 0; i < rows; ++i) games.push_back("g" + std::to_string(1'000'000 + i));
  }
  ~Fixture() {
    db.close();
    for (const char* end : {"", "-wal", "-shm"}) std::filesystem::remove(path + end);
  }
};

void bind_move(sqlite3_stmt* stmt, int first, const std::string& game, std::int64_t ply) {
  sqlite3_bind_text(stmt, first, game.data(), static_cast<int>(game.size()), SQLITE_STATIC);
  sqlite3_bind_int64(stmt, first + 1, ply);
  sqlite3_bind_text(stmt, first + 2, "e2-e4", 5, SQLITE_STATIC);
  sqlite3_bind_int64(stmt, first + 3, 59'000);
  sqlite3_bind_int64(stmt, first + 4, 58'000);
  sqlite3_bind_int64(stmt, first + 5, 1'700'000'000'000);
}

void OneInsertPerMove(benchmark::State& state) {
  const int rows = static_cast<int>(state.range(0));
  Fixture f(rows);
  const std::string sql = std::string(kColumns) + "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
  std::int64_t ply = 0;
  for (auto _ : state) {
    f.db.exec_cached("BEGIN IMMEDIATE");
    for (const auto& game : f.games) {
      sqlite3_stmt* stmt = f.db.prepare(sql);
      bind_move(stmt, 1, game, ply);
      if (sqlite3_step(stmt) != SQLITE_DONE) state.SkipWithError("insert failed");
      sqlite3_reset(stmt);
    }
    f.db.exec_cached("COMMIT");
    ++ply;
  }
  state.SetItemsProcessed(state.iterations() * rows);
}

void OneInsertPerCommit(benchmark::State& state) {
  const int rows = static_cast<int>(state.range(0));
  Fixture f(rows);
  std::string sql = std::string(kColumns) + "VALUES ";
  for (int i = 0; i < rows; ++i) sql += i == 0 ? "(?, ?, ?, ?, ?, ?)" : ", (?, ?, ?, ?, ?, ?)";
  std::int64_t ply = 0;
  for (auto _ : state) {
    f.db.exec_cached("BEGIN IMMEDIATE");
    sqlite3_stmt* stmt = f.db.prepare(sql);
    for (int i = 0; i < rows; ++i) bind_move(stmt, 6 * i + 1, f.games[static_cast<std::size_t>(i)], ply);
    if (sqlite3_step(stmt) != SQLITE_DONE) state.SkipWithError("insert failed");
    sqlite3_reset(stmt);
    f.db.exec_cached("COMMIT");
    ++ply;
  }
  state.SetItemsProcessed(state.iterations() * rows);
}

BENCHMARK(OneInsertPerMove)->Arg(1)->Arg(4)->Arg(16)->Arg(64);
BENCHMARK(OneInsertPerCommit)->Arg(1)->Arg(4)->Arg(16)->Arg(64);

}  // namespace
