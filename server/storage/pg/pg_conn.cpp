#include "storage/pg/pg_conn.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>

namespace bh::storage::pg {

namespace {

// libpq's messages span lines ("...failed: ...\n\tIs the server running..."): one log
// line each here.
std::string libpq_message(const char* text) {
  std::string message;
  for (const char* c = text ? text : ""; *c; ++c) {
    const bool space = *c == '\n' || *c == '\t';
    if (!space) {
      message += *c;
    } else if (!message.empty() && message.back() != ' ') {
      message += ' ';
    }
  }
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message;
}

void quote_element(std::string& out, const std::string& value) {
  out += '"';
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

}  // namespace

Params& Params::add(std::string value) {
  values_.emplace_back(std::move(value));
  return *this;
}

Params& Params::add(std::int64_t value) { return add(std::to_string(value)); }

Params& Params::add(double value) {
  // The shortest text that reads back as the same double: ratings round-trip exactly.
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return add(std::string(buffer, ec == std::errc() ? end : buffer));
}

Params& Params::add(bool value) { return add(std::string(value ? "t" : "f")); }

Params& Params::add_null() {
  values_.emplace_back(std::nullopt);
  return *this;
}

Params& Params::add_texts(const std::vector<std::string>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    quote_element(out, values[i]);
  }
  out += '}';
  return add(std::move(out));
}

Params& Params::add_ints(const std::vector<std::int64_t>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(values[i]);
  }
  out += '}';
  return add(std::move(out));
}

void Rows::Clear::operator()(PGresult* result) const { PQclear(result); }

Rows::Rows(PGresult* result) : result_(result) {}

int Rows::size() const { return PQntuples(result_.get()); }

std::int64_t Rows::affected() const {
  const char* text = PQcmdTuples(result_.get());
  return text && *text ? std::strtoll(text, nullptr, 10) : 0;
}

bool Rows::null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }

std::string Rows::text(int row, int column) const {
  return std::string(PQgetvalue(result_.get(), row, column),
                     static_cast<std::size_t>(PQgetlength(result_.get(), row, column)));
}

std::int64_t Rows::int64(int row, int column) const {
  const char* text = PQgetvalue(result_.get(), row, column);
  std::int64_t value = 0;
  std::from_chars(text, text + PQgetlength(result_.get(), row, column), value);
  return value;
}

double Rows::real(int row, int column) const {
  const char* text = PQgetvalue(result_.get(), row, column);
  double value = 0;
  std::from_chars(text, text + PQgetlength(result_.get(), row, column), value);
  return value;
}

bool Rows::boolean(int row, int column) const { return PQgetvalue(result_.get(), row, column)[0] == 't'; }

Conn::~Conn() { close(); }

StoreError Conn::connect(const std::string& dsn) {
  close();
  // The DSN comes last and is expanded in place, so its own settings win over these.
  // Over TCP, a server that stops answering (a network gone, a host down) is given up
  // after about 15 s instead of the kernel's minutes: keepalives while idle, a bound on
  // unacknowledged data while writing.
  const char* keywords[] = {"connect_timeout",
                            "client_encoding",
                            "fallback_application_name",
                            "keepalives_idle",
                            "keepalives_interval",
                            "keepalives_count",
                            "tcp_user_timeout",
                            "dbname",
                            nullptr};
  const char* values[] = {"5", "UTF8", "boardhall", "5", "2", "3", "15000", dsn.c_str(), nullptr};
  conn_ = PQconnectdbParams(keywords, values, /*expand_dbname=*/1);
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    StoreError error{StoreErrc::unavailable,
                     "cannot connect to PostgreSQL: " + libpq_message(conn_ ? PQerrorMessage(conn_) : "out of memory")};
    close();
    return error;
  }
  // Notices ("already exists, skipping"...) are not for the server's log.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  return {};
}

void Conn::close() {
  if (conn_) PQfinish(conn_);
  conn_ = nullptr;
  prepared_.clear();
}

bool Conn::connected() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

StoreError Conn::failure(PGresult* result, const std::string& what) {
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  sqlstate_ = state ? state : "";
  std::string message = result ? libpq_message(PQresultErrorMessage(result)) : "";
  if (message.empty()) message = libpq_message(conn_ ? PQerrorMessage(conn_) : "not connected");
  PQclear(result);
  // A unique key's refusal, or a value PostgreSQL cannot take (class 22: text that is not
  // UTF-8, a number out of range): the job's own problem, not the server's.
  const StoreErrc code = sqlstate_ == "23505"          ? StoreErrc::conflict
                         : sqlstate_.starts_with("22") ? StoreErrc::invalid_query
                                                       : StoreErrc::unavailable;
  return {code, what + ": " + message};
}

bool Conn::in_failed_transaction() const { return conn_ && PQtransactionStatus(conn_) == PQTRANS_INERROR; }

StoreResult<Rows> Conn::run(const std::string& sql, const Params& params) {
  if (!connected()) return {{StoreErrc::unavailable, "not connected to PostgreSQL"}, std::nullopt};
  auto found = prepared_.find(sql);
  if (found == prepared_.end()) {
    std::string name = "s" + std::to_string(prepared_.size() + 1);
    PGresult* made = PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr);
    if (PQresultStatus(made) != PGRES_COMMAND_OK) return {failure(made, "cannot prepare a statement"), std::nullopt};
    PQclear(made);
    found = prepared_.emplace(sql, std::move(name)).first;
  }
  std::vector<const char*> values;
  values.reserve(params.values().size());
  for (const auto& value : params.values()) {
    // Text parameters end at their first NUL: refused rather than cut short.
    if (value && value->find('\0') != std::string::npos)
      return {{StoreErrc::invalid_query, "a value holds a NUL character"}, std::nullopt};
    values.push_back(value ? value->c_str() : nullptr);
  }
  PGresult* result =
      PQexecPrepared(conn_, found->second.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0);
  const auto status = PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) return {failure(result, "statement failed"), {}};
  sqlstate_.clear();
  return {{}, Rows(result)};
}

StoreError Conn::exec(const std::string& sql) {
  if (!connected()) return {StoreErrc::unavailable, "not connected to PostgreSQL"};
  PGresult* result = PQexec(conn_, sql.c_str());
  const auto status = PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    return failure(result, "cannot run " + sql.substr(0, 40));
  PQclear(result);
  sqlstate_.clear();
  return {};
}

}  // namespace bh::storage::pg
