// The PostgreSQL store's schema: versioned steps applied in order, the version kept in
// the one-row schema_version table; and the accounts' name keys brought up to date
// with the running ICU (as name_keys.hpp does for SQLite). Internal to bh_storage_pg.
//
// Thread-safety: none; runs on the connection of the store's opener, before its
// threads start. Several servers may open one database at once: each step runs under
// a transaction-level advisory lock, so exactly one of them applies it.
#pragma once

#include <functional>
#include <string>

#include "storage/pg/pg_conn.hpp"

namespace bh::storage::pg {

inline constexpr int kSchemaVersion = 9;

// The version stored (0 for an empty database). Errors: unavailable.
StoreResult<int> schema_version(Conn& conn);
// Brings the database to kSchemaVersion. Errors: unavailable (also when the database is
// newer than this server).
StoreError migrate(Conn& conn);
// Computes every account's name_key again when the stored key version is not
// names::key_version() (name_key_assignment.hpp decides who keeps a shared key). `log`
// hears one line per account kept apart. Errors: unavailable (rolled back).
StoreError refresh_name_keys(Conn& conn, const std::function<void(const std::string&)>& log);

}  // namespace bh::storage::pg
