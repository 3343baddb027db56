// Helpers for the storage tests: a fresh temporary folder, synchronous calls on the
// asynchronous Store, and sample records.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "storage/sqlite_store.hpp"
#include "storage/store.hpp"

namespace bh::storage::testing {

// A folder made with mkdtemp, removed with everything in it at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "bh-storage-XXXXXX").string();
    if (!mkdtemp(pattern.data())) ADD_FAILURE() << "mkdtemp failed";
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Starts an asynchronous call with a completion and waits for its result. The promise
// is shared with the completion so it outlives set_value on the store thread.
template <class R, class Start>
R await(Start start) {
  auto promise = std::make_shared<std::promise<R>>();
  auto future = promise->get_future();
  start([promise](R result) { promise->set_value(std::move(result)); });
  return future.get();
}

// The same, without waiting: for queuing many jobs at once.
template <class R, class Start>
std::future<R> later(Start start) {
  auto promise = std::make_shared<std::promise<R>>();
  auto future = promise->get_future();
  start([promise](R result) { promise->set_value(std::move(result)); });
  return future;
}

inline StoreError save(Store& store, GameRecord record) {
  return await<StoreError>([&](auto done) { store.save_game(std::move(record), done); });
}
inline std::future<StoreError> save_later(Store& store, GameRecord record) {
  return later<StoreError>([&](auto done) { store.save_game(std::move(record), done); });
}
inline StoreResult<GameRecord> get(Store& store, const std::string& id) {
  return await<StoreResult<GameRecord>>([&](auto done) { store.get_game(id, done); });
}
inline StoreResult<ArchivePage> list(Store& store, const ArchiveQuery& query) {
  return await<StoreResult<ArchivePage>>([&](auto done) { store.list_games(query, done); });
}
inline StoreError create(Store& store, Account account) {
  return await<StoreError>([&](auto done) { store.create_account(std::move(account), done); });
}
inline StoreResult<Account> find(Store& store, const std::string& name) {
  return await<StoreResult<Account>>([&](auto done) { store.find_account(name, done); });
}
inline std::vector<std::string> sql_rows(SqliteStore& store, const std::string& text) {
  auto result = await<StoreResult<std::vector<std::string>>>([&](auto done) { store.run_sql(text, done); });
  EXPECT_TRUE(result.error.ok()) << text << ": " << result.error.message;
  return result.value.value_or(std::vector<std::string>{});
}

// Every page of `query` (limit as given), following cursors; fails the test on errors
// or on a page that loops.
inline std::vector<GameSummary> list_all(Store& store, ArchiveQuery query, int* pages = nullptr) {
  std::vector<GameSummary> all;
  int count = 0;
  for (;;) {
    auto page = list(store, query);
    EXPECT_TRUE(page.error.ok()) << page.error.message;
    if (!page.error.ok() || ++count > 10000) break;
    all.insert(all.end(), page.value->games.begin(), page.value->games.end());
    if (!page.value->next_cursor) break;
    EXPECT_EQ(static_cast<int>(page.value->games.size()), query.limit);
    query.cursor = page.value->next_cursor;
  }
  if (pages) *pages = count;
  return all;
}

inline std::vector<std::string> ids(const std::vector<GameSummary>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.id);
  return out;
}

// A finished game with a few moves; `n` varies everything a listing can filter on.
inline GameRecord sample_game(const std::string& id, std::int64_t ended_ms, std::string game = "tablut",
                              std::string first = "ann", std::string second = "bob", std::string result = "first") {
  GameRecord g;
  g.id = id;
  g.game = std::move(game);
  g.options = {{"size", "9"}, {"rule \"odd\"", "a\\b\nc=d"}};
  g.start_position = "....k....";
  g.first_player = std::move(first);
  g.second_player = std::move(second);
  g.result = std::move(result);
  g.reason = g.result == "draw" ? "agreement" : "king_captured";
  g.first_points = g.result == "first" ? 1 : g.result == "draw" ? 0.5 : 0;
  g.second_points = 1 - g.first_points;
  g.clock = ClockSpec{300000, 2000};
  g.started_ms = ended_ms - 60000;
  g.ended_ms = ended_ms;
  g.moves = {{"e1-e4", 299000, 300000, ended_ms - 50000},
             {"d9-d5", 299000, 298500, ended_ms - 40000},
             {"e4xd5", 297000, 298500, ended_ms - 30000}};
  return g;
}

// A live game's header between two players of its own (one seat at a time: a key on
// PostgreSQL), of Tablut, no moves.
inline LiveGame live_header(const std::string& id) {
  LiveGame g;
  g.game_id = id;
  g.room_id = "r-" + id;
  g.match_id = "m-" + id;
  g.game = "tablut";
  g.creator_side = "first";
  g.seats = {LiveSeat{"ann-" + id, "tok-ann-" + id, false, 0.0}, LiveSeat{"bob-" + id, "tok-bob-" + id, false, 0.0}};
  g.started_ms = 1000;
  return g;
}

inline std::unique_ptr<SqliteStore> open_store(const std::string& path, SqliteOptions options = {}) {
  auto opened = SqliteStore::open(path, std::move(options));
  EXPECT_TRUE(opened.error.ok()) << opened.error.message;
  return opened.error.ok() ? std::move(*opened.value) : nullptr;
}

}  // namespace bh::storage::testing
