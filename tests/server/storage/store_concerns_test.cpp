// The store split by concern: each of LiveGames, Archive, Accounts and Ratings used
// through its own interface alone; and the readers beside the writer (sqlite_store.hpp,
// pg/pg_store.hpp): a read does not wait for writes queued after it, nor for writes of
// kinds it cannot see, and still sees every write of its kinds queued before it. Every
// store (StoreConcerns, store_backend.hpp), and the SQLite store with 0, 1 and 2 readers.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

#include "storage/accounts.hpp"
#include "storage/archive.hpp"
#include "storage/live_games.hpp"
#include "storage/ratings.hpp"
#include "storage/store_thread.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;
using namespace std::chrono_literals;

GameRecord rated_game(const std::string& id, std::int64_t ended_ms) {
  GameRecord g = sample_game(id, ended_ms, "tablut", "alice", "bob", "first");
  g.options = {};
  g.rated = true;
  return g;
}

// What a room needs: only LiveGames.
void play_and_finish(LiveGames& live, const std::string& id) {
  ASSERT_TRUE(await<StoreError>([&](auto done) {
                live.save_live({live_header(id), "", 1, {MoveRecord{"e1-e4", -1, -1, 1100}}}, done);
              }).ok());
  auto games = await<StoreResult<std::vector<LiveGame>>>([&](auto done) { live.load_live(done); });
  ASSERT_TRUE(games.error.ok());
  ASSERT_EQ(games.value->size(), 1u);
  EXPECT_EQ(games.value->front().moves.size(), 1u);
  auto finished =
      await<StoreResult<GameFinish>>([&](auto done) { live.finish_game(rated_game(id, 5000), std::nullopt, done); });
  ASSERT_TRUE(finished.error.ok()) << finished.error.message;
  EXPECT_TRUE(finished.value->rating_changes.has_value());
  games = await<StoreResult<std::vector<LiveGame>>>([&](auto done) { live.load_live(done); });
  EXPECT_TRUE(games.value->empty());
}

// What the archive views and the importer need: only Archive.
void archive_and_read(Archive& archive, const std::string& finished_id) {
  ASSERT_TRUE(await<StoreError>([&](auto done) { archive.save_game(sample_game("imported", 4000), done); }).ok());
  auto page = await<StoreResult<ArchivePage>>([&](auto done) { archive.list_games({}, done); });
  ASSERT_TRUE(page.error.ok());
  ASSERT_EQ(page.value->games.size(), 2u);
  EXPECT_EQ(page.value->games[0].id, finished_id);
  EXPECT_EQ(page.value->games[1].id, "imported");
  auto game = await<StoreResult<GameRecord>>([&](auto done) { archive.get_game("imported", done); });
  ASSERT_TRUE(game.error.ok());
  EXPECT_EQ(*game.value, sample_game("imported", 4000));
}

// What the identity flows need: only Accounts.
void register_and_log_in(Accounts& accounts) {
  ASSERT_TRUE(await<StoreError>([&](auto done) { accounts.create_account({"alice", "s", "h1", 1, 10}, done); }).ok());
  EXPECT_EQ(await<StoreError>([&](auto done) {
              accounts.create_account({"Alice", "s", "h", 1, 10}, done);
            }).code,
            StoreErrc::conflict);
  ASSERT_TRUE(await<StoreError>([&](auto done) {
                accounts.update_password_hash({"alice", "", "h2", 0, 10}, "h1", done);
              }).ok());
  auto found = await<StoreResult<Account>>([&](auto done) { accounts.find_account("alice", done); });
  ASSERT_TRUE(found.error.ok());
  EXPECT_EQ(found.value->hash, "h2");
  EXPECT_TRUE(await<StoreResult<Account>>([&](auto done) { accounts.find_account_like("ALICE", done); }).error.ok());
  ASSERT_TRUE(await<StoreError>([&](auto done) { accounts.save_bot_account({"robot", "", "b", 0, 10}, done); }).ok());
  found = await<StoreResult<Account>>([&](auto done) { accounts.find_account("robot", done); });
  ASSERT_TRUE(found.error.ok());
  EXPECT_TRUE(found.value->bot);
}

