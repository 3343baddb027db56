// RULES.md 1, common rules T1-T6, shown on small hand-made positions.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "rules/game_state.hpp"

namespace bh::rules::tafl_test {
namespace {

using V = std::vector<std::string>;

TEST(Tafl, T1_PiecesMoveLikeRooksWithoutJumping) {
  const auto r = rules("seatafl");
  const auto p = setup(9, {{"c5", 'a'}, {"e5", 'a'}, {"g5", 'd'}, {"b2", 'k'}});
  EXPECT_EQ(destinations(*r, p, "c5"), (V{"a5", "b5", "c1", "c2", "c3", "c4", "c6", "c7", "c8", "c9", "d5"}));
  // Blocked by its own piece on one side and by an enemy on the other; never jumps.
  EXPECT_EQ(destinations(*r, p, "e5"), (V{"d5", "e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "f5"}));
  EXPECT_EQ(destinations(*r, p, "g5"), V{});  // not the side to move
}

TEST(Tafl, T1_MovesAreWrittenFromDashTo) {
  const auto r = rules("seatafl");
  const Position p = parse(*r, setup(9, {{"c5", 'a'}, {"b2", 'k'}}));
  auto m = r->legal_move_from_text(p, "c5-c9");
  ASSERT_TRUE(m.ok());
  EXPECT_FALSE(m->jump);
  EXPECT_EQ(r->move_text(*m), "c5-c9");
}

TEST(Tafl, T2_CaptureBySandwichAfterAMove) {
  const auto r = rules("seatafl");
  EXPECT_EQ(play(*r, setup(9, {{"e5", 'd'}, {"f5", 'a'}, {"d2", 'a'}, {"b2", 'k'}}), {"d2-d5"}),
            setup(9, {{"d5", 'a'}, {"f5", 'a'}, {"b2", 'k'}}, 'd'));
}

TEST(Tafl, T2_DefendersCaptureAttackersToo) {
  const auto r = rules("seatafl");
  EXPECT_EQ(play(*r, setup(9, {{"e5", 'a'}, {"f5", 'd'}, {"d2", 'd'}, {"b2", 'k'}}, 'd'), {"d2-d5"}),
            setup(9, {{"d5", 'd'}, {"f5", 'd'}, {"b2", 'k'}}, 'a'));
}

TEST(Tafl, T2_SeveralPiecesCapturedByOneMove) {
  const auto r = rules("seatafl");
  const auto before = setup(
      9, {{"c5", 'a'}, {"g5", 'a'}, {"e7", 'a'}, {"e2", 'a'}, {"d5", 'd'}, {"f5", 'd'}, {"e6", 'd'}, {"b2", 'k'}});
  EXPECT_EQ(play(*r, before, {"e2-e5"}),
            setup(9, {{"c5", 'a'}, {"g5", 'a'}, {"e7", 'a'}, {"e5", 'a'}, {"b2", 'k'}}, 'd'));
}

TEST(Tafl, T2_NoCaptureWithoutAHostileSquareBeyond) {
  const auto r = rules("seatafl");
  EXPECT_EQ(play(*r, setup(9, {{"e5", 'd'}, {"d2", 'a'}, {"b2", 'k'}}), {"d2-d5"}),
            setup(9, {{"e5", 'd'}, {"d5", 'a'}, {"b2", 'k'}}, 'd'));
}

TEST(Tafl, T3_MovingBetweenTwoEnemiesIsSafe) {
  const auto r = rules("seatafl");
  EXPECT_EQ(play(*r, setup(9, {{"d5", 'a'}, {"f5", 'a'}, {"e2", 'd'}, {"b2", 'k'}}, 'd'), {"e2-e5"}),
            setup(9, {{"d5", 'a'}, {"f5", 'a'}, {"e5", 'd'}, {"b2", 'k'}}, 'a'));
  const auto t = rules("tavlei");  // the same for the king between two attackers (T6)
  EXPECT_EQ(play(*t, setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"d1", 'k'}}, 'd'), {"d1-d3"}),
            setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"d3", 'k'}}, 'a'));
}

TEST(Tafl, T4_NoDiagonalCapture) {
  const auto r = rules("seatafl");
  EXPECT_EQ(play(*r, setup(9, {{"e5", 'd'}, {"d6", 'a'}, {"c4", 'a'}, {"b2", 'k'}}), {"c4-f4"}),
            setup(9, {{"e5", 'd'}, {"d6", 'a'}, {"f4", 'a'}, {"b2", 'k'}}, 'd'));
}

