// A thin owner of one SQLite connection and its cached prepared statements.
// Internal to bh_storage (used by sqlite_store, schema, archive_sql and synthetic).
//
// Thread-safety: none. A Db belongs to one thread at a time; the store hands it to its
// worker thread once and never touches it again from elsewhere. Connections are opened
// with SQLITE_OPEN_NOMUTEX for that reason.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "storage/store_result.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace bh::storage::sql {

class Db {
 public:
  Db() = default;
  ~Db();
  Db(Db&& other) noexcept;
  Db& operator=(Db&& other) noexcept;
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Opens `path` (created when missing unless read_only). With `process_exclusive`, through
  // SQLite's "unix-excl" VFS: the first connection takes the file for this process, so
  // its connections lock each other in memory, not with an fcntl per transaction, and any
  // other process is refused ("database is locked"). Every connection of one process to
  // one file must agree on it. Errors: unavailable, with SQLite's message. On error the
  // Db stays closed.
  StoreError open(const std::string& path, bool read_only, bool process_exclusive = false);
  // Finalizes the cached statements and closes the connection. Idempotent.
  void close();
  bool is_open() const { return db_ != nullptr; }
  sqlite3* handle() const { return db_; }
  // True when SQLite opened the file read-only (asked for, or the file is not writable).
  bool read_only() const;
  // True while a transaction is open (SQLite may end one by itself after IOERR/FULL).
  bool in_transaction() const;

  // Runs statements that return no rows we care about. Returns the SQLite result code.
  int exec(std::string_view sql);
  // One statement, prepared once and kept (BEGIN and COMMIT of every write batch, which
  // exec would parse again each time). Returns SQLITE_OK when it ran to its end.
  int exec_cached(const std::string& sql);
  // The prepared statement for `sql`, cached for the life of the connection; nullptr on
  // error (see message()). The caller resets it (Query does).
  sqlite3_stmt* prepare(const std::string& sql);
  // SQLite's message for the last failed call on this connection.
  std::string message() const;

 private:
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
};

// One use of a cached statement: bind, step, read columns. Resets the statement and
// clears its bindings when destroyed, so the cache can hand it out again.
class Query {
 public:
  Query(Db& db, const std::string& sql);
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  // False when the statement could not be prepared; step() then returns that error.
  bool prepared() const { return stmt_ != nullptr; }
  // Parameters are 1-based, as in SQLite.
  Query& bind(int index, std::int64_t value);
  Query& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Query& bind(int index, double value);
  Query& bind(int index, std::string_view value);
  Query& bind_null(int index);
  // SQLITE_ROW, SQLITE_DONE or an (extended) error code.
  int step();

  // Columns are 0-based, as in SQLite.
  std::int64_t int64(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  bool is_null(int column) const;
  int column_count() const;

 private:
  sqlite3_stmt* stmt_ = nullptr;
  int prepare_rc_ = 0;
};

// Maps a failed SQLite call to a store error: constraint violations are `conflict`,
// everything else `unavailable`. `what` says which operation failed.
StoreError error_from(const Db& db, int rc, std::string_view what);
// True for codes that mean the storage itself is failing (full, read-only, I/O, busy,
// corrupt...), as opposed to a problem with one job's data.
bool is_storage_failure(int rc);

}  // namespace bh::storage::sql
