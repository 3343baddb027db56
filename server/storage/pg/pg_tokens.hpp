// Personal API tokens on PostgreSQL (schema version 8), with the semantics of
// api_tokens.hpp and the SQLite store's (token_sql.hpp). Internal to bh_storage_pg.
//
// Thread-safety: none; the caller owns the Conn.
#pragma once

#include <string>
#include <vector>

#include "storage/api_tokens.hpp"
#include "storage/pg/pg_conn.hpp"

namespace bh::storage::pg {

StoreError insert_token(Conn& conn, const ApiToken& token, int max_per_owner);
StoreResult<std::vector<ApiToken>> load_tokens(Conn& conn, const std::string& owner);
StoreError revoke_token(Conn& conn, const std::string& owner, const std::string& id, std::int64_t now_ms);
StoreResult<ApiToken> find_api_token(Conn& conn, const std::string& hash);
StoreError touch_token(Conn& conn, const std::string& id, std::int64_t now_ms);
StoreError upgrade_to_bot(Conn& conn, const std::string& name);

}  // namespace bh::storage::pg
