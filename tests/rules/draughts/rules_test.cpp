// RULES.md section 2 (Russian draughts), rule by rule, on small hand-made positions,
// plus the position string and move text, good and bad.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "rules/draughts/engine.hpp"
#include "rules/engines.hpp"
#include "rules/game_state.hpp"

namespace bh::rules::draughts {
namespace {

using AnyPosition = bh::rules::Position;  // the interface's position
const std::shared_ptr<const Ruleset> rules = make_draughts({});

Position parse(const std::string& text) {
  auto p = parse_position(text);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? *p : Position{};
}

// The legal moves of a position as sorted text.
std::vector<std::string> moves(const std::string& position) {
  MoveList list;
  legal_moves(parse(position), list);
  std::vector<std::string> out;
  for (const auto& m : list) out.push_back(move_text(m, geometry));
  std::sort(out.begin(), out.end());
  return out;
}

using Texts = std::vector<std::string>;

// Plays a move given as text and returns the new position string.
std::string after(const std::string& position, const std::string& move) {
  const auto p = parse(position);
  auto m = rules->legal_move_from_text(AnyPosition{p}, move);
  EXPECT_TRUE(m.ok()) << position << " " << move << ": " << (m.ok() ? "" : m.error().message);
  if (!m.ok()) return "";
  return position_text(apply(p, *m));
}

// ---- D1: men move one square diagonally forward ----------------------------

TEST(Draughts, D1_ManMovesOneSquareDiagonallyForward) {
  EXPECT_EQ(moves("W:Wc3:Bh8"), (Texts{"c3-b4", "c3-d4"}));
  EXPECT_EQ(moves("B:Wa1:Bd6"), (Texts{"d6-c5", "d6-e5"}));
  EXPECT_EQ(moves("W:Wa1:Bh8"), (Texts{"a1-b2"}));  // the edge leaves one
  EXPECT_EQ(moves("W:Wc3:Bb4,d4,a5,e5"), Texts{});  // blocked, never backward
  EXPECT_EQ(after("W:Wc3:Bh8", "c3-d4"), "B:Wd4:Bh8");
}

// ---- D2: men capture forward and backward -----------------------------------

TEST(Draughts, D2_ManCapturesAdjacentPieceForwardAndBackward) {
  EXPECT_EQ(moves("W:Wd4:Bc5,e3"), (Texts{"d4:b6", "d4:f2"}));
  EXPECT_EQ(after("W:Wd4:Bc5,e3", "d4:f2"), "B:Wf2:Bc5");
  EXPECT_EQ(moves("B:Wc3,e3:Bd4"), (Texts{"d4:b2", "d4:f2"}));
  EXPECT_EQ(moves("B:We5:Bd4"), (Texts{"d4:f6"}));  // backward for Black
  // Not at a distance, and not onto an occupied square.
  EXPECT_EQ(moves("W:Wd4:Bf6,c5,b6"), (Texts{"d4-e5"}));
}

// ---- D3: capturing is compulsory; free choice; continued to the end ---------

TEST(Draughts, D3_CaptureIsCompulsoryWithFreeChoiceAndContinuedToTheEnd) {
  // a1 takes one piece, h2 takes two: both are legal (no rule of the majority),
  // and no simple move is.
  EXPECT_EQ(moves("W:Wa1,h2,e1:Bb2,e5,g3"), (Texts{"a1:c3", "h2:f4:d6"}));
  const AnyPosition p{parse("W:Wa1,h2,e1:Bb2,e5,g3")};
  auto stop_half_way = rules->legal_move_from_text(p, "h2:f4");
  ASSERT_FALSE(stop_half_way.ok());
  EXPECT_EQ(stop_half_way.error().code, Errc::illegal_move);
  auto simple = rules->legal_move_from_text(p, "e1-d2");
  ASSERT_FALSE(simple.ok());
  EXPECT_EQ(simple.error().code, Errc::illegal_move);
  auto step_instead = rules->legal_move_from_text(AnyPosition{parse("W:Wd4:Bc5")}, "d4-e5");
  ASSERT_FALSE(step_instead.ok());
  EXPECT_NE(step_instead.error().message.find("capture is compulsory"), std::string::npos);
}

// ---- D4: promotion, also in the middle of a capture --------------------------

TEST(Draughts, D4_ManReachingTheFarRankBecomesKing) {
  EXPECT_EQ(after("W:Wc7:Bh8", "c7-d8"), "B:WKd8:Bh8");
  EXPECT_EQ(after("B:Wa1:Bb2", "b2-c1"), "W:Wa1:BKc1");
  EXPECT_EQ(after("W:Wb6:Bc7,h8", "b6:d8"), "B:WKd8:Bh8");  // crowning by a capture that ends there
}

TEST(Draughts, D4_CrownedDuringCaptureContinuesAsKing) {
  // b6 takes c7 and is crowned on d8; as a king it then takes f6 at a distance and
  // may land on g5 or h4. A man could not take f6 from d8.
  EXPECT_EQ(moves("W:Wb6:Bc7,f6"), (Texts{"b6:d8:g5", "b6:d8:h4"}));
  EXPECT_EQ(after("W:Wb6:Bc7,f6,h8", "b6:d8:h4"), "B:WKh4:Bh8");
  // The same for Black, crowned on rank 1.
  EXPECT_EQ(moves("B:Wc3,f2:Bg3"), (Texts{"g3:e1:a5", "g3:e1:b4"}));
  EXPECT_EQ(after("B:Wc3,f2,a1:Bg3", "g3:e1:a5"), "W:Wa1:BKa5");
}

// ---- D5: flying kings --------------------------------------------------------

TEST(Draughts, D5_KingMovesAnyDistanceAlongADiagonal) {
  EXPECT_EQ(moves("W:WKa1:Bh8"), (Texts{"a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7"}));
  // Stopped by its own pieces on b2 and f6.
  EXPECT_EQ(moves("W:WKd4,b2,f6:Bh8"), (Texts{"b2-a3", "b2-c3", "d4-a7", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5",
                                              "d4-f2", "d4-g1", "f6-e7", "f6-g7"}));
  EXPECT_EQ(after("W:WKd4,b2,f6:Bh8", "d4-g1"), "B:Wb2,f6,Kg1:Bh8");
}

TEST(Draughts, D5_KingCapturesAtADistanceAndLandsAnywhereBeyond) {
  EXPECT_EQ(moves("W:WKa1:Bd4"), (Texts{"a1:e5", "a1:f6", "a1:g7", "a1:h8"}));
  // Two pieces in a row cannot be taken; a piece with no empty square beyond neither.
  EXPECT_EQ(moves("W:WKa1:Bd4,e5"), (Texts{"a1-b2", "a1-c3"}));
  EXPECT_EQ(moves("W:WKa1:Bg7,h8"), (Texts{"a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6"}));
}

TEST(Draughts, D5_KingMustLandWhereItCanContinue) {
  // After taking d4 the king could stop on e5, f6, g7 or h8, but only from f6 can it
  // take again (g5), so it must land on f6 and go on.
  EXPECT_EQ(moves("W:WKa1:Bd4,g5"), (Texts{"a1:f6:h4"}));
  // Several continuing landings: each is a distinct move.
  EXPECT_EQ(moves("W:WKa3:Bb4,e5,e3,c3"), (Texts{"a3:c5:f2", "a3:c5:g1", "a3:d6:f4:c1", "a3:d6:f4:d2"}));
}

// ---- D6: Turkish strike --------------------------------------------------------

TEST(Draughts, D6_StartSquareCountsAsEmpty) {
  // The man runs round the square of four pieces and lands where it started.
  EXPECT_EQ(moves("W:We3:Bd4,d6,f4,f6"), (Texts{"e3:c5:e7:g5:e3", "e3:g5:e7:c5:e3"}));
  EXPECT_EQ(after("W:We3:Bd4,d6,f4,f6,h8", "e3:c5:e7:g5:e3"), "B:We3:Bh8");
}

TEST(Draughts, D6_CapturedPieceCannotBeJumpedTwice) {
  // Back on e3 with d2 taken and the start square c1 empty beyond it: d2 is not taken
  // again, so both round trips end on e3.
  EXPECT_EQ(moves("W:Wc1:Bd2,d4,d6,f4,f6"), (Texts{"c1:e3:c5:e7:g5:e3", "c1:e3:g5:e7:c5:e3"}));
  // The king does the same; after f4 its landing squares stop at the taken d2.
  EXPECT_EQ(moves("W:WKc1:Bd2,d4,d6,f4,f6"),
            (Texts{"c1:e3:c5:e7:g5:e3", "c1:e3:g5:e7:c5:e3", "c1:e3:g5:e7:c5:f2", "c1:e3:g5:e7:c5:g1"}));
}

TEST(Draughts, D6_CapturedPiecesBlockUntilTheMoveEnds) {
  // a3 takes b4, then e5, then e3, landing on d2 or c1. From d2 the piece on c3 would
  // be taken if b4 were already gone; it is not, so the move ends there.
  const Texts m = moves("W:WKa3:Bb4,e5,e3,c3");
  EXPECT_TRUE(std::find(m.begin(), m.end(), "a3:d6:f4:d2") != m.end());
  EXPECT_TRUE(std::none_of(m.begin(), m.end(), [](const std::string& t) { return t.size() > 11; }));
  // Pieces are removed together at the end of the move.
  EXPECT_EQ(after("W:WKa3:Bb4,e5,e3,c3", "a3:d6:f4:d2"), "B:WKd2:Bc3");
}

// ---- D7: no pieces or no legal move loses -------------------------------------

TEST(Draughts, D7_NoPiecesLoses) {
  EXPECT_EQ(status(parse("W:W:Bb8")), Status::win(Side::second, EndReason::no_pieces));
  EXPECT_EQ(status(parse("B:Wa1:B")), Status::win(Side::first, EndReason::no_pieces));
  // By play: the last black piece is taken.
  GameState g(rules, AnyPosition{parse("W:Wc3:Bd4")});
  ASSERT_TRUE(g.play("c3:e5").ok());
  EXPECT_EQ(g.status(), Status::win(Side::first, EndReason::no_pieces));
  EXPECT_TRUE(g.legal_moves().empty());
  EXPECT_EQ(rules->perft(g.position(), 1), 0u);
}

TEST(Draughts, D7_NoLegalMoveLoses) {
  EXPECT_EQ(status(parse("W:Wh2:Bg3,f4")), Status::win(Side::second, EndReason::no_legal_move));
  EXPECT_EQ(status(parse("B:Wb2,c1:Ba3")), Status::win(Side::first, EndReason::no_legal_move));
  EXPECT_EQ(status(parse("W:WKa1:Bb2,c3")), Status::win(Side::second, EndReason::no_legal_move));
  // By play: Black's reply leaves White's last man blocked.
  GameState g(rules, AnyPosition{parse("B:Wh2:Bg3,e5")});
  EXPECT_FALSE(g.status().over());
  ASSERT_TRUE(g.play("e5-f4").ok());
  EXPECT_EQ(g.status(), Status::win(Side::second, EndReason::no_legal_move));
}

// ---- D8: draws ----------------------------------------------------------------

TEST(Draughts, D8_ThreefoldRepetitionDraws) {
  GameState g(rules, AnyPosition{parse("W:WKc1:BKh8")});
  const char* cycle[] = {"c1-d2", "h8-g7", "d2-c1", "g7-h8"};
  for (int round = 0; round < 2; ++round)
    for (const char* m : cycle) {
      EXPECT_FALSE(g.status().over()) << m;
      ASSERT_TRUE(g.play(m).ok()) << m;
    }
  // The start is back for the third time (counting the start itself).
  EXPECT_EQ(g.status(), Status::draw(EndReason::repetition));
}

TEST(Draughts, D8_KingsOnlyPlyRuleThroughTheRuleset) {
  EXPECT_TRUE(rules->threefold_repetition_draws());
  EXPECT_EQ(rules->kings_only_ply_limit(), 30);
  const Position p{parse("W:WKa1,c3:Bh8")};
  EXPECT_TRUE(rules->is_kings_only_ply(p, *rules->parse_move("a1-b2")));
  EXPECT_FALSE(rules->is_kings_only_ply(p, *rules->parse_move("c3-d4")));
  const Position q{parse("W:WKa1:Bc3")};
  EXPECT_FALSE(rules->is_kings_only_ply(q, *rules->parse_move("a1:d4")));
}

MoveList sorted_moves(const AnyPosition& p) {
  MoveList legal;
  rules->legal_moves(p, legal);
  std::sort(legal.begin(), legal.end(),
            [](const Move& a, const Move& b) { return move_text(a, geometry) < move_text(b, geometry); });
  return legal;
}

bool has_capture(const AnyPosition& p) {
  const MoveList legal = sorted_moves(p);
  return std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.jump; });
}

