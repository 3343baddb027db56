// A correspondence game in the session (issue 30, docs/correspondence.md): days per move
// or a bank on the wall clock, no grace and no abandonment while its players are away,
// the deadline in the state, the move events and every write, kept across a restart and
// decided at once when it passed while the server was down.
#include <gtest/gtest.h>

#include "session_driver.hpp"

namespace bh::game {
namespace {

using testing::Driver;
using testing::settings_for;
using testing::stored;

constexpr std::int64_t kDay = 10'000;  // a test's day (--correspondence-day-ms)

std::shared_ptr<const RoomSettings> correspondence(CorrespondenceControl control) {
  auto s = std::make_shared<RoomSettings>(*settings_for("brandubh", false));
  s->correspondence = control;
  return s;
}

CorrespondenceControl days(int n) { return std::get<CorrespondenceControl>(CorrespondenceControl::days(n)); }

Limits limits() {
  Limits l;
  l.reconnect_grace_ms = 1'000;  // far shorter than a day: no grace may end the game
  l.first_move_ms = 1'000;
  l.correspondence_day_ms = kDay;
  return l;
}

Driver restarted(const Driver& before, std::int64_t down_ms) {
  Driver after(before.s.settings, limits());
  after.now = before.now;
  after.pass(down_ms);
  auto made = restore_session(stored(before.s), limits(), after.now.steady);
  EXPECT_TRUE(made) << made.error();
  after.s = std::move(made).value();
  after.run(Reopen{});
  return after;
}

std::string deadline_field(std::int64_t ms) { return "\"deadline_ms\":" + std::to_string(ms); }

TEST(CorrespondenceGame, PlayersAwayHaveNoGraceAndLoseNothing) {
  Driver d(correspondence(days(3)), limits());
  d.start();
  d.play(d.any_legal());
  d.run(Left{0});
  d.run(Left{1});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::absence_0));
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::absence_1));
  EXPECT_FALSE(d.kept_absences);
  EXPECT_FALSE(d.told_contains("player_left"));
  d.pass(2 * kDay);  // far past any grace, within the 3 days
  d.run(DeadlineDue{DeadlineKind::absence_0});
  d.run(DeadlineDue{DeadlineKind::turn});
  EXPECT_TRUE(d.finished.empty());
  // The opponent moves while the other is away; the other comes back and sees it.
  d.play(d.any_legal());
  EXPECT_EQ(d.s.game->ply(), 2);
  d.told.clear();
  d.run(Returned{0});
  EXPECT_TRUE(d.told_contains("\"ply\":2"));
  EXPECT_TRUE(d.finished.empty());
}

// A woken asleep game seats its players online elsewhere quietly: present (told its
// moves from now on), but sent no state and nobody told they returned.
TEST(CorrespondenceGame, APlayerSeatedQuietlyIsPresentAndToldNothing) {
  Driver d(correspondence(days(3)), limits());
  d.start();
  d.play(d.any_legal());
  d.run(Left{0});
  d.told.clear();
  d.run(Returned{0, /*quietly=*/true});
  EXPECT_TRUE(d.s.seats[0].present);
  EXPECT_TRUE(d.told.empty()) << d.told.front();
  d.play(d.any_legal());
  EXPECT_TRUE(d.told_contains("\"type\":\"move\""));
}

// Point 2: a draw offer and a takeback request stand until answered or the next move,
// kept with the game (Keep) so that a restart finds them; a move's write clears them.
TEST(CorrespondenceGame, OffersAreKeptWithTheGameUntilAnsweredOrTheNextMove) {
  Driver d(correspondence(days(3)), limits());
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  const int asker = d.to_move_slot() == 0 ? 1 : 0;  // moved last: may take it back
  d.run(Takeback{asker, d.s.game_id, TakebackAction::request});
  d.run(Draw{d.to_move_slot(), d.s.game_id, DrawAction::offer});
  ASSERT_TRUE(d.kept_offers);
  EXPECT_GE(d.kept_offers->draw, 0);
  EXPECT_GE(d.kept_offers->takeback, 0);
  EXPECT_EQ(d.kept_offers->takeback_plies, 1);
  Driver after = restarted(d, kDay);
  EXPECT_TRUE(after.s.draw.standing);
  ASSERT_TRUE(after.s.takeback);
  EXPECT_EQ(after.s.takeback->plies, 1);
  // Declined: kept as gone.
  after.run(Draw{asker, after.s.game_id, DrawAction::decline});
  EXPECT_EQ(after.kept_offers->draw, -1);
  EXPECT_EQ(after.kept_offers->takeback, 0 + (after.s.takeback->side == rules::Side::second));
}

