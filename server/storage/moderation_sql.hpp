// Blocks, reports and moderation in SQLite (schema version 17; moderation.hpp says what
// each call means).
//
// Thread-safety: none; the caller owns the Db.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "storage/moderation.hpp"
#include "storage/sqlite_db.hpp"

namespace bh::storage::sql {

StoreResult<ModerationState> load_moderation(Db& db, std::int64_t now_ms);
StoreError save_block(Db& db, const std::string& player, const std::string& blocked, bool on, int max,
                      std::int64_t now_ms);
StoreResult<std::int64_t> insert_report(Db& db, const Report& report);
StoreResult<std::vector<Report>> load_reports(Db& db, bool open_only, int limit);
StoreResult<ModerationOutcome> moderate(Db& db, const ModerationAction& action);
StoreResult<std::vector<AuditEntry>> load_audit(Db& db, std::optional<std::int64_t> before_id, int limit);
StoreError purge_report_chat(Db& db, std::int64_t before_ms);

}  // namespace bh::storage::sql
