#include "net/rate_limiter.hpp"

#include <gtest/gtest.h>

namespace bh::net {
namespace {

using namespace std::chrono_literals;
using Verdict = RateLimiter::Verdict;

TEST(RateLimiter, AcceptsABurstThenDropsUntilTokensRefill) {
  const auto start = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(10, 5, start);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(limiter.on_message(start), Verdict::accept) << i;
  EXPECT_EQ(limiter.on_message(start), Verdict::drop);
  // 10 per second: one token every 100 ms.
  EXPECT_EQ(limiter.on_message(start + 100ms), Verdict::accept);
  EXPECT_EQ(limiter.on_message(start + 100ms), Verdict::drop);
  // A long pause refills to the burst, no more.
  const auto later = start + 10s;
  for (int i = 0; i < 5; ++i) EXPECT_EQ(limiter.on_message(later), Verdict::accept) << i;
  EXPECT_EQ(limiter.on_message(later), Verdict::drop);
}

TEST(RateLimiter, SteadySendingAtTheRateIsNeverDropped) {
  auto now = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(20, 40, now);
  for (int i = 0; i < 2000; ++i) {
    now += 50ms;
    ASSERT_EQ(limiter.on_message(now), Verdict::accept) << i;
  }
}

TEST(RateLimiter, TwiceTheRateDropsButIsNotDisconnected) {
  auto now = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(20, 40, now);
  int dropped = 0;
  for (int i = 0; i < 4000; ++i) {  // 40 per second for 100 s
    now += 25ms;
    const auto verdict = limiter.on_message(now);
    ASSERT_NE(verdict, Verdict::disconnect) << i;
    dropped += verdict == Verdict::drop;
  }
  EXPECT_GT(dropped, 1500);
}

TEST(RateLimiter, AFloodFarBeyondTheRateIsDisconnected) {
  const auto now = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(20, 40, now);
  int accepted = 0, dropped = 0;
  Verdict verdict = Verdict::accept;
  for (int i = 0; i < 1000 && verdict != Verdict::disconnect; ++i) {
    verdict = limiter.on_message(now);
    accepted += verdict == Verdict::accept;
    dropped += verdict == Verdict::drop;
  }
  EXPECT_EQ(verdict, Verdict::disconnect);
  EXPECT_EQ(accepted, 40);
  EXPECT_EQ(dropped, 160);  // the flood allowance: four bursts
}

}  // namespace
}  // namespace bh::net
