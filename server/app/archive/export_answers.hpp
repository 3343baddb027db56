// The export routes answered (docs/records.md, "Export"): one game as a record file,
// and the archive's games that match the filters of /api/games, one after another,
// streamed: the archive is read a page at a time (the page's keyset cursor, as a
// listing pages) and each game is read, written and handed to the network layer only
// when the previous one is written, so an export of any size holds one page of
// summaries and one game in memory.
//
// Thread-safety: any network thread; the store's completions come back on the network
// threads (app/completion.hpp) and the bodies are built there.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "app/application.hpp"
#include "storage/records.hpp"

namespace bh::app {

// `respond` is called once, from a network thread.
void answer_http_export(const std::shared_ptr<Context>& ctx, std::string game_id,
                        std::function<void(HttpResponse)> respond);
// The answer's status comes from the first page (a bad cursor is a 400 before any body);
// a store failure later cuts the transfer (HttpBodySource::Piece::failed).
void answer_http_export_all(const std::shared_ptr<Context>& ctx, storage::ArchiveQuery query, bool ndjson,
                            std::function<void(HttpResponse)> respond);

}  // namespace bh::app
