// SIGUSR1 asks a running server for a backup of its SQLite database (docs/storage.md,
// "Backups"): the one way to back up a store opened --db-lock exclusive, and a way that
// needs no second process in the shared mode too.
//
// Thread-safety: backup_file_name is pure; the handler made by backup_on_signal may be
// called from any thread, and logs its outcome from a store thread.
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace bh::storage {
class SqliteStore;
}

namespace bh::server {

// The file a backup taken at `now` goes to: `DIR/STEM-backup-YYYYMMDDTHHMMSSmmmZ.db` (mmm: milliseconds), where
// STEM is the database file's name without its extension and DIR `backup_dir`, or the
// database's own folder when `backup_dir` is empty.
std::string backup_file_name(const std::string& db, const std::string& backup_dir,
                             std::chrono::system_clock::time_point now);

// What SIGUSR1 does: a backup of `store` (the database at `db`) into backup_file_name's
// file, logged when written or refused. `store` must outlive the handler's calls.
std::function<void()> backup_on_signal(storage::SqliteStore& store, std::string db, std::string backup_dir);

}  // namespace bh::server
