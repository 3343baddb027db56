// A stored game as a record file sees it (common/records, docs/records.md), for the
// export routes. Pure: no store, no I/O (the HTTP fuzz target builds it).
//
// Thread-safety: pure functions.
#pragma once

#include "records/record.hpp"
#include "storage/records.hpp"

namespace bh::app {

// A stored game as a record file sees it: as the protocol carries it (archive.hpp's
// archived_game, no replay), then the mapping the terminal client's export shares
// (protocol/archived_record.hpp): an imported game with its file's tags, a game played
// here with Event and Site "Boardhall", its Date (UTC) and, when it had a clock,
// TimeControl (seconds + increment); a tournament's game with its name as Event and its
// Round.
bh::records::Record record_file(const storage::GameRecord& game);

}  // namespace bh::app