TEST(CorrespondenceGame, TheDeadlineIsInTheStateTheMoveEventsAndTheWrites) {
  Driver d(correspondence(days(2)), limits());
  d.auto_write = false;
  d.start();
  const std::int64_t first_deadline = d.now.unix_ms + 2 * kDay;
  EXPECT_EQ(d.s.deadline_ms(), first_deadline);
  EXPECT_EQ(game_view(d.s, 0, d.now.steady).deadline_ms, first_deadline);
  ASSERT_EQ(d.writes.size(), 1u);
  EXPECT_EQ(d.writes.front().update.deadline_ms, first_deadline);  // the header's write
  d.answer_write();
  d.pass(kDay / 2);
  d.told.clear();
  d.play(d.any_legal());
  const std::int64_t second_deadline = d.now.unix_ms + 2 * kDay;  // the time reset by the move
  ASSERT_EQ(d.writes.size(), 1u);
  EXPECT_EQ(d.writes.front().update.deadline_ms, second_deadline);
  d.answer_write();
  EXPECT_TRUE(d.told_contains(deadline_field(second_deadline)));
  EXPECT_EQ(d.deadlines.at(DeadlineKind::turn), d.now.steady + std::chrono::milliseconds(2 * kDay + 1));
}

TEST(CorrespondenceGame, TheSideToMoveLosesOnTimeWhenItsDaysPass) {
  Driver d(correspondence(days(1)), limits());
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  const int loser = d.to_move_slot();
  d.pass(kDay - 10);
  d.run(DeadlineDue{DeadlineKind::turn});  // early: armed again
  EXPECT_TRUE(d.finished.empty());
  d.fire(DeadlineKind::turn);
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].reason, "time");
  EXPECT_EQ(d.finished[0].result, d.s.side_of_slot(loser) == rules::Side::first ? "second" : "first");
}

TEST(CorrespondenceGame, AMoveAfterTheDeadlineIsRefusedAndLoses) {
  Driver d(correspondence(days(1)), limits());
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  d.pass(kDay + 1);  // the timer has not fired yet
  d.play(d.any_legal());
  ASSERT_FALSE(d.refusals.empty());
  EXPECT_EQ(d.refusals.back().message, "your time ran out");
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].reason, "time");
}

TEST(CorrespondenceGame, NoFirstMoveWithinTheDaysAbortsTheGame) {
  Driver d(correspondence(days(1)), limits());
  d.start();
  d.pass(limits().first_move_ms * 2);  // a live game's first-move wait has no say
  EXPECT_TRUE(d.finished.empty());
  d.fire(DeadlineKind::turn);
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].result, "aborted");
  EXPECT_EQ(d.finished[0].reason, "no_first_move");
}

TEST(CorrespondenceGame, ABankIsChargedGivenItsIncrementAndKeptWithTheMove) {
  const auto bank = std::get<CorrespondenceControl>(CorrespondenceControl::bank(2, 12, 1));
  Driver d(correspondence(bank), limits());
  d.start();
  const int first = d.to_move_slot();
  d.pass(kDay / 2);
  d.play(d.any_legal());
  const auto& banks = d.s.correspondence->banks();
  const std::int64_t expected = 2 * kDay - kDay / 2 + kDay / 2;  // half a day spent, 12 hours back
  EXPECT_EQ(banks[rules::index(d.s.side_of_slot(first))], expected);
  const auto& record = d.s.journal.moves().back();
  EXPECT_EQ(d.s.side_of_slot(first) == rules::Side::first ? record.first_clock_ms : record.second_clock_ms, expected);
}

