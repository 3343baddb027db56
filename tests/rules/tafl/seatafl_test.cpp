// RULES.md 1.3, Sea tafl: S1-S5 on small hand-made positions.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace bh::rules::tafl_test {
namespace {

using V = std::vector<std::string>;

TEST(Seatafl, S1_NoThroneAndNoExits) {
  const auto t = rules("seatafl");
  EXPECT_EQ(destinations(*t, setup(9, {{"b5", 'a'}, {"h8", 'k'}}), "b5"),
            (V{"a5", "b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "c5", "d5", "e5", "f5", "g5", "h5", "i5"}));
  EXPECT_EQ(destinations(*t, setup(9, {{"a3", 'a'}, {"h8", 'k'}}), "a3"),
            (V{"a1", "a2", "a4", "a5", "a6", "a7", "a8", "a9", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3"}));
  // The centre is not hostile.
  EXPECT_EQ(play(*t, setup(9, {{"e4", 'a'}, {"a3", 'd'}, {"c7", 'k'}}, 'd'), {"a3-e3"}),
            setup(9, {{"e4", 'a'}, {"e3", 'd'}, {"c7", 'k'}}, 'a'));
  // Pieces stop on the centre once the king has left.
  const auto s =
      play(*t, t->position_text(t->start()), {"e8-f8", "e7-f7", "f8-g8", "e6-e8", "g8-h8", "e5-e6", "h8-h7"});
  EXPECT_EQ(s, "3aaa3/4d4/5d1a1/a3k3a/aadd1ddaa/a3d3a/4d4/4a4/3aaa3 d");
  EXPECT_EQ(play(*t, s, {"d5-e5"}), "3aaa3/4d4/5d1a1/a3k3a/aad1dddaa/a3d3a/4d4/4a4/3aaa3 a");
}

TEST(Seatafl, S2_KingIsUnarmed) {
  const auto t = rules("seatafl");
  EXPECT_EQ(play(*t, setup(9, {{"b3", 'k'}, {"d4", 'a'}, {"d5", 'd'}}, 'd'), {"b3-d3"}),
            setup(9, {{"d3", 'k'}, {"d4", 'a'}, {"d5", 'd'}}, 'a'));
  EXPECT_EQ(play(*t, setup(9, {{"g3", 'k'}, {"g4", 'a'}, {"h5", 'd'}}, 'd'), {"h5-g5"}),
            setup(9, {{"g3", 'k'}, {"g4", 'a'}, {"g5", 'd'}}, 'a'));
}

TEST(Seatafl, S3_KingCapturedOnlyByFourAttackers) {
  const auto t = rules("seatafl");
  // Three attackers and the centre (a throne elsewhere) are not enough.
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"e4", 'k'}, {"d4", 'a'}, {"f4", 'a'}, {"e1", 'a'}}), {"e1-e3"})),
            "ongoing");
  // Nor two on a line.
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"c3", 'k'}, {"c4", 'a'}, {"a2", 'a'}}), {"a2-c2"})), "ongoing");
  const auto s = play(*t, setup(9, {{"e4", 'k'}, {"d4", 'a'}, {"f4", 'a'}, {"e5", 'a'}, {"e1", 'a'}}), {"e1-e3"});
  EXPECT_EQ(s, setup(9, {{"d4", 'a'}, {"f4", 'a'}, {"e5", 'a'}, {"e3", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Seatafl, S4_DefendersWinOnAnyEdgeSquare) {
  const auto t = rules("seatafl");
  EXPECT_EQ(status_text(*t, play(*t, setup(9, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-c9"})), "d king_escaped");
  const auto big = rules("seatafl", {{"size", 11}});
  EXPECT_EQ(status_text(*big, play(*big, setup(11, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-k3"})), "d king_escaped");
  EXPECT_EQ(status_text(*big, play(*big, setup(11, {{"c3", 'k'}, {"g7", 'a'}}, 'd'), {"c3-j3"})), "ongoing");
}

TEST(Seatafl, S5_DefaultsAreNineByNineWithoutLimits) {
  const auto t = rules("seatafl", {{"size", 9}});
  EXPECT_EQ(t->geometry().width, 9);
  EXPECT_EQ(t->position_text(t->start()), "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a");
  EXPECT_EQ(destinations(*t, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'd'), "c3"),
            (V{"a3", "b3", "c1", "c2", "c4", "c5", "c6", "c7", "c8", "c9", "d3", "e3", "f3", "g3", "h3", "i3"}));
}

TEST(Seatafl, S5_KingLimit) {
  const auto t = rules("seatafl", {{"size", 9}, {"king_limit", 4}});
  EXPECT_EQ(destinations(*t, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'd'), "c3"),
            (V{"a3", "b3", "c1", "c2", "c4", "c5", "c6", "c7", "d3", "e3", "f3", "g3"}));
  EXPECT_EQ(destinations(*t, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'a'), "a1"),
            (V{"a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"}));
}

TEST(Seatafl, S5_MoveLimitAppliesToEveryPieceKingIncluded) {
  const auto t = rules("seatafl", {{"size", 9}, {"move_limit", 5}});
  EXPECT_EQ(destinations(*t, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'd'), "c3"),
            (V{"a3", "b3", "c1", "c2", "c4", "c5", "c6", "c7", "c8", "d3", "e3", "f3", "g3", "h3"}));
  EXPECT_EQ(destinations(*t, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'a'), "a1"),
            (V{"a2", "a3", "a4", "a5", "a6", "b1", "c1", "d1", "e1", "f1"}));
}

TEST(Seatafl, S5_WithBothTheSmallerAppliesToTheKing) {
  const auto t = rules("seatafl", {{"size", 9}, {"king_limit", 4}, {"move_limit", 5}});
  EXPECT_EQ(destinations(*t, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'd'), "c3"),
            (V{"a3", "b3", "c1", "c2", "c4", "c5", "c6", "c7", "d3", "e3", "f3", "g3"}));
  const auto u = rules("seatafl", {{"size", 9}, {"king_limit", 6}, {"move_limit", 2}});
  EXPECT_EQ(destinations(*u, setup(9, {{"c3", 'k'}, {"a1", 'a'}}, 'd'), "c3"),
            (V{"a3", "b3", "c1", "c2", "c4", "c5", "d3", "e3"}));
}

TEST(Seatafl, S5_SizeElevenStart) {
  const auto t = rules("seatafl", {{"size", 11}});
  EXPECT_EQ(t->geometry().width, 11);
  EXPECT_EQ(t->position_text(t->start()), "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
  EXPECT_EQ(play(*t, t->position_text(t->start()), {"f10-j10", "f8-f9"}),
            "3aaaaa3/9a1/5d5/a9a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
}

}  // namespace
}  // namespace bh::rules::tafl_test
