// Russian draughts squares as PDN numbers them, and the PDN FEN tag: the 32 dark
// squares from Black's side, 1 = b8 ... 4 = h8, 5 = a7 ... 29 = a1 ... 32 = g1
// (GameType 25), so that `FEN "W:W21,22,...:B1,2,..."` and `22-18` style records read.
//
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/types.hpp"

namespace bh::records {

// The square numbered `n` (1..32) on the 8x8 board, or nullopt.
std::optional<rules::Square> numbered_square(int n);
// A square written either way, `c3` or `22`; nullopt for anything else.
std::optional<rules::Square> draughts_square(std::string_view text);

// A PDN FEN (`W:W29,30,...:B1,2,...`, squares numbered or algebraic, `K` for kings, an
// optional final '.') as the rules' position text (`W:Wa1,c1,...:Bb8,...`); nullopt when
// it is not one.
std::optional<std::string> fen_to_position_text(std::string_view fen);
// The rules' position text as a PDN FEN with numbered squares; nullopt when the text
// is not a draughts position of the rules' form.
std::optional<std::string> position_text_to_fen(std::string_view text);

}  // namespace bh::records
