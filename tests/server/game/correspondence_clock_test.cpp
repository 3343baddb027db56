// The correspondence clock alone (issue 30): days per move and a time bank, in wall-clock
// milliseconds chosen by the test, a day of the real length and a short one.
#include <gtest/gtest.h>

#include "game/correspondence_clock.hpp"

namespace bh::game {
namespace {

using rules::Side;
using Ms = CorrespondenceClock::Ms;
constexpr Ms kDay = CorrespondenceClock::kDayMs;
constexpr Ms kHour = kDay / 24;
constexpr Ms t0 = 1'800'000'000'000;  // a unix time in ms

CorrespondenceControl days(long long n) { return std::get<CorrespondenceControl>(CorrespondenceControl::days(n)); }
CorrespondenceControl bank(long long d, long long h, long long m) {
  return std::get<CorrespondenceControl>(CorrespondenceControl::bank(d, h, m));
}

TEST(CorrespondenceControl, DaysPerMoveAreTheSevenChoicesAndNothingElse) {
  for (long long n : {1, 2, 3, 5, 7, 10, 14}) EXPECT_EQ(days(n).days_per_move, n);
  for (long long n : {0LL, -1LL, 4LL, 6LL, 15LL, 365LL, 1LL << 40, -(1LL << 62)}) {
    const auto refused = CorrespondenceControl::days(n);
    ASSERT_TRUE(std::holds_alternative<std::string>(refused)) << n;
    EXPECT_NE(std::get<std::string>(refused).find("days_per_move"), std::string::npos);
  }
}

TEST(CorrespondenceControl, ABankIsBoundedInEachOfItsThreeParts) {
  const auto c = bank(3, 12, 24);
  EXPECT_EQ(c.kind, CorrespondenceControl::Kind::bank);
  EXPECT_EQ(c.bank_days, 3);
  EXPECT_EQ(c.increment_hours, 12);
  EXPECT_EQ(c.minimum_hours, 24);
  EXPECT_EQ(bank(1, 0, 1).increment_hours, 0);
  EXPECT_EQ(bank(30, 72, 72).bank_days, 30);
  const struct {
    long long d, h, m;
    const char* named;
  } bad[] = {{0, 12, 24, "bank_days"},       {31, 12, 24, "bank_days"},       {-5, 12, 24, "bank_days"},
             {3, -1, 24, "increment_hours"}, {3, 73, 24, "increment_hours"},  {3, 12, 0, "minimum_hours"},
             {3, 12, 73, "minimum_hours"},   {1LL << 40, 12, 24, "bank_days"}};
  for (const auto& b : bad) {
    const auto refused = CorrespondenceControl::bank(b.d, b.h, b.m);
    ASSERT_TRUE(std::holds_alternative<std::string>(refused)) << b.d << " " << b.h << " " << b.m;
    EXPECT_NE(std::get<std::string>(refused).find(b.named), std::string::npos) << std::get<std::string>(refused);
  }
}

TEST(CorrespondenceClock, DaysPerMoveGiveEachTurnTheFullDaysAndResetAfterAMove) {
  CorrespondenceClock clock(days(3));
  clock.start(t0);
  EXPECT_EQ(clock.deadline(Side::first), t0 + 3 * kDay);
  EXPECT_EQ(clock.left(Side::first, t0 + 2 * kDay), kDay);
  // A move with an hour left: the other side gets all three days from then.
  clock.moved(Side::first, t0 + 3 * kDay - kHour);
  EXPECT_EQ(clock.deadline(Side::second), t0 + 6 * kDay - kHour);
  // The last millisecond is in time; the next is not.
  EXPECT_EQ(clock.left(Side::second, t0 + 6 * kDay - kHour - 1), 1);
  EXPECT_LE(clock.left(Side::second, t0 + 6 * kDay - kHour), 0);
}

TEST(CorrespondenceClock, ABankShrinksWhileToMoveAndGrowsByTheIncrementAfter) {
  CorrespondenceClock clock(bank(2, 6, 12));
  clock.start(t0);
  EXPECT_EQ(clock.deadline(Side::first), t0 + 2 * kDay);
  clock.moved(Side::first, t0 + 10 * kHour);  // 48 h - 10 h + 6 h
  EXPECT_EQ(clock.banks()[0], 44 * kHour);
  EXPECT_EQ(clock.banks()[1], 48 * kHour);  // untouched while not to move
  EXPECT_EQ(clock.deadline(Side::second), t0 + 10 * kHour + 48 * kHour);
}

TEST(CorrespondenceClock, TheMinimumProtectsAMoveWhenTheBankIsLowAndTheBankNeverGoesBelowZero) {
  CorrespondenceClock clock(bank(1, 2, 12));
  clock.start(t0);
  clock.moved(Side::first, t0 + 23 * kHour);  // 24 - 23 + 2 = 3 h left in the bank
  clock.moved(Side::second, t0 + 24 * kHour);
  EXPECT_EQ(clock.banks()[0], 3 * kHour);
  // Its bank is 3 h, but a move always has 12 h.
  EXPECT_EQ(clock.deadline(Side::first), t0 + 24 * kHour + 12 * kHour);
  // Moved after 10 h, past its bank: the bank is spent (0), then the increment.
  clock.moved(Side::first, t0 + 34 * kHour);
  EXPECT_EQ(clock.banks()[0], 2 * kHour);
}

TEST(CorrespondenceClock, RestoredFromWhatTheStoreKeptTheDeadlineIsTheOneBeforeTheRestart) {
  for (const auto& control : {days(2), bank(3, 8, 6)}) {
    CorrespondenceClock before(control);
    before.start(t0);
    before.moved(Side::first, t0 + 5 * kHour);
    before.moved(Side::second, t0 + 30 * kHour);
    CorrespondenceClock after(control);
    after.restore(before.banks(), before.turn_start());
    EXPECT_EQ(after.deadline(Side::first), before.deadline(Side::first));
    EXPECT_EQ(after.banks(), before.banks());
    // A deadline that passed while the server was down is past when it starts again.
    EXPECT_LE(after.left(Side::first, before.deadline(Side::first) + kDay), 0);
  }
  CorrespondenceClock hostile(bank(3, 8, 6));
  hostile.restore({-5, -1}, t0);  // a damaged row: no negative bank
  EXPECT_EQ(hostile.banks(), (std::array<Ms, 2>{0, 0}));
  EXPECT_EQ(hostile.deadline(Side::second), t0 + 6 * kHour);
}

TEST(CorrespondenceClock, AShortDayForTestsScalesEveryPart) {
  const Ms day = 2'000;  // a "day" of two seconds
  CorrespondenceClock clock(bank(1, 12, 6), day);
  clock.start(t0);
  EXPECT_EQ(clock.deadline(Side::first), t0 + day);
  clock.moved(Side::first, t0 + 1'500);  // 2000 - 1500 + 1000
  EXPECT_EQ(clock.banks()[0], 1'500);
  CorrespondenceClock days_clock(days(1), day);
  days_clock.start(t0);
  EXPECT_EQ(days_clock.deadline(Side::first), t0 + day);
  CorrespondenceClock no_day(days(1), 0);  // never a day of nothing
  no_day.start(t0);
  EXPECT_GT(no_day.deadline(Side::first), t0);
}

}  // namespace
}  // namespace bh::game

namespace bh::game {
namespace {

TEST(CorrespondenceControl, TheStoredTextReadsBackAndNothingElseDoes) {
  const auto days = std::get<CorrespondenceControl>(CorrespondenceControl::days(3));
  const auto bank = std::get<CorrespondenceControl>(CorrespondenceControl::bank(7, 12, 2));
  EXPECT_EQ(to_text(days), "days 3");
  EXPECT_EQ(to_text(bank), "bank 7 12 2");
  EXPECT_EQ(correspondence_from_text("days 3"), days);
  EXPECT_EQ(correspondence_from_text("bank 7 12 2"), bank);
  // An edited file: out of range, the wrong count of numbers, another kind, trailing words.
  for (const char* bad :
       {"", "days", "days 4", "days 3 1", "bank 7 12", "bank 31 1 1", "hours 3", "days x", "days 3 x"})
    EXPECT_FALSE(correspondence_from_text(bad)) << bad;
}

}  // namespace
}  // namespace bh::game
