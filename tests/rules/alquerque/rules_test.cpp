// RULES.md section 3 (Alquerque), rule by rule: each test is built from a small
// hand-made position string and compares move lists, rendered positions and statuses.
#include <gtest/gtest.h>

#include "alquerque_support.hpp"
#include "rules/game_state.hpp"

namespace {

using namespace aqt;
using bh::rules::EndReason;
using bh::rules::Errc;
using bh::rules::Points;
using bh::rules::Side;
using bh::rules::Status;
using V = std::vector<std::string>;

const std::string start_text = "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -";

// The error of playing `move` in `text`; fails the test if the move is legal.
bh::rules::Error refusal(const std::string& text, const std::string& move) {
  auto m = rules().legal_move_from_text(pos(text), move);
  EXPECT_FALSE(m.ok()) << move << " should be refused in " << text;
  return m.ok() ? bh::rules::Error{Errc::game_over, "(was legal)"} : m.error();
}

void expect_illegal(const std::string& text, const std::string& move, const std::string& why) {
  const auto e = refusal(text, move);
  EXPECT_EQ(e.code, Errc::illegal_move) << e.message;
  EXPECT_NE(e.message.find(why), std::string::npos) << e.message;
  // Players read the rule in words, never the numbering of the rules contract (Q1...).
  EXPECT_EQ(e.message.find("(Q"), std::string::npos) << e.message;
}

void expect_bad_position(const std::string& text, const std::string& why) {
  auto p = rules().parse_position(text);
  ASSERT_FALSE(p.ok()) << "accepted: " << text;
  EXPECT_EQ(p.error().code, Errc::bad_position);
  EXPECT_NE(p.error().message.find(why), std::string::npos) << p.error().message;
}

// ---- The board, the start, the position string ----

TEST(Alquerque, StartPositionAndNames) {
  EXPECT_EQ(rules().game_id(), "alquerque");
  EXPECT_EQ(rules().side_name(Side::first), "white");
  EXPECT_EQ(rules().side_name(Side::second), "black");
  EXPECT_EQ(rules().position_text(rules().start()), start_text);
  EXPECT_EQ(pos(start_text), rules().start());
  EXPECT_EQ(rules().to_move(rules().start()), Side::first);  // White moves first
  EXPECT_FALSE(rules().threefold_repetition_draws());
  EXPECT_EQ(move_texts(start_text), (V{"b2-c3", "c2-c3", "d2-c3", "d3-c3"}));
}

// Section 3's board: orthogonal lines everywhere, diagonals only through points whose
// file + rank is even; joined() is what the client draws, so it is checked on its own.
TEST(Alquerque, LinesJoinOrthogonalNeighboursAndDiagonalsOfEvenPoints) {
  using bh::rules::alquerque::joined;
  auto sq = [](int file, int rank) { return static_cast<bh::rules::Square>(rank * 5 + file); };
  EXPECT_TRUE(joined(sq(0, 0), sq(1, 1)));   // a1-b2: a1 is even
  EXPECT_TRUE(joined(sq(1, 1), sq(0, 0)));   // either way round
  EXPECT_FALSE(joined(sq(1, 0), sq(2, 1)));  // b1-c2: b1 is odd
  EXPECT_FALSE(joined(sq(1, 0), sq(0, 1)));  // b1-a2
  EXPECT_TRUE(joined(sq(1, 0), sq(1, 1)));   // b1-b2: orthogonal, always
  EXPECT_TRUE(joined(sq(2, 2), sq(3, 2)));   // c3-d3
  EXPECT_FALSE(joined(sq(0, 0), sq(2, 2)));  // two steps apart
  EXPECT_FALSE(joined(sq(4, 0), sq(0, 1)));  // e1 and a2 are not neighbours, though 1 apart as indexes
  EXPECT_FALSE(joined(sq(2, 2), sq(2, 2)));
  int lines = 0;
  for (int a = 0; a < 25; ++a)
    for (int b = a + 1; b < 25; ++b)
      lines += joined(static_cast<bh::rules::Square>(a), static_cast<bh::rules::Square>(b));
  EXPECT_EQ(lines, 40 + 16);  // 40 orthogonal; one diagonal across each of the 16 small squares
}

TEST(Alquerque, PositionStringRoundTrips) {
  for (const std::string& text :
       {start_text, std::string("1b3/5/5/5/2w2 w a5-b5,b1-c1 -"), std::string("b4/5/5/1b2w/w1w2 b - a1,c1"),
        std::string("5/5/2w2/5/5 b - -"), std::string("b3b/1w1w1/5/1b1b1/w3w w a2-b2,c4-b4,e2-d2,e4-d4 -")})
    EXPECT_EQ(rules().position_text(pos(text)), text);
}

TEST(Alquerque, HashSeesEveryField) {
  const V texts = {"b4/5/5/5/2w2 w - -",     "b4/5/5/5/2w2 b - -",      "b4/5/5/5/2w2 w b1-c1 -",
                   "b4/5/5/5/2w2 w d1-c1 -", "b4/5/5/5/w1w2 b - a1,c1", "b4/5/5/5/w1w2 b - -"};
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (std::size_t j = 0; j < texts.size(); ++j)
      if (i != j) {
        EXPECT_NE(pos(texts[i]).hash(), pos(texts[j]).hash()) << texts[i] << " / " << texts[j];
      }
  EXPECT_EQ(pos(texts[0]).hash(), pos(texts[0]).hash());
}

// ---- Q1 simple moves ----

TEST(Alquerque, Q1_SimpleMovesForwardDiagonallyForwardAndSideways) {
  EXPECT_EQ(move_texts("b4/5/2w2/5/5 w - -"), (V{"c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"}));
}

TEST(Alquerque, Q1_NoDiagonalLineFromAnOddPoint) {
  EXPECT_EQ(move_texts("b4/5/1w3/5/5 w - -"), (V{"b3-a3", "b3-b4", "b3-c3"}));
}

TEST(Alquerque, Q1_BlackMovesTowardRankOne) {
  EXPECT_EQ(move_texts("5/5/2b2/5/4w b - -"), (V{"c3-b2", "c3-b3", "c3-c2", "c3-d2", "c3-d3"}));
}

TEST(Alquerque, Q1_NeverBackwardNorOffALine) {
  expect_illegal("b4/5/2w2/5/5 w - -", "c3-c2", "never goes backward");
  expect_illegal("b4/5/2w2/5/5 w - -", "c3-b2", "never goes backward");
  expect_illegal("b4/5/1w3/5/5 w - -", "b3-c4", "not one step along a line");
  expect_illegal("b4/5/2w2/5/5 w - -", "c3-c5", "not one step along a line");
  expect_illegal(start_text, "d2-d3", "not empty");
  expect_illegal(start_text, "a4-a3", "no white piece stands on a4");
}

// ---- Q2 captures ----

TEST(Alquerque, Q2_JumpOverAnAdjacentEnemyRemovesIt) {
  EXPECT_EQ(move_texts("b4/5/5/2b2/2w2 w - -"), (V{"c1-b1", "c1-b2", "c1-d1", "c1-d2", "c1:c3"}));
  EXPECT_EQ(after("b4/5/5/2b2/2w2 w - -", "c1:c3"), "b4/5/2w2/5/5 b - -");
}

TEST(Alquerque, Q2_FirstJumpNeverBackward) {
  EXPECT_EQ(move_texts("b4/5/2w2/2b2/5 w - -"), (V{"c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"}));
  EXPECT_EQ(move_texts("5/2w2/2b2/5/w4 b - -"), (V{"c3-b2", "c3-b3", "c3-c2", "c3-d2", "c3-d3"}));
}

TEST(Alquerque, Q2_LaterJumpsAnyDirectionAndTheChainMustGoOn) {
  // a1 jumps b2 diagonally forward, then c2 backward; stopping on c3 is not a move.
  EXPECT_EQ(move_texts("b4/5/5/1bb2/w4 w - -"), (V{"a1-a2", "a1-b1", "a1:c3:c1"}));
  EXPECT_EQ(after("b4/5/5/1bb2/w4 w - -", "a1:c3:c1"), "b4/5/5/5/2w2 b - -");
  expect_illegal("b4/5/5/1bb2/w4 w - -", "a1:c3", "complete capture");
}

TEST(Alquerque, Q2_JumpedPieceIsRemovedAtOnceAndCannotBeJumpedAgain) {
  // b2 jumps c3 to d4, then c4 to b4; c3 is gone, so b4:d2 over it is no jump.
  EXPECT_EQ(move_texts("b4/2b2/2b2/1w3/5 w - -"), (V{"b2-a2", "b2-a3", "b2-b3", "b2-c2", "b2:d4:b4"}));
  EXPECT_EQ(after("b4/2b2/2b2/1w3/5 w - -", "b2:d4:b4"), "b4/1w3/5/5/5 b - -");
}

TEST(Alquerque, Q2_OnlyAlongLines) {
  // b3 has no diagonal line: it cannot jump c4 to d5.
  EXPECT_EQ(move_texts("b4/2b2/1w3/5/5 w - -"), (V{"b3-a3", "b3-b4", "b3-c3"}));
}

// ---- Q3 no landing on the start point ----

TEST(Alquerque, Q3_NoJumpLandsOnTheStartPoint) {
  // Both triangles a1-a3-c3 would close on a1; the chains stop one jump short.
  EXPECT_EQ(move_texts("5/5/1b3/bb3/w4 w - -"), (V{"a1-b1", "a1:a3:c1", "a1:a3:c3", "a1:c3:a3"}));
  expect_illegal("5/5/1b3/bb3/w4 w - -", "a1:a3:c3:a1", "never landing on the start point");
  EXPECT_EQ(after("5/5/1b3/bb3/w4 w - -", "a1:c3:a3"), "5/5/w4/b4/5 b - -");
}

// ---- Q4 no shuffling back ----

TEST(Alquerque, Q4_SidewaysMoveIsRememberedAndBlocksTheWayBack) {
  const auto p1 = after("b4/5/5/5/1w3 w - -", "b1-c1");
  EXPECT_EQ(p1, "b4/5/5/5/2w2 b b1-c1 -");
  const auto p2 = after(p1, "a5-b5");  // the other side's memory stays
  EXPECT_EQ(p2, "1b3/5/5/5/2w2 w a5-b5,b1-c1 -");
  EXPECT_EQ(move_texts(p2), (V{"c1-b2", "c1-c2", "c1-d1", "c1-d2"}));
  expect_illegal(p2, "c1-b1", "from where it made its previous move");
  const auto p3 = after(p2, "c1-c2");  // moving again forgets
  EXPECT_EQ(p3, "1b3/5/5/2w2/5 b a5-b5 -");
  EXPECT_EQ(move_texts(p3), (V{"b5-b4", "b5-c5"}));
}

TEST(Alquerque, Q4_MemoryStaysWhileThePieceWaits) {
  // White's c1 remembers b1 through moves of its other piece.
  const auto p1 = after("b4/5/5/5/2w1w w b1-c1 -", "e1-e2");
  EXPECT_EQ(p1, "b4/5/5/4w/2w2 b b1-c1 -");
  const auto p2 = after(p1, "a5-a4");
  EXPECT_EQ(p2, "5/b4/5/4w/2w2 w b1-c1 -");
  expect_illegal(p2, "c1-b1", "from where it made its previous move");
}

TEST(Alquerque, Q4_MemoryOfACapturedPieceIsForgotten) {
  EXPECT_EQ(after("b4/5/5/2b2/2w2 w b2-c2 -", "c1:c3"), "b4/5/2w2/5/5 b - -");
  // A capture by the remembering piece ends its memory too.
  EXPECT_EQ(after("b4/5/5/5/bwb2 w a1-b1 -", "b1:d1"), "b4/5/5/5/b2w1 b - -");
}

// ---- Q5 far rank ----

TEST(Alquerque, Q5_FarRankPieceMakesNoSimpleMoveButMayCapture) {
  EXPECT_EQ(move_texts("2wb1/5/5/5/b4 w - -"), (V{"c5:e5"}));
  EXPECT_EQ(move_texts("w4/5/5/5/w3b w - -"), (V{"a1-a2", "a1-b1", "a1-b2"}));
  expect_illegal("w4/5/5/5/w3b w - -", "a5-b5", "far rank may not make simple moves");
  EXPECT_EQ(move_texts("5/5/5/5/1bw1w b - -"), (V{"b1:d1"}));  // Black's far rank is rank 1
}

// ---- Q6 huffing ----

TEST(Alquerque, Q6_CaptureIsNotForcedByLegality) {
  const auto moves = move_texts("b4/5/5/2b2/2w1w w - -");
  EXPECT_EQ(moves, (V{"c1-b1", "c1-b2", "c1-d1", "c1-d2", "c1:c3", "e1-d1", "e1-d2", "e1-e2"}));
}

TEST(Alquerque, Q6_MovedPieceThatCouldCaptureIsRemovedWhereItStands) {
  EXPECT_EQ(after("b4/5/5/2b2/2w1w w - -", "c1-d2"), "b4/5/5/2b2/4w b - -");
  // Sideways: the piece is gone, so nothing is remembered for it.
  EXPECT_EQ(after("b4/5/5/2b2/2w1w w - -", "c1-b1"), "b4/5/5/2b2/4w b - -");
  // Its last piece: White has lost (Q7).
  const auto lost = after("b4/5/5/2b2/2w2 w - -", "c1-d1");
  EXPECT_EQ(lost, "b4/5/5/2b2/5 b - -");
  EXPECT_EQ(status_text(pos(lost)), "black no_pieces");
}

TEST(Alquerque, Q6_SingleCandidateIsRemovedAtOnce) {
  EXPECT_EQ(after("b4/5/5/2b2/2w1w w - -", "e1-e2"), "b4/5/5/2b1w/5 b - -");
  // With its Q4 memory.
  EXPECT_EQ(after("b4/5/5/2b2/2w1w w b1-c1 -", "e1-e2"), "b4/5/5/2b1w/5 b - -");
}

TEST(Alquerque, Q6_SeveralCandidatesTheOpponentNamesOneWithEveryMove) {
  const std::string p = after("b4/5/5/1b3/w1w1w w - -", "e1-e2");
  EXPECT_EQ(p, "b4/5/5/1b2w/w1w2 b - a1,c1");
  V expected;
  for (const std::string h : {"a1", "c1"}) {
    for (const std::string m : {"a5-a4", "a5-b4", "a5-b5", "b2-a2", "b2-b1", "b2-c2"})
      expected.push_back("huff " + h + " " + m);
    expected.push_back("huff " + h + " b2-" + (h == "a1" ? "a1" : "c1"));  // into the named point
  }
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(move_texts(p), expected);
  EXPECT_EQ(after(p, "huff a1 b2-a1"), "b4/5/5/4w/b1w2 w - -");
  EXPECT_EQ(after(p, "huff c1 a5-b5"), "1b3/5/5/1b2w/w4 w a5-b5 -");
  expect_illegal(p, "b2-b1", "you name the piece they lose");
  expect_illegal(p, "huff e2 b2-b1", "may not be named");
  expect_illegal(p, "huff a1 b2-c1", "not empty");
  expect_illegal(start_text, "huff a1 c2-c3", "no huff choice is pending");
}

TEST(Alquerque, Q6_CouldHaveCapturedIsJudgedAfterTheHuffRemoval) {
  const std::string p = "b4/5/2b2/2w1w/5 b - c2,e2";
  // Naming c2 leaves Black nothing to capture: no penalty.
  EXPECT_EQ(after(p, "huff c2 a5-a4"), "5/b4/2b2/4w/5 w - -");
  // Naming e2 leaves c3:c1 available: c3 is the single candidate...
  EXPECT_EQ(after(p, "huff e2 a5-a4"), "5/b4/5/2w2/5 w - -");
  // ...or, if c3 itself moves, it is removed where it stands.
  EXPECT_EQ(after(p, "huff e2 c3-b3"), "b4/5/5/2w2/5 w - -");
  EXPECT_EQ(after(p, "huff e2 c3:c1"), "b4/5/5/5/2b2 w - -");
}

TEST(Alquerque, Q6_NoLegalMoveWhileAChoiceIsPendingLoses) {
  const std::string p = "3ww/5/5/5/bww2 b - d5,e5";
  EXPECT_EQ(move_texts(p), V{});
  EXPECT_EQ(status_text(pos(p)), "white no_legal_move");
  EXPECT_EQ(refusal(p, "huff d5 a1:c1").code, Errc::game_over);
}

TEST(Alquerque, Q6_OnlyNamesThatLeaveAMoveCombine) {
  // Naming b1 leaves a1 (on Black's far rank) nothing; naming d5 leaves a1:c1.
  const std::string p = "3ww/5/5/5/bw3 b - b1,d5";
  EXPECT_EQ(move_texts(p), (V{"huff d5 a1:c1"}));
  EXPECT_EQ(status_text(pos(p)), "ongoing");
}

// ---- Q7 end ----

TEST(Alquerque, Q7_NoPiecesLoses) {
  EXPECT_EQ(status_text(pos("5/5/2w2/5/5 b - -")), "white no_pieces");
  EXPECT_EQ(status_text(pos("5/5/2b2/5/5 b - -")), "black no_pieces");
  EXPECT_EQ(move_texts("5/5/2w2/5/5 b - -"), V{});
  const auto done = after("b4/5/5/1bb2/w4 w - -", "a1:c3:c1");
  EXPECT_EQ(status_text(pos(done)), "ongoing");
  EXPECT_EQ(status_text(pos(after("5/5/5/1bb2/w4 w - -", "a1:c3:c1"))), "white no_pieces");
}

TEST(Alquerque, Q7_CannotMoveLoses) {
  EXPECT_EQ(status_text(pos("w4/5/5/5/4b w - -")), "black no_legal_move");
  EXPECT_EQ(status_text(pos(after("2wb1/5/5/5/b4 w - -", "c5:e5"))), "white no_legal_move");
  EXPECT_EQ(refusal("w4/5/5/5/4b w - -", "a5-b5").code, Errc::game_over);
  EXPECT_EQ(status_text(rules().start()), "ongoing");
}

// ---- Q8 points ----

Points points_of(const std::string& text, const Status& s) { return rules().points(pos(text), s); }

TEST(Alquerque, Q8_NoPiecesWinnerGetsTwoPlusTwoPerOwnPiece) {
  EXPECT_EQ(points_of("5/5/2w2/5/w4 b - -", rules().status(pos("5/5/2w2/5/w4 b - -"))), (Points{6, 0}));
  EXPECT_EQ(points_of("b4/5/5/2b2/5 b - -", rules().status(pos("b4/5/5/2b2/5 b - -"))), (Points{0, 6}));
}

TEST(Alquerque, Q8_BlockedWinnerGetsOnePerPieceBeyondTheLoser) {
  const std::string p = "3ww/5/5/5/bww2 b - d5,e5";  // White 4, Black 1
  EXPECT_EQ(points_of(p, rules().status(pos(p))), (Points{5, 0}));
}

TEST(Alquerque, Q8_BlockedLoserGetsOnePerPieceBeyondTheWinner) {
  const std::string p = "4w/5/5/5/bbb2 b - -";  // Black blocked with 3 against 1
  EXPECT_EQ(status_text(pos(p)), "white no_legal_move");
  EXPECT_EQ(points_of(p, rules().status(pos(p))), (Points{2, 2}));
}

TEST(Alquerque, Q8_BlockedWithEqualCounts) {
  const std::string p = "4w/5/5/5/b4 b - -";
  EXPECT_EQ(points_of(p, rules().status(pos(p))), (Points{2, 0}));
}

TEST(Alquerque, Q8_EndingsFromOutsideTheRules) {
  // Not covered by Q8: 2 to the winner, 0 to the loser; a draw 1 each.
  EXPECT_EQ(points_of(start_text, Status::win(Side::second, EndReason::resignation)), (Points{0, 2}));
  EXPECT_EQ(points_of(start_text, Status::win(Side::first, EndReason::time)), (Points{2, 0}));
  EXPECT_EQ(points_of(start_text, Status::win(Side::first, EndReason::abandonment)), (Points{2, 0}));
  EXPECT_EQ(points_of(start_text, Status::draw(EndReason::agreement)), (Points{1, 1}));
  EXPECT_EQ(points_of(start_text, Status::ongoing()), (Points{0, 0}));
}

TEST(Alquerque, Q8_GameStatePointsAfterAPlayedGame) {
  bh::rules::GameState g(bh::rules::make_alquerque({}), pos("5/5/5/1bb2/w4 w - -"));
  ASSERT_TRUE(g.play("a1:c3:c1").ok());
  EXPECT_EQ(g.status(), Status::win(Side::first, EndReason::no_pieces));
  EXPECT_EQ(g.points(), (Points{4, 0}));
}

// ---- Bad input ----

TEST(Alquerque, BadPositionStrings) {
  expect_bad_position("", "expected 4 fields");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/wwwww w -", "expected 4 fields");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/wwwww  w - -", "expected 4 fields");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/wwwww w - - ", "expected 4 fields");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww w - -", "expected 5 ranks");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/wwwww/5 w - -", "expected 5 ranks");
  expect_bad_position("bbbbbb/bbbbb/bb1ww/wwwww/wwwww w - -", "rank 5 has more than 5 points");
  expect_bad_position("bbbb/bbbbb/bb1ww/wwwww/wwwww w - -", "rank 5 has 4 points, not 5");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/www3 w - -", "rank 1 has more than 5 points");
  expect_bad_position("bbbbb/bbbbb/bb0ww/wwwww/wwwww w - -", "unexpected '0'");
  expect_bad_position("bbbbb/bbbbb/bbxww/wwwww/wwwww w - -", "unexpected 'x'");
  expect_bad_position("bbbbb/bbbbb/bb6/wwwww/wwwww w - -", "unexpected '6'");
  expect_bad_position("bbbbb/bbbbb/b11ww/wwwww/wwwww w - -", "two digits in a row");
  expect_bad_position("5/5/www2/wwwww/wwwww w - -", "White has more than 12 pieces");
  expect_bad_position("bbbbb/bbbbb/bbb2/5/5 w - -", "Black has more than 12 pieces");
  expect_bad_position("5/5/5/5/5 w - -", "both sides have no pieces");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/wwwww x - -", "side to move must be 'w' or 'b'");
  expect_bad_position("bbbbb/bbbbb/bb1ww/wwwww/wwwww white - -", "side to move must be 'w' or 'b'");
  expect_bad_position(std::string(300, 'b'), "too long");
}

