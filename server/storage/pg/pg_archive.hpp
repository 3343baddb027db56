// The archive and the accounts on PostgreSQL, as plain synchronous calls on a migrated
// connection: the same operations, checks and errors as archive_sql.hpp, whose text
// codecs (options, tags, the page cursor) they share, so a cursor or a row means the
// same on either store. Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn. Writes expect the caller's
// transaction; reads its snapshot.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::pg {

// Errors: invalid_query (empty id, unknown result), conflict (the id, or the content
// hash, is stored already; found before anything is written), unavailable.
StoreError insert_game(Conn& conn, const GameRecord& record);
// Errors: not_found, unavailable. Names cut to `name_chars` characters.
StoreResult<GameRecord> load_game(Conn& conn, const std::string& id, std::size_t name_chars);
// Errors: invalid_query (limit outside 1..100, bad cursor, unknown result), unavailable.
StoreResult<ArchivePage> list_games(Conn& conn, const ArchiveQuery& query, std::size_t name_chars);
// The summaries of the games of `ids` that exist, in that order. Errors: unavailable.
StoreResult<std::vector<GameSummary>> load_summaries(Conn& conn, const std::vector<std::string>& ids,
                                                     std::size_t name_chars);

// Errors: invalid_query (empty name), conflict (the name or its key is taken; nothing
// written), unavailable.
StoreError insert_account(Conn& conn, const Account& account);
// Errors: invalid_query, conflict (a person's account, or another account's key: a
// unique key's refusal, so the caller runs it in a savepoint), unavailable.
StoreError save_bot_account(Conn& conn, const Account& account);
StoreResult<Account> load_account(Conn& conn, const std::string& name);
// Errors: not_found (no such account, or its hash changed), unavailable.
StoreError update_password_hash(Conn& conn, const Account& account, const std::string& old_hash);
StoreResult<Account> load_account_like(Conn& conn, const std::string& name);

}  // namespace bh::storage::pg
