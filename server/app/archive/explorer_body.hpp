// The explorer's answer as the protocol carries it (docs/explorer.md), built from the
// position a lookup reached and the store's rows: one body for the WebSocket's
// `explorer` reply and GET /api/explorer.
//
// Thread-safety: a pure function.
#pragma once

#include "explorer/opening_line.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::app {

protocol::server::Explorer explorer_body(const explorer::Walk& walk, const storage::ExplorerPosition& found);

}  // namespace bh::app
