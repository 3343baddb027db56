// Game records read back into Records (docs/records.md, "Import"): each game of a
// tag-pair file (PDN for Russian draughts; Boardhall's own tafl and Alquerque records)
// replayed through the rules module, every written move matched to exactly one legal
// move, or the game refused with the line and the reason.
//
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
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
  // The game of records that name none (no Game or GameType tag); "" refuses them.
  std::string default_game;
};

// Every game of a tag-pair file.
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
