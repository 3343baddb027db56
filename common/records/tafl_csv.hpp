// The tafl sites' game lists (/work/shared/data/tafl/README.md): one game a line,
// `moves,attacker_captures,defender_captures,result`, moves `FROM-TO` with the captured
// squares after `x`, a `timeout` token where a player ran out of time, the result
// `Black` (the attackers won), `White` (the defenders won), `Draw`, `Ongoing`. The
// lines name no players and no game: the caller says which game (copenhagen, brandubh).
//
// Thread-safety: pure functions.
#pragma once

#include <string_view>
#include <vector>

#include "records/import.hpp"

namespace bh::records {

// Every non-empty line of `text` as a game of `game`, replayed (import.hpp).
std::vector<ReadGame> read_tafl_csv(std::string_view text, std::string_view game);

}  // namespace bh::records
