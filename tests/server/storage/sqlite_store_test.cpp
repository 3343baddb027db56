// The archive and accounts of every store (StoreArchive, store_backend.hpp): records
// round-trip, listings and their filters, keyset paging, accounts, reopening,
// concurrency, closing. And the SQLite store's own: its file's modes, batching, the
// interface's opener.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>

#include "storage/archive_sql.hpp"
#include "storage/sqlite_store.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;

class SqliteStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store = open_store(path());
    ASSERT_NE(store, nullptr);
  }
  void TearDown() override {
    if (store) {
      EXPECT_EQ(sql_rows(*store, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
      store->close();
    }
  }
  std::string path() const { return dir.file("archive.db"); }

  TempDir dir;
  std::unique_ptr<SqliteStore> store;
};

TEST_P(StoreArchive, SavedGameComesBackIdentical) {
  GameRecord g = sample_game("g1", 1'700'000'000'000);
  g.options["unicode"] = "Tafl \xc3\xa6\xc3\xb8 \xe2\x99\x94";
  g.options["control"] = std::string("tab\there\x01", 10);
  g.match_id = "m7";
  g.match_game = 2;
  g.first_points = 0.25;
  g.moves.push_back({"a1-a2", -1, -1, 5});
  ASSERT_TRUE(save(*store, g).ok());
  auto got = get(*store, "g1");
  ASSERT_TRUE(got.error.ok()) << got.error.message;
  EXPECT_EQ(*got.value, g);

  GameRecord bare;  // no clock, no moves, no options, empty second player name
  bare.id = "g2";
  bare.game = "alquerque";
  bare.first_player = "solo";
  bare.result = "draw";
  ASSERT_TRUE(save(*store, bare).ok());
  got = get(*store, "g2");
  ASSERT_TRUE(got.error.ok());
  EXPECT_EQ(*got.value, bare);
}

TEST_P(StoreArchive, MissingGameAndAccountAreNotFound) {
  auto got = get(*store, "nope");
  EXPECT_EQ(got.error.code, StoreErrc::not_found);
  EXPECT_FALSE(got.value);
  EXPECT_EQ(find(*store, "nobody").error.code, StoreErrc::not_found);
}

TEST_P(StoreArchive, SavingAnIdTwiceIsAConflictAndKeepsTheFirst) {
  GameRecord g = sample_game("g1", 1000);
  ASSERT_TRUE(save(*store, g).ok());
  GameRecord other = sample_game("g1", 2000, "draughts");
  EXPECT_EQ(save(*store, other).code, StoreErrc::conflict);
  EXPECT_EQ(*get(*store, "g1").value, g);
  EXPECT_TRUE(store->healthy());  // a conflict is the caller's problem, not the disk's
}

TEST_P(StoreArchive, InvalidRecordsAreRejected) {
  EXPECT_EQ(save(*store, sample_game("", 1000)).code, StoreErrc::invalid_query);
  EXPECT_EQ(save(*store, sample_game("g1", 1000, "tablut", "a", "b", "won")).code, StoreErrc::invalid_query);
  EXPECT_EQ(create(*store, Account{}).code, StoreErrc::invalid_query);
  EXPECT_TRUE(store->healthy());
}

TEST_P(StoreArchive, ListsNewestFirstWithIdBreakingTies) {
  std::vector<std::future<StoreError>> saves;
  saves.push_back(save_later(*store, sample_game("a", 3000)));
  saves.push_back(save_later(*store, sample_game("b", 5000)));
  saves.push_back(save_later(*store, sample_game("c", 3000)));
  saves.push_back(save_later(*store, sample_game("d", 1000)));
  for (auto& s : saves) ASSERT_TRUE(s.get().ok());
  auto page = list(*store, {});
  ASSERT_TRUE(page.error.ok()) << page.error.message;
  EXPECT_EQ(ids(page.value->games), (std::vector<std::string>{"b", "c", "a", "d"}));
  EXPECT_FALSE(page.value->next_cursor);

  const GameSummary& b = page.value->games[0];
  const GameRecord expected = sample_game("b", 5000);
  EXPECT_EQ(b.game, expected.game);
  EXPECT_EQ(b.first_player, expected.first_player);
  EXPECT_EQ(b.second_player, expected.second_player);
  EXPECT_EQ(b.result, expected.result);
  EXPECT_EQ(b.reason, expected.reason);
  EXPECT_EQ(b.first_points, expected.first_points);
  EXPECT_EQ(b.second_points, expected.second_points);
  EXPECT_EQ(b.started_ms, expected.started_ms);
  EXPECT_EQ(b.ended_ms, 5000);
  EXPECT_EQ(b.move_count, 3);
}

TEST_P(StoreArchive, EveryFilterAloneAndCombinedMatchesAScan) {
  const std::vector<std::string> games = {"tablut", "draughts", "alquerque"};
  const std::vector<std::string> players = {"ann", "bob", "cid", "dee", "eve"};
  const std::vector<std::string> results = {"first", "second", "draw"};
  std::mt19937 rng(7);
  std::vector<GameRecord> all;
  std::vector<std::future<StoreError>> saves;
  for (int i = 0; i < 300; ++i) {
    const std::size_t first = rng() % players.size();
    const std::size_t second = (first + 1 + rng() % (players.size() - 1)) % players.size();
    all.push_back(sample_game("g" + std::to_string(i), 10'000 + (i / 3) * 10, games[rng() % games.size()],
                              players[first], players[second], results[rng() % results.size()]));
    saves.push_back(save_later(*store, all.back()));
  }
  for (auto& s : saves) ASSERT_TRUE(s.get().ok());
  std::sort(all.begin(), all.end(), [](const GameRecord& a, const GameRecord& b) {
    return std::tie(a.ended_ms, a.id) > std::tie(b.ended_ms, b.id);
  });

  for (int mask = 0; mask < 32; ++mask) {
    ArchiveQuery q;
    q.limit = 7;
    if (mask & 1) q.game = "draughts";
    if (mask & 2) q.player = "bob";
    if (mask & 4) q.result = "second";
    if (mask & 8) q.from_ms = 10'300;
    if (mask & 16) q.to_ms = 10'800;
    std::vector<std::string> expected;
    for (const GameRecord& g : all) {
      if (q.game && g.game != *q.game) continue;
      if (q.player && g.first_player != *q.player && g.second_player != *q.player) continue;
      if (q.result && g.result != *q.result) continue;
      if (q.from_ms && g.ended_ms < *q.from_ms) continue;
      if (q.to_ms && g.ended_ms >= *q.to_ms) continue;
      expected.push_back(g.id);
    }
    ASSERT_FALSE(expected.empty()) << "mask " << mask << " tests nothing";
    EXPECT_EQ(ids(list_all(*store, q)), expected) << "filter mask " << mask;
  }
  // A cursor above to_ms (the client narrowed the range between pages) is implied by
  // to_ms; a cursor below it implies to_ms.
  ArchiveQuery narrowed;
  narrowed.to_ms = 10'500;
  narrowed.limit = 100;
  const std::vector<std::string> below_to = ids(list_all(*store, narrowed));
  narrowed.cursor = sql::encode_cursor(20'000, "g");
  EXPECT_EQ(ids(list_all(*store, narrowed)), below_to);
  narrowed.cursor = sql::encode_cursor(10'200, "g");
  narrowed.to_ms = 10'900;
  std::vector<std::string> expected_below;
  for (const GameRecord& g : all) {
    if (std::tie(g.ended_ms, g.id) < std::tuple<std::int64_t, std::string>(10'200, "g")) expected_below.push_back(g.id);
  }
  EXPECT_EQ(ids(list_all(*store, narrowed)), expected_below);

  ArchiveQuery q;
  q.player = "nobody";
  EXPECT_TRUE(list_all(*store, q).empty());
}

TEST_P(StoreArchive, PagingVisitsEveryGameOnceInOrder) {
  std::vector<std::future<StoreError>> saves;
  std::vector<std::string> expected;
  for (int i = 0; i < 250; ++i) {
    // ended_ms repeats (five games per ms) so pages split ties.
    char id[16];
    std::snprintf(id, sizeof id, "g%03d", i);
    saves.push_back(save_later(*store, sample_game(id, 1000 + i / 5)));
    expected.push_back(id);
  }
  for (auto& s : saves) ASSERT_TRUE(s.get().ok());
  std::reverse(expected.begin(), expected.end());
  ArchiveQuery q;
  q.limit = 7;
  int pages = 0;
  EXPECT_EQ(ids(list_all(*store, q, &pages)), expected);
  EXPECT_EQ(pages, 36);  // 35 full pages and 5 left over

  q.limit = 50;  // an exact multiple: the last full page has no cursor
  EXPECT_EQ(ids(list_all(*store, q, &pages)), expected);
  EXPECT_EQ(pages, 5);
  q.limit = 100;
  EXPECT_EQ(ids(list_all(*store, q, &pages)), expected);
  EXPECT_EQ(pages, 3);
  q.limit = 1;
  EXPECT_EQ(ids(list_all(*store, q, &pages)), expected);
  EXPECT_EQ(pages, 250);
}

TEST_P(StoreArchive, InvalidLimitsAndCursorsAreInvalidQueries) {
  ASSERT_TRUE(save(*store, sample_game("g1", 1000)).ok());
  for (int limit : {0, -1, 101, 1000000}) {
    ArchiveQuery q;
    q.limit = limit;
    auto page = list(*store, q);
    EXPECT_EQ(page.error.code, StoreErrc::invalid_query) << limit;
    EXPECT_FALSE(page.error.message.empty());
  }
  for (const char* cursor : {"", "garbage", "c1.", "c1.12", "c1.12.", "c1.x.6731", "c1.12.673", "c1.12.67zz",
                             "c2.12.6731", "c1.99999999999999999999.67"}) {
    ArchiveQuery q;
    q.cursor = cursor;
    auto page = list(*store, q);
    EXPECT_EQ(page.error.code, StoreErrc::invalid_query) << cursor;
    EXPECT_NE(page.error.message.find("cursor"), std::string::npos);
  }
  ArchiveQuery q;
  q.result = "won";
  EXPECT_EQ(list(*store, q).error.code, StoreErrc::invalid_query);
  EXPECT_TRUE(store->healthy());
}

TEST_P(StoreArchive, AccountsCreateFindConflict) {
  Account a{"ann", "00ff", "abcdef", 600000, 1234};
  ASSERT_TRUE(create(*store, a).ok());
  auto found = find(*store, "ann");
  ASSERT_TRUE(found.error.ok());
  EXPECT_EQ(found.value->name, "ann");
  EXPECT_EQ(found.value->salt, "00ff");
  EXPECT_EQ(found.value->hash, "abcdef");
  EXPECT_EQ(found.value->iterations, 600000);
  EXPECT_EQ(found.value->created_ms, 1234);
  Account again{"ann", "11", "22", 1, 5};
  EXPECT_EQ(create(*store, again).code, StoreErrc::conflict);
  EXPECT_EQ(find(*store, "ann").value->hash, "abcdef");
  EXPECT_EQ(find(*store, "Ann").error.code, StoreErrc::not_found);  // names are exact
}

TEST_P(StoreArchive, ReopeningKeepsEverything) {
  std::vector<GameRecord> games;
  for (int i = 0; i < 20; ++i) {
    games.push_back(sample_game("g" + std::to_string(i), 1000 + i));
    ASSERT_TRUE(save(*store, games.back()).ok());
  }
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  store->close();
  store = open();
  ASSERT_NE(store, nullptr);
  for (const GameRecord& g : games) EXPECT_EQ(*get(*store, g.id).value, g);
  EXPECT_EQ(find(*store, "ann").value->hash, "h");
  EXPECT_EQ(list_all(*store, {}).size(), 20u);
}

TEST_F(SqliteStoreTest, AReopenedFileIsInWalModeWithFullSync) {
  ASSERT_TRUE(save(*store, sample_game("g1", 1000)).ok());
  store->close();
  store = open_store(path());
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(sql_rows(*store, "PRAGMA journal_mode"), std::vector<std::string>{"wal"});
  EXPECT_EQ(sql_rows(*store, "PRAGMA synchronous"), std::vector<std::string>{"2"});  // FULL
}

TEST_P(StoreArchive, ManyThreadsSavingAtOnceAllSucceed) {
  constexpr int kThreads = 8;
  constexpr int kPerThread = 40;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::future<StoreError>> mine;
      for (int i = 0; i < kPerThread; ++i) {
        mine.push_back(save_later(*store, sample_game("t" + std::to_string(t) + "-" + std::to_string(i), 1000 + i)));
        if (i % 10 == 0) std::this_thread::yield();
      }
      for (auto& f : mine) {
        if (!f.get().ok()) ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(sql(*store, "SELECT count(*) FROM games"), std::vector<std::string>{"320"});
  EXPECT_EQ(sql(*store, "SELECT count(*) FROM moves"), std::vector<std::string>{"960"});
  EXPECT_EQ(list_all(*store, {}).size(), 320u);
  if (auto* sqlite = dynamic_cast<SqliteStore*>(store.get())) {  // its counters
    const SqliteStoreStats stats = sqlite->stats();
    EXPECT_EQ(stats.write_jobs, 320u);
    EXPECT_LE(stats.transactions, 320u);
  }
  EXPECT_TRUE(store->healthy());
}

TEST_F(SqliteStoreTest, QueuedWritesShareOneTransactionAndEachGetsItsOwnResult) {
  // Hold the writer while 50 writes queue up behind it.
  std::promise<void> release;
  std::shared_future<void> gate = release.get_future().share();
  std::promise<void> worker_busy;
  store->run_after_writes([gate, &worker_busy] {
    worker_busy.set_value();
    gate.wait();
  });
  worker_busy.get_future().wait();
  const SqliteStoreStats before = store->stats();
  std::vector<std::future<StoreError>> saves;
  for (int i = 0; i < 50; ++i) saves.push_back(save_later(*store, sample_game("g" + std::to_string(i), 1000 + i)));
  saves.push_back(save_later(*store, sample_game("g7", 5000)));  // a duplicate inside the batch
  auto listed = later<StoreResult<ArchivePage>>([&](auto done) { store->list_games({}, done); });
  release.set_value();

  for (int i = 0; i < 50; ++i) EXPECT_TRUE(saves[static_cast<std::size_t>(i)].get().ok()) << i;
  EXPECT_EQ(saves.back().get().code, StoreErrc::conflict);
  const SqliteStoreStats after = store->stats();
  EXPECT_EQ(after.write_jobs - before.write_jobs, 51u);
  EXPECT_EQ(after.transactions - before.transactions, 1u);
  // The read queued after the writes sees all of them.
  auto page = listed.get();
  ASSERT_TRUE(page.error.ok());
  EXPECT_EQ(page.value->games.front().id, "g49");
  EXPECT_EQ(*get(*store, "g7").value, sample_game("g7", 1007));
}

TEST_P(StoreArchive, CloseRunsQueuedJobsThenRefusesNewOnes) {
  std::vector<std::future<StoreError>> saves;
  for (int i = 0; i < 100; ++i) saves.push_back(save_later(*store, sample_game("g" + std::to_string(i), i)));
  store->close();
  for (auto& s : saves) {
    ASSERT_EQ(s.wait_for(std::chrono::seconds(0)), std::future_status::ready);
    EXPECT_TRUE(s.get().ok());
  }
  EXPECT_EQ(save(*store, sample_game("late", 1)).code, StoreErrc::unavailable);
  EXPECT_EQ(get(*store, "g1").error.code, StoreErrc::unavailable);
  store->close();  // idempotent
  store = open();
  ASSERT_NE(store, nullptr);
  ArchiveQuery all;
  all.limit = 100;
  EXPECT_EQ(list_all(*store, all).size(), 100u);
  EXPECT_EQ(get(*store, "late").error.code, StoreErrc::not_found);
}

TEST_F(SqliteStoreTest, OpenSqliteStoreGivesTheInterface) {
  store->close();
  auto opened = open_sqlite_store(path());
  ASSERT_TRUE(opened.error.ok()) << opened.error.message;
  std::unique_ptr<Store> s = std::move(*opened.value);
  ASSERT_TRUE(save(*s, sample_game("g1", 1)).ok());
  EXPECT_TRUE(get(*s, "g1").error.ok());
  s.reset();  // the destructor closes
  store = open_store(path());
  EXPECT_TRUE(get(*store, "g1").error.ok());
}

}  // namespace
}  // namespace bh::storage

namespace bh::storage::testing {
namespace {

// Issue 12.7: a private game is listed only to its players, and read by id by anyone.
TEST_P(StoreArchive, PrivateGamesAreListedOnlyToTheirPlayers) {
  GameRecord secret = sample_game("secret", 4000, "tablut", "ann", "bob");
  secret.is_private = true;
  ASSERT_TRUE(save_later(*store, secret).get().ok());
  ASSERT_TRUE(save_later(*store, sample_game("open", 3000, "tablut", "ann", "cid")).get().ok());
  auto listed = [&](ArchiveQuery q) {
    auto page = list(*store, std::move(q));
    EXPECT_TRUE(page.error.ok()) << page.error.message;
    return page.error.ok() ? ids(page.value->games) : std::vector<std::string>{};
  };
  const std::vector<std::string> both{"secret", "open"}, public_only{"open"};
  EXPECT_EQ(listed({}), public_only);  // nobody (HTTP)
  ArchiveQuery by_ann;
  by_ann.player = "ann";
  EXPECT_EQ(listed(by_ann), public_only);
  ArchiveQuery as_bob;
  as_bob.viewer = "bob";
  EXPECT_EQ(listed(as_bob), both);
  as_bob.player = "ann";  // bob looking at ann's games sees the one he played with her
  EXPECT_EQ(listed(as_bob), both);
  ArchiveQuery as_cid;
  as_cid.viewer = "cid";
  EXPECT_EQ(listed(as_cid), public_only);
  as_cid.game = "tablut";
  as_cid.result = "first";
  EXPECT_EQ(listed(as_cid), public_only);
  auto fetched = get(*store, "secret");
  ASSERT_TRUE(fetched.error.ok()) << fetched.error.message;
  EXPECT_EQ(*fetched.value, secret);  // the flag round-trips
}

}  // namespace
}  // namespace bh::storage::testing
