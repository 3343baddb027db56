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

StoreError backup_database(const std::string& source, const std::string& destination) {
  std::error_code ec;
  if (!std::filesystem::exists(source, ec)) return failure("no database at " + source);
  if (std::filesystem::exists(destination, ec)) return failure(destination + " exists; refusing to overwrite it");

  sqlite3* raw = nullptr;
  // Read-write without create: reading a WAL database needs its -shm file.
  int rc = sqlite3_open_v2(source.c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr);
  Db from(raw);
  if (rc != SQLITE_OK) return failure("cannot open " + source + ": " + sqlite3_errstr(rc));
  sqlite3_busy_timeout(from.get(), 5000);
  rc = sqlite3_exec(from.get(), "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return failure(source + " is not a database: " + sqlite3_errmsg(from.get()));

  raw = nullptr;
  rc = sqlite3_open_v2(destination.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  Db to(raw);
  if (rc != SQLITE_OK) return failure("cannot create " + destination + ": " + sqlite3_errstr(rc));

  sqlite3_backup* backup = sqlite3_backup_init(to.get(), "main", from.get(), "main");
  if (backup == nullptr) return failure(std::string("backup failed: ") + sqlite3_errmsg(to.get()));
  // One step copies every page under one read transaction: a consistent snapshot.
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

}  // namespace bh::storage
