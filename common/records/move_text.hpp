// Moves as records write them (docs/records.md, "Move text"), one family of games at a
// time, and back:
// - draughts (PDN 3.0): `c3-d4`; a capture `c3xe5`, by its first and last squares when
//   no other legal capture shares them, else by every landing square (`e3xc5xe7xe3`).
//   Read also with `:` and with PDN's numbered squares (`22-18`, `9x18`).
// - tafl (as the tafl sites and OpenTafl write): `e1-e3`, the pieces it captures after
//   it (`g3-e3xe2xe4`); the king's capture is not written.
// - Alquerque: `c2-c3`, a capture chain `a1xc3xe5`, a huff before the move
//   (`huff=b2,c2-c3`).
//
// Thread-safety: pure functions of an immutable Ruleset.
#pragma once

#include <string>
#include <string_view>

#include "rules/ruleset.hpp"

namespace bh::records {

enum class Family { draughts, tafl, alquerque };

Family family_of(const rules::Ruleset& rules);

// How a record writes `m`. Precondition: `m` is legal in `before`.
std::string written_move(const rules::Ruleset& rules, const rules::Position& before, const rules::Move& m);

// The legal move of `p` that `text` stands for. Errors: bad_move_text (not a move of
// this family), illegal_move (no legal move matches, or several different ones do, or
// a tafl move's written captures are not the ones the rules make), game_over.
rules::Result<rules::Move> read_written_move(const rules::Ruleset& rules, const rules::Position& p,
                                             std::string_view text);

}  // namespace bh::records