TEST(CorrespondenceGame, ARestartKeepsTheDeadlineItHad) {
  Driver d(correspondence(days(3)), limits());
  d.start();
  d.play(d.any_legal());
  d.pass(kDay / 4);
  d.play(d.any_legal());
  const std::int64_t deadline = *d.s.deadline_ms();
  Driver after = restarted(d, kDay);
  EXPECT_TRUE(after.finished.empty());
  EXPECT_EQ(after.s.deadline_ms(), deadline);
  EXPECT_EQ(after.deadlines.at(DeadlineKind::turn),
            after.now.steady + std::chrono::milliseconds(deadline - after.now.unix_ms + 1));
  EXPECT_FALSE(after.kept_absences);  // no grace started for the players away
  after.play(after.any_legal());      // the player to move moves when they come
  EXPECT_TRUE(after.refusals.empty());
}

TEST(CorrespondenceGame, ADeadlineThatPassedWhileTheServerWasDownIsDecidedOnStart) {
  Driver d(correspondence(days(1)), limits());
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  const int loser = d.to_move_slot();
  Driver after = restarted(d, 2 * kDay);
  after.fire(DeadlineKind::turn);  // armed in the past: fires at once
  ASSERT_EQ(after.finished.size(), 1u);
  EXPECT_EQ(after.finished[0].reason, "time");
  EXPECT_EQ(after.finished[0].result, d.s.side_of_slot(loser) == rules::Side::first ? "second" : "first");
}

TEST(CorrespondenceGame, TheDaysRunOnWhileTheStoreCannotWrite) {
  Driver d(correspondence(days(1)), limits());
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  d.run(Storage{false});
  EXPECT_TRUE(d.deadlines.contains(DeadlineKind::turn));
  d.fire(DeadlineKind::turn);
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].reason, "time");
}

TEST(CorrespondenceGame, ATakebackGivesTheSideToMoveAFreshTurn) {
  Driver d(correspondence(days(2)), limits());
  d.start();
  const int first = d.to_move_slot();
  d.play(d.any_legal());
  d.play(d.any_legal());
  d.pass(kDay);
  d.run(Takeback{first, d.s.game_id, TakebackAction::request});
  d.auto_write = false;
  d.run(Takeback{1 - first, d.s.game_id, TakebackAction::accept});
  EXPECT_EQ(d.s.game->ply(), 0);
  EXPECT_EQ(d.s.deadline_ms(), d.now.unix_ms + 2 * kDay);
  ASSERT_EQ(d.writes.size(), 1u);
  EXPECT_EQ(d.writes.front().update.deadline_ms, d.now.unix_ms + 2 * kDay);
  d.answer_write();
}

TEST(CorrespondenceGame, TheRecordsKeepTheTimeControl) {
  Driver d(correspondence(days(7)), limits());
  d.start();
  d.run(Resign{0, d.s.game_id});
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].correspondence, "days 7");
  EXPECT_FALSE(d.finished[0].clock);
}

}  // namespace
}  // namespace bh::game

namespace bh::game {
namespace {

TEST(CorrespondenceRoom, AnOpenRoomStaysWhenItsCreatorLeaves) {
  auto settings = std::make_shared<RoomSettings>(*testing::settings_for("brandubh", false));
  settings->correspondence = std::get<CorrespondenceControl>(CorrespondenceControl::days(3));
  testing::Driver d(settings);
  d.run(Open{});
  d.run(Left{0});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::open_grace_0));
  EXPECT_NE(d.s.phase, Phase::closed);
  // The same in a live room: its creator's grace, then it closes.
  testing::Driver live(testing::settings_for("brandubh"));
  live.run(Open{});
  live.run(Left{0});
  live.fire(DeadlineKind::open_grace_0);
  EXPECT_EQ(live.s.phase, Phase::closed);
}

}  // namespace
}  // namespace bh::game
