// What a drawing of a tafl board asks the rules interface: the piece on a square, the
// throne and corner exits of each variant, and the note for an edge escape.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace bh::rules::tafl_test {
namespace {

Square sq(const Ruleset& r, const char* name) { return *parse_square(name, r.geometry()); }

TEST(TaflBoardQueries, PieceAtNamesAttackersDefendersAndTheRoyalKing) {
  const auto r = rules("tablut");
  const Position p = r->start();
  EXPECT_EQ(p.piece_at(sq(*r, "e5")), (Piece{Side::second, PieceKind::royal, 'K'}));
  EXPECT_EQ(p.piece_at(sq(*r, "e4")), (Piece{Side::second, PieceKind::man, 'd'}));
  EXPECT_EQ(p.piece_at(sq(*r, "e1")), (Piece{Side::first, PieceKind::man, 'a'}));
  EXPECT_EQ(p.piece_at(sq(*r, "a1")), std::nullopt);
}

TEST(TaflBoardQueries, TavleiHasAThroneAndFourCornerExits) {
  const auto r = rules("tavlei", {{"size", 11}});
  int exits = 0;
  for (int s = 0; s < r->geometry().squares(); ++s)
    exits += r->square_kind(static_cast<Square>(s)) == SquareKind::exit ? 1 : 0;
  EXPECT_EQ(exits, 4);
  for (const char* corner : {"a1", "k1", "a11", "k11"})
    EXPECT_EQ(r->square_kind(sq(*r, corner)), SquareKind::exit) << corner;
  EXPECT_EQ(r->square_kind(sq(*r, "f6")), SquareKind::throne);
  EXPECT_EQ(r->square_kind(sq(*r, "f5")), SquareKind::plain);
  EXPECT_EQ(r->board_note(), "");
}

TEST(TaflBoardQueries, TablutEscapesAtAnyEdgeAndSeaTaflHasNoThrone) {
  const auto tablut = rules("tablut");
  EXPECT_EQ(tablut->square_kind(sq(*tablut, "e5")), SquareKind::throne);
  EXPECT_EQ(tablut->square_kind(sq(*tablut, "a1")), SquareKind::plain);
  EXPECT_EQ(tablut->board_note(), "king escapes at any edge");
  const auto sea = rules("seatafl");
  for (int s = 0; s < sea->geometry().squares(); ++s)
    EXPECT_EQ(sea->square_kind(static_cast<Square>(s)), SquareKind::plain) << s;
}

TEST(TaflBoardQueries, PiecesListEachKindOnceAndTheBoardHasNoLines) {
  const auto r = rules("tablut");
  EXPECT_EQ(r->pieces(), (std::vector<Piece>{{Side::first, PieceKind::man, 'a'},
                                             {Side::second, PieceKind::man, 'd'},
                                             {Side::second, PieceKind::royal, 'K'}}));
  EXPECT_FALSE(r->has_lines());
  EXPECT_FALSE(r->joined(sq(*r, "a1"), sq(*r, "b1")));
}

}  // namespace
}  // namespace bh::rules::tafl_test
