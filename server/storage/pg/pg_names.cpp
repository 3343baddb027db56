#include "storage/pg/pg_names.hpp"

namespace bh::storage::pg {

StoreResult<bool> claim_name(Conn& conn, const NameClaim& claim) {
  Params p;
  p.add(claim.key).add(claim.name).add(claim.token).add(claim.registered).add(claim.bot).add(claim.epoch);
  // One statement: two nodes claiming one key at once meet on its primary key, and the
  // second sees the first's row. A token held under another key (a name changed with its
  // case) is let go first.
  auto taken = conn.run(
      "WITH moved AS (DELETE FROM player_names WHERE token = $3 AND name_key <> $1) "
      "INSERT INTO player_names AS n (name_key, name, token, registered, bot, epoch) "
      "VALUES ($1, $2, $3, $4, $5, $6) "
      "ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, token = excluded.token, "
      "registered = excluded.registered, bot = excluded.bot, epoch = excluded.epoch "
      "WHERE n.token = excluded.token OR (n.registered AND excluded.registered) "
      "OR NOT EXISTS (SELECT 1 FROM nodes WHERE epoch = n.epoch AND lease_until > now()) "
      "RETURNING 1",
      p);
  if (!taken.error.ok()) return {taken.error, std::nullopt};
  return {{}, taken.value->size() == 1};
}

StoreError release_name(Conn& conn, const std::string& key, const std::string& token, std::int64_t epoch) {
  Params p;
  p.add(key).add(token).add(epoch);
  return conn.run("DELETE FROM player_names WHERE name_key = $1 AND token = $2 AND epoch = $3", p).error;
}

namespace {

// The one row `column` = `value` picks.
StoreResult<NameHolder> holder(Conn& conn, const std::string& column, const std::string& value) {
  Params p;
  p.add(value);
  auto found = conn.run(
      "SELECT n.name, n.token, n.registered, n.bot, n.epoch, EXISTS (SELECT 1 FROM nodes WHERE epoch = n.epoch AND "
      "lease_until > now()) FROM player_names n WHERE n." +
          column + " = $1",
      p);
  if (!found.error.ok()) return {found.error, std::nullopt};
  if (found.value->size() == 0) return {{StoreErrc::not_found, "no player holds that " + column}, std::nullopt};
  const auto& r = *found.value;
  return {{}, NameHolder{r.text(0, 0), r.text(0, 1), r.boolean(0, 2), r.boolean(0, 3), r.int64(0, 4), r.boolean(0, 5)}};
}

}  // namespace

StoreResult<NameHolder> find_token(Conn& conn, const std::string& token) { return holder(conn, "token", token); }

StoreResult<NameHolder> find_name(Conn& conn, const std::string& key) { return holder(conn, "name_key", key); }

StoreError forget_names(Conn& conn) {
  return conn.exec(
      "DELETE FROM player_names n WHERE NOT EXISTS (SELECT 1 FROM nodes WHERE epoch = n.epoch AND lease_until > "
      "now() - interval '1 hour')");
}

}  // namespace bh::storage::pg
