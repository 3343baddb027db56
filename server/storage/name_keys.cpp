#include "storage/name_keys.hpp"

#include <sqlite3.h>

#include <vector>

#include "names/player_names.hpp"
#include "storage/name_key_assignment.hpp"

namespace bh::storage::sql {

namespace {

std::string stored_version(Db& db) {
  Query q(db, "SELECT version FROM name_keys WHERE id = 1");
  return q.step() == SQLITE_ROW ? q.text(0) : std::string();
}

// Inside the transaction: every key computed again, oldest account first.
int rekey(Db& db, const std::string& version, const std::function<void(const std::string&)>& log) {
  std::vector<std::string> names;
  {
    Query q(db, "SELECT name FROM accounts ORDER BY created_ms, rowid");
    int rc = 0;
    while ((rc = q.step()) == SQLITE_ROW) names.push_back(q.text(0));
    if (rc != SQLITE_DONE) return rc;
  }
  if (const int rc = db.exec("DROP INDEX IF EXISTS accounts_by_key"); rc != SQLITE_OK) return rc;
  int apart = 0;
  for (const auto& assigned : assign_name_keys(names)) {
    if (assigned.apart) {
      ++apart;
      log("account \"" + assigned.name + "\" looks like an older account's name: it keeps its name, not the key");
    }
    Query q(db, "UPDATE accounts SET name_key = ?1 WHERE name = ?2");
    q.bind(1, assigned.key).bind(2, assigned.name);
    if (const int rc = q.step(); rc != SQLITE_DONE) return rc;
  }
  if (const int rc = db.exec("CREATE UNIQUE INDEX accounts_by_key ON accounts (name_key)"); rc != SQLITE_OK) return rc;
  Query q(db, "INSERT OR REPLACE INTO name_keys (id, version) VALUES (1, ?1)");
  q.bind(1, version);
  if (const int rc = q.step(); rc != SQLITE_DONE) return rc;
  if (!names.empty())  // a new file has none: nothing to tell
    log("name keys (" + version + ") computed for " + std::to_string(names.size()) + " accounts, " +
        std::to_string(apart) + " kept apart");
  return SQLITE_OK;
}

}  // namespace

StoreError refresh_name_keys(Db& db, const std::function<void(const std::string&)>& log) {
  const std::string version = names::key_version();
  if (stored_version(db) == version) return {};
  if (db.read_only()) {
    log("name keys are not of " + version + " and the file is read-only: new names are checked against old keys");
    return {};
  }
  if (const int rc = db.exec("BEGIN IMMEDIATE"); rc != SQLITE_OK) return error_from(db, rc, "cannot key names");
  int rc = stored_version(db) == version ? SQLITE_OK : rekey(db, version, log);
  if (rc == SQLITE_OK) rc = db.exec("COMMIT");
  if (rc != SQLITE_OK) {
    StoreError error = error_from(db, rc, "cannot key the accounts' names");
    error.code = StoreErrc::unavailable;
    if (db.in_transaction()) db.exec("ROLLBACK");
    return error;
  }
  return {};
}

}  // namespace bh::storage::sql
