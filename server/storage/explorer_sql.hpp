// The opening explorer's index in SQLite (schema version 15, docs/explorer.md): one row
// per (position, variant, move, source, rating band, month) with its counts, added to in
// the transaction that archives the game, so a lookup sums a few rows per move instead
// of visiting every game through the position.
//
// Thread-safety: none; the caller owns the Db. index_opening expects the caller to have
// opened the transaction that writes the game's record (sqlite_store.cpp).
#pragma once

#include <cstdint>
#include <optional>

#include "storage/archive_sql.hpp"
#include "storage/records.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/store.hpp"

namespace bh::storage::sql {

// The game's opening line (record.opening) added to the index; nothing for an empty
// line or a game without a result. `rating`: the players' average before a rated game.
// Errors: unavailable. On error, statements already run are NOT undone.
StoreError index_opening(Db& db, const GameRecord& record, std::optional<double> rating);
// Errors: invalid_query (a bad filter), unavailable.
StoreResult<ExplorerPosition> explore(Db& db, const ExplorerQuery& query, std::size_t name_chars = kAnswerNameChars);
// Empties the index (before --reindex writes it again). Errors: unavailable.
StoreError clear_explorer(Db& db);
// The average rating of a rated game's players before it, from their history rows:
// what --reindex indexes an old game with. nullopt when the game was not rated.
StoreResult<std::optional<double>> rating_before(Db& db, const GameRecord& record);

}  // namespace bh::storage::sql