TEST(Alquerque, BadQ4Memory) {
  expect_bad_position("b4/5/5/5/2w2 w b1c1 -", "is not FROM-TO");
  expect_bad_position("b4/5/5/5/2w2 w f1-e1 -", "is not FROM-TO");
  expect_bad_position("b4/5/5/5/2w2 w  -", "Q4 entry '' is not FROM-TO");
  expect_bad_position("b4/5/5/5/2w2 w a1-c1 -", "not a sideways step");
  expect_bad_position("b4/5/5/5/2w2 w c2-c1 -", "not a sideways step");
  expect_bad_position("b4/5/5/5/2w2 w c1-b1 -", "no piece on b1");
  expect_bad_position("b4/5/5/5/1ww2 w c1-b1,b1-c1 -", "sorted as text");
  expect_bad_position("b4/5/5/5/2w2 w b1-c1,b1-c1 -", "without repeats");
  expect_bad_position("b4/5/5/5/2w2 w b1-c1,d1-c1 -", "two entries for the piece on c1");
  expect_bad_position("1w3/5/5/5/b4 w a5-b5 -", "far rank");
  expect_bad_position("b4/5/5/5/bw3 w b1-a1 -", "far rank");
  expect_bad_position("b4/5/5/5/2w2 w b1-c1, -", "is not FROM-TO");
}

