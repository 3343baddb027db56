// The SQLite writer's commit window (SqliteOptions::commit_window_us, --commit-window-us):
// writes queued within the window after the first share one commit, and each is answered
// no sooner than the window after the first was queued. Off, nothing waits.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>

#include "storage_test_util.hpp"

namespace bh::storage::testing {
namespace {

using Clock = std::chrono::steady_clock;

// Queues `n` finished games at once; how long until the last was answered.
std::chrono::milliseconds finish_at_once(SqliteStore& store, int n) {
  std::atomic<int> left{n};
  std::promise<void> all;
  const auto start = Clock::now();
  for (int i = 0; i < n; ++i)
    store.finish_game(sample_game("g" + std::to_string(i), 1000 + i), std::nullopt, [&](StoreResult<GameFinish> r) {
      EXPECT_TRUE(r.error.ok()) << r.error.message;
      if (--left == 0) all.set_value();
    });
  all.get_future().wait();
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
}

TEST(CommitWindow, WritesQueuedWithinTheWindowShareOneCommitAnsweredAfterIt) {
  TempDir dir;
  SqliteOptions options;
  options.commit_window_us = 50'000;  // far longer than queueing twenty jobs takes
  auto store = open_store(dir.file("window.db"), options);
  ASSERT_NE(store, nullptr);
  const auto took = finish_at_once(*store, 20);
  EXPECT_EQ(store->stats().transactions, 1u);
  EXPECT_EQ(store->stats().write_jobs, 20u);
  EXPECT_GE(took, std::chrono::milliseconds(50)) << "the window is the latency it costs";
  EXPECT_EQ(sql_rows(*store, "SELECT count(*) FROM games"), std::vector<std::string>{"20"});
}

TEST(CommitWindow, OffByDefault) { EXPECT_EQ(SqliteOptions{}.commit_window_us, 0); }

}  // namespace
}  // namespace bh::storage::testing
