// Blocks, reports and moderation on PostgreSQL (schema version 9), as SQLite's
// (moderation_sql.hpp; moderation.hpp says what each call means).
//
// Thread-safety: none; the caller owns the connection.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "storage/moderation.hpp"
#include "storage/pg/pg_conn.hpp"

namespace bh::storage::pg {

StoreResult<ModerationState> load_moderation(Conn& conn, std::int64_t now_ms);
StoreError save_block(Conn& conn, const std::string& player, const std::string& blocked, bool on, int max,
                      std::int64_t now_ms);
StoreResult<std::int64_t> insert_report(Conn& conn, const Report& report);
StoreResult<std::vector<Report>> load_reports(Conn& conn, bool open_only, int limit);
StoreResult<ModerationOutcome> moderate(Conn& conn, const ModerationAction& action);
StoreResult<std::vector<AuditEntry>> load_audit(Conn& conn, std::optional<std::int64_t> before_id, int limit);
StoreError purge_report_chat(Conn& conn, std::int64_t before_ms);

}  // namespace bh::storage::pg