TEST(Alquerque, BadHuffChoice) {
  expect_bad_position("b4/5/5/1b2w/w1w2 b - a1", "at least two");
  expect_bad_position("b4/5/5/1b2w/w1w2 b - c1,a1", "sorted as text");
  expect_bad_position("b4/5/5/1b2w/w1w2 b - a1,a1", "without repeats");
  expect_bad_position("b4/5/5/1b2w/w1w2 b - a1,b2", "not a piece of the side that just moved");
  expect_bad_position("b4/5/5/1b2w/w1w2 b - a1,d1", "not a piece of the side that just moved");
  expect_bad_position("b4/5/5/1b2w/w1w2 w - a1,c1", "not a piece of the side that just moved");
  expect_bad_position("b4/5/5/1b2w/w1w2 b - a1,z9", "is not a point");
  expect_bad_position("b4/5/5/1b2w/w1w2 b - a1;c1", "is not a point");
}

TEST(Alquerque, BadMoveText) {
  for (const std::string text : {"c2-", "c2", "c2-c3-c4", "z1-a1", "c2:c3-c4", "huff c2-c3", "huff z9 c2-c3", ""}) {
    auto m = rules().legal_move_from_text(rules().start(), text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_EQ(m.error().code, Errc::bad_move_text) << text << ": " << m.error().message;
  }
  expect_illegal(start_text, "c2:c4", "complete capture");
  expect_illegal(start_text, "c3-c4", "no white piece stands on c3");
}

}  // namespace
