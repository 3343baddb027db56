// A SQLite database's accounts, archive, ratings and tournaments copied into an empty PostgreSQL
// database (boardhall-server --db FILE --export-to DSN): the way from one server to
// cluster mode. Rows are copied as they are: games with their moves and players,
// accounts with their hashes, bot marks and name keys, ratings with their histories (no
// rating is computed again). Live games are not copied: finish or let them end first.
//
// Thread-safety: none; a one-shot on the caller's thread. Run it with the server
// stopped: the SQLite file is read in one snapshot, but games finished meanwhile are
// not in it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "storage/store_result.hpp"

namespace bh::storage {

struct ExportCounts {
  std::int64_t accounts = 0, games = 0, ratings = 0, rating_history = 0, tournaments = 0, explorer_rows = 0;
};

// Opens (migrating if needed) the SQLite file and the PostgreSQL database (creating its
// schema), refuses a PostgreSQL database that holds any game, account or rating, and
// copies everything in one PostgreSQL transaction: all or nothing. `log` hears progress
// lines. Errors: unavailable (either database failing), conflict (the target is not
// empty).
StoreResult<ExportCounts> export_sqlite_to_pg(const std::string& sqlite_path, const std::string& dsn,
                                              const std::function<void(const std::string&)>& log);

}  // namespace bh::storage
