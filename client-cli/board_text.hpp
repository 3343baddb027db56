// The board as text: a plain function from a position (and what to highlight) to lines.
//
// Knows only the rules interface (rules/ruleset.hpp): what stands on a square
// (Position::piece_at), what a square is (Ruleset::square_kind: throne, exit, light),
// the game's pieces and its lines between points (Ruleset::pieces, has_lines, joined).
// No engine header, bitboard or variant table: a new game draws without changes here.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <vector>

#include "rules/ruleset.hpp"

namespace bh::cli {

// What to highlight besides the pieces.
struct BoardMarks {
  std::vector<rules::Square> last_move;  // every square of the last move's path
  std::vector<rules::Square> captured;   // squares emptied by the last move
};

struct BoardStyle {
  bool colour = false;   // ANSI colours; false gives plain ASCII
  bool flipped = false;  // seen from the second side: the board turned round (180 degrees)
};

// The board, top rank first (rank 1 first and file a on the right when flipped), with
// file letters above and below and rank numbers on both sides, then the legend, packed
// into lines of at most 80 columns. Plain cells are three characters wide: " a " a
// piece, " . " an empty square, "[a]" a square of the last move, " x " a captured
// piece's square, " # " an empty throne, " * " an empty exit. Alquerque's points are
// drawn with their lines between them: '-' and '|' orthogonal, '\' and '/' diagonal
// (a blank where no line runs), on a row of their own between two ranks.
std::vector<std::string> render_board(const rules::Ruleset& rules, const rules::Position& position,
                                      const BoardMarks& marks = {}, BoardStyle style = {});

// Marks for `move` (text in the rules' notation) played from `before` to `after`:
// its path, and the squares that held a piece before and are empty after (captures,
// and an Alquerque huff), the mover's start square excepted. A move text that does
// not parse gives only the captures.
BoardMarks marks_for_move(const rules::Ruleset& rules, const rules::Position& before, const rules::Position& after,
                          std::string_view move);

// The letter of the piece on `square` (rules::Piece::letter: tafl a, d, K; draughts
// w / b, kings W / B; Alquerque w / b); '\0' for an empty square.
char piece_at(const rules::Position& position, rules::Square square);

}  // namespace bh::cli
