// docs/rules/copenhagen.md: C1-C12 on small hand-made positions, one test (or more)
// per rule, named after it.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "rules/game_state.hpp"

namespace bh::rules::tafl_test {
namespace {

using V = std::vector<std::string>;

std::shared_ptr<const Ruleset> cph() { return rules("copenhagen"); }
std::string at11(std::initializer_list<std::pair<const char*, char>> pieces, char side = 'a') {
  return setup(11, pieces, side);
}

TEST(Copenhagen, C1_BoardStartAndAttackersFirst) {
  const auto r = cph();
  EXPECT_EQ(r->geometry().width, 11);
  EXPECT_EQ(r->position_text(r->start()), "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
  EXPECT_EQ(r->to_move(r->start()), Side::first);
  EXPECT_EQ(r->square_kind(static_cast<Square>(5 * 11 + 5)), SquareKind::throne);  // f6
  EXPECT_EQ(r->square_kind(static_cast<Square>(0)), SquareKind::exit);             // a1
  EXPECT_EQ(r->square_kind(static_cast<Square>(120)), SquareKind::exit);           // k11
}

TEST(Copenhagen, C2_OnlyTheKingStopsOnThroneOrCornersOthersPassTheEmptyThrone) {
  const auto r = cph();
  // b6 crosses f6 (the empty throne) but cannot stop there.
  EXPECT_EQ(destinations(*r, at11({{"b6", 'a'}, {"h9", 'k'}}), "b6"),
            (V{"a6", "b1", "b10", "b11", "b2", "b3", "b4", "b5", "b7", "b8", "b9", "c6", "d6", "e6", "g6", "h6", "i6",
               "j6", "k6"}));
  // A defender on a2 stops short of the corner a1.
  EXPECT_EQ(
      destinations(*r, at11({{"a2", 'd'}, {"h9", 'k'}, {"c9", 'a'}}, 'd'), "a2"),
      (V{"a10", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "k2"}));
  // The king may go back to the throne.
  EXPECT_EQ(play(*r, at11({{"f8", 'k'}, {"c9", 'a'}}, 'd'), {"f8-f6"}), at11({{"f6", 'k'}, {"c9", 'a'}}, 'a'));
}

TEST(Copenhagen, C2_NoPieceHasADistanceLimit) {
  const auto r = cph();
  EXPECT_EQ(destinations(*r, at11({{"b2", 'k'}, {"e9", 'a'}}, 'd'), "b2").size(), 20U);
}

TEST(Copenhagen, C3_CaptureBetweenTwoEnemies) {
  const auto r = cph();
  EXPECT_EQ(play(*r, at11({{"d4", 'a'}, {"d5", 'd'}, {"h6", 'a'}, {"h9", 'k'}}), {"h6-d6"}),
            at11({{"d4", 'a'}, {"d6", 'a'}, {"h9", 'k'}}, 'd'));
}

TEST(Copenhagen, C3_CornersAreHostileToEveryPiece) {
  const auto r = cph();
  // A defender on b1 is taken between the corner a1 and an attacker arriving on c1.
  EXPECT_EQ(play(*r, at11({{"b1", 'd'}, {"c5", 'a'}, {"h9", 'k'}}), {"c5-c1"}), at11({{"c1", 'a'}, {"h9", 'k'}}, 'd'));
  // An attacker on k10 between the corner k11 and a defender arriving on k9.
  EXPECT_EQ(play(*r, at11({{"k10", 'a'}, {"f9", 'd'}, {"c3", 'k'}, {"c8", 'a'}}, 'd'), {"f9-k9"}),
            at11({{"k9", 'd'}, {"c3", 'k'}, {"c8", 'a'}}, 'a'));
}

TEST(Copenhagen, C3_TheThroneIsHostileToAttackersAlwaysToDefendersWhenEmpty) {
  const auto r = cph();
  // Empty throne: a defender on e6 falls to an attacker arriving on d6.
  EXPECT_EQ(play(*r, at11({{"e6", 'd'}, {"d9", 'a'}, {"h9", 'k'}}), {"d9-d6"}), at11({{"d6", 'a'}, {"h9", 'k'}}, 'd'));
  // The king on the throne: the defender on e6 is safe.
  EXPECT_EQ(play(*r, at11({{"e6", 'd'}, {"d9", 'a'}, {"f6", 'k'}}), {"d9-d6"}),
            at11({{"e6", 'd'}, {"d6", 'a'}, {"f6", 'k'}}, 'd'));
  // Empty throne: an attacker on g6 falls to a defender arriving on h6.
  EXPECT_EQ(play(*r, at11({{"g6", 'a'}, {"h9", 'd'}, {"b2", 'k'}, {"c9", 'a'}}, 'd'), {"h9-h6"}),
            at11({{"h6", 'd'}, {"b2", 'k'}, {"c9", 'a'}}, 'a'));
}

TEST(Copenhagen, C3_MovingBetweenTwoEnemiesIsSafeAndTheEdgeIsNotHostile) {
  const auto r = cph();
  EXPECT_EQ(play(*r, at11({{"d4", 'a'}, {"d6", 'a'}, {"b5", 'd'}, {"h9", 'k'}}, 'd'), {"b5-d5"}),
            at11({{"d4", 'a'}, {"d6", 'a'}, {"d5", 'd'}, {"h9", 'k'}}, 'a'));
  // A defender on the edge with an attacker arriving beside it, the board edge behind.
  EXPECT_EQ(play(*r, at11({{"a5", 'd'}, {"b9", 'a'}, {"h9", 'k'}}), {"b9-b5"}),
            at11({{"a5", 'd'}, {"b5", 'a'}, {"h9", 'k'}}, 'd'));
}

TEST(Copenhagen, C4_TheKingCapturesAsTheMoverAndAsTheAnvil) {
  const auto r = cph();
  EXPECT_EQ(play(*r, at11({{"c3", 'k'}, {"e3", 'a'}, {"f3", 'd'}, {"h9", 'a'}}, 'd'), {"c3-d3"}),
            at11({{"d3", 'k'}, {"f3", 'd'}, {"h9", 'a'}}, 'a'));
  EXPECT_EQ(play(*r, at11({{"d3", 'k'}, {"e3", 'a'}, {"f8", 'd'}, {"h9", 'a'}}, 'd'), {"f8-f3"}),
            at11({{"d3", 'k'}, {"f3", 'd'}, {"h9", 'a'}}, 'a'));
}

TEST(Copenhagen, C5_TheKingIsCapturedByFourAttackers) {
  const auto r = cph();
  const auto before = at11({{"d4", 'k'}, {"c4", 'a'}, {"e4", 'a'}, {"d3", 'a'}, {"h5", 'a'}});
  const auto after = play(*r, before, {"h5-d5"});
  EXPECT_EQ(after, at11({{"c4", 'a'}, {"e4", 'a'}, {"d3", 'a'}, {"d5", 'a'}}, 'd'));
  EXPECT_EQ(status_text(*r, after), "a king_captured");
  // Two attackers on a line do not capture him.
  EXPECT_EQ(status_text(*r, play(*r, at11({{"d4", 'k'}, {"c4", 'a'}, {"e8", 'a'}}), {"e8-e4"})), "ongoing");
}

TEST(Copenhagen, C5_OnTheThroneFourBesideItThreeAndTheThrone) {
  const auto r = cph();
  // Beside the throne (f5): e5, g5 and f4.
  EXPECT_EQ(status_text(*r, play(*r, at11({{"f5", 'k'}, {"e5", 'a'}, {"g5", 'a'}, {"b4", 'a'}}), {"b4-f4"})),
            "a king_captured");
  // On the throne three are not enough, four are.
  const auto three = play(*r, at11({{"f6", 'k'}, {"e6", 'a'}, {"g6", 'a'}, {"b5", 'a'}}), {"b5-f5"});
  EXPECT_EQ(status_text(*r, three), "ongoing");
  EXPECT_EQ(
      status_text(*r, play(*r, at11({{"f6", 'k'}, {"e6", 'a'}, {"g6", 'a'}, {"f5", 'a'}, {"b7", 'a'}}), {"b7-f7"})),
      "a king_captured");
}

TEST(Copenhagen, C5_TheKingCannotBeCapturedOnTheEdgeNorAgainstACorner) {
  const auto r = cph();
  EXPECT_EQ(
      status_text(*r, play(*r, at11({{"a5", 'k'}, {"a4", 'a'}, {"a6", 'a'}, {"e5", 'a'}, {"h9", 'd'}}), {"e5-b5"})),
      "ongoing");
  EXPECT_EQ(status_text(*r, play(*r, at11({{"b1", 'k'}, {"c5", 'a'}, {"h9", 'a'}}), {"c5-c1"})), "ongoing");
}

TEST(Copenhagen, C6_ShieldwallTakesARowBracketedAtBothEnds) {
  const auto r = cph();
  EXPECT_EQ(play(*r, at11({{"c1", 'a'}, {"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"e2", 'a'}, {"f5", 'a'}, {"h9", 'k'}}),
                 {"f5-f1"}),
            at11({{"c1", 'a'}, {"d2", 'a'}, {"e2", 'a'}, {"f1", 'a'}, {"h9", 'k'}}, 'd'));
  // On the right edge, three defenders, the attackers' row in front on j.
  EXPECT_EQ(play(*r,
                 at11({{"k4", 'a'},
                       {"k5", 'd'},
                       {"k6", 'd'},
                       {"k7", 'd'},
                       {"j5", 'a'},
                       {"j6", 'a'},
                       {"j7", 'a'},
                       {"e8", 'a'},
                       {"c3", 'k'}}),
                 {"e8-k8"}),
            at11({{"k4", 'a'}, {"j5", 'a'}, {"j6", 'a'}, {"j7", 'a'}, {"k8", 'a'}, {"c3", 'k'}}, 'd'));
}

TEST(Copenhagen, C6_ACornerMayStandAsABracket) {
  const auto r = cph();
  EXPECT_EQ(play(*r, at11({{"b1", 'd'}, {"c1", 'd'}, {"b2", 'a'}, {"c2", 'a'}, {"d5", 'a'}, {"h9", 'k'}}), {"d5-d1"}),
            at11({{"b2", 'a'}, {"c2", 'a'}, {"d1", 'a'}, {"h9", 'k'}}, 'd'));
}

TEST(Copenhagen, C6_NoShieldwallWithAnUnpinnedMemberOrAnOpenEnd) {
  const auto r = cph();
  // e1 has nobody in front.
  const auto unpinned = at11({{"c1", 'a'}, {"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"f5", 'a'}, {"h9", 'k'}});
  EXPECT_EQ(play(*r, unpinned, {"f5-f1"}),
            at11({{"c1", 'a'}, {"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"f1", 'a'}, {"h9", 'k'}}, 'd'));
  // c1 is empty: the far end is open.
  const auto open = at11({{"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"e2", 'a'}, {"f5", 'a'}, {"h9", 'k'}});
  EXPECT_EQ(play(*r, open, {"f5-f1"}),
            at11({{"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"e2", 'a'}, {"f1", 'a'}, {"h9", 'k'}}, 'd'));
}

TEST(Copenhagen, C6_OnlyTheBracketingMoveCloses) {
  const auto r = cph();
  // The last piece in front arrives: no capture (and not a custodial one either).
  const auto s = at11({{"c1", 'a'}, {"f1", 'a'}, {"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"e5", 'a'}, {"h9", 'k'}});
  EXPECT_EQ(play(*r, s, {"e5-e2"}),
            at11({{"c1", 'a'}, {"f1", 'a'}, {"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"e2", 'a'}, {"h9", 'k'}}, 'd'));
}

TEST(Copenhagen, C6_TheKingInTheRowIsNotTakenAndMayBracket) {
  const auto r = cph();
  EXPECT_EQ(play(*r, at11({{"c1", 'a'}, {"d1", 'd'}, {"e1", 'k'}, {"d2", 'a'}, {"e2", 'a'}, {"f5", 'a'}}), {"f5-f1"}),
            at11({{"c1", 'a'}, {"e1", 'k'}, {"d2", 'a'}, {"e2", 'a'}, {"f1", 'a'}}, 'd'));
  // The defenders take a row of attackers, the king bracketing the far end.
  EXPECT_EQ(
      play(*r, at11({{"c1", 'k'}, {"d1", 'a'}, {"e1", 'a'}, {"d2", 'd'}, {"e2", 'd'}, {"f5", 'd'}, {"h9", 'a'}}, 'd'),
           {"f5-f1"}),
      at11({{"c1", 'k'}, {"d2", 'd'}, {"e2", 'd'}, {"f1", 'd'}, {"h9", 'a'}}, 'a'));
}

TEST(Copenhagen, C7_TheKingEscapesToACorner) {
  const auto r = cph();
  const auto after = play(*r, at11({{"f1", 'k'}, {"h9", 'a'}}, 'd'), {"f1-a1"});
  EXPECT_EQ(status_text(*r, after), "d king_escaped");
  // Any other edge square is no escape.
  EXPECT_EQ(status_text(*r, play(*r, at11({{"f3", 'k'}, {"h9", 'a'}}, 'd'), {"f3-f1"})), "ongoing");
}

TEST(Copenhagen, C8_AnExitFortWins) {
  const auto r = cph();
  // The king on e1 with f1 free, d1, e2, f2, g1 around: nothing can take them.
  const auto fort =
      play(*r, at11({{"d1", 'd'}, {"e2", 'd'}, {"f2", 'd'}, {"g5", 'd'}, {"e1", 'k'}, {"b9", 'a'}}, 'd'), {"g5-g1"});
  EXPECT_EQ(status_text(*r, fort), "d exit_fort");
  // The same with d1 missing: d1 and the king's road west are open.
  const auto open = play(*r, at11({{"e2", 'd'}, {"f2", 'd'}, {"g5", 'd'}, {"e1", 'k'}, {"b9", 'a'}}, 'd'), {"g5-g1"});
  EXPECT_EQ(status_text(*r, open), "ongoing");
}

TEST(Copenhagen, C8_AWallDefenderMayBeHeldByDefendersOutsideTheWall) {
  const auto r = cph();
  // f3 closes the fort f1-f2 from above; e3 beside it holds its line (each of e3, f3
  // keeps the other), and e2 below e3 holds e3's other line.
  const auto s = at11(
      {{"e1", 'd'}, {"g1", 'd'}, {"e2", 'd'}, {"g2", 'd'}, {"e3", 'd'}, {"f3", 'd'}, {"f1", 'k'}, {"b9", 'a'}}, 'a');
  EXPECT_EQ(status_text(*r, s), "d exit_fort");
  // Without e3, f3 can be taken from e3 and g3.
  const auto weak =
      at11({{"e1", 'd'}, {"g1", 'd'}, {"e2", 'd'}, {"g2", 'd'}, {"f3", 'd'}, {"f1", 'k'}, {"b9", 'a'}}, 'a');
  EXPECT_EQ(status_text(*r, weak), "ongoing");
}

TEST(Copenhagen, C8_NoFortWhenTheKingCannotMoveOrAnAttackerIsInside) {
  const auto r = cph();
  // The king boxed in on e1 by defenders: he cannot move.
  EXPECT_EQ(status_text(*r, at11({{"d1", 'd'}, {"f1", 'd'}, {"e2", 'd'}, {"e1", 'k'}, {"b9", 'a'}}, 'a')), "ongoing");
  // An attacker in the wall.
  EXPECT_EQ(status_text(*r, at11({{"d1", 'd'}, {"e2", 'd'}, {"f2", 'a'}, {"g1", 'd'}, {"e1", 'k'}, {"b9", 'a'}}, 'a')),
            "ongoing");
}

TEST(Copenhagen, C8_AWallRowEndingAtAFortSquareCannotBeShieldwalled) {
  const auto r = cph();
  // The king on k5 with k6 free; k4, j5, j6 and k7 wall him in. k7 and k8 with open
  // squares in front look like a row for the shieldwall, but its end k6 lies in the
  // fort, where no attacker can get to bracket it.
  const auto s = at11({{"k4", 'd'}, {"j5", 'd'}, {"j6", 'd'}, {"k7", 'd'}, {"k8", 'd'}, {"k5", 'k'}, {"b9", 'a'}}, 'a');
  EXPECT_EQ(status_text(*r, s), "d exit_fort");
}

TEST(Copenhagen, C9_CapturingTheKingWins) {
  const auto r = cph();
  EXPECT_EQ(
      status_text(*r, play(*r, at11({{"d4", 'k'}, {"c4", 'a'}, {"e4", 'a'}, {"d3", 'a'}, {"h5", 'a'}}), {"h5-d5"})),
      "a king_captured");
}

TEST(Copenhagen, C10_EnclosingEveryDefenderWins) {
  const auto r = cph();
  // The king and a defender on f5, f6 inside a ring; the last attacker closes it.
  const auto ring =
      at11({{"f4", 'a'}, {"e5", 'a'}, {"g5", 'a'}, {"e6", 'a'}, {"g6", 'a'}, {"f5", 'd'}, {"f6", 'k'}, {"b7", 'a'}});
  EXPECT_EQ(status_text(*r, play(*r, ring, {"b7-f7"})), "a encircled");
  // A defender outside the ring keeps the game going.
  const auto outside = at11({{"f4", 'a'},
                             {"e5", 'a'},
                             {"g5", 'a'},
                             {"e6", 'a'},
                             {"g6", 'a'},
                             {"f5", 'd'},
                             {"f6", 'k'},
                             {"b7", 'a'},
                             {"j2", 'd'}});
  EXPECT_EQ(status_text(*r, play(*r, outside, {"b7-f7"})), "ongoing");
}

TEST(Copenhagen, C11_AThirdRepetitionIsTheDefendersLoss) {
  GameState g(cph(), parse(*cph(), at11({{"d4", 'k'}, {"h9", 'a'}})));
  for (const char* m : {"h9-h8", "d4-d5", "h8-h9", "d5-d4", "h9-h8", "d4-d5", "h8-h9"}) ASSERT_TRUE(g.play(m).ok());
  EXPECT_FALSE(g.status().over());
  ASSERT_TRUE(g.play("d5-d4").ok());  // the start position a third time
  EXPECT_EQ(status_text(g.status()), "a repetition");
}

TEST(Copenhagen, C12_NoLegalMoveLoses) {
  const auto r = cph();
  // The defenders' only piece, the king on the edge, is boxed in.
  EXPECT_EQ(status_text(*r, at11({{"a5", 'k'}, {"a4", 'a'}, {"a6", 'a'}, {"b5", 'a'}}, 'd')), "a no_legal_move");
}

}  // namespace
}  // namespace bh::rules::tafl_test
