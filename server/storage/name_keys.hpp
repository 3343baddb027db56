// The accounts' name keys (names/player_names.hpp, name_key): computed for every
// account whenever the file's key version (the one-row name_keys table) is not the
// running ICU's: once after the migration to schema version 8, and again after an ICU
// upgrade whose confusables data may give other keys. Internal to bh_storage.
//
// Thread-safety: none; runs on whichever thread owns the Db (the opener, before the
// store's worker starts).
#pragma once

#include <functional>
#include <string>

#include "storage/name_key_assignment.hpp"
#include "storage/sqlite_db.hpp"

namespace bh::storage::sql {

// Brings every account's name_key up to date with names::key_version(), in one
// transaction (the unique index is dropped and made again around the update). Nothing
// to do, and no write lock taken, when the version matches. Who keeps a key two names
// share: name_key_assignment.hpp. `log` hears one line per
// account kept apart and one for the whole (none when there are no accounts). Errors:
// unavailable (the transaction rolled back; the file keeps its old keys).
StoreError refresh_name_keys(Db& db, const std::function<void(const std::string&)>& log);

}  // namespace bh::storage::sql
