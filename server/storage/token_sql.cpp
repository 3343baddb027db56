#include "storage/token_sql.hpp"

#include <sqlite3.h>

namespace bh::storage::sql {

namespace {

constexpr const char* kColumns = "t.id, t.owner, t.hash, t.scopes, t.label, t.created_ms, t.last_used_ms";

ApiToken read_token(const Query& q) {
  ApiToken t;
  t.id = q.text(0);
  t.owner = q.text(1);
  t.hash = q.text(2);
  t.scopes = q.text(3);
  t.label = q.text(4);
  t.created_ms = q.int64(5);
  if (!q.is_null(6)) t.last_used_ms = q.int64(6);
  return t;
}

}  // namespace

StoreError insert_token(Db& db, const ApiToken& token, int max_per_owner) {
  {
    Query q(db, "SELECT count(*) FROM accounts WHERE name = ?1");
    q.bind(1, token.owner);
    if (const int rc = q.step(); rc != SQLITE_ROW) return error_from(db, rc, "cannot read account " + token.owner);
    if (q.int64(0) == 0) return {StoreErrc::not_found, "no account " + token.owner};
  }
  {
    Query q(db, "SELECT count(*) FROM api_tokens WHERE owner = ?1 AND revoked_ms IS NULL");
    q.bind(1, token.owner);
    if (const int rc = q.step(); rc != SQLITE_ROW) return error_from(db, rc, "cannot count the tokens");
    if (q.int64(0) >= max_per_owner)
      return {StoreErrc::conflict, "at most " + std::to_string(max_per_owner) + " tokens; revoke one first"};
  }
  Query q(db, "INSERT INTO api_tokens (id, owner, hash, scopes, label, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  q.bind(1, token.id).bind(2, token.owner).bind(3, token.hash).bind(4, token.scopes).bind(5, token.label);
  q.bind(6, token.created_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE) {
    if (rc == SQLITE_CONSTRAINT) return {StoreErrc::conflict, "the token's id is taken"};
    return error_from(db, rc, "cannot store the token");
  }
  return {};
}

StoreResult<std::vector<ApiToken>> load_tokens(Db& db, const std::string& owner) {
  Query q(
      db,
      std::string("SELECT ") + kColumns +
          " FROM api_tokens t WHERE t.owner = ?1 AND t.revoked_ms IS NULL ORDER BY t.created_ms DESC, t.rowid DESC");
  q.bind(1, owner);
  std::vector<ApiToken> out;
  int rc = SQLITE_ROW;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(read_token(q));
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot list the tokens"), std::nullopt};
  return {{}, std::move(out)};
}

StoreError revoke_token(Db& db, const std::string& owner, const std::string& id, std::int64_t now_ms) {
  Query q(db, "UPDATE api_tokens SET revoked_ms = ?3 WHERE id = ?1 AND owner = ?2 AND revoked_ms IS NULL");
  q.bind(1, id).bind(2, owner).bind(3, now_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot revoke the token");
  if (sqlite3_changes(db.handle()) == 0) return {StoreErrc::not_found, "no token '" + id + "' of yours"};
  return {};
}

StoreResult<ApiToken> find_api_token(Db& db, const std::string& hash) {
  Query q(db, std::string("SELECT ") + kColumns +
                  ", a.bot FROM api_tokens t JOIN accounts a ON a.name = t.owner WHERE t.hash = ?1 AND "
                  "t.revoked_ms IS NULL");
  q.bind(1, hash);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no such token"}, std::nullopt};
  if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot read the token"), std::nullopt};
  auto token = read_token(q);
  token.bot = q.int64(7) != 0;
  return {{}, std::move(token)};
}

StoreError touch_token(Db& db, const std::string& id, std::int64_t now_ms) {
  Query q(db, "UPDATE api_tokens SET last_used_ms = ?2 WHERE id = ?1");
  q.bind(1, id).bind(2, now_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot record the token's use");
  return {};
}

StoreError upgrade_to_bot(Db& db, const std::string& name) {
  {
    Query q(db, "SELECT 1 FROM game_players WHERE player = ?1 LIMIT 1");
    q.bind(1, name);
    const int rc = q.step();
    if (rc == SQLITE_ROW) return {StoreErrc::conflict, "the account has played games"};
    if (rc != SQLITE_DONE) return error_from(db, rc, "cannot read the games of " + name);
  }
  Query q(db, "UPDATE accounts SET bot = 1 WHERE name = ?1");
  q.bind(1, name);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot upgrade " + name);
  if (sqlite3_changes(db.handle()) == 0) return {StoreErrc::not_found, "no account " + name};
  return {};
}

}  // namespace bh::storage::sql
