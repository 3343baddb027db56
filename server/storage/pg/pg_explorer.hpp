// The opening explorer's index on PostgreSQL (schema version 7), with the semantics of
// explorer_sql.hpp and its rows filed and filtered by the same rules (explorer_rows.hpp).
// Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn. index_opening expects the caller's
// transaction, the one that archives the game.
#pragma once

#include <cstddef>
#include <optional>

#include "storage/pg/pg_conn.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::pg {

// One statement for the whole line. Errors: unavailable.
StoreError index_opening(Conn& conn, const GameRecord& record, std::optional<double> rating);
// Errors: invalid_query, unavailable.
StoreResult<ExplorerPosition> explore(Conn& conn, const ExplorerQuery& query, std::size_t name_chars);
StoreError clear_explorer(Conn& conn);
// The average rating of a rated game's players before it, from their history rows.
StoreResult<std::optional<double>> rating_before(Conn& conn, const GameRecord& record);

}  // namespace bh::storage::pg