// A position is quiet when the side to move has no capture and has a king move that
// leaves the other side no capture either (one ply of look-ahead keeps the walk
// below from running into a forced capture).
bool quiet(const AnyPosition& p) {
  if (has_capture(p)) return false;
  for (const auto& m : sorted_moves(p))
    if (rules->is_kings_only_ply(p, m) && !has_capture(rules->apply(p, m))) return true;
  return false;
}

// Plays `plies` plies, each the first move in text order that is a king move
// (`man` false) or a man move (`man` true), captures nothing, reaches a position not
// seen before in this game, and leaves a quiet position.
void play_quiet(GameState& g, int plies, std::set<std::uint64_t>& seen, bool man = false) {
  for (int i = 0; i < plies; ++i) {
    ASSERT_FALSE(g.status().over()) << "ply " << i;
    bool played = false;
    for (const auto& m : sorted_moves(g.position())) {
      if (m.jump || rules->is_kings_only_ply(g.position(), m) == man) continue;
      const AnyPosition next = rules->apply(g.position(), m);
      if (seen.count(next.hash()) || !quiet(next)) continue;
      g.play(m);
      seen.insert(next.hash());
      played = true;
      break;
    }
    ASSERT_TRUE(played) << "no quiet move at ply " << i << " in " << rules->position_text(g.position());
  }
}

