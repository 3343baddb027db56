// The chat rate (app/chat_rate): 5 lines per 10 s per identity per game, a burst of 3.
#include "game/chat_rate.hpp"

#include <gtest/gtest.h>

namespace bh::game {
namespace {

using namespace std::chrono_literals;

TEST(TokenBucket, BurstThenOneTokenEveryTwoSeconds) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  TokenBucket bucket(kChatRate, kChatBurst, t0);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(bucket.take(t0), 0);
  EXPECT_EQ(bucket.take(t0), 2000);
  EXPECT_EQ(bucket.take(t0 + 1500ms), 500);
  EXPECT_EQ(bucket.take(t0 + 2s), 0);
  EXPECT_GT(bucket.take(t0 + 2s), 0);
  EXPECT_FALSE(bucket.full(t0 + 5s));
  EXPECT_TRUE(bucket.full(t0 + 8s));
}

TEST(ChatRate, FiveLinesPerTenSecondsAfterTheBurst) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  ChatRate rate;
  int sent = 0;
  for (int ms = 0; ms < 10'000; ms += 100) sent += rate.take("g1", "alice", t0 + std::chrono::milliseconds(ms)) == 0;
  EXPECT_EQ(sent, 3 + 4);  // the burst, then a line at 2, 4, 6 and 8 s (10 s is not in)
}

TEST(ChatRate, IdentitiesAndGamesHaveTheirOwnBuckets) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  ChatRate rate;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(rate.take("g1", "alice", t0), 0);
  EXPECT_GT(rate.take("g1", "alice", t0), 0);
  EXPECT_EQ(rate.take("g1", "bob", t0), 0);
  EXPECT_EQ(rate.take("g2", "alice", t0), 0);  // the match's next game
}

TEST(ChatRate, QuietIdentitiesAreForgottenPastTheBound) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  ChatRate rate(4);
  for (int i = 0; i < 4; ++i) rate.take("g", "p" + std::to_string(i), t0);
  EXPECT_EQ(rate.size(), 4u);
  rate.take("g", "late", t0 + 10s);  // the others have refilled: forgotten
  EXPECT_EQ(rate.size(), 1u);
  rate.take("g", "later", t0 + 10s);
  EXPECT_EQ(rate.size(), 2u);
}

}  // namespace
}  // namespace bh::game
