// docs/rules/brandubh.md: R1-R10 on small hand-made positions, one test (or more) per
// rule, named after it.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "rules/game_state.hpp"

namespace bh::rules::tafl_test {
namespace {

using V = std::vector<std::string>;

std::shared_ptr<const Ruleset> bdb() { return rules("brandubh"); }
std::string at7(std::initializer_list<std::pair<const char*, char>> pieces, char side = 'a') {
  return setup(7, pieces, side);
}

TEST(Brandubh, R1_BoardStartAndAttackersFirst) {
  const auto r = bdb();
  EXPECT_EQ(r->geometry().width, 7);
  EXPECT_EQ(r->position_text(r->start()), "3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 a");
  EXPECT_EQ(r->to_move(r->start()), Side::first);
  EXPECT_EQ(r->square_kind(static_cast<Square>(3 * 7 + 3)), SquareKind::throne);  // d4
  EXPECT_EQ(r->square_kind(static_cast<Square>(48)), SquareKind::exit);           // g7
}

TEST(Brandubh, R2_OnlyTheKingStopsOnThroneOrCornersOthersPassTheEmptyThrone) {
  const auto r = bdb();
  EXPECT_EQ(destinations(*r, at7({{"a4", 'a'}, {"f6", 'k'}}), "a4"),
            (V{"a2", "a3", "a5", "a6", "b4", "c4", "e4", "f4", "g4"}));
  EXPECT_EQ(play(*r, at7({{"d6", 'k'}, {"b2", 'a'}}, 'd'), {"d6-d4"}), at7({{"d4", 'k'}, {"b2", 'a'}}, 'a'));
}

TEST(Brandubh, R3_CaptureBetweenEnemiesCornersAndTheThrone) {
  const auto r = bdb();
  // Between two attackers; the mover passes the empty throne on its way.
  EXPECT_EQ(play(*r, at7({{"b2", 'a'}, {"c2", 'd'}, {"g5", 'k'}, {"d6", 'a'}}), {"d6-d2"}),
            at7({{"b2", 'a'}, {"d2", 'a'}, {"g5", 'k'}}, 'd'));
  EXPECT_EQ(play(*r, at7({{"b1", 'd'}, {"c5", 'a'}, {"g5", 'k'}}), {"c5-c1"}), at7({{"c1", 'a'}, {"g5", 'k'}}, 'd'));
  // The empty throne takes a defender on c4; with the king on it, it does not.
  EXPECT_EQ(play(*r, at7({{"c4", 'd'}, {"b6", 'a'}, {"f6", 'k'}}), {"b6-b4"}), at7({{"b4", 'a'}, {"f6", 'k'}}, 'd'));
  EXPECT_EQ(play(*r, at7({{"c4", 'd'}, {"b6", 'a'}, {"d4", 'k'}}), {"b6-b4"}),
            at7({{"c4", 'd'}, {"b4", 'a'}, {"d4", 'k'}}, 'd'));
  // The throne takes an attacker on e4 when a defender arrives on f4.
  EXPECT_EQ(play(*r, at7({{"e4", 'a'}, {"f6", 'd'}, {"b2", 'k'}, {"a6", 'a'}}, 'd'), {"f6-f4"}),
            at7({{"f4", 'd'}, {"b2", 'k'}, {"a6", 'a'}}, 'a'));
}

TEST(Brandubh, R3_NoShieldwall) {
  const auto r = bdb();
  const auto s = at7({{"b1", 'a'}, {"c1", 'd'}, {"d1", 'd'}, {"c2", 'a'}, {"d2", 'a'}, {"e6", 'a'}, {"f6", 'k'}});
  EXPECT_EQ(play(*r, s, {"e6-e1"}),
            at7({{"b1", 'a'}, {"c1", 'd'}, {"d1", 'd'}, {"c2", 'a'}, {"d2", 'a'}, {"e1", 'a'}, {"f6", 'k'}}, 'd'));
}

TEST(Brandubh, R4_TheKingIsArmed) {
  const auto r = bdb();
  EXPECT_EQ(play(*r, at7({{"b2", 'k'}, {"d2", 'a'}, {"e2", 'd'}, {"a6", 'a'}}, 'd'), {"b2-c2"}),
            at7({{"c2", 'k'}, {"e2", 'd'}, {"a6", 'a'}}, 'a'));
}

TEST(Brandubh, R5_AwayFromTheThroneTheKingFallsLikeAnyPiece) {
  const auto r = bdb();
  EXPECT_EQ(status_text(*r, play(*r, at7({{"b5", 'k'}, {"a5", 'a'}, {"c7", 'a'}}), {"c7-c5"})), "a king_captured");
  // On the edge too, and against a corner.
  EXPECT_EQ(status_text(*r, play(*r, at7({{"c1", 'k'}, {"b1", 'a'}, {"d6", 'a'}, {"g6", 'd'}}), {"d6-d1"})),
            "a king_captured");
  EXPECT_EQ(status_text(*r, play(*r, at7({{"b1", 'k'}, {"c6", 'a'}, {"g6", 'd'}}), {"c6-c1"})), "a king_captured");
}

TEST(Brandubh, R5_OnTheThroneFourBesideItThreeAndTheThrone) {
  const auto r = bdb();
  EXPECT_EQ(
      status_text(*r, play(*r, at7({{"d4", 'k'}, {"c4", 'a'}, {"e4", 'a'}, {"a3", 'a'}, {"g6", 'd'}}), {"a3-d3"})),
      "ongoing");
  EXPECT_EQ(
      status_text(*r, play(*r, at7({{"d4", 'k'}, {"c4", 'a'}, {"e4", 'a'}, {"d5", 'a'}, {"a3", 'a'}}), {"a3-d3"})),
      "a king_captured");
  // Beside the throne (d5): two on a line are not enough, three are.
  EXPECT_EQ(status_text(*r, play(*r, at7({{"d5", 'k'}, {"c5", 'a'}, {"g5", 'a'}, {"g6", 'd'}}), {"g5-e5"})), "ongoing");
  EXPECT_EQ(status_text(*r, play(*r, at7({{"d5", 'k'}, {"c5", 'a'}, {"e5", 'a'}, {"a6", 'a'}}), {"a6-d6"})),
            "a king_captured");
}

TEST(Brandubh, R6_TheKingEscapesToACorner) {
  const auto r = bdb();
  EXPECT_EQ(status_text(*r, play(*r, at7({{"d1", 'k'}, {"b6", 'a'}}, 'd'), {"d1-g1"})), "d king_escaped");
  EXPECT_EQ(status_text(*r, play(*r, at7({{"d2", 'k'}, {"b6", 'a'}}, 'd'), {"d2-d1"})), "ongoing");
}

TEST(Brandubh, R7_CapturingTheKingWins) {
  const auto r = bdb();
  EXPECT_EQ(status_text(*r, play(*r, at7({{"b5", 'k'}, {"a5", 'a'}, {"c7", 'a'}}), {"c7-c5"})), "a king_captured");
}

TEST(Brandubh, R8_EnclosingEveryDefenderWins) {
  const auto r = bdb();
  // The king on d2 and a defender on d3, with the empty throne d4 above them: the
  // attacker from a5 shuts the last way out on d5.
  const auto ring = at7({{"c2", 'a'},
                         {"e2", 'a'},
                         {"d1", 'a'},
                         {"c3", 'a'},
                         {"e3", 'a'},
                         {"c4", 'a'},
                         {"e4", 'a'},
                         {"a5", 'a'},
                         {"d3", 'd'},
                         {"d2", 'k'}});
  EXPECT_EQ(status_text(*r, play(*r, ring, {"a5-d5"})), "a encircled");
  // Anywhere else, the way through d5 to the top edge stays open.
  EXPECT_EQ(status_text(*r, play(*r, ring, {"a5-b5"})), "ongoing");
}

TEST(Brandubh, R9_AThirdRepetitionIsTheDefendersLoss) {
  GameState g(bdb(), parse(*bdb(), at7({{"c3", 'k'}, {"f6", 'a'}})));
  for (const char* m : {"f6-f5", "c3-c2", "f5-f6", "c2-c3", "f6-f5", "c3-c2", "f5-f6", "c2-c3"})
    ASSERT_TRUE(g.play(m).ok()) << m;
  EXPECT_EQ(status_text(g.status()), "a repetition");
}

TEST(Brandubh, R10_NoLegalMoveLoses) {
  const auto r = bdb();
  // The defenders' only piece, the king on the edge, is boxed in (but not shut off
  // from the edge, so R8 does not apply).
  EXPECT_EQ(status_text(*r, at7({{"a4", 'k'}, {"a3", 'a'}, {"a5", 'a'}, {"b4", 'a'}}, 'd')), "a no_legal_move");
}

}  // namespace
}  // namespace bh::rules::tafl_test
