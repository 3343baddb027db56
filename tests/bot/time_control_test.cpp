// How long the bot thinks: a fixed move time minus a small margin; from the clock a
// share of what is left plus most of the increment, never into the safety margin.
#include <gtest/gtest.h>

#include "engine/time_control.hpp"

namespace bh::bot {
namespace {

SearchLimits clock(std::int64_t left, std::int64_t inc) {
  SearchLimits l;
  l.my_time_ms = left;
  l.my_increment_ms = inc;
  return l;
}

TEST(TimeControl, MoveTimeStopsJustBeforeTheLimit) {
  SearchLimits l;
  l.movetime_ms = 1000;
  const auto t = think_time(l, true);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->hard_ms, 1000 - movetime_safety_ms);
  EXPECT_EQ(t->soft_ms, (1000 - movetime_safety_ms) * 8 / 10);
}

TEST(TimeControl, NodeBoundedLevelWithoutAClockHasNoTimeLimit) { EXPECT_FALSE(think_time(SearchLimits{}, false)); }

TEST(TimeControl, TopLevelWithoutAClockThinksTheDefaultTime) {
  const auto t = think_time(SearchLimits{}, true);
  ASSERT_TRUE(t);
  EXPECT_LE(t->hard_ms, 1000);
  EXPECT_GT(t->soft_ms, 100);
}

TEST(TimeControl, ClockGivesAShareOfWhatIsLeftAndMostOfTheIncrement) {
  const auto t = think_time(clock(300000, 2000), true);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->soft_ms, 300000 / 25 + 1500);
  EXPECT_GE(t->hard_ms, t->soft_ms);
  EXPECT_LE(t->hard_ms, 300000 / 4 + 1000);
}

TEST(TimeControl, NeverSpendsTheSafetyMarginWithAnIncrement) {
  // Whatever is left, the move ends with at least the margin on the clock, before the
  // increment is added: with an increment of a second or more the bot cannot flag.
  for (std::int64_t left : {1, 50, 151, 160, 300, 1000, 5000, 60000}) {
    for (std::int64_t inc : {1000, 2000, 5000}) {
      const auto t = think_time(clock(left, inc), true);
      ASSERT_TRUE(t);
      EXPECT_LE(t->soft_ms, t->hard_ms);
      if (left > clock_safety_ms + 5) {
        EXPECT_LE(t->hard_ms, left - clock_safety_ms) << left << " " << inc;
      }
      EXPECT_LE(t->hard_ms, std::max<std::int64_t>(5, left - clock_safety_ms)) << left << " " << inc;
    }
  }
}

TEST(TimeControl, TheClockAlsoBoundsANodeBoundedLevel) {
  const auto t = think_time(clock(400, 0), false);
  ASSERT_TRUE(t);
  EXPECT_LE(t->hard_ms, 400 - clock_safety_ms);
}

TEST(TimeControl, TheSmallerOfMoveTimeAndClockWins) {
  SearchLimits l = clock(2000, 0);
  l.movetime_ms = 5000;
  const auto t = think_time(l, true);
  ASSERT_TRUE(t);
  EXPECT_LE(t->hard_ms, 2000 - clock_safety_ms);
}

}  // namespace
}  // namespace bh::bot
