// The back-off after failed logins (app/login_throttle): per (name, address), so a
// guesser elsewhere never locks the owner out; the ceiling per name, which the name's
// last good address passes; and bounded memory.
#include "app/players/login_throttle.hpp"

#include <gtest/gtest.h>

namespace bh::app {
namespace {

using namespace std::chrono_literals;
using Clock = LoginThrottle::Clock;

TEST(LoginThrottle, AGuesserWaitsAndTheOwnerElsewhereDoesNot) {
  LoginThrottle throttle;
  const auto t0 = Clock::now();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0), 0) << i;
    throttle.failed("olga", "10.0.0.2", t0);
  }
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0), 1000);  // 3 free, then 1 s
  throttle.failed("olga", "10.0.0.2", t0 + 1s);
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0 + 1s), 2000);  // doubling
  for (int i = 0; i < 20; ++i) throttle.failed("olga", "10.0.0.2", t0 + 2s);
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0 + 2s), 60'000);  // at most a minute
  // Regression (issue 26, point 3): the owner, from another address, is not slowed.
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.3", t0 + 2s), 0);
  // Nor another name from the guessing address.
  EXPECT_EQ(throttle.wait_ms("oleg", "10.0.0.2", t0 + 2s), 0);
  // A success clears the pair's count.
  throttle.succeeded("olga", "10.0.0.2", t0 + 70s);
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0 + 70s), 0);
  throttle.failed("olga", "10.0.0.2", t0 + 70s);
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0 + 70s), 0);
}

TEST(LoginThrottle, ThePairIsForgottenAfterAQuietHour) {
  LoginThrottle throttle;
  const auto t0 = Clock::now();
  for (int i = 0; i < 10; ++i) throttle.failed("olga", "10.0.0.2", t0);
  throttle.failed("olga", "10.0.0.2", t0 + 30min);
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0 + 30min), 60'000);  // still counted
  throttle.failed("olga", "10.0.0.2", t0 + 91min);
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.2", t0 + 91min), 0);  // forgotten: a fresh count, 1 of 3
}

TEST(LoginThrottle, TheCeilingPerNameStopsManyAddressesButNotTheLastGoodOne) {
  LoginThrottle::Limits limits;
  limits.name_ceiling = 20;
  LoginThrottle throttle(limits);
  const auto t0 = Clock::now();
  throttle.succeeded("olga", "10.0.0.9", t0);  // the owner's address
  // Twenty addresses, one failure each: none is slowed by its own count...
  for (int i = 0; i < 19; ++i) throttle.failed("olga", "10.1.0." + std::to_string(i), t0);
  EXPECT_EQ(throttle.wait_ms("olga", "10.2.0.1", t0), 0);
  throttle.failed("olga", "10.1.0.19", t0);
  // ...but the name's ceiling is reached: a new address waits (a twentieth of an hour
  // for the next failure to be refilled)...
  const auto wait = throttle.wait_ms("olga", "10.2.0.1", t0);
  EXPECT_GT(wait, 170'000);
  EXPECT_LE(wait, 180'001);
  // ...the owner's last good address does not...
  EXPECT_EQ(throttle.wait_ms("olga", "10.0.0.9", t0), 0);
  // ...unless it has failures of its own.
  throttle.failed("olga", "10.0.0.9", t0);
  EXPECT_GT(throttle.wait_ms("olga", "10.0.0.9", t0), 0);
  // Other names are not affected, and the ceiling refills with time.
  EXPECT_EQ(throttle.wait_ms("oleg", "10.2.0.1", t0), 0);
  EXPECT_EQ(throttle.wait_ms("olga", "10.2.0.1", t0 + 7min), 0);
}

TEST(LoginThrottle, MemoryIsBounded) {
  LoginThrottle::Limits limits;
  limits.max_entries = 1000;
  LoginThrottle throttle(limits);
  const auto t0 = Clock::now();
  for (int i = 0; i < 20'000; ++i)
    throttle.failed("name" + std::to_string(i), "10.0." + std::to_string(i % 250) + ".1", t0 + i * 1ms);
  for (int i = 0; i < 20'000; ++i) throttle.succeeded("good" + std::to_string(i), "10.9.0.1", t0 + 20s);
  EXPECT_LE(throttle.size(), 3000u);
  // The newest entries are the ones kept: a guesser's latest count still holds.
  for (int i = 0; i < 5; ++i) throttle.failed("olga", "10.0.0.2", t0 + 30s);
  EXPECT_GT(throttle.wait_ms("olga", "10.0.0.2", t0 + 30s), 0);
  // An hour later everything old is swept.
  throttle.failed("late", "10.0.0.3", t0 + 2h);
  EXPECT_LE(throttle.size(), 1000u + 2);
}

}  // namespace
}  // namespace bh::app
