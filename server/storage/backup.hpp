// An online backup of a live database with SQLite's backup API: consistent even while
// the server writes to the file (copying a live WAL database by hand is not).
//
// Thread-safety: opens its own connections; may run beside a running SqliteStore,
// in this process or another.
#pragma once

#include <string>

#include "storage/store.hpp"

namespace bh::storage {

// Copies `source` into a new file `destination`. Errors: unavailable with a message
// (source missing or not a database, destination exists or cannot be written).
StoreError backup_database(const std::string& source, const std::string& destination);

}  // namespace bh::storage
