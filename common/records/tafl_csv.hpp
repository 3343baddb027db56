// The tafl sites' game lists (/work/shared/data/tafl/README.md): one game a line,
// `moves,attacker_captures,defender_captures,result`, moves `FROM-TO` with the captured
// squares after `x`, a `timeout` token where a player ran out of time, the result
// `Black` (the attackers won), `White` (the defenders won), `Draw`, `Ongoing`. The
// lines name no players and no game: the caller says which game (copenhagen, brandubh).
//
// Thread-safety: pure functions.
#pragma once

#include <functional>
#include <iosfwd>
#include <string_view>
#include <vector>

#include "records/import.hpp"

namespace bh::records {

// Every non-empty line of `in` as a game of `game`, replayed (import.hpp), each handed
// to `each` as soon as it is read. A line longer than limits.line_bytes (skipped unread)
// or with more than limits.moves moves is refused. False when the stream failed before
// its end (an I/O error).
bool read_tafl_csv(std::istream& in, std::string_view game, const ReadLimits& limits,
                   const std::function<void(ReadGame)>& each);

// Every non-empty line of `text`.
std::vector<ReadGame> read_tafl_csv(std::string_view text, std::string_view game, const ReadLimits& limits = {});

}  // namespace bh::records
