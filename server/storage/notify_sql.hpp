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
// A finished correspondence game's "game over" for each player who may not know it yet:
// both when it ended on time or was aborted, the winner after a resignation, the loser
// after the winner's move; none after a draw agreed; never a bot. In the finish's
// transaction, at `now_ms`.
StoreError write_end_notices(Db& db, const GameRecord& record, std::int64_t now_ms);
StoreResult<std::vector<OutboxItem>> take_due(Db& db, std::int64_t now_ms, int limit);
// The earliest due time after `after_ms` of a row still to send (those due by then are
// the worker's already).
StoreResult<std::optional<std::int64_t>> next_due(Db& db, std::int64_t after_ms);
StoreError record_delivery(Db& db, const Delivery& delivery);

}  // namespace bh::storage::sql
