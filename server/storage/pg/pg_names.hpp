// Cluster mode's names across the nodes (storage/cluster_names.hpp) on PostgreSQL, as
// plain synchronous calls: one row per name key in `player_names`, with the token that
// holds it and the epoch of the node where its player is. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn.
#pragma once

#include <string>

#include "storage/cluster_names.hpp"
#include "storage/pg/pg_conn.hpp"

namespace bh::storage::pg {

StoreResult<bool> claim_name(Conn& conn, const NameClaim& claim);
StoreError release_name(Conn& conn, const std::string& key, const std::string& token, std::int64_t epoch);
StoreResult<NameHolder> find_token(Conn& conn, const std::string& token);
StoreResult<NameHolder> find_name(Conn& conn, const std::string& key);
// Forgets the names held on nodes gone for more than an hour (no one resumes them).
StoreError forget_names(Conn& conn);

}  // namespace bh::storage::pg
