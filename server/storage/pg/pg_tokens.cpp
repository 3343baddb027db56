#include "storage/pg/pg_tokens.hpp"

namespace bh::storage::pg {

namespace {

constexpr const char* kColumns = "t.id, t.owner, t.hash, t.scopes, t.label, t.created_ms, t.last_used_ms";

ApiToken read_token(const Rows& rows, int row) {
  ApiToken t;
  t.id = rows.text(row, 0);
  t.owner = rows.text(row, 1);
  t.hash = rows.text(row, 2);
  t.scopes = rows.text(row, 3);
  t.label = rows.text(row, 4);
  t.created_ms = rows.int64(row, 5);
  if (!rows.null(row, 6)) t.last_used_ms = rows.int64(row, 6);
  return t;
}

}  // namespace

StoreError insert_token(Conn& conn, const ApiToken& token, int max_per_owner) {
  Params owner;
  owner.add(token.owner);
  // The account's row locked: two tokens made at once for one owner are counted in turn.
  auto account = conn.run("SELECT 1 FROM accounts WHERE name = $1 FOR UPDATE", owner);
  if (!account.error.ok()) return account.error;
  if (account.value->size() == 0) return {StoreErrc::not_found, "no account " + token.owner};
  auto count = conn.run("SELECT count(*) FROM api_tokens WHERE owner = $1 AND revoked_ms IS NULL", owner);
  if (!count.error.ok()) return count.error;
  if (count.value->int64(0, 0) >= max_per_owner)
    return {StoreErrc::conflict, "at most " + std::to_string(max_per_owner) + " tokens; revoke one first"};
  Params p;
  p.add(token.id).add(token.owner).add(token.hash).add(token.scopes).add(token.label).add(token.created_ms);
  auto inserted = conn.run(
      "INSERT INTO api_tokens (id, owner, hash, scopes, label, created_ms) VALUES ($1, $2, $3, $4, $5, $6)", p);
  if (!inserted.error.ok()) {
    if (inserted.error.code == StoreErrc::conflict) return {StoreErrc::conflict, "the token's id is taken"};
    return inserted.error;
  }
  return {};
}

StoreResult<std::vector<ApiToken>> load_tokens(Conn& conn, const std::string& owner) {
  Params p;
  p.add(owner);
  auto rows = conn.run(std::string("SELECT ") + kColumns +
                           " FROM api_tokens t WHERE t.owner = $1 AND t.revoked_ms IS NULL "
                           "ORDER BY t.created_ms DESC, t.seq DESC",
                       p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<ApiToken> out;
  for (int r = 0; r < rows.value->size(); ++r) out.push_back(read_token(*rows.value, r));
  return {{}, std::move(out)};
}

StoreError revoke_token(Conn& conn, const std::string& owner, const std::string& id, std::int64_t now_ms) {
  Params p;
  p.add(id).add(owner).add(now_ms);
  auto updated =
      conn.run("UPDATE api_tokens SET revoked_ms = $3 WHERE id = $1 AND owner = $2 AND revoked_ms IS NULL", p);
  if (!updated.error.ok()) return updated.error;
  if (updated.value->affected() == 0) return {StoreErrc::not_found, "no token '" + id + "' of yours"};
  return {};
}

StoreResult<ApiToken> find_api_token(Conn& conn, const std::string& hash) {
  Params p;
  p.add(hash);
  auto rows = conn.run(std::string("SELECT ") + kColumns +
                           ", a.bot FROM api_tokens t JOIN accounts a ON a.name = t.owner "
                           "WHERE t.hash = $1 AND t.revoked_ms IS NULL",
                       p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  if (rows.value->size() == 0) return {{StoreErrc::not_found, "no such token"}, std::nullopt};
  auto token = read_token(*rows.value, 0);
  token.bot = rows.value->boolean(0, 7);
  return {{}, std::move(token)};
}

StoreError touch_token(Conn& conn, const std::string& id, std::int64_t now_ms) {
  Params p;
  p.add(id).add(now_ms);
  auto updated = conn.run("UPDATE api_tokens SET last_used_ms = $2 WHERE id = $1", p);
  return updated.error;
}

StoreError upgrade_to_bot(Conn& conn, const std::string& name) {
  Params p;
  p.add(name);
  auto played = conn.run("SELECT 1 FROM game_players WHERE player = $1 LIMIT 1", p);
  if (!played.error.ok()) return played.error;
  if (played.value->size() > 0) return {StoreErrc::conflict, "the account has played games"};
  auto updated = conn.run("UPDATE accounts SET bot = true WHERE name = $1", p);
  if (!updated.error.ok()) return updated.error;
  if (updated.value->affected() == 0) return {StoreErrc::not_found, "no account " + name};
  return {};
}

}  // namespace bh::storage::pg
