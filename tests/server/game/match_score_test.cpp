// The match score alone: games, totals per player, points per game, the winner.
#include <gtest/gtest.h>

#include "game/match_score.hpp"

namespace bh::game {
namespace {

using Totals = std::map<std::string, double>;

TEST(MatchScore, CountsEachGamesPointsForWhoPlayedEachSide) {
  MatchScore score(3);
  score.seat("alice", "bob");
  EXPECT_EQ(score.totals(), (Totals{{"alice", 0}, {"bob", 0}}));
  score.next_game();
  EXPECT_EQ(score.game_number(), 1);
  score.add("alice", "bob", {1, 0});  // alice first, wins
  score.next_game();
  score.add("bob", "alice", {0.5, 0.5});  // sides swapped, a draw
  EXPECT_EQ(score.totals(), (Totals{{"alice", 1.5}, {"bob", 0.5}}));
  EXPECT_EQ(score.total("alice"), 1.5);
  EXPECT_EQ(score.total("nobody"), 0);
}

TEST(MatchScore, KnowsWhetherAnotherGameFollows) {
  MatchScore one(1);
  one.next_game();
  EXPECT_FALSE(one.more_games());
  MatchScore two(2);
  two.next_game();
  EXPECT_TRUE(two.more_games());
  two.next_game();
  EXPECT_FALSE(two.more_games());
  EXPECT_EQ(two.games(), 2);
}

TEST(MatchScore, TheScoreAfterAGameLeavesTheCurrentOneAlone) {
  MatchScore score(2);
  score.seat("alice", "bob");
  score.next_game();
  MatchScore after = score.with("bob", "alice", {1, 0});
  EXPECT_EQ(after.totals(), (Totals{{"alice", 0}, {"bob", 1}}));
  EXPECT_EQ(score.totals(), (Totals{{"alice", 0}, {"bob", 0}}));
  EXPECT_EQ(after.game_number(), 1);
}

TEST(MatchScore, TheWinnerHasMorePointsAndATieHasNone) {
  MatchScore score(2);
  score.seat("alice", "bob");
  EXPECT_EQ(score.winner("alice", "bob"), std::nullopt);
  score.add("alice", "bob", {0, 1});
  EXPECT_EQ(score.winner("alice", "bob"), "bob");
  score.add("bob", "alice", {0, 1});
  EXPECT_EQ(score.winner("alice", "bob"), std::nullopt);
}

TEST(MatchScore, ARestoredMatchGoesOnFromItsGameAndTotals) {
  MatchScore score(4);
  score.restore(3, {{"alice", 2}, {"bob", 0}});
  EXPECT_EQ(score.game_number(), 3);
  EXPECT_TRUE(score.more_games());
  score.add("bob", "alice", {1, 0});
  EXPECT_EQ(score.winner("alice", "bob"), "alice");
}

}  // namespace
}  // namespace bh::game
