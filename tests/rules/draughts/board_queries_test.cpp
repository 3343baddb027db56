// What a drawing of a draughts board asks the rules interface: men and kings of both
// sides on their squares, and the light squares no piece ever stands on.
#include <gtest/gtest.h>

#include "rules/engines.hpp"

namespace bh::rules {
namespace {

Square sq(const char* name) { return *parse_square(name, Geometry{8, 8}); }

TEST(DraughtsBoardQueries, PieceAtTellsMenFromKingsOfEitherSide) {
  const auto r = make_draughts({});
  const auto p = r->parse_position("W:WKa1,c3:Bf6,Kh8");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->piece_at(sq("a1")), (Piece{Side::first, PieceKind::king, 'W'}));
  EXPECT_EQ(p->piece_at(sq("c3")), (Piece{Side::first, PieceKind::man, 'w'}));
  EXPECT_EQ(p->piece_at(sq("f6")), (Piece{Side::second, PieceKind::man, 'b'}));
  EXPECT_EQ(p->piece_at(sq("h8")), (Piece{Side::second, PieceKind::king, 'B'}));
  EXPECT_EQ(p->piece_at(sq("b2")), std::nullopt);
}

TEST(DraughtsBoardQueries, LightSquaresAreTheOnesWithOddFilePlusRank) {
  const auto r = make_draughts({});
  EXPECT_EQ(r->square_kind(sq("a1")), SquareKind::plain);
  EXPECT_EQ(r->square_kind(sq("b1")), SquareKind::light);
  EXPECT_EQ(r->square_kind(sq("a2")), SquareKind::light);
  EXPECT_EQ(r->square_kind(sq("h8")), SquareKind::plain);
  // Every square of the start position holding a piece is dark.
  const Position start = r->start();
  for (int s = 0; s < 64; ++s) {
    if (start.piece_at(static_cast<Square>(s))) {
      EXPECT_EQ(r->square_kind(static_cast<Square>(s)), SquareKind::plain) << s;
    }
  }
}

TEST(DraughtsBoardQueries, PiecesAreMenAndKingsOfBothSidesWithNoLinesOrNote) {
  const auto r = make_draughts({});
  EXPECT_EQ(r->pieces(), (std::vector<Piece>{{Side::first, PieceKind::man, 'w'},
                                             {Side::second, PieceKind::man, 'b'},
                                             {Side::first, PieceKind::king, 'W'},
                                             {Side::second, PieceKind::king, 'B'}}));
  EXPECT_FALSE(r->has_lines());
  EXPECT_EQ(r->board_note(), "");
}

}  // namespace
}  // namespace bh::rules
