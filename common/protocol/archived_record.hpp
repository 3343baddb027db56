// An archived game (the protocol's ArchivedGame) as a record file sees it
// (common/records, docs/records.md): written once for the server's export routes
// (GET /api/games/{id}/export and the bulk export, from the stored game) and the
// terminal client's `export GAME [FILE]` (from the game_record it received), so both
// write the same text. In its own library, bh_protocol_records: the protocol does not
// link the records module, nor the records module the protocol.
//
// Thread-safety: pure functions.
#pragma once

#include "protocol/messages.hpp"
#include "records/record.hpp"

namespace bh::protocol {

// An imported game with its file's tags; a game played here with Event and Site
// "Boardhall", its Date (UTC), Termination and, when it had a clock, TimeControl
// (seconds + increment). The moves' positions and the board are not needed.
records::Record archived_record(const server::ArchivedGame& game);

}  // namespace bh::protocol
