#include "storage/sqlite_db.hpp"

#include <sqlite3.h>

#include <utility>

namespace bh::storage::sql {

Db::~Db() { close(); }

Db::Db(Db&& other) noexcept : db_(std::exchange(other.db_, nullptr)), cache_(std::move(other.cache_)) {
  other.cache_.clear();
}

Db& Db::operator=(Db&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    cache_ = std::move(other.cache_);
    other.cache_.clear();
  }
  return *this;
}

StoreError Db::open(const std::string& path, bool read_only, bool process_exclusive) {
  // SQLite's memory statistics take a global mutex on every allocation; nothing reads
  // them. Only possible before SQLite initializes, so the first open does it.
  static const int unused = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)unused;
  close();
  const int flags =
      (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX;
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, process_exclusive ? "unix-excl" : nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open " + path + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);  // sqlite3_open_v2 allocates a handle even when it fails
    return {StoreErrc::unavailable, std::move(message)};
  }
  sqlite3_extended_result_codes(db, 1);
  db_ = db;
  return {};
}

void Db::close() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  cache_.clear();
  if (db_) {
    sqlite3_close(db_);
    db_ = nullptr;
  }
}

bool Db::read_only() const { return db_ && sqlite3_db_readonly(db_, "main") == 1; }

bool Db::in_transaction() const { return db_ && sqlite3_get_autocommit(db_) == 0; }

int Db::exec(std::string_view sql) {
  const std::string text(sql);
  return sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
}

int Db::exec_cached(const std::string& sql) {
  sqlite3_stmt* stmt = prepare(sql);
  if (!stmt) return sqlite3_errcode(db_);
  const int rc = sqlite3_step(stmt);
  sqlite3_reset(stmt);
  return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

sqlite3_stmt* Db::prepare(const std::string& sql) {
  if (auto it = cache_.find(sql); it != cache_.end()) return it->second;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, sql.c_str(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) !=
      SQLITE_OK) {
    sqlite3_finalize(stmt);
    return nullptr;
  }
  cache_.emplace(sql, stmt);
  return stmt;
}

std::string Db::message() const { return db_ ? sqlite3_errmsg(db_) : "database is closed"; }

Query::Query(Db& db, const std::string& sql) : stmt_(db.prepare(sql)) {
  if (!stmt_) prepare_rc_ = db.handle() ? sqlite3_extended_errcode(db.handle()) : SQLITE_MISUSE;
}

Query::~Query() {
  if (stmt_) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
}

// A bind to a wrong index is a programming error in this library's fixed SQL; the tests
// exercise every statement, so the bind result codes are not checked here.
Query& Query::bind(int index, std::int64_t value) {
  if (stmt_) sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Query& Query::bind(int index, double value) {
  if (stmt_) sqlite3_bind_double(stmt_, index, value);
  return *this;
}

Query& Query::bind(int index, std::string_view value) {
  if (stmt_) sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  return *this;
}

Query& Query::bind_null(int index) {
  if (stmt_) sqlite3_bind_null(stmt_, index);
  return *this;
}

int Query::step() { return stmt_ ? sqlite3_step(stmt_) : prepare_rc_; }

std::int64_t Query::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

double Query::real(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Query::text(int column) const {
  const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  const int size = sqlite3_column_bytes(stmt_, column);
  return data ? std::string(data, static_cast<std::size_t>(size)) : std::string();
}

bool Query::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

int Query::column_count() const { return stmt_ ? sqlite3_column_count(stmt_) : 0; }

StoreError error_from(const Db& db, int rc, std::string_view what) {
  std::string message(what);
  message += ": ";
  message += sqlite3_errstr(rc);
  const std::string detail = db.message();
  if (!detail.empty() && detail != sqlite3_errstr(rc)) message += " (" + detail + ")";
  const StoreErrc code = (rc & 0xff) == SQLITE_CONSTRAINT ? StoreErrc::conflict : StoreErrc::unavailable;
  return {code, std::move(message)};
}

bool is_storage_failure(int rc) {
  switch (rc & 0xff) {
    case SQLITE_OK:
    case SQLITE_ROW:
    case SQLITE_DONE:
    case SQLITE_CONSTRAINT:
      return false;
    default:
      return true;
  }
}

}  // namespace bh::storage::sql