TEST(Draughts, D8_ThirtyKingsOnlyPliesDraw) {
  GameState g(rules, AnyPosition{parse("W:WKa1,Kc1:BKh8,Kf8")});
  std::set<std::uint64_t> seen{g.position().hash()};
  play_quiet(g, 29, seen);
  EXPECT_FALSE(g.status().over());
  play_quiet(g, 1, seen);
  EXPECT_EQ(g.status(), Status::draw(EndReason::kings_only));
}

TEST(Draughts, D8_ManMoveResetsTheCount) {
  // 20 king plies, then a man moves, and the count starts again: 29 more king plies
  // are not yet a draw, the 30th is.
  GameState g(rules, AnyPosition{parse("W:WKc1,h2:BKh8,Kf8")});
  std::set<std::uint64_t> seen{g.position().hash()};
  play_quiet(g, 20, seen);
  play_quiet(g, 1, seen, /*man=*/true);
  play_quiet(g, 29, seen);
  EXPECT_FALSE(g.status().over());
  play_quiet(g, 1, seen);
  EXPECT_EQ(g.status(), Status::draw(EndReason::kings_only));
}

TEST(Draughts, D8_CrowningResetsTheCount) {
  GameState g(rules, AnyPosition{parse("W:WKa1,g7:BKh2,Kb8")});
  std::set<std::uint64_t> seen{g.position().hash()};
  play_quiet(g, 20, seen);
  const Move crown = *rules->parse_move("g7-h8");
  EXPECT_FALSE(rules->is_kings_only_ply(g.position(), crown));
  ASSERT_TRUE(g.play("g7-h8").ok()) << rules->position_text(g.position());
  seen.insert(g.position().hash());
  play_quiet(g, 29, seen);
  EXPECT_FALSE(g.status().over());
  play_quiet(g, 1, seen);
  EXPECT_EQ(g.status(), Status::draw(EndReason::kings_only));
}

