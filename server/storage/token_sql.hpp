// Personal API tokens in SQLite (schema version 16; api_tokens.hpp says what each call
// means).
//
// Thread-safety: none; the caller owns the Db.
#pragma once

#include <string>
#include <vector>

#include "storage/api_tokens.hpp"
#include "storage/sqlite_db.hpp"

namespace bh::storage::sql {

StoreError insert_token(Db& db, const ApiToken& token, int max_per_owner);
StoreResult<std::vector<ApiToken>> load_tokens(Db& db, const std::string& owner);
StoreError revoke_token(Db& db, const std::string& owner, const std::string& id, std::int64_t now_ms);
StoreResult<ApiToken> find_api_token(Db& db, const std::string& hash);
StoreError touch_token(Db& db, const std::string& id, std::int64_t now_ms);
StoreError upgrade_to_bot(Db& db, const std::string& name);

}  // namespace bh::storage::sql
