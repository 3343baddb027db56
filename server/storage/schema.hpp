// The archive's schema and its migrations, versioned with PRAGMA user_version.
// Internal to bh_storage. See docs/storage.md for the tables and why each index exists.
//
// Thread-safety: none; runs on whichever thread owns the Db (the opener, before the
// store's worker starts).
#pragma once

#include <string_view>

#include "storage/sqlite_db.hpp"

namespace bh::storage::sql {

// The version a fully migrated file has.
inline constexpr int kSchemaVersion = 17;

// The frozen SQL of schema version 1, the oldest this code migrates from. Exposed so the
// migration test can build an old file by hand exactly as an old server left it.
extern const std::string_view kSchemaV1;

// Sets the connection's pragmas: WAL (unless read-only), synchronous, busy timeout,
// cache size. Errors: unavailable.
StoreError configure(Db& db, bool synchronous_full, int busy_timeout_ms, int cache_kib);

// Brings the file to kSchemaVersion, one step per version, each step and its version
// bump in one transaction. An empty file gets every step. Errors: unavailable when the
// file is newer than this code, is not a database, is read-only and needs a step, or a
// step fails (that step is rolled back; earlier steps stay).
StoreError migrate(Db& db);

// The file's PRAGMA user_version, or -1 on error.
int schema_version(Db& db);

}  // namespace bh::storage::sql