TEST(Draughts, D8_CaptureResetsTheCount) {
  // 20 quiet king plies; then a king move that lets the opponent capture, and the
  // capture (made by a king: it is the capture that starts the count again); then 29
  // more king plies are not yet a draw, the 30th is.
  GameState g(rules, AnyPosition{parse("W:WKa1,Kc1,Ke1:BKh8,Kf8,Kd8")});
  std::set<std::uint64_t> seen{g.position().hash()};
  play_quiet(g, 20, seen);
  bool offered = false;
  for (const auto& m : sorted_moves(g.position())) {
    const AnyPosition next = rules->apply(g.position(), m);
    const MoveList replies = sorted_moves(next);
    if (replies.empty() || !replies[0].jump || !quiet(rules->apply(next, replies[0]))) continue;
    ASSERT_TRUE(rules->is_kings_only_ply(g.position(), m));
    g.play(m);
    ASSERT_TRUE(rules->is_kings_only_ply(g.position(), simple_move(replies[0].from(), replies[0].to())));
    EXPECT_FALSE(rules->is_kings_only_ply(g.position(), replies[0]));
    g.play(replies[0]);
    seen.insert(g.position().hash());
    offered = true;
    break;
  }
  ASSERT_TRUE(offered);
  play_quiet(g, 29, seen);
  EXPECT_FALSE(g.status().over());
  play_quiet(g, 1, seen);
  EXPECT_EQ(g.status(), Status::draw(EndReason::kings_only));
}