TEST(Tafl, T5_ThreefoldRepetitionIsADraw) {
  GameState g(rules("tavlei"));
  const char* cycle[] = {"d9-d8", "e7-d7", "d8-d9", "d7-e7"};
  for (const char* m : cycle) ASSERT_TRUE(g.play(m).ok()) << m;
  EXPECT_EQ(g.rules().position_text(g.position()), g.rules().position_text(g.start()));
  EXPECT_EQ(status_text(g.status()), "ongoing");  // second occurrence of the start
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(g.play(cycle[i]).ok());
  EXPECT_EQ(status_text(g.status()), "ongoing");
  ASSERT_TRUE(g.play(cycle[3]).ok());
  EXPECT_EQ(status_text(g.status()), "draw repetition");  // third, counting the start
  auto after = g.play("d9-d8");
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.error().code, Errc::game_over);
  EXPECT_TRUE(g.rules().threefold_repetition_draws());
}

TEST(Tafl, T5_SamePlacementOtherSideToMoveIsNotARepetition) {
  const auto r = rules("tavlei");
  const Position a = parse(*r, setup(9, {{"c3", 'a'}, {"d1", 'k'}}, 'a'));
  const Position d = parse(*r, setup(9, {{"c3", 'a'}, {"d1", 'k'}}, 'd'));
  EXPECT_FALSE(a == d);
  EXPECT_NE(a.hash(), d.hash());
}

TEST(Tafl, T6_KingNotCapturedWhenItMovesIntoASandwich) {
  const auto t = rules("tavlei");
  const auto s = play(*t, setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"a7", 'a'}, {"d1", 'k'}}, 'd'), {"d1-d3", "a7-a6"});
  EXPECT_EQ(s, setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"a6", 'a'}, {"d3", 'k'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "ongoing");
}

TEST(Tafl, T6_MovingAttackerMustCompleteTheSandwich) {
  const auto t = rules("tavlei");
  // d2 touches the king but d4 is empty: the c3-e3 sandwich was made by the king itself.
  EXPECT_EQ(play(*t, setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"a2", 'a'}, {"d3", 'k'}}), {"a2-d2"}),
            setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"d2", 'a'}, {"d3", 'k'}}, 'd'));
  // e1-e3 completes c3-d3-e3: captured.
  const auto s = play(*t, setup(9, {{"c3", 'a'}, {"e1", 'a'}, {"d3", 'k'}}), {"e1-e3"});
  EXPECT_EQ(s, setup(9, {{"c3", 'a'}, {"e3", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*t, s), "a king_captured");
}

TEST(Tafl, T6_EnclosureCompletedByAnotherMoveOnlyByTheMover) {
  const auto r = rules("seatafl");
  // Three attackers around e5, the king moves in? It cannot (occupied); instead the
  // fourth attacker arrives: captured. An attacker moving elsewhere captures nothing.
  const auto before = setup(9, {{"d5", 'a'}, {"f5", 'a'}, {"e6", 'a'}, {"e2", 'a'}, {"a8", 'a'}, {"e5", 'k'}});
  EXPECT_EQ(status_text(*r, play(*r, before, {"a8-a7"})), "ongoing");
  EXPECT_EQ(play(*r, before, {"e2-e4"}),
            setup(9, {{"d5", 'a'}, {"f5", 'a'}, {"e6", 'a'}, {"e4", 'a'}, {"a8", 'a'}}, 'd'));
}

TEST(Tafl, SideWithoutLegalMoveLoses) {
  const auto r = rules("seatafl");
  const auto s = setup(9, {{"a1", 'a'}, {"a2", 'd'}, {"b1", 'd'}, {"e5", 'k'}});
  EXPECT_EQ(status_text(*r, s), "d no_legal_move");
  EXPECT_EQ(r->perft(parse(*r, s), 1), 0U);
}

TEST(Tafl, NoMoveIsLegalOnceTheGameHasEnded) {
  const auto r = rules("tavlei");
  const auto s = setup(9, {{"c3", 'a'}, {"e3", 'a'}, {"d4", 'd'}}, 'd');  // no king: captured
  EXPECT_EQ(status_text(*r, s), "a king_captured");
  MoveList moves;
  r->legal_moves(parse(*r, s), moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(r->perft(parse(*r, s), 1), 0U);
  EXPECT_EQ(r->perft(parse(*r, s), 3), 0U);
  auto m = r->legal_move_from_text(parse(*r, s), "d4-d5");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().code, Errc::game_over);
}

}  // namespace
}  // namespace bh::rules::tafl_test
