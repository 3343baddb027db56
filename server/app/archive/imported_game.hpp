// A game read from a record file (common/records) as the stored record of an imported
// game (docs/records.md, "Import"): its id and content hash, its players as written,
// its result as the rules or the record decided it. Pure: no store, no I/O.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>

#include "records/import.hpp"
#include "records/record.hpp"
#include "storage/records.hpp"

namespace bh::app {

// The hex SHA-256 of bh::records::content_key(record).
std::string content_hash(const bh::records::Record& record);

// A game read from a file (`read.record` set) as an imported game of the archive: id
// "i" + the first 24 hex digits of its content hash, its players as written, no clock,
// ended (and started) at `at_ms`, every move at `at_ms`. Precondition: read.record.
// Errors come from the rules (an unknown game, which cannot happen for a game that
// replayed): then the id is empty.
storage::GameRecord imported_game(const bh::records::ReadGame& read, std::int64_t at_ms);

}  // namespace bh::app
