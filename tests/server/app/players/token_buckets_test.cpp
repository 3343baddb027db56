// Per-address token buckets (app/token_buckets) and the log throttle (log/throttle).
#include "app/players/token_buckets.hpp"

#include <gtest/gtest.h>

#include "log/throttle.hpp"

namespace bh::app {
namespace {

using namespace std::chrono_literals;

TEST(TokenBuckets, BurstThenRate) {
  TokenBuckets buckets(2, 3);  // 2 a second, 3 at once
  const auto t0 = TokenBuckets::Clock::now();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(buckets.take("a", t0), 0);
  EXPECT_EQ(buckets.take("a", t0), 500);  // the next token in half a second
  EXPECT_EQ(buckets.take("b", t0), 0);    // another key has its own
  EXPECT_EQ(buckets.take("a", t0 + 250ms), 250);
  EXPECT_EQ(buckets.take("a", t0 + 500ms), 0);
  buckets.give_back("a");
  EXPECT_EQ(buckets.take("a", t0 + 500ms), 0);
}

TEST(TokenBuckets, MemoryIsBounded) {
  TokenBuckets buckets(1, 1, /*max_keys=*/100);
  const auto t0 = TokenBuckets::Clock::now();
  for (int i = 0; i < 10'000; ++i) buckets.take("k" + std::to_string(i), t0);
  EXPECT_LE(buckets.size(), 100u);
  // Keys that refilled are forgotten first, so a quiet server keeps nothing for long.
  for (int i = 0; i < 100; ++i) buckets.take("late" + std::to_string(i), t0 + 10s);
  EXPECT_LE(buckets.size(), 100u);
}

TEST(LogThrottle, OneLineAnIntervalWithTheCountHeldBack) {
  log::Throttle throttle(10s);
  const auto t0 = log::Throttle::Clock::now();
  EXPECT_EQ(throttle.pass("accept: too many open files", t0), "accept: too many open files");
  EXPECT_FALSE(throttle.pass("x", t0 + 1s));
  EXPECT_FALSE(throttle.pass("x", t0 + 9s));
  EXPECT_EQ(throttle.pass("accept: too many open files", t0 + 10s),
            "accept: too many open files (2 more like it held back)");
}

}  // namespace
}  // namespace bh::app
