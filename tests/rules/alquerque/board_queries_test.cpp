// What a drawing of an Alquerque board asks the rules interface: the pieces on the
// points, and the lines between the points (diagonals only through even points).
#include <gtest/gtest.h>

#include "rules/engines.hpp"

namespace bh::rules {
namespace {

Square sq(const char* name) { return *parse_square(name, Geometry{5, 5}); }

TEST(AlquerqueBoardQueries, PieceAtGivesWhiteAndBlackMen) {
  const auto r = make_alquerque({});
  const Position p = r->start();
  EXPECT_EQ(p.piece_at(sq("a1")), (Piece{Side::first, PieceKind::man, 'w'}));
  EXPECT_EQ(p.piece_at(sq("e5")), (Piece{Side::second, PieceKind::man, 'b'}));
  EXPECT_EQ(p.piece_at(sq("c3")), std::nullopt);
  EXPECT_EQ(r->pieces(), (std::vector<Piece>{{Side::first, PieceKind::man, 'w'}, {Side::second, PieceKind::man, 'b'}}));
}

TEST(AlquerqueBoardQueries, LinesJoinNeighboursAndDiagonalsRunOnlyThroughEvenPoints) {
  const auto r = make_alquerque({});
  EXPECT_TRUE(r->has_lines());
  EXPECT_TRUE(r->joined(sq("a1"), sq("b1")));   // along a rank
  EXPECT_TRUE(r->joined(sq("c3"), sq("c4")));   // along a file
  EXPECT_TRUE(r->joined(sq("a1"), sq("b2")));   // a1: file + rank even
  EXPECT_TRUE(r->joined(sq("b2"), sq("a1")));   // either way round
  EXPECT_FALSE(r->joined(sq("b1"), sq("c2")));  // b1: odd, no diagonal
  EXPECT_FALSE(r->joined(sq("a1"), sq("c1")));  // two points apart
  EXPECT_FALSE(r->joined(sq("c3"), sq("c3")));
}

TEST(AlquerqueBoardQueries, EveryPointIsPlainWithNoNote) {
  const auto r = make_alquerque({});
  for (int s = 0; s < 25; ++s) EXPECT_EQ(r->square_kind(static_cast<Square>(s)), SquareKind::plain) << s;
  EXPECT_EQ(r->board_note(), "");
}

}  // namespace
}  // namespace bh::rules
