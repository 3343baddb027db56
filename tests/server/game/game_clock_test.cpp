// The game clock alone: Fischer times, the running turn, flag, pause and resume, with
// the time chosen by the test.
#include <gtest/gtest.h>

#include "game/game_clock.hpp"

namespace bh::game {
namespace {

using rules::Side;
using namespace std::chrono_literals;
const GameClock::Time t0{};

TEST(GameClock, StartsBothSidesAtTheInitialTime) {
  GameClock clock(60'000, 2'000);
  clock.start(t0);
  EXPECT_TRUE(clock.timed());
  EXPECT_FALSE(clock.paused());
  EXPECT_EQ(clock.remaining(), (std::array<GameClock::Ms, 2>{60'000, 60'000}));
  EXPECT_EQ(clock.increment_ms(), 2'000);
  EXPECT_EQ(clock.elapsed(t0 + 1500ms), 1'500);
  EXPECT_EQ(clock.left(Side::first, t0 + 1500ms), 58'500);
}

TEST(GameClock, AMoveAddsTheIncrementAndStartsTheOtherTurn) {
  GameClock clock(10'000, 1'000);
  clock.start(t0);
  const auto left = clock.left(Side::first, t0 + 3s);
  clock.moved(Side::first, left, t0 + 3s);
  EXPECT_EQ(clock.remaining(), (std::array<GameClock::Ms, 2>{8'000, 10'000}));
  EXPECT_EQ(clock.elapsed(t0 + 3s), 0);
  EXPECT_EQ(clock.left(Side::second, t0 + 4s), 9'000);
  // Told later than made: the turn starts when the move is told.
  clock.restart_turn(t0 + 5s);
  EXPECT_EQ(clock.left(Side::second, t0 + 6s), 9'000);
}

TEST(GameClock, ShownTimesCountTheRunningTurnAndNeverGoBelowZero) {
  GameClock clock(5'000, 0);
  clock.start(t0);
  EXPECT_EQ(clock.shown(Side::first, t0 + 2s), (std::array<GameClock::Ms, 2>{3'000, 5'000}));
  EXPECT_EQ(clock.shown(Side::second, t0 + 2s), (std::array<GameClock::Ms, 2>{5'000, 3'000}));
  EXPECT_EQ(clock.shown(std::nullopt, t0 + 2s), (std::array<GameClock::Ms, 2>{5'000, 5'000}));
  EXPECT_EQ(clock.shown(Side::first, t0 + 9s), (std::array<GameClock::Ms, 2>{0, 5'000}));
  EXPECT_LT(clock.left(Side::first, t0 + 9s), 0);  // the flag fell
}

TEST(GameClock, FlagTimeIsTheRemainingTimeOfTheSideToMove) {
  GameClock clock(1'000, 500);
  clock.start(t0);
  EXPECT_EQ(clock.left(Side::first, t0 + 999ms), 1);
  EXPECT_EQ(clock.left(Side::first, t0 + 1000ms), 0);
  clock.flag(Side::first);
  EXPECT_EQ(clock.remaining(), (std::array<GameClock::Ms, 2>{0, 1'000}));
}

TEST(GameClock, ARestoredClockStandsStillUntilResumed) {
  GameClock clock(60'000, 0);
  clock.restore(std::array<GameClock::Ms, 2>{41'000, 52'000}, t0);
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.elapsed(t0 + 1h), 0);
  EXPECT_EQ(clock.shown(Side::second, t0 + 1h), (std::array<GameClock::Ms, 2>{41'000, 52'000}));
  clock.resume(t0 + 1h);
  EXPECT_FALSE(clock.paused());
  EXPECT_EQ(clock.left(Side::second, t0 + 1h + 2s), 50'000);
  // No move yet: the initial times.
  GameClock fresh(60'000, 0);
  fresh.restore(std::nullopt, t0);
  EXPECT_EQ(fresh.remaining(), (std::array<GameClock::Ms, 2>{60'000, 60'000}));
}

TEST(GameClock, APauseKeepsTheTimeSpentOnTheTurnSpent) {
  GameClock clock(60'000, 0);
  clock.start(t0);
  clock.pause(Side::first, t0 + 5s);  // 5 s thought before the store went away
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.left(Side::first, t0 + 1h), 55'000);
  clock.pause(Side::first, t0 + 2h);  // paused already: nothing more is taken
  clock.resume(t0 + 2h);
  EXPECT_EQ(clock.left(Side::first, t0 + 2h + 1s), 54'000);
  EXPECT_EQ(clock.remaining()[1], 60'000);
}

TEST(GameClock, AnUntimedGameKeepsThePauseButNoTimes) {
  GameClock clock;
  EXPECT_FALSE(clock.timed());
  clock.restore(std::array<GameClock::Ms, 2>{-1, -1}, t0);
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.remaining(), (std::array<GameClock::Ms, 2>{0, 0}));
  clock.resume(t0);
  clock.moved(Side::first, 0, t0 + 1s);
  EXPECT_EQ(clock.remaining(), (std::array<GameClock::Ms, 2>{0, 0}));
}

}  // namespace
}  // namespace bh::game
