// An online backup of a live database with SQLite's backup API: consistent even while
// the server writes to the file (copying a live WAL database by hand is not).
//
// Thread-safety: backup_database opens its own connections and may run beside a
// SqliteStore opened with --db-lock shared, in this process or another; a store opened
// exclusive refuses other processes, and is backed up by SqliteStore::backup_to instead.
#pragma once

#include <string>

#include "storage/store.hpp"

struct sqlite3;

namespace bh::storage {

// Copies `source` into a new file `destination`. Errors: unavailable with a message
// (source missing, not a database or held by a running server, destination exists or
// cannot be written).
StoreError backup_database(const std::string& source, const std::string& destination);

// Copies the main database of the open connection `from` into a new file `destination`,
// under one read transaction (a consistent snapshot; writers on other connections go on
// meanwhile in WAL mode). `vfs`: the VFS `destination` is opened with (null: the default).
// Errors as backup_database's; a partly written destination is removed.
StoreError backup_connection(sqlite3* from, const std::string& destination, const char* vfs = nullptr);

}  // namespace bh::storage
