// The export routes' answers (docs/records.md, "Export"), decided without I/O like
// http_api's: a stored game as a record file (common/records), the bulk export's
// headers and each of its pieces, plain text or one JSON object a line (ndjson).
//
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>

#include "app/application.hpp"
#include "storage/records.hpp"
#include "storage/store.hpp"

namespace bh::app::http {

// GET /api/games/{id}/export: 200 text/plain with a Content-Disposition naming
// `<id>.pdn` (draughts) or `<id>.txt`; 404 not_found; 503 storage_unavailable; 422
// cannot_export when this server cannot write the game (a game it has no rules for).
HttpResponse export_answer(const std::string& id, const storage::StoreResult<storage::GameRecord>& found);

// GET /api/games/export: the answer's status and headers once its first page is read
// (its body is streamed by the caller): 200 text/plain (records one after another) or
// application/x-ndjson; 400 bad_query; 503 storage_unavailable. `game` is the query's
// game filter (a draughts-only export downloads as .pdn).
HttpResponse export_start(const storage::StoreError& first_page, bool ndjson, const std::optional<std::string>& game);

// One game of the bulk export: its record text, or its ndjson line
// ({"game_id","game","format","record"}, or {"game_id","game","error"} for a game this
// server cannot write). Plain text leaves such a game out and says why in `error`.
std::string export_piece(const storage::GameRecord& game, bool ndjson, std::string* error);

// A JSON string of `text` (quotes included), bytes that are not UTF-8 as U+FFFD.
std::string json_string(std::string_view text);

}  // namespace bh::app::http
