// An archived game as a record file, for `export GAME [FILE]` (docs/client.md): the
// protocol's record turned into common/records' Record the way the server does for
// GET /api/games/{id}/export, so both write the same text. Pure.
//
// Thread-safety: pure functions.
#pragma once

#include <string>

#include "protocol/messages.hpp"
#include "records/record.hpp"
#include "rules/types.hpp"

namespace bh::cli {

records::Record record_file(const protocol::server::Record& record);

// The record file's text (PDN for draughts); errors as records::format_record's.
rules::Result<std::string> record_text(const protocol::server::Record& record);

}  // namespace bh::cli
