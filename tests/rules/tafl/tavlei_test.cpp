// RULES.md 1.1, Tavlei: V1-V7 on small hand-made positions.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace bh::rules::tafl_test {
namespace {

using V = std::vector<std::string>;

TEST(Tavlei, V1_ThroneIsE5AndExitsAreTheCorners) {
  const auto t = rules("tavlei");
  EXPECT_EQ(t->position_text(t->start()), "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a");
  // Only the king may stop on e5 and on a1; an attacker on b5 passes e5, one on a4 stops short of a1.
  EXPECT_EQ(destinations(*t, setup(9, {{"b5", 'a'}, {"h8", 'k'}}), "b5"),
            (V{"a5", "b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "c5", "d5", "f5", "g5", "h5", "i5"}));
  const auto s = setup(9, {{"a3", 'a'}, {"h8", 'k'}});
  EXPECT_EQ(destinations(*t, s, "a3"),
            (V{"a2", "a4", "a5", "a6", "a7", "a8", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3"}));
  auto m = t->legal_move_from_text(parse(*t, s), "a3-a1");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().code, Errc::illegal_move);
}

TEST(Tavlei, V2_KingMovesAtMostThreeSquares) {
  const auto t = rules("tavlei");
  const auto s = setup(9, {{"e4", 'k'}, {"c7", 'a'}, {"h8", 'a'}}, 'd');
  EXPECT_EQ(destinations(*t, s, "e4"), (V{"b4", "c4", "d4", "e1", "e2", "e3", "e5", "e6", "e7", "f4", "g4", "h4"}));
}

TEST(Tavlei, V2_OtherPiecesHaveNoLimit) {
  const auto t = rules("tavlei");
  EXPECT_EQ(destinations(*t, setup(9, {{"b2", 'd'}, {"h8", 'k'}, {"c7", 'a'}}, 'd'), "b2"),
            (V{"a2", "b1", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "c2", "d2", "e2", "f2", "g2", "h2", "i2"}));
}

TEST(Tavlei, V3_OnlyTheKingStopsOnThroneOrExitsOthersPassTheEmptyThrone) {
  const auto t = rules("tavlei");
  const auto s = setup(9, {{"e2", 'd'}, {"i3", 'd'}, {"g6", 'k'}, {"c7", 'a'}}, 'd');
  EXPECT_EQ(destinations(*t, s, "e2"),
            (V{"a2", "b2", "c2", "d2", "e1", "e3", "e4", "e6", "e7", "e8", "e9", "f2", "g2", "h2", "i2"}));
  EXPECT_EQ(destinations(*t, s, "i3"),
            (V{"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i2", "i4", "i5", "i6", "i7", "i8"}));
  // The king may return to the throne and may stop on an exit.
  EXPECT_EQ(play(*t, setup(9, {{"e6", 'k'}, {"c7", 'a'}}, 'd'), {"e6-e5"}), setup(9, {{"e5", 'k'}, {"c7", 'a'}}, 'a'));
  EXPECT_EQ(play(*t, setup(9, {{"a3", 'k'}, {"c7", 'a'}}, 'd'), {"a3-a1"}), setup(9, {{"a1", 'k'}, {"c7", 'a'}}, 'a'));
}

TEST(Tavlei, V3_NoPassingAcrossAnOccupiedThrone) {
  const auto t = rules("tavlei");
  EXPECT_EQ(destinations(*t, setup(9, {{"e2", 'd'}, {"e5", 'k'}, {"c7", 'a'}}, 'd'), "e2"),
            (V{"a2", "b2", "c2", "d2", "e1", "e3", "e4", "f2", "g2", "h2", "i2"}));
}

TEST(Tavlei, V4_KingCapturesAsTheMovingPiece) {
  const auto t = rules("tavlei");
  EXPECT_EQ(play(*t, setup(9, {{"a2", 'k'}, {"c3", 'a'}, {"c4", 'd'}, {"h8", 'a'}}, 'd'), {"a2-c2"}),
            setup(9, {{"c2", 'k'}, {"c4", 'd'}, {"h8", 'a'}}, 'a'));
}

TEST(Tavlei, V4_KingCapturesAsTheFarSide) {
  const auto t = rules("tavlei");
  EXPECT_EQ(play(*t, setup(9, {{"g3", 'k'}, {"g4", 'a'}, {"i5", 'd'}, {"h8", 'a'}}, 'd'), {"i5-g5"}),
            setup(9, {{"g3", 'k'}, {"g5", 'd'}, {"h8", 'a'}}, 'a'));
}

TEST(Tavlei, V5_ExitsAreHostileToEveryPiece) {
  const auto t = rules("tavlei");
  // An attacker against a1.
  EXPECT_EQ(play(*t, setup(9, {{"b1", 'a'}, {"c4", 'd'}, {"h8", 'k'}, {"h2", 'a'}}, 'd'), {"c4-c1"}),
            setup(9, {{"c1", 'd'}, {"h8", 'k'}, {"h2", 'a'}}, 'a'));
  // A defender against a9.
  EXPECT_EQ(play(*t, setup(9, {{"b9", 'd'}, {"c5", 'a'}, {"h8", 'k'}}), {"c5-c9"}),
            setup(9, {{"c9", 'a'}, {"h8", 'k'}}, 'd'));
  // The king against a1.
  const auto s = play(*t, setup(9, {{"b1", 'k'}, {"c4", 'a'}}), {"c4-c1"});
  EXPECT_EQ(s, setup(9, {{"c1", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tavlei, V5_ThroneIsHostileToAttackersAlways) {
  const auto t = rules("tavlei");
  EXPECT_EQ(play(*t, setup(9, {{"e4", 'a'}, {"a3", 'd'}, {"h8", 'k'}, {"h2", 'a'}}, 'd'), {"a3-e3"}),
            setup(9, {{"e3", 'd'}, {"h8", 'k'}, {"h2", 'a'}}, 'a'));
}

TEST(Tavlei, V5_ThroneIsHostileToDefendersOnlyWhileEmpty) {
  const auto t = rules("tavlei");
  EXPECT_EQ(play(*t, setup(9, {{"e4", 'd'}, {"a3", 'a'}, {"h8", 'k'}}), {"a3-e3"}),
            setup(9, {{"e3", 'a'}, {"h8", 'k'}}, 'd'));
  EXPECT_EQ(play(*t, setup(9, {{"e4", 'd'}, {"a3", 'a'}, {"e5", 'k'}}), {"a3-e3"}),
            setup(9, {{"e4", 'd'}, {"e3", 'a'}, {"e5", 'k'}}, 'd'));
}

TEST(Tavlei, V6_KingOnThroneNeedsFourAttackers) {
  const auto t = rules("tavlei");
  const auto three = setup(9, {{"e5", 'k'}, {"d5", 'a'}, {"e6", 'a'}, {"f1", 'a'}});
  EXPECT_EQ(play(*t, three, {"f1-f5"}), setup(9, {{"e5", 'k'}, {"d5", 'a'}, {"e6", 'a'}, {"f5", 'a'}}, 'd'));
  const auto four = setup(9, {{"e5", 'k'}, {"d5", 'a'}, {"f5", 'a'}, {"e6", 'a'}, {"e1", 'a'}});
  const auto s = play(*t, four, {"e1-e4"});
  EXPECT_EQ(s, setup(9, {{"d5", 'a'}, {"f5", 'a'}, {"e6", 'a'}, {"e4", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tavlei, V6_KingNextToThroneNeedsThreeAttackers) {
  const auto t = rules("tavlei");
  const auto two = setup(9, {{"e6", 'k'}, {"d6", 'a'}, {"f1", 'a'}});
  EXPECT_EQ(play(*t, two, {"f1-f6"}), setup(9, {{"e6", 'k'}, {"d6", 'a'}, {"f6", 'a'}}, 'd'));
  const auto three = setup(9, {{"e6", 'k'}, {"d6", 'a'}, {"e7", 'a'}, {"f1", 'a'}});
  const auto s = play(*t, three, {"f1-f6"});
  EXPECT_EQ(s, setup(9, {{"d6", 'a'}, {"e7", 'a'}, {"f6", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tavlei, V6_KingElsewhereIsCapturedLikeAnyPiece) {
  const auto t = rules("tavlei");
  const auto s = play(*t, setup(9, {{"c7", 'k'}, {"c8", 'a'}, {"a6", 'a'}}), {"a6-c6"});
  EXPECT_EQ(s, setup(9, {{"c8", 'a'}, {"c6", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tavlei, V7_DefendersWinWhenTheKingStopsOnAnExit) {
  const auto t = rules("tavlei");
  const auto s = play(*t, setup(9, {{"a3", 'k'}, {"c7", 'a'}}, 'd'), {"a3-a1"});
  EXPECT_EQ(status_text(*t, s), "d king_escaped");
  const auto edge = play(*t, setup(9, {{"b3", 'k'}, {"c7", 'a'}}, 'd'), {"b3-a3"});  // an edge is not an exit
  EXPECT_EQ(status_text(*t, edge), "ongoing");
}

TEST(Tavlei, V7_DefendersWinWhenNoAttackerIsLeft) {
  const auto t = rules("tavlei");
  const auto s = play(*t, setup(9, {{"c5", 'a'}, {"b5", 'd'}, {"d1", 'd'}, {"h8", 'k'}}, 'd'), {"d1-d5"});
  EXPECT_EQ(s, setup(9, {{"b5", 'd'}, {"d5", 'd'}, {"h8", 'k'}}, 'a'));
  EXPECT_EQ(status_text(*t, s), "d no_attackers");
}

TEST(Tavlei, V7_AttackersWinByCapturingTheKing) {
  const auto t = rules("tavlei");
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"c3", 'k'}, {"c4", 'a'}, {"a2", 'a'}}), {"a2-c2"})), "a king_captured");
}

}  // namespace
}  // namespace bh::rules::tafl_test
