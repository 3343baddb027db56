// Game records read back into Records (docs/records.md, "Import"): each game of a
// tag-pair file (PDN for Russian draughts; Boardhall's own tafl and Alquerque records)
// replayed through the rules module, every written move matched to exactly one legal
// move, or the game refused with the line and the reason.
//
// Thread-safety: pure functions.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "records/record.hpp"
#include "records/tag_text.hpp"
#include "rules/types.hpp"

namespace bh::records {

// One game read from a file: its record, or why it was refused.
struct ReadGame {
  int line = 0;                  // where the game starts in its file (1-based)
  std::string title;             // "White - Black", for messages
  std::optional<Record> record;  // set when every move replayed; its moves in the rules' text
  rules::Status end;             // how it ended: by the rules, the clock, or the record's result
  rules::Points points;          // the rules' points for `end`
  std::string refusal;           // "line N: reason" when `record` is empty
};

struct ReadOptions {
  // Not an aggregate, so that `{"draughts"}` leaves the limits at their defaults.
  ReadOptions(std::string game = {}, ReadLimits read_limits = {})  // NOLINT: implicit on purpose
      : default_game(std::move(game)), limits(read_limits) {}
  // The game of records that name none (no Game or GameType tag); "" refuses them.
  std::string default_game;
  ReadLimits limits;
};

// Every game of a tag-pair file read from `in`, each handed to `each` as soon as it is
// read (memory: one line and one game, tag_text.hpp). The players' names and the tags
// kept lose their control characters (text/control_chars.hpp: a tab or line break
// becomes a space); a name longer than limits.name_chars (after that) refuses the game.
// False when the stream failed before its end (an I/O error).
bool read_records(std::istream& in, const ReadOptions& options, const std::function<void(ReadGame)>& each);

// Every game of `text`.
std::vector<ReadGame> read_records(std::string_view text, const ReadOptions& options);

// Replays `moves` (as written) from `header` (game, options, start, players, outcome,
// tags; its moves ignored). `line` is where the game starts. `lost_on_time`: the side
// to move after the last move ran out of time (the tafl records' `timeout`).
ReadGame replay_record(Record header, const std::vector<Token>& moves, int line, bool lost_on_time = false);

// The text that identifies a game's content (game, options, start, players, outcome,
// moves; not the tags), for a content hash: the same game read twice, or exported and
// read again, gives the same key.
std::string content_key(const Record& record);

}  // namespace bh::records
