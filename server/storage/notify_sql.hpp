// Notification settings and the outbox as plain synchronous calls on a migrated Db
// (notifications.hpp). The store runs the writes on its writer, inside its batches.
//
// Thread-safety: none; the caller owns the Db. Writes expect an open transaction.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "storage/notifications.hpp"
#include "storage/records.hpp"
#include "storage/sqlite_db.hpp"

namespace bh::storage::sql {

StoreResult<NotifySettings> notify_settings(Db& db, const std::string& player);
StoreResult<NotifySettings> save_notify_settings(Db& db, const NotifyChange& change);
StoreResult<std::string> verify_email(Db& db, const std::string& token);
StoreResult<std::string> unsubscribe(Db& db, const std::string& token);
// The outbox rows a correspondence move or takeback causes (LiveUpdate::notice): the
// game's pending reminders go, the player to move gets "your turn" (after a move) and
// the reminders before their new deadline, on each channel they chose.
StoreError write_turn_notice(Db& db, const TurnNotice& notice);
// A finished game's pending reminders go.
StoreError drop_pending_reminders(Db& db, const std::string& game_id);
StoreResult<std::vector<OutboxItem>> take_due(Db& db, std::int64_t now_ms, int limit);
StoreResult<std::optional<std::int64_t>> next_due(Db& db);
StoreError record_delivery(Db& db, const Delivery& delivery);

}  // namespace bh::storage::sql
