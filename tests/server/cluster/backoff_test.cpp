// The bus's reconnection waits: doubling within ±20 %, capped, reset once up.
#include "cluster/backoff.hpp"

#include <gtest/gtest.h>

namespace bh::cluster {
namespace {

using ms = std::chrono::milliseconds;

TEST(Backoff, DoublesWithJitterUpToTheCapAndStartsAgainOnReset) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Backoff backoff(ms(100), ms(2000), seed);
    const std::int64_t bases[] = {100, 200, 400, 800, 1600, 2000, 2000, 2000};
    for (const auto base : bases) {
      const auto wait = backoff.next().count();
      EXPECT_GE(wait, base - base / 5) << "seed " << seed;
      EXPECT_LE(wait, base + base / 5) << "seed " << seed;
    }
    backoff.reset();
    EXPECT_LE(backoff.next().count(), 120);
  }
}

TEST(Backoff, ACapBelowTheFirstWaitIsTheFirstWait) {
  Backoff backoff(ms(500), ms(10), 1);
  for (int i = 0; i < 5; ++i) EXPECT_GE(backoff.next().count(), 400);
}

}  // namespace
}  // namespace bh::cluster
