// Cluster mode's ownership of live games (docs/cluster.md), as plain synchronous calls.
// Each start of a node registers a new epoch with a lease timed by PostgreSQL's clock
// (never a node's); a live game belongs to one epoch (live_games.owner_epoch), and every
// write of it carries that epoch (pg_live.hpp), so a node that lost a game, however
// late it wakes up, writes nothing of it. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn. Each call is its own transaction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::pg {

// Whether a start of `node_id` holds a lease now (a node of that name is running).
StoreResult<bool> name_in_use(Conn& conn, const std::string& node_id);
// A new start of `node_id`: its epoch, holding a lease until PostgreSQL's now() + lease_ms.
StoreResult<std::int64_t> register_node(Conn& conn, const std::string& node_id, std::int64_t lease_ms);
// The lease runs until now() + lease_ms again. Renewed even after it lapsed: whatever was
// taken meanwhile is fenced, the rest stays this epoch's. False when the row is gone.
StoreResult<bool> renew_lease(Conn& conn, std::int64_t epoch, std::int64_t lease_ms);
// Ends the lease now (a node stopping hands its games over at once).
StoreError release_lease(Conn& conn, std::int64_t epoch);
// Makes `epoch` the owner of up to `limit` live games whose owner's lease lapsed, or
// that no node owns; returns their ids. Rows being written are skipped until the next
// call (SKIP LOCKED), so survivors share a dead node's games.
StoreResult<std::vector<std::string>> take_over(Conn& conn, std::int64_t epoch, int limit);
// Gives up `ids` (taken but not loaded): no one owns them, the next takeover takes them.
StoreError let_go(Conn& conn, std::int64_t epoch, const std::vector<std::string>& ids);
// The epochs whose lease runs now (the nodes alive), this one's included.
StoreResult<std::vector<std::int64_t>> live_nodes(Conn& conn);
// Forgets the nodes whose lease lapsed more than an hour ago and who own nothing.
StoreError forget_nodes(Conn& conn);

}  // namespace bh::storage::pg