// What the rating views need: only Ratings.
void read_standing(Ratings& ratings, const std::string& finished_id) {
  auto all = await<StoreResult<std::vector<PlayerRating>>>([&](auto done) { ratings.load_ratings(done); });
  ASSERT_TRUE(all.error.ok());
  EXPECT_EQ(all.value->size(), 2u);  // alice and bob, tablut
  auto history = await<StoreResult<std::vector<RatingHistoryEntry>>>(
      [&](auto done) { ratings.rating_history("alice", "tablut", done); });
  ASSERT_TRUE(history.error.ok());
  ASSERT_EQ(history.value->size(), 1u);
  EXPECT_EQ(history.value->front().game_id, finished_id);
  auto profile = await<StoreResult<PlayerProfile>>([&](auto done) { ratings.get_profile("alice", done); });
  ASSERT_TRUE(profile.error.ok());
  EXPECT_TRUE(profile.value->registered);
  auto board =
      await<StoreResult<std::vector<PlayerRating>>>([&](auto done) { ratings.leaderboard("tablut", 10, done); });
  EXPECT_TRUE(board.error.ok());  // provisional ratings are not listed: maybe empty
}

class StoreConcernsTest : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    SqliteOptions options;
    options.readers = GetParam();
    store = open_store(dir.file("archive.db"), options);
    ASSERT_NE(store, nullptr);
  }
  TempDir dir;
  std::unique_ptr<SqliteStore> store;
};

void reads_see_the_writes_queued_before_them(Store& store) {
  // Nothing waited for between the write and the read: the read is queued right after.
  for (int i = 0; i < 50; ++i) {
    const std::string id = "g" + std::to_string(i);
    auto saved = save_later(store, sample_game(id, 1000 + i));
    auto got = later<StoreResult<GameRecord>>([&](auto done) { store.get_game(id, done); });
    auto page = later<StoreResult<ArchivePage>>([&](auto done) { store.list_games({}, done); });
    const std::string name = "p" + std::to_string(i);
    auto created = later<StoreError>([&](auto done) { store.create_account({name, "s", "h", 1, 10}, done); });
    auto found = later<StoreResult<Account>>([&](auto done) { store.find_account(name, done); });
    auto live = later<StoreError>([&](auto done) {
      store.save_live({live_header("l" + std::to_string(i)), "", 1, {}}, done);
    });
    auto loaded = later<StoreResult<std::vector<LiveGame>>>([&](auto done) { store.load_live(done); });
    ASSERT_TRUE(saved.get().ok());
    EXPECT_TRUE(got.get().error.ok()) << id;
    auto listed = page.get();
    ASSERT_TRUE(listed.error.ok());
    EXPECT_EQ(listed.value->games.front().id, id);
    ASSERT_TRUE(created.get().ok());
    EXPECT_TRUE(found.get().error.ok()) << name;
    ASSERT_TRUE(live.get().ok());
    EXPECT_EQ(loaded.get().value->size(), static_cast<std::size_t>(i + 1));
  }
}

void each_concern_through_its_own_interface(Store& store) {
  play_and_finish(store, "g1");
  archive_and_read(store, "g1");
  register_and_log_in(store);
  read_standing(store, "g1");
}

TEST_P(StoreConcernsTest, EachConcernWorksThroughItsOwnInterface) { each_concern_through_its_own_interface(*store); }

TEST_P(StoreConcernsTest, AReadSeesEveryWriteOfItsKindQueuedBeforeIt) {
  reads_see_the_writes_queued_before_them(*store);
}

TEST_P(StoreConcerns, EachConcernWorksThroughItsOwnInterface) { each_concern_through_its_own_interface(*store); }

TEST_P(StoreConcerns, AReadSeesEveryWriteOfItsKindQueuedBeforeIt) { reads_see_the_writes_queued_before_them(*store); }

