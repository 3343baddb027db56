// The archive's operations as plain synchronous calls on a migrated Db, and the text
// codecs they use (options as JSON, the opaque page cursor). The store runs these on its
// worker thread; fill_synthetic and the tests call them directly.
//
// Thread-safety: none; the caller owns the Db. Write calls expect the caller to have
// opened a transaction (the store batches several into one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/records.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/store.hpp"

namespace bh::storage::sql {

// Options as a flat JSON object of strings, keys in map order: readable in the sqlite3
// shell and usable with SQLite's json_extract, with no JSON library here.
std::string encode_options(const std::map<std::string, std::string>& options);
// Accepts what encode_options writes (and any flat object of strings); nullopt otherwise.
std::optional<std::map<std::string, std::string>> decode_options(std::string_view text);

// The cursor is the (ended_ms, id) of the last row of a page, as "c1." + decimal
// ended_ms + "." + hex of id. Clients must treat it as opaque.
std::string encode_cursor(std::int64_t ended_ms, std::string_view id);
struct CursorPosition {
  std::int64_t ended_ms = 0;
  std::string id;
};
std::optional<CursorPosition> decode_cursor(std::string_view text);

// Inserts the game, its player rows and its moves. Errors: invalid_query (empty id,
// unknown result), conflict (the id is stored already), unavailable (SQLite failed).
// On error, statements already run are NOT undone: the caller rolls back.
StoreError insert_game(Db& db, const GameRecord& record);
// What the archive's reads return of a player's name at most, in characters (an older
// archive may hold a longer imported name; SqliteOptions::answer_name_chars).
inline constexpr std::size_t kAnswerNameChars = 100;
// Errors: not_found, unavailable. The players' names are cut to `name_chars` characters.
StoreResult<GameRecord> load_game(Db& db, const std::string& id, std::size_t name_chars = kAnswerNameChars);
// Errors: invalid_query (limit outside 1..100, bad cursor, unknown result), unavailable.
// The players' names are cut to `name_chars` characters.
StoreResult<ArchivePage> list_games(Db& db, const ArchiveQuery& query, std::size_t name_chars = kAnswerNameChars);
// The summaries of the games of `ids` that exist, in that order (names cut as above).
// Errors: unavailable.
StoreResult<std::vector<GameSummary>> load_summaries(Db& db, const std::vector<std::string>& ids,
                                                     std::size_t name_chars = kAnswerNameChars);
// The SELECT list_games runs for this query's filters (parameters unbound), for
// EXPLAIN QUERY PLAN in tests.
std::string list_games_sql(const ArchiveQuery& query);

// Errors: invalid_query (empty name), conflict (the name is taken), unavailable.
StoreError insert_account(Db& db, const Account& account);
// Creates the bot account, or sets an existing bot account's password. Errors:
// invalid_query (empty name), conflict (a person's account has the name), unavailable.
StoreError save_bot_account(Db& db, const Account& account);
// Errors: not_found, unavailable.
StoreResult<Account> load_account(Db& db, const std::string& name);
// Sets the account's salt, hash and iterations where it still holds `old_hash`.
// Errors: not_found (no such account, or its hash changed), unavailable.
StoreError update_password_hash(Db& db, const Account& account, const std::string& old_hash);
// The account whose name is one with `name` (the same names::name_key), not_found when
// none. Errors: unavailable.
StoreResult<Account> load_account_like(Db& db, const std::string& name);

inline constexpr int kMaxPageLimit = 100;

}  // namespace bh::storage::sql
