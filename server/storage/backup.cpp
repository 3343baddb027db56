#include "storage/backup.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <memory>

namespace bh::storage {
namespace {

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;

StoreError failure(std::string message) { return {StoreErrc::unavailable, std::move(message)}; }

}  // namespace

StoreError backup_connection(sqlite3* from, const std::string& destination, const char* vfs) {
  std::error_code ec;
  if (std::filesystem::exists(destination, ec)) return failure(destination + " exists; refusing to overwrite it");
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(destination.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, vfs);
  Db to(raw);
  if (rc != SQLITE_OK) return failure("cannot create " + destination + ": " + sqlite3_errstr(rc));

  sqlite3_backup* backup = sqlite3_backup_init(to.get(), "main", from, "main");
  if (backup == nullptr) {
    std::string message = std::string("backup failed: ") + sqlite3_errmsg(to.get());
    to.reset();
    std::filesystem::remove(destination, ec);
    return failure(std::move(message));
  }
  // One step copies every page under one read transaction: a consistent snapshot. Steps
  // of a few pages would start again after every commit of another connection.
  do {
    rc = sqlite3_backup_step(backup, -1);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(50);
  } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    to.reset();
    std::filesystem::remove(destination, ec);
    return failure(std::string("backup failed: ") + sqlite3_errstr(rc));
  }
  return {};
}

StoreError backup_database(const std::string& source, const std::string& destination) {
  std::error_code ec;
  if (!std::filesystem::exists(source, ec)) return failure("no database at " + source);

  sqlite3* raw = nullptr;
  // Read-write without create: reading a WAL database needs its -shm file.
  int rc = sqlite3_open_v2(source.c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr);
  Db from(raw);
  if (rc != SQLITE_OK) return failure("cannot open " + source + ": " + sqlite3_errstr(rc));
  sqlite3_busy_timeout(from.get(), 1000);
  rc = sqlite3_exec(from.get(), "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
  if (rc == SQLITE_BUSY) {
    return failure(source +
                   " is held by a running server started with --db-lock exclusive: send that server SIGUSR1 "
                   "and it writes a backup into its --backup-dir");
  }
  if (rc != SQLITE_OK) return failure(source + " is not a database: " + sqlite3_errmsg(from.get()));
  return backup_connection(from.get(), destination);
}

}  // namespace bh::storage
