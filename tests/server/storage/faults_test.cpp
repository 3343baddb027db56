// Storage faults: a read-only file, a full disk and recovery from it, and the
// fault-injecting FaultyStore the server tests use.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>

#include "storage/faulty_store.hpp"
#include "storage_test_util.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;
namespace fs = std::filesystem;

// Collects what the store logs.
struct LogSink {
  std::mutex mu;
  std::vector<std::string> lines;
  std::function<void(const std::string&)> fn() {
    return [this](const std::string& line) {
      std::lock_guard lock(mu);
      lines.push_back(line);
    };
  }
  bool contains(const std::string& text) {
    std::lock_guard lock(mu);
    for (const auto& line : lines) {
      if (line.find(text) != std::string::npos) return true;
    }
    return false;
  }
};

TEST(FaultsTest, AReadOnlyFileFailsWritesLoudlyAndLosesNothing) {
  TempDir dir;
  const std::string path = dir.file("archive.db");
  std::vector<GameRecord> games;
  {
    auto store = open_store(path);
    ASSERT_NE(store, nullptr);
    for (int i = 0; i < 5; ++i) {
      games.push_back(sample_game("g" + std::to_string(i), 1000 + i));
      ASSERT_TRUE(save(*store, games.back()).ok());
    }
  }
  // chmod is what an operator would do; root ignores it, so the store is also asked to
  // open read-only there. Either way SQLite answers SQLITE_READONLY to the write.
  fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  LogSink log;
  SqliteOptions options;
  options.read_only = geteuid() == 0;
  options.log = log.fn();
  {
    auto store = open_store(path, options);
    ASSERT_NE(store, nullptr);
    EXPECT_FALSE(store->healthy()) << "a read-only file is unhealthy from the start: no new games";
    EXPECT_TRUE(log.contains("read-only")) << "opening read-only is logged";
    const StoreError error = save(*store, sample_game("new", 9000));
    EXPECT_EQ(error.code, StoreErrc::unavailable);
    EXPECT_NE(error.message.find("readonly"), std::string::npos) << error.message;
    EXPECT_FALSE(store->healthy());
    EXPECT_EQ(create(*store, Account{"ann", "s", "h", 1, 1}).code, StoreErrc::unavailable);
    EXPECT_FALSE(store->healthy());
    EXPECT_TRUE(log.contains("every write will fail")) << "the failure is logged once, at open";
    // Reads still work and see everything stored before.
    for (const GameRecord& g : games) EXPECT_EQ(*get(*store, g.id).value, g);
    EXPECT_EQ(get(*store, "new").error.code, StoreErrc::not_found);
  }
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
  auto store = open_store(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(list_all(*store, {}).size(), games.size());
  EXPECT_EQ(sql_rows(*store, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

TEST(FaultsTest, AFullDiskFailsTheBatchUntilAWriteSucceedsAgain) {
  TempDir dir;
  LogSink log;
  SqliteOptions options;
  options.log = log.fn();
  auto store = open_store(dir.file("archive.db"), options);
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(save(*store, sample_game("before", 1000)).ok());
  // max_page_count is SQLite's own quota: growing the file past it is SQLITE_FULL, the
  // error a full disk gives, without filling a disk.
  const std::string pages = sql_rows(*store, "PRAGMA page_count").at(0);
  sql_rows(*store, "PRAGMA max_page_count = " + pages);
  GameRecord big = sample_game("big", 2000);
  big.moves.assign(5000, MoveRecord{std::string(100, 'm'), 1, 2, 3});
  for (std::size_t i = 0; i < big.moves.size(); ++i) big.moves[i].text += std::to_string(i);
  const StoreError error = save(*store, big);
  EXPECT_EQ(error.code, StoreErrc::unavailable);
  EXPECT_NE(error.message.find("full"), std::string::npos) << error.message;
  EXPECT_FALSE(store->healthy());
  EXPECT_TRUE(log.contains("storage FAILED"));
  EXPECT_EQ(get(*store, "big").error.code, StoreErrc::not_found);  // rolled back whole
  EXPECT_EQ(sql_rows(*store, "SELECT count(*) FROM moves WHERE game_id = 'big'"), std::vector<std::string>{"0"});
  EXPECT_EQ(store->stats().failed_transactions, 1u);

  sql_rows(*store, "PRAGMA max_page_count = 1000000000");  // space freed
  ASSERT_TRUE(save(*store, big).ok());
  EXPECT_TRUE(store->healthy());
  EXPECT_TRUE(log.contains("storage recovered"));
  EXPECT_EQ(*get(*store, "big").value, big);
  EXPECT_EQ(*get(*store, "before").value, sample_game("before", 1000));
  EXPECT_EQ(sql_rows(*store, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

class FaultyStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto inner = open_store(dir.file("archive.db"));
    ASSERT_NE(inner, nullptr);
    faulty = std::make_unique<FaultyStore>(std::move(inner));
  }
  TempDir dir;
  std::unique_ptr<FaultyStore> faulty;
};

TEST_F(FaultyStoreTest, FailsTheNextWritesThenRecovers) {
  faulty->fail_next_writes(2);
  EXPECT_EQ(save(*faulty, sample_game("a", 1)).code, StoreErrc::unavailable);
  EXPECT_FALSE(faulty->healthy());
  EXPECT_EQ(create(*faulty, Account{"ann", "s", "h", 1, 1}).code, StoreErrc::unavailable);
  EXPECT_TRUE(save(*faulty, sample_game("b", 2)).ok());
  EXPECT_TRUE(faulty->healthy());
  EXPECT_EQ(faulty->injected_failures(), 2u);
  EXPECT_EQ(get(*faulty, "a").error.code, StoreErrc::not_found);  // never written
  EXPECT_EQ(find(*faulty, "ann").error.code, StoreErrc::not_found);
  EXPECT_TRUE(get(*faulty, "b").error.ok());
}

// Queues five injected write failures, each followed by a read; returns the order of
// their completions and the threads they ran on (writes first, then reads).
struct Completions {
  std::vector<std::string> order;
  std::set<std::thread::id> write_threads, read_threads;
};
Completions writes_then_reads(FaultyStore& faulty) {
  std::mutex mu;
  Completions seen;
  std::vector<std::future<StoreError>> done;
  std::vector<std::future<bool>> reads;
  for (int i = 0; i < 5; ++i) {
    done.push_back(later<StoreError>([&, i](auto finish) {
      faulty.save_game(sample_game("w" + std::to_string(i), i), [&, i, finish](StoreError e) {
        {
          std::lock_guard lock(mu);
          seen.order.push_back("w" + std::to_string(i));
          seen.write_threads.insert(std::this_thread::get_id());
        }
        finish(std::move(e));
      });
    }));
    reads.push_back(later<bool>([&, i](auto finish) {
      faulty.get_game("w0", [&, i, finish](StoreResult<GameRecord>) {
        {
          std::lock_guard lock(mu);
          seen.order.push_back("r" + std::to_string(i));
          seen.read_threads.insert(std::this_thread::get_id());
        }
        finish(true);
      });
    }));
  }
  for (auto& d : done) EXPECT_EQ(d.get().code, StoreErrc::unavailable);
  for (auto& r : reads) r.get();
  return seen;
}

TEST_F(FaultyStoreTest, FailsAllWritesOrReadsWhileOnAndKeepsOrder) {
  faulty->fail_all_writes(true);
  // Injected failures complete like real writes: in queue order, on the writer; a read
  // completes after the writes queued before it (on a reader, beside later writes).
  const Completions seen = writes_then_reads(*faulty);
  auto at = [&](const std::string& name) {
    return std::find(seen.order.begin(), seen.order.end(), name) - seen.order.begin();
  };
  ASSERT_EQ(seen.order.size(), 10u);
  for (int i = 0; i < 5; ++i) {
    if (i > 0) {
      EXPECT_LT(at("w" + std::to_string(i - 1)), at("w" + std::to_string(i)));
    }
    EXPECT_LT(at("w" + std::to_string(i)), at("r" + std::to_string(i)));
  }
  EXPECT_EQ(seen.write_threads.size(), 1u);
  EXPECT_EQ(seen.write_threads.count(std::this_thread::get_id()), 0u);
  EXPECT_EQ(seen.read_threads.count(std::this_thread::get_id()), 0u);
  ASSERT_TRUE(get(*faulty, "w0").error.code == StoreErrc::not_found);
  EXPECT_FALSE(faulty->healthy());

  faulty->fail_all_writes(false);
  ASSERT_TRUE(save(*faulty, sample_game("ok", 1)).ok());
  faulty->fail_all_reads(true);
  EXPECT_EQ(get(*faulty, "ok").error.code, StoreErrc::unavailable);
  EXPECT_EQ(list(*faulty, {}).error.code, StoreErrc::unavailable);
  EXPECT_EQ(find(*faulty, "x").error.code, StoreErrc::unavailable);
  faulty->fail_all_reads(false);
  EXPECT_TRUE(get(*faulty, "ok").error.ok());
  EXPECT_TRUE(faulty->healthy());
  faulty->close();
  EXPECT_EQ(save(*faulty, sample_game("late", 1)).code, StoreErrc::unavailable);
}

TEST(FaultyStoreNoReaders, InjectedFailuresAndReadsCompleteInQueueOrderOnOneThread) {
  // readers = 0: every job on the one thread, strictly in queue order.
  TempDir dir;
  SqliteOptions options;
  options.readers = 0;
  auto inner = open_store(dir.file("archive.db"), options);
  ASSERT_NE(inner, nullptr);
  FaultyStore faulty(std::move(inner));
  faulty.fail_all_writes(true);
  const Completions seen = writes_then_reads(faulty);
  EXPECT_EQ(seen.order, (std::vector<std::string>{"w0", "r0", "w1", "r1", "w2", "r2", "w3", "r3", "w4", "r4"}));
  EXPECT_EQ(seen.write_threads, seen.read_threads);
  EXPECT_EQ(seen.write_threads.size(), 1u);
}

}  // namespace
}  // namespace bh::storage
