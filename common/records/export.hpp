// A game record as text (docs/records.md): Russian draughts as PDN 3.0 (GameType 25),
// the tafl games and Alquerque in the same tag-pair form with their own move text
// (move_text.hpp). The moves are replayed through the rules module to write them, so
// a record this writes always reads back (import.hpp) to the same moves.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "records/record.hpp"
#include "rules/types.hpp"

namespace bh::records {

// The record as text, ending with a blank line so that records concatenate into one
// file. Errors: unknown_game, unknown_option, bad_option_value (the registry's), or
// bad_position / illegal_move when the record does not replay.
rules::Result<std::string> format_record(const Record& record);

// The file extension that suits a game's records: "pdn" for draughts, "txt" else.
std::string_view record_extension(std::string_view game);

// The Result token of an outcome: 1-0, 0-1, 1/2-1/2 or *.
std::string_view result_token(Outcome outcome);

}  // namespace bh::records
