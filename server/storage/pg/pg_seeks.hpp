// Cluster mode's seeks across the nodes (storage/cluster_seeks.hpp) on PostgreSQL, as
// plain synchronous calls: one row per waiting seek in `seeks`; a new seeker decides
// under a transaction-level advisory lock of its terms, so seekers of the same terms
// decide one at a time on every node. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn and its transaction.
#pragma once

#include <optional>
#include <string>

#include "storage/cluster_seeks.hpp"
#include "storage/pg/pg_conn.hpp"

namespace bh::storage::pg {

// In the caller's transaction (held until it ends): the seek taken, or nullopt when
// `job.mine` was added; conflict when the player's seek waits on a node alive.
StoreResult<std::optional<SeekRow>> take_or_add_seek(Conn& conn, const SeekJob& job);
StoreError remove_seek(Conn& conn, const std::string& room_id);

}  // namespace bh::storage::pg
