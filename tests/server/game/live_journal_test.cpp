// The live journal alone: what is durable, what is told, what waits.
#include <gtest/gtest.h>

#include "game/live_journal.hpp"

namespace bh::game {
namespace {

storage::MoveRecord move(std::string text) { return storage::MoveRecord{std::move(text), -1, -1, 0}; }

std::vector<std::string> texts(const std::vector<storage::MoveRecord>& moves) {
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(m.text);
  return out;
}

TEST(LiveJournal, ANewGameWritesItsHeaderFirst) {
  LiveJournal j;
  j.start(false);
  auto w = j.next_write();
  EXPECT_TRUE(w.header);
  EXPECT_EQ(w.first_ply, 1);
  EXPECT_TRUE(w.moves.empty());
  j.written(w.header, w.plies, true);
  EXPECT_TRUE(j.header_durable());
  EXPECT_FALSE(j.next_write().header);
  // The next game of a match whose header went in with the last game's record.
  j.start(true);
  EXPECT_TRUE(j.header_durable());
  EXPECT_EQ(j.plies(), 0);
}

// A room plays every game of its match with one journal: a finished game's moves must
// not leave their buffer behind, or each room holds one as large as its longest game
// until the match ends (issue 27).
TEST(LiveJournal, ANewGameKeepsNoBufferOfTheLastGamesMoves) {
  LiveJournal j;
  j.start(false);
  for (int i = 0; i < 1000; ++i) j.add(move("a1-a2"));
  EXPECT_EQ(j.plies(), 1000);
  j.start(true);
  EXPECT_EQ(j.plies(), 0);
  EXPECT_EQ(j.moves().capacity(), 0u);
}

TEST(LiveJournal, EachWriteCarriesTheMovesNotYetDurable) {
  LiveJournal j;
  j.start(true);
  j.add(move("a"));
  j.add(move("b"));
  auto w = j.next_write();
  EXPECT_EQ(w.first_ply, 1);
  EXPECT_EQ(texts(w.moves), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(w.plies, 2);
  j.written(w.header, w.plies, true);
  EXPECT_EQ(j.durable_plies(), 2);
  j.add(move("c"));
  w = j.next_write();
  EXPECT_EQ(w.first_ply, 3);
  EXPECT_EQ(texts(w.moves), (std::vector<std::string>{"c"}));
  // An earlier write answered late never moves the durable mark back.
  j.written(false, 1, true);
  EXPECT_EQ(j.durable_plies(), 2);
}

TEST(LiveJournal, AFailedWriteIsDoneAgainHeaderAndAll) {
  LiveJournal j;
  j.start(true);
  j.add(move("a"));
  auto w = j.next_write();
  j.written(w.header, w.plies, false);
  EXPECT_EQ(j.durable_plies(), 0);
  j.add(move("b"));
  w = j.next_write();
  EXPECT_TRUE(w.header);
  EXPECT_EQ(texts(w.moves), (std::vector<std::string>{"a", "b"}));
  j.written(w.header, w.plies, true);
  EXPECT_TRUE(j.header_durable());
  EXPECT_EQ(j.durable_plies(), 2);
}

TEST(LiveJournal, FailuresAreReportedOncePerSpell) {
  LiveJournal j;
  EXPECT_FALSE(j.starts_failing(true));
  EXPECT_TRUE(j.starts_failing(false));
  EXPECT_FALSE(j.starts_failing(false));
  EXPECT_FALSE(j.starts_failing(true));
  EXPECT_TRUE(j.starts_failing(false));
  j.start(false);  // a new game does not start a new spell
  EXPECT_FALSE(j.starts_failing(false));
}

TEST(LiveJournal, RepliesWaitUntilTheMoveIsTold) {
  LiveJournal j;
  j.start(true);
  EXPECT_FALSE(j.untold());
  j.add(move("a"));
  EXPECT_TRUE(j.untold());
  std::vector<int> ran;
  j.defer([&] { ran.push_back(1); });
  j.defer([&] { ran.push_back(2); });
  EXPECT_TRUE(ran.empty());
  for (auto& reply : j.told()) reply();
  EXPECT_EQ(ran, (std::vector<int>{1, 2}));
  EXPECT_FALSE(j.untold());
  EXPECT_TRUE(j.told().empty());
  j.add(move("b"));
  j.defer([&] { ran.push_back(3); });
  j.drop_deferred();
  EXPECT_TRUE(j.told().empty());
}

TEST(LiveJournal, ATakebackIsWrittenUntilTheStoreHasIt) {
  LiveJournal j;
  j.restore({move("a"), move("b"), move("c"), move("d")});
  j.take_back(2);
  EXPECT_TRUE(j.untold());
  EXPECT_EQ(texts(j.moves()), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(j.durable_plies(), 2);
  auto w = j.next_write();
  EXPECT_EQ(w.first_ply, 3);
  EXPECT_TRUE(w.moves.empty());
  EXPECT_EQ(w.plies, 2);
  EXPECT_EQ(w.erase_through, 4);
  // A failed write: the next one drops the plies again, with the move played since.
  j.written(w.header, w.plies, false, w.erase_through);
  j.told();
  j.add(move("x"));
  w = j.next_write();
  EXPECT_EQ(w.first_ply, 3);
  EXPECT_EQ(texts(w.moves), (std::vector<std::string>{"x"}));
  EXPECT_EQ(w.erase_through, 4);
  j.written(w.header, w.plies, true, w.erase_through);
  EXPECT_EQ(j.next_write().erase_through, 0);
  EXPECT_EQ(j.durable_plies(), 3);
}

TEST(LiveJournal, ARestoredGameIsDurable) {
  LiveJournal j;
  j.restore({move("a"), move("b")});
  EXPECT_TRUE(j.header_durable());
  EXPECT_EQ(j.durable_plies(), 2);
  EXPECT_FALSE(j.untold());
  auto w = j.next_write();
  EXPECT_FALSE(w.header);
  EXPECT_EQ(w.first_ply, 3);
  EXPECT_TRUE(w.moves.empty());
}

}  // namespace
}  // namespace bh::game
