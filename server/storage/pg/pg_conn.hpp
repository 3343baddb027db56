// One PostgreSQL connection (libpq) with its prepared statements, and the text values
// that go in and out of it. What each thread of the PostgreSQL store owns. Internal to
// bh_storage_pg: libpq's types are only declared here, its header stays in pg_conn.cpp.
//
// Values travel as text: parameters are $1, $2... in the order they were added, bound
// by PQexecPrepared, never spliced into the statement's text; results are read back as
// text and parsed here.
//
// Thread-safety: none. A Conn belongs to one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/store_result.hpp"

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace bh::storage::pg {

// A statement's parameters, $1 first; an absent value is NULL.
class Params {
 public:
  Params& add(std::string value);
  Params& add(const char* value) { return add(std::string(value)); }
  Params& add(std::int64_t value);
  Params& add(int value) { return add(static_cast<std::int64_t>(value)); }
  Params& add(double value);
  Params& add(bool value);
  Params& add_null();
  // PostgreSQL's array literals (for unnest): '{"a","b"}' and '{1,2}'.
  Params& add_texts(const std::vector<std::string>& values);
  Params& add_ints(const std::vector<std::int64_t>& values);
  // The placeholder of the next value added: "$3" when two were added.
  std::string next() const { return "$" + std::to_string(values_.size() + 1); }
  const std::vector<std::optional<std::string>>& values() const { return values_; }

 private:
  std::vector<std::optional<std::string>> values_;
};

// A statement's result. Row and column numbers from 0.
class Rows {
 public:
  explicit Rows(PGresult* result);
  int size() const;
  // Rows the statement inserted, updated or deleted.
  std::int64_t affected() const;
  bool null(int row, int column) const;
  std::string text(int row, int column) const;
  std::int64_t int64(int row, int column) const;
  double real(int row, int column) const;
  bool boolean(int row, int column) const;

 private:
  struct Clear {
    void operator()(PGresult* result) const;
  };
  std::unique_ptr<PGresult, Clear> result_;
};

class Conn {
 public:
  Conn() = default;
  ~Conn();
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;

  // Connects (again) to `dsn`, a URI (postgresql://...) or key=value pairs, giving up
  // after 5 s, and over TCP on a silent server after about 15 s, unless the DSN says
  // otherwise. Errors: unavailable, with libpq's message.
  StoreError connect(const std::string& dsn);
  void close();
  // False before connect, and once libpq has seen the connection fail.
  bool connected() const;

  // Runs one statement, prepared on this connection the first time its text is seen.
  // Errors: conflict (a unique key refused the row: 23505), invalid_query (a value
  // PostgreSQL cannot take: SQLSTATE class 22, or a NUL character, refused before
  // sending), unavailable (anything else, a lost connection too; sqlstate() tells which).
  StoreResult<Rows> run(const std::string& sql, const Params& params = {});
  // Runs statements without parameters whose rows are not needed (BEGIN, COMMIT, a
  // schema step, taking a lock).
  StoreError exec(const std::string& sql);
  // The SQLSTATE of the last failed statement ("" when it had none, e.g. no connection).
  const std::string& sqlstate() const { return sqlstate_; }
  // True inside a transaction that a failed statement aborted: only ROLLBACK works.
  bool in_failed_transaction() const;
  // True when the last failure was a deadlock or a serialization failure: the whole
  // transaction may be run again.
  bool retryable() const { return sqlstate_ == "40P01" || sqlstate_ == "40001"; }

 private:
  StoreError failure(PGresult* result, const std::string& what);

  PGconn* conn_ = nullptr;
  std::unordered_map<std::string, std::string> prepared_;  // statement text -> name
  std::string sqlstate_;
};

}  // namespace bh::storage::pg