INSTANTIATE_TEST_SUITE_P(Readers, StoreConcernsTest, ::testing::Values(0, 1, 2),
                         [](const ::testing::TestParamInfo<int>& param) {
                           return std::to_string(param.param) + "_readers";
                         });

// Holds the writer, inside a live game's write completion, until released. Reads of
// the archive and the accounts do not wait for a live game's write.
class HeldWriter {
 public:
  explicit HeldWriter(Store& store) {
    auto busy = std::make_shared<std::promise<void>>();
    auto busy_future = busy->get_future();
    store.save_live({live_header("held"), "", 1, {}}, [gate = gate_, busy](StoreError) {
      busy->set_value();
      gate.wait();
    });
    busy_future.wait();
  }
  ~HeldWriter() { release(); }
  void release() {
    if (!released_) release_.set_value();
    released_ = true;
  }

 private:
  std::promise<void> release_;
  std::shared_future<void> gate_ = release_.get_future().share();
  bool released_ = false;
};

TEST_P(StoreConcerns, ReadsRunBesideABusyWriterOnTheirOwnThreads) {
  ASSERT_TRUE(save(*store, sample_game("old", 1000)).ok());
  ASSERT_TRUE(create(*store, {"ann", "s", "h", 1, 10}).ok());

  HeldWriter held(*store);
  // Moves queue up behind the held writer; reads of the archive and the accounts do not
  // wait for them (nor for the writer).
  auto live = later<StoreError>([&](auto done) { store->save_live({live_header("l1"), "", 1, {}}, done); });
  std::thread::id read_thread;
  bool marked = false;
  auto got = later<StoreResult<GameRecord>>([&](auto done) {
    store->get_game("old", [&, done](StoreResult<GameRecord> result) {
      read_thread = std::this_thread::get_id();
      marked = on_store_thread();
      done(std::move(result));
    });
  });
  auto page = later<StoreResult<ArchivePage>>([&](auto done) { store->list_games({}, done); });
  auto found = later<StoreResult<Account>>([&](auto done) { store->find_account("ann", done); });
  ASSERT_EQ(got.wait_for(10s), std::future_status::ready);
  ASSERT_EQ(page.wait_for(10s), std::future_status::ready);
  ASSERT_EQ(found.wait_for(10s), std::future_status::ready);
  EXPECT_TRUE(got.get().error.ok());
  EXPECT_EQ(page.get().value->games.size(), 1u);
  EXPECT_TRUE(found.get().error.ok());
  EXPECT_NE(read_thread, std::this_thread::get_id());
  EXPECT_TRUE(marked);  // a reader is a store thread: the app's thread check covers it
  EXPECT_EQ(live.wait_for(0s), std::future_status::timeout);
  if (auto* sqlite = dynamic_cast<SqliteStore*>(store.get())) {
    EXPECT_GE(sqlite->stats().reads, 3u);
  }

  // A read queued after a write of its kind waits for it, however long the writer takes.
  auto saved = save_later(*store, sample_game("new", 2000));
  auto after = later<StoreResult<GameRecord>>([&](auto done) { store->get_game("new", done); });
  EXPECT_EQ(after.wait_for(100ms), std::future_status::timeout);
  held.release();
  EXPECT_TRUE(live.get().ok());
  EXPECT_TRUE(saved.get().ok());
  EXPECT_TRUE(after.get().error.ok());
}

TEST_P(StoreConcerns, CloseDrainsReadsWaitingForWrites) {
  std::vector<std::future<StoreResult<GameRecord>>> reads;
  {
    HeldWriter held(*store);
    for (int i = 0; i < 20; ++i) {
      const std::string id = "g" + std::to_string(i);
      save_later(*store, sample_game(id, 1000 + i));
      reads.push_back(later<StoreResult<GameRecord>>([&](auto done) { store->get_game(id, done); }));
    }
    std::thread closer([&] { store->close(); });
    held.release();
    closer.join();
  }
  for (auto& r : reads) EXPECT_TRUE(r.get().error.ok());
  EXPECT_EQ(get(*store, "g0").error.code, StoreErrc::unavailable);
}

}  // namespace
}  // namespace bh::storage
