// While the store cannot make moves durable, no move is told, so the clocks stand still:
// nobody loses on time to an outage (issue 28: "When PostgreSQL is unreachable, the node
// stops telling moves, pauses clocks"). The game session's side of it (game::Storage).
#include <gtest/gtest.h>

#include "session_driver.hpp"

namespace bh::game {
namespace {

using testing::Driver;
using testing::settings_for;

// A timed brandubh game, both sides moved once: the side to move's clock runs.
Driver under_way() {
  Driver d(settings_for("brandubh"));
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  return d;
}

std::int64_t left_to_move(const Driver& d) { return d.s.clock.left(d.s.game->to_move(), d.now.steady); }

TEST(StorageOutage, TheClocksStandStillWhileTheStoreCannotWriteAndRunAgainAfter) {
  Driver d = under_way();
  d.pass(5'000);
  const std::int64_t thought = left_to_move(d);  // 5 s spent stay spent
  d.told.clear();
  d.run(Storage{false});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::turn)) << "no flag falls while paused";
  EXPECT_TRUE(d.told_contains(R"("paused":"storage")"));
  EXPECT_TRUE(d.told_contains(R"("running":null)"));
  d.pass(10 * 60'000);  // longer than the whole clock
  EXPECT_EQ(left_to_move(d), thought);

  d.told.clear();
  d.run(Storage{true});
  EXPECT_FALSE(d.s.clock.paused());
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::turn));
  EXPECT_EQ(d.deadlines.at(DeadlineKind::turn), d.now.steady + std::chrono::milliseconds(thought + 1));
  EXPECT_TRUE(d.told_contains(R"("paused":null)"));
  EXPECT_TRUE(d.finished.empty());
}

TEST(StorageOutage, TheStoreToldTwiceChangesNothingMore) {
  Driver d = under_way();
  d.run(Storage{false});
  d.pass(3'000);
  d.told.clear();
  d.run(Storage{false});  // the housekeeping says it each second while down
  EXPECT_TRUE(d.told.empty());
  d.run(Storage{true});
  d.told.clear();
  d.run(Storage{true});
  EXPECT_TRUE(d.told.empty());
}

TEST(StorageOutage, AMoveMadeMeanwhileIsToldOnceWrittenAndTheOtherClockWaitsForTheStore) {
  Driver d = under_way();
  d.auto_write = false;
  d.run(Storage{false});
  d.play(d.any_legal());  // accepted, not durable: not told
  EXPECT_EQ(d.writes.size(), 1u);
  d.run(Storage{true});  // the store is back before the move's answer: waits for it
  EXPECT_TRUE(d.s.storage_down);
  d.pass(2'000);
  d.answer_write();
  EXPECT_FALSE(d.s.storage_down);
  EXPECT_FALSE(d.s.clock.paused());
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::turn));
  EXPECT_EQ(d.deadlines.at(DeadlineKind::turn), d.now.steady + std::chrono::milliseconds(left_to_move(d) + 1));
  // The answering side's turn starts once the move is told: none of its time spent yet.
  EXPECT_EQ(left_to_move(d), d.s.clock.remaining()[rules::index(d.s.game->to_move())]);
}

TEST(StorageOutage, TheFirstMoveWaitStopsAndStartsAfreshWhenTheStoreIsBack) {
  Driver d(settings_for("brandubh"));
  d.start();
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::turn));
  d.pass(20'000);
  d.run(Storage{false});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::turn));
  EXPECT_TRUE(d.told_contains(R"("first_move_deadline_ms":null,"paused":"storage")"));
  d.pass(60'000);
  d.run(Storage{true});
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::turn));
  EXPECT_EQ(d.deadlines.at(DeadlineKind::turn), d.now.steady + std::chrono::milliseconds(d.s.limits.first_move_ms));
  EXPECT_TRUE(d.finished.empty());
}

TEST(StorageOutage, PlayersBackDuringTheOutageWaitForTheStoreAndTheStoreForThePlayers) {
  Driver d = under_way();
  // A restored game: its clocks stand still until both players are back.
  Driver after(d.s.settings);
  after.now = d.now;
  auto made = restore_session(testing::stored(d.s), {}, after.now.steady);
  ASSERT_TRUE(made) << made.error();
  after.s = std::move(made).value();
  after.run(Reopen{});
  after.run(Storage{false});
  after.run(Returned{0});
  after.told.clear();
  after.run(Returned{1});
  EXPECT_TRUE(after.s.clock.paused()) << "both back, the store still away";
  EXPECT_TRUE(after.told_contains(R"("paused":"storage")"));
  EXPECT_FALSE(after.deadlines.contains(DeadlineKind::turn));
  after.run(Storage{true});
  EXPECT_FALSE(after.s.clock.paused());
  EXPECT_TRUE(after.deadlines.contains(DeadlineKind::turn));

  // The other way round: the store back, a player still away.
  Driver again(d.s.settings);
  again.now = d.now;
  again.s = std::move(restore_session(testing::stored(d.s), {}, again.now.steady)).value();
  again.run(Reopen{});
  again.run(Storage{false});
  again.run(Returned{0});
  again.told.clear();
  again.run(Storage{true});
  EXPECT_TRUE(again.s.clock.paused());
  EXPECT_EQ(clocks_view(again.s, again.now.steady)->paused, "players");
  EXPECT_TRUE(again.told_contains(R"("paused":"players")")) << "told: no longer the store";
  again.run(Returned{1});
  EXPECT_FALSE(again.s.clock.paused());
}

TEST(StorageOutage, APlayersGraceStandsStillWithTheClocksAndRunsOnFromWhatWasLeft) {
  Driver d = under_way();
  const std::int64_t grace = d.s.limits.reconnect_grace_ms;
  d.run(Left{0});
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::absence_0));
  d.pass(grace / 4);
  d.run(Storage{false});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::absence_0)) << "no abandonment while the store is away";
  d.pass(grace * 3);
  d.run(DeadlineDue{DeadlineKind::absence_0});  // a timer that fired anyway changes nothing
  EXPECT_TRUE(d.finished.empty());

  d.told.clear();
  d.run(Storage{true});
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::absence_0));
  const std::int64_t left = grace - grace / 4;
  EXPECT_EQ(d.deadlines.at(DeadlineKind::absence_0), d.now.steady + std::chrono::milliseconds(left));
  EXPECT_EQ(d.s.seats[0].absent_until_ms, d.now.unix_ms + left);
  EXPECT_TRUE(d.told_contains(R"("type":"player_left")")) << "the new deadline is told";
  EXPECT_EQ((*d.kept_absences)[0], d.s.seats[0].absent_until_ms) << "and kept with the live game";
  d.fire(DeadlineKind::absence_0);
  ASSERT_EQ(d.finished.size(), 1u) << "the rest of the grace passed: abandonment, as before";
}

TEST(StorageOutage, APlayerWhoLeavesWhileTheStoreIsAwayHasTheirWholeGraceOnceItIsBack) {
  Driver d = under_way();
  const std::int64_t grace = d.s.limits.reconnect_grace_ms;
  d.run(Storage{false});
  d.run(Left{1});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::absence_1));
  d.pass(grace * 2);
  d.run(Storage{true});
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::absence_1));
  EXPECT_EQ(d.deadlines.at(DeadlineKind::absence_1), d.now.steady + std::chrono::milliseconds(grace));
  // Back in time: nothing is held any more, the game goes on.
  d.pass(grace / 2);
  d.run(Returned{1});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::absence_1));
  EXPECT_FALSE(d.s.seats[1].grace_left);
  EXPECT_TRUE(d.finished.empty());
}

}  // namespace
}  // namespace bh::game
