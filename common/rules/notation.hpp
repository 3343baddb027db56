// Square names and move text shared by every game (RULES.md conventions):
// `e1-e3`, `c3:e5:g3`, `huff b2 c2-c3`. Parsing here is syntactic only: whether a
// move is legal is the game's business.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "rules/types.hpp"

namespace bh::rules {

// Board geometry needed to name squares.
struct Geometry {
  int width = 0;
  int height = 0;
  int squares() const { return width * height; }
  Square at(int file, int rank) const { return static_cast<Square>(rank * width + file); }
  int file(Square s) const { return s % width; }
  int rank(Square s) const { return s / width; }
};

std::string square_name(Square s, Geometry g);                          // "a1", "k11"
std::optional<Square> parse_square(std::string_view text, Geometry g);  // nullopt if off-board

std::string move_text(const Move& m, Geometry g);
// The same text appended to `out`, without a temporary string per square: the legal-move
// list of every move event writes some hundred of them (docs/performance.md).
void append_move_text(std::string& out, const Move& m, Geometry g);
// Reads `from-to`, `a:b:c...` and an optional `huff sq ` prefix. Checks only the
// syntax and that every square is on the board.
Result<Move> parse_move_text(std::string_view text, Geometry g);

}  // namespace bh::rules
