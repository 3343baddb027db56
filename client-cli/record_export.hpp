// An archived game as a record file, for `export GAME [FILE]` (docs/client.md): the
// protocol's record turned into common/records' Record by the mapping the server's
// GET /api/games/{id}/export uses too (protocol/archived_record.hpp), so both write the
// same text. Pure.
//
// Thread-safety: pure functions.
#pragma once

#include <string>

#include "protocol/messages.hpp"
#include "rules/types.hpp"

namespace bh::cli {

// The record file's text (PDN for draughts); errors as records::format_record's.
rules::Result<std::string> record_text(const protocol::server::ArchivedGame& record);

}  // namespace bh::cli
