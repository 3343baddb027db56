#include "storage/pg/pg_ownership.hpp"

namespace bh::storage::pg {

StoreResult<bool> name_in_use(Conn& conn, const std::string& node_id) {
  Params p;
  p.add(node_id);
  auto found = conn.run("SELECT 1 FROM nodes WHERE node_id = $1 AND lease_until > now() LIMIT 1", p);
  if (!found.error.ok()) return {found.error, std::nullopt};
  return {{}, found.value->size() > 0};
}

StoreResult<std::int64_t> register_node(Conn& conn, const std::string& node_id, std::int64_t lease_ms) {
  Params p;
  p.add(node_id).add(lease_ms);
  auto row = conn.run(
      "INSERT INTO nodes (node_id, lease_until) VALUES ($1, now() + $2::bigint * interval '1 millisecond') "
      "RETURNING epoch",
      p);
  if (!row.error.ok()) return {row.error, std::nullopt};
  return {{}, row.value->int64(0, 0)};
}

StoreResult<bool> renew_lease(Conn& conn, std::int64_t epoch, std::int64_t lease_ms) {
  Params p;
  p.add(epoch).add(lease_ms);
  auto renewed =
      conn.run("UPDATE nodes SET lease_until = now() + $2::bigint * interval '1 millisecond' WHERE epoch = $1", p);
  if (!renewed.error.ok()) return {renewed.error, std::nullopt};
  return {{}, renewed.value->affected() == 1};
}

StoreError release_lease(Conn& conn, std::int64_t epoch) {
  Params p;
  p.add(epoch);
  return conn.run("UPDATE nodes SET lease_until = now() - interval '1 millisecond' WHERE epoch = $1", p).error;
}

StoreResult<std::vector<std::string>> take_over(Conn& conn, std::int64_t epoch, int limit) {
  Params p;
  p.add(epoch).add(limit);
  // One statement, one transaction: the rows are locked, their owner changed and the
  // ids returned together. A write of the old owner that passed its fence before holds
  // the row (FOR SHARE), so it is skipped now and taken, with that write, next time.
  auto taken = conn.run(
      "WITH gone AS (SELECT epoch FROM nodes WHERE epoch <> $1 AND lease_until < now()), "
      "taken AS (SELECT game_id FROM live_games WHERE owner_epoch IS NULL OR owner_epoch IN (SELECT epoch FROM gone) "
      "OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.epoch = live_games.owner_epoch) "
      "ORDER BY started_ms, game_id LIMIT $2 FOR UPDATE SKIP LOCKED) "
      "UPDATE live_games g SET owner_epoch = $1 FROM taken WHERE g.game_id = taken.game_id RETURNING g.game_id",
      p);
  if (!taken.error.ok()) return {taken.error, std::nullopt};
  std::vector<std::string> ids;
  for (int r = 0; r < taken.value->size(); ++r) ids.push_back(taken.value->text(r, 0));
  return {{}, std::move(ids)};
}

StoreError let_go(Conn& conn, std::int64_t epoch, const std::vector<std::string>& ids) {
  Params p;
  p.add(epoch).add_texts(ids);
  return conn.run("UPDATE live_games SET owner_epoch = NULL WHERE owner_epoch = $1 AND game_id = ANY($2::text[])", p)
      .error;
}

StoreResult<std::vector<std::int64_t>> live_nodes(Conn& conn) {
  auto found = conn.run("SELECT epoch FROM nodes WHERE lease_until > now() ORDER BY epoch");
  if (!found.error.ok()) return {found.error, std::nullopt};
  std::vector<std::int64_t> epochs;
  for (int r = 0; r < found.value->size(); ++r) epochs.push_back(found.value->int64(r, 0));
  return {{}, std::move(epochs)};
}

StoreError forget_nodes(Conn& conn) {
  return conn.exec(
      "DELETE FROM nodes n WHERE lease_until < now() - interval '1 hour' AND NOT EXISTS (SELECT 1 FROM live_games "
      "g WHERE g.owner_epoch = n.epoch)");
}

}  // namespace bh::storage::pg
