// RULES.md 1.2, Tablut: B1-B5 on small hand-made positions.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace bh::rules::tafl_test {
namespace {

using V = std::vector<std::string>;

TEST(Tablut, B1_KingStartsOnTheThrone) {
  const auto t = rules("tablut");
  EXPECT_EQ(t->position_text(t->start()), "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a");
  EXPECT_EQ(destinations(*t, setup(9, {{"e5", 'k'}, {"c7", 'a'}}, 'd'), "e5"),
            (V{"a5", "b5", "c5", "d5", "e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "f5", "g5", "h5", "i5"}));
}

TEST(Tablut, B1_NoPieceNotEvenTheKingStopsOnTheEmptyThrone) {
  const auto t = rules("tablut");
  const auto s = setup(9, {{"e4", 'k'}, {"b5", 'a'}}, 'd');
  EXPECT_EQ(destinations(*t, s, "e4"),
            (V{"a4", "b4", "c4", "d4", "e1", "e2", "e3", "e6", "e7", "e8", "e9", "f4", "g4", "h4", "i4"}));
  EXPECT_EQ(destinations(*t, setup(9, {{"e4", 'k'}, {"b5", 'a'}}, 'a'), "b5"),
            (V{"a5", "b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "c5", "d5", "f5", "g5", "h5", "i5"}));
  // After the king leaves, it cannot come back.
  const auto left = play(*t, setup(9, {{"e5", 'k'}, {"c7", 'a'}, {"h2", 'a'}}, 'd'), {"e5-e3", "h2-h3"});
  EXPECT_EQ(destinations(*t, left, "e3"),
            (V{"a3", "b3", "c3", "d3", "e1", "e2", "e4", "e6", "e7", "e8", "e9", "f3", "g3"}));
}

TEST(Tablut, B2_NoDistanceLimit) {
  const auto t = rules("tablut");
  EXPECT_EQ(play(*t, setup(9, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-c9"}), setup(9, {{"c9", 'k'}, {"g7", 'a'}}, 'a'));
  EXPECT_EQ(play(*t, setup(9, {{"c3", 'k'}, {"i8", 'a'}}), {"i8-a8"}), setup(9, {{"c3", 'k'}, {"a8", 'a'}}, 'd'));
}

TEST(Tablut, B3_KingNeverTakesPartInACapture) {
  const auto t = rules("tablut");
  // As the moving piece.
  EXPECT_EQ(play(*t, setup(9, {{"b3", 'k'}, {"d4", 'a'}, {"d5", 'd'}}, 'd'), {"b3-d3"}),
            setup(9, {{"d3", 'k'}, {"d4", 'a'}, {"d5", 'd'}}, 'a'));
  // As the far side.
  EXPECT_EQ(play(*t, setup(9, {{"g3", 'k'}, {"g4", 'a'}, {"h5", 'd'}}, 'd'), {"h5-g5"}),
            setup(9, {{"g3", 'k'}, {"g4", 'a'}, {"g5", 'd'}}, 'a'));
  // Two non-king defenders do capture (T2).
  EXPECT_EQ(play(*t, setup(9, {{"g3", 'd'}, {"g4", 'a'}, {"h5", 'd'}, {"c7", 'k'}}, 'd'), {"h5-g5"}),
            setup(9, {{"g3", 'd'}, {"g5", 'd'}, {"c7", 'k'}}, 'a'));
}

TEST(Tablut, B3_NoSquareIsHostileToOrdinaryPieces) {
  const auto t = rules("tablut");
  // The empty throne.
  EXPECT_EQ(play(*t, setup(9, {{"e4", 'a'}, {"a3", 'd'}, {"c7", 'k'}}, 'd'), {"a3-e3"}),
            setup(9, {{"e4", 'a'}, {"e3", 'd'}, {"c7", 'k'}}, 'a'));
  EXPECT_EQ(play(*t, setup(9, {{"e4", 'd'}, {"a3", 'a'}, {"c7", 'k'}}), {"a3-e3"}),
            setup(9, {{"e4", 'd'}, {"e3", 'a'}, {"c7", 'k'}}, 'd'));
  // A corner.
  EXPECT_EQ(play(*t, setup(9, {{"b1", 'd'}, {"c4", 'a'}, {"c7", 'k'}}), {"c4-c1"}),
            setup(9, {{"b1", 'd'}, {"c1", 'a'}, {"c7", 'k'}}, 'd'));
}

TEST(Tablut, B4_KingCapturedByFourAttackers) {
  const auto t = rules("tablut");
  const auto three = setup(9, {{"c3", 'k'}, {"b3", 'a'}, {"d3", 'a'}, {"c1", 'a'}});
  EXPECT_EQ(status_text(*t, play(*t, three, {"c1-c2"})), "ongoing");
  const auto four = setup(9, {{"c3", 'k'}, {"b3", 'a'}, {"d3", 'a'}, {"c4", 'a'}, {"c1", 'a'}});
  const auto s = play(*t, four, {"c1-c2"});
  EXPECT_EQ(s, setup(9, {{"b3", 'a'}, {"d3", 'a'}, {"c4", 'a'}, {"c2", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tablut, B4_KingCapturedByThreeAttackersAndTheThrone) {
  const auto t = rules("tablut");
  const auto s = play(*t, setup(9, {{"e4", 'k'}, {"d4", 'a'}, {"f4", 'a'}, {"e1", 'a'}}), {"e1-e3"});
  EXPECT_EQ(s, setup(9, {{"d4", 'a'}, {"f4", 'a'}, {"e3", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tablut, B4_TwoAttackersOnALineDoNotCaptureTheKing) {
  const auto t = rules("tablut");
  EXPECT_EQ(play(*t, setup(9, {{"c3", 'k'}, {"c4", 'a'}, {"a2", 'a'}}), {"a2-c2"}),
            setup(9, {{"c3", 'k'}, {"c4", 'a'}, {"c2", 'a'}}, 'd'));
}

TEST(Tablut, B5_DefendersWinOnAnyEdgeSquare) {
  const auto t = rules("tablut");
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-c1"})), "d king_escaped");
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-a3"})), "d king_escaped");
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-c4"})), "ongoing");
}

}  // namespace
}  // namespace bh::rules::tafl_test
