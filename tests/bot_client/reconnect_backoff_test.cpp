#include "reconnect_backoff.hpp"

#include <gtest/gtest.h>

namespace bh::bot::client {
namespace {

TEST(ReconnectBackoff, StartsAtHalfASecondAndDoublesToTenSecondsWithJitter) {
  ReconnectBackoff b(42);
  const std::int64_t bases[] = {500, 1000, 2000, 4000, 8000, 10000, 10000};
  for (std::int64_t base : bases) {
    const std::int64_t wait = b.next();
    EXPECT_GE(wait, base - base / 5);
    EXPECT_LE(wait, base + base / 5);
  }
}

TEST(ReconnectBackoff, ResetGoesBackToTheFirstStep) {
  ReconnectBackoff b(1);
  b.next();
  b.next();
  b.reset();
  EXPECT_LE(b.next(), 600);
}

TEST(ReconnectBackoff, ServersRetryAfterIsAFloor) {
  ReconnectBackoff b(3);
  EXPECT_GE(b.next(5000), 5000);
}

}  // namespace
}  // namespace bh::bot::client
