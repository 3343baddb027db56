// `boardhall-server --reindex`: the opening explorer's index (docs/explorer.md) built
// again from the archive, on SQLite (--db) or PostgreSQL (--cluster-db): emptied, then
// every public finished game replayed through the rules and added, filed under its
// players' ratings before it. For an archive written before the explorer existed, or
// after a change of how positions are keyed. Run it with the server stopped: a game
// archived meanwhile could be counted twice.
//
// Thread-safety: runs on the caller's thread and blocks it.
#pragma once

#include <ostream>
#include <string>

namespace bh::server {

// 0 when every game was read and written; 1 when the store failed (the index is then
// partial: run it again).
int reindex_explorer(const std::string& db, const std::string& cluster_db, std::ostream& out, std::ostream& err);

}  // namespace bh::server