TEST(Draughts, D8_NoLegalMoveOnTheThirtiethPlyStillLoses) {
  // Found by a backward search from a blockade: 30 quiet king plies, all different
  // positions, and after the 30th White's king on g1 cannot move (f2 and h2 are held,
  // e3 backs up f2).
  GameState g(rules, AnyPosition{parse("W:WKb2:BKb4,e3,Kg3")});
  const char* line[] = {"b2-f6", "g3-h2", "f6-b2", "b4-a5", "b2-g7", "h2-d6", "g7-f8", "d6-c7", "f8-e7", "a5-e1",
                        "e7-f8", "e1-g3", "f8-e7", "g3-e5", "e7-b4", "c7-d8", "b4-a3", "e5-f6", "a3-f8", "d8-b6",
                        "f8-d6", "f6-h4", "d6-e5", "b6-a7", "e5-d6", "a7-b8", "d6-h2", "h4-f2", "h2-g1"};
  for (const char* m : line) {
    ASSERT_FALSE(g.status().over()) << m;
    ASSERT_TRUE(rules->is_kings_only_ply(g.position(), *rules->parse_move(m))) << m;
    ASSERT_TRUE(g.play(m).ok()) << m;
  }
  EXPECT_FALSE(g.status().over());
  // A different 30th ply: a draw by the kings-only rule.
  GameState draw = g;
  ASSERT_TRUE(draw.play("b8-a7").ok());
  EXPECT_EQ(draw.status(), Status::draw(EndReason::kings_only));
  // The blockading 30th ply: White has no legal move and loses, no draw.
  ASSERT_TRUE(g.play("b8-h2").ok());
  EXPECT_EQ(g.ply(), 30);
  EXPECT_EQ(g.status(), Status::win(Side::second, EndReason::no_legal_move));
}

// ---- Position strings and move text ------------------------------------------------

