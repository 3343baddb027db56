// The board as text: a plain function from a position (and what to highlight) to lines.
//
// Knows geometry and move notation from the rules module (Ruleset). Game knowledge kept
// here, on purpose and no more: which piece stands on a square is read from each game's
// Position value (tafl / draughts / alquerque), the throne and exits of a tafl board
// come from the variant table (rules/tafl/variant.hpp, chosen by the game id), and
// draughts shows its light squares blank ((file + rank) odd, RULES.md section 2), and
// Alquerque's lines come from the rules' own statement of them (alquerque::joined).
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
BoardMarks marks_for_move(const rules::Ruleset& rules, const rules::Position& before,
                          const rules::Position& after, std::string_view move);

// Piece letters: tafl a (attacker), d (defender), K (king); draughts w / b (men),
// W / B (kings); Alquerque w / b. '\0' for an empty square.
char piece_at(const rules::Position& position, rules::Square square);

}  // namespace bh::cli