TEST(DraughtsText, StartAndRoundTrip) {
  EXPECT_EQ(rules->position_text(rules->start()),
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
  EXPECT_EQ(position_text(parse("W:Wa1,c1,Kd4:Bb8,h6")), "W:Wa1,c1,Kd4:Bb8,h6");
  EXPECT_EQ(position_text(parse("B:WKd4,c1,a1:Bh6,Kb8")), "B:Wa1,c1,Kd4:BKb8,h6");  // canonical order
  EXPECT_EQ(position_text(parse("W:W:Bb8")), "W:W:Bb8");
  EXPECT_EQ(rules->side_name(Side::first), "white");
  EXPECT_EQ(rules->side_name(Side::second), "black");
  EXPECT_EQ(rules->game_id(), "draughts");
  EXPECT_EQ(rules->to_move(AnyPosition{parse("B:Wa1:Bh8")}), Side::second);
}

void expect_bad_position(const std::string& text, const std::string& why) {
  auto p = rules->parse_position(text);
  ASSERT_FALSE(p.ok()) << text;
  EXPECT_EQ(p.error().code, Errc::bad_position) << text;
  EXPECT_NE(p.error().message.find(why), std::string::npos) << text << " -> " << p.error().message;
}

TEST(DraughtsText, BadPositions) {
  expect_bad_position("", "expected the side to move");
  expect_bad_position("W", "expected the side to move");
  expect_bad_position("X:Wa1:Bh8", "bad side letter 'X'");
  expect_bad_position("w:Wa1:Bh8", "bad side letter 'w'");
  expect_bad_position("W:Wa1", "expected two piece lists");
  expect_bad_position("W:Ba1:Wh8", "must start with 'W'");
  expect_bad_position("W:Wa1:Xh8", "must start with 'B'");
  expect_bad_position("W:Wa1:", "must start with 'B', found nothing");
  expect_bad_position("W:Wa1:Bh8:Bb8", "'h8:Bb8' is not a square");
  expect_bad_position("W:Wa2:Bh8", "a2 is a light square");
  expect_bad_position("W:Wa1,a1:Bh8", "a1 is listed twice");
  expect_bad_position("W:Wa1:Ba1", "a1 is listed twice");
  expect_bad_position("W:Wi1:Bh8", "'i1' is not a square");
  expect_bad_position("W:Wa9:Bh8", "'a9' is not a square");
  expect_bad_position("W:Wa0:Bh8", "'a0' is not a square");
  expect_bad_position("W:W21,22:B1", "'21' is not a square");
  expect_bad_position("W:Wb8:Bh6", "white man on b8");
  expect_bad_position("W:Wa1:Bc1", "black man on c1");
  expect_bad_position("W:Wa1,:Bh8", "ends with ','");
  expect_bad_position("W:Wa1,,c1:Bh8", "empty entry");
  expect_bad_position("W:WkD4:Bh8", "'kD4' is not a square");
  expect_bad_position("W:W a1:Bh8", "' a1' is not a square");
  expect_bad_position("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bh8", "White has 13 pieces");
  expect_bad_position("W:Wa1:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8,a5", "Black has 13 pieces");
  expect_bad_position(std::string(300, 'W'), "too long");
  // A king may stand anywhere dark, even on its own first rank or the far rank.
  EXPECT_TRUE(rules->parse_position("W:WKb8,Ka1:BKc1,Kh8").ok());
}

TEST(DraughtsText, MoveTextErrors) {
  const AnyPosition start = rules->start();
  auto bad_text = rules->legal_move_from_text(start, "c3 d4");
  ASSERT_FALSE(bad_text.ok());
  EXPECT_EQ(bad_text.error().code, Errc::bad_move_text);
  auto off_board = rules->legal_move_from_text(start, "c3-i4");
  ASSERT_FALSE(off_board.ok());
  EXPECT_EQ(off_board.error().code, Errc::bad_move_text);
  auto illegal = rules->legal_move_from_text(start, "c3-c4");
  ASSERT_FALSE(illegal.ok());
  EXPECT_EQ(illegal.error().code, Errc::illegal_move);
  auto backward = rules->legal_move_from_text(AnyPosition{parse("W:Wd4:Bh8")}, "d4-c3");
  ASSERT_FALSE(backward.ok());
  EXPECT_EQ(backward.error().code, Errc::illegal_move);
  auto jump_as_step = rules->legal_move_from_text(AnyPosition{parse("W:Wd4:Bc5")}, "d4-b6");
  ASSERT_FALSE(jump_as_step.ok());
  EXPECT_EQ(jump_as_step.error().code, Errc::illegal_move);
  auto not_mine = rules->legal_move_from_text(start, "b6-a5");
  ASSERT_FALSE(not_mine.ok());
  EXPECT_NE(not_mine.error().message.find("no piece of the side to move"), std::string::npos);
  auto over = rules->legal_move_from_text(AnyPosition{parse("W:Wh2:Bg3,f4")}, "h2-g3");
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().code, Errc::game_over);
  EXPECT_EQ(*rules->legal_move_from_text(start, "c3-d4"), simple_move(geometry.at(2, 2), geometry.at(3, 3)));
}

TEST(DraughtsText, EveryCaptureHasItsOwnText) {
  // Two captures with the same start and end but different routes differ in text.
  const Texts m = moves("W:We3:Bd4,d6,f4,f6");
  ASSERT_EQ(m.size(), 2u);
  EXPECT_NE(m[0], m[1]);
  MoveList list;
  legal_moves(parse("W:We3:Bd4,d6,f4,f6"), list);
  for (const auto& move : list) {
    EXPECT_TRUE(move.jump);
    EXPECT_EQ(*rules->parse_move(rules->move_text(move)), move);
  }
}

}  // namespace
}  // namespace bh::rules::draughts
