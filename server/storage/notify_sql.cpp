#include "storage/notify_sql.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <sstream>

#include "storage/archive_sql.hpp"

namespace bh::storage::sql {

namespace {

constexpr std::int64_t kDayMs = 86'400'000;
constexpr const char* kSettingsColumns =
    "player, email, email_verified, on_move, reminder_hours, webhook_url, webhook_secret, unsubscribe_token";

std::string hours_text(const std::vector<int>& hours) {
  std::string text;
  for (const int h : hours) text += (text.empty() ? "" : " ") + std::to_string(h);
  return text;
}

std::vector<int> hours_from(const std::string& text) {
  std::vector<int> hours;
  std::istringstream in(text);
  for (int h = 0; in >> h;) hours.push_back(h);
  return hours;
}

NotifySettings settings_row(const Query& q) {
  NotifySettings s;
  s.player = q.text(0);
  s.email = q.text(1);
  s.email_verified = q.int64(2) != 0;
  s.on_move = q.int64(3) != 0;
  s.reminder_hours = hours_from(q.text(4));
  s.webhook_url = q.text(5);
  s.webhook_secret = q.text(6);
  s.unsubscribe_token = q.text(7);
  return s;
}

// The player's row, or nullopt (with `error` set when reading failed).
std::optional<NotifySettings> find_settings(Db& db, const std::string& player, StoreError& error) {
  Query q(db, std::string("SELECT ") + kSettingsColumns + " FROM notify_settings WHERE player = ?1");
  q.bind(1, player);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return settings_row(q);
  if (rc != SQLITE_DONE) error = error_from(db, rc, "cannot read the notification settings of " + player);
  return std::nullopt;
}

// The outbox's mails to `address` since `since_ms` that `sql` counts (?1 the address,
// ?2 the time).
StoreResult<int> count_mails(Db& db, const char* sql, const std::string& address, std::int64_t since_ms) {
  Query q(db, sql);
  q.bind(1, address).bind(2, since_ms);
  const int rc = q.step();
  if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot count the mails to an address"), std::nullopt};
  return {{}, static_cast<int>(q.int64(0))};
}
// Verification mails written for `address` since then, sent or not (their daily limit).
StoreResult<int> verifications_to(Db& db, const std::string& address, std::int64_t since_ms) {
  return count_mails(db,
                     "SELECT count(*) FROM outbox WHERE channel = 'email' AND kind = 'verify_email' AND address = ?1 "
                     "AND created_ms > ?2",
                     address, since_ms);
}
// Mails of any kind sent to `address` since then (the address's daily limit).
StoreResult<int> mails_sent_to(Db& db, const std::string& address, std::int64_t since_ms) {
  return count_mails(db, "SELECT count(*) FROM outbox WHERE channel = 'email' AND address = ?1 AND sent_ms > ?2",
                     address, since_ms);
}

StoreError insert_row(Db& db, const std::string& key, const std::string& player, const std::string& channel,
                      const std::string& kind, const std::string& game_id, const std::string& payload,
                      const std::string& address, std::int64_t now_ms, std::int64_t due_ms) {
  // OR IGNORE: the same key twice is the same message (a write made again).
  Query q(db,
          "INSERT OR IGNORE INTO outbox (key, player, channel, kind, game_id, payload, address, created_ms, due_ms) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  q.bind(1, key).bind(2, player).bind(3, channel).bind(4, kind).bind(5, game_id).bind(6, payload);
  q.bind(7, address).bind(8, now_ms).bind(9, due_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot write a notification");
  return {};
}

// The channels a player's settings send turn notifications on.
std::vector<std::string> turn_channels(const NotifySettings& s) {
  std::vector<std::string> channels;
  if (!s.email.empty() && s.email_verified) channels.emplace_back("email");
  if (!s.webhook_url.empty()) channels.emplace_back("webhook");
  return channels;
}

}  // namespace

StoreResult<NotifySettings> notify_settings(Db& db, const std::string& player) {
  StoreError error;
  auto found = find_settings(db, player, error);
  if (!error.ok()) return {std::move(error), std::nullopt};
  if (found) return {{}, std::move(*found)};
  NotifySettings defaults;
  defaults.player = player;
  return {{}, std::move(defaults)};
}

StoreResult<NotifySettings> save_notify_settings(Db& db, const NotifyChange& change) {
  using Result = StoreResult<NotifySettings>;
  StoreError error;
  auto found = find_settings(db, change.player, error);
  if (!error.ok()) return {std::move(error), std::nullopt};
  const bool existed = found.has_value();
  NotifySettings s = existed ? std::move(*found) : NotifySettings{};
  s.player = change.player;
  if (s.unsubscribe_token.empty()) s.unsubscribe_token = change.fresh_unsubscribe_token;
  std::optional<std::string> verify_token;  // set: a verification mail goes out
  if (change.email && *change.email != s.email) {
    s.email = *change.email;
    s.email_verified = false;
    if (!s.email.empty()) {
      auto sent = verifications_to(db, s.email, change.now_ms - kDayMs);
      if (!sent.error.ok()) return {std::move(sent.error), std::nullopt};
      if (*sent.value >= change.verification_limit)
        return {{StoreErrc::conflict, "too many verification mails to this address today"}, std::nullopt};
      verify_token = change.fresh_verify_token;
    }
  }
  if (change.on_move) s.on_move = *change.on_move;
  if (change.reminder_hours) s.reminder_hours = *change.reminder_hours;
  if (change.webhook_url) {
    if (s.webhook_url.empty() && !change.webhook_url->empty()) s.webhook_secret = change.fresh_secret;
    s.webhook_url = *change.webhook_url;
  }
  if (change.new_webhook_secret) s.webhook_secret = change.fresh_secret;
  if (s.webhook_url.empty()) s.webhook_secret.clear();

  Query q(db,
          "INSERT OR REPLACE INTO notify_settings (player, email, email_verified, verify_token, unsubscribe_token, "
          "on_move, reminder_hours, webhook_url, webhook_secret, updated_ms) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  q.bind(1, s.player).bind(2, s.email).bind(3, s.email_verified ? 1 : 0);
  // A new address replaces the pending one's token: an older link no longer verifies.
  if (verify_token) {
    q.bind(4, *verify_token);
  } else if (!s.email_verified && !s.email.empty() && existed) {
    Query old(db, "SELECT verify_token FROM notify_settings WHERE player = ?1");
    old.bind(1, s.player);
    if (old.step() == SQLITE_ROW && !old.is_null(0)) {
      q.bind(4, old.text(0));
    } else {
      q.bind_null(4);
    }
  } else {
    q.bind_null(4);
  }
  q.bind(5, s.unsubscribe_token).bind(6, s.on_move ? 1 : 0).bind(7, hours_text(s.reminder_hours));
  q.bind(8, s.webhook_url).bind(9, s.webhook_secret).bind(10, change.now_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE)
    return {error_from(db, rc, "cannot save the notification settings of " + s.player), std::nullopt};
  if (verify_token) {
    // Random, and not the token (keys are logged): a new request is a new mail.
    const std::string key = "verify." + change.fresh_mail_key;
    if (auto e =
            insert_row(db, key, s.player, "email", "verify_email", "", "{}", s.email, change.now_ms, change.now_ms);
        !e.ok())
      return {std::move(e), std::nullopt};
  }
  return Result{{}, std::move(s)};
}

StoreResult<std::string> verify_email(Db& db, const std::string& token) {
  Query q(db,
          "UPDATE notify_settings SET email_verified = 1, verify_token = NULL WHERE verify_token = ?1 AND email != '' "
          "RETURNING player");
  q.bind(1, token);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return {{}, q.text(0)};
  if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no address waits for this link"}, std::nullopt};
  return {error_from(db, rc, "cannot verify an address"), std::nullopt};
}

StoreResult<std::string> unsubscribe(Db& db, const std::string& token) {
  Query q(db,
          "UPDATE notify_settings SET email = '', email_verified = 0, verify_token = NULL WHERE unsubscribe_token = ?1 "
          "RETURNING player");
  q.bind(1, token);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return {{}, q.text(0)};
  if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no player has this unsubscribe link"}, std::nullopt};
  return {error_from(db, rc, "cannot unsubscribe"), std::nullopt};
}

StoreError drop_pending_reminders(Db& db, const std::string& game_id) {
  Query q(db,
          "UPDATE outbox SET dropped = 'stale' WHERE game_id = ?1 AND kind = 'reminder' AND sent_ms IS NULL "
          "AND dropped IS NULL");
  q.bind(1, game_id);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot drop the reminders of " + game_id);
  return {};
}

StoreError write_turn_notice(Db& db, const TurnNotice& n) {
  if (auto e = drop_pending_reminders(db, n.game_id); !e.ok()) return e;
  StoreError error;
  const auto settings = find_settings(db, n.player, error);
  if (!error.ok() || !settings) return error;
  const auto channels = turn_channels(*settings);
  const std::string turn = n.game_id + "." + std::to_string(n.ply) + "." + std::to_string(n.now_ms);
  for (const std::string& channel : channels) {
    if (n.moved && settings->on_move) {
      if (auto e = insert_row(db, "turn." + turn + "." + channel, n.player, channel, "your_turn", n.game_id, n.payload,
                              "", n.now_ms, n.now_ms);
          !e.ok())
        return e;
    }
    for (const int hours : settings->reminder_hours) {
      const std::int64_t due = n.deadline_ms - hours * n.hour_ms;
      if (due <= n.now_ms) continue;  // already less time left than that
      const std::string key = "remind." + turn + "." + std::to_string(hours) + "h." + channel;
      if (auto e = insert_row(db, key, n.player, channel, "reminder", n.game_id, n.payload, "", n.now_ms, due); !e.ok())
        return e;
    }
  }
  return {};
}

StoreError write_end_notices(Db& db, const GameRecord& r, std::int64_t now_ms) {
  const bool decisive = r.result == "first" || r.result == "second";
  for (int i = 0; i < 2; ++i) {
    const bool first = i == 0;
    const std::string& player = first ? r.first_player : r.second_player;
    if (player.empty() || (first ? r.first_bot : r.second_bot)) continue;
    const bool won = decisive && r.result == (first ? "first" : "second");
    const bool lost = decisive && !won;
    // Whoever ended it knows: the one who resigned, both who agreed, the winning mover.
    const bool on_board = r.reason != "time" && r.reason != "resignation" && r.reason != "no_first_move" &&
                          r.reason != "aborted" && r.reason != "abandonment";
    if ((lost && r.reason == "resignation") || r.reason == "agreement" || (won && on_board)) continue;
    StoreError error;
    const auto settings = find_settings(db, player, error);
    if (!error.ok()) return error;
    if (!settings) continue;
    const std::string outcome = won ? "won" : lost ? "lost" : r.result == "draw" ? "drawn" : "aborted";
    const std::string payload = encode_options({{"player", player},
                                                {"game_id", r.id},
                                                {"game", r.game},
                                                {"opponent", first ? r.second_player : r.first_player},
                                                {"outcome", outcome},
                                                {"reason", r.reason}});
    for (const std::string& channel : turn_channels(*settings)) {
      const std::string key = "over." + r.id + "." + std::to_string(i) + "." + channel;
      if (auto e = insert_row(db, key, player, channel, "game_over", r.id, payload, "", now_ms, now_ms); !e.ok())
        return e;
    }
  }
  return {};
}

StoreResult<std::vector<OutboxItem>> take_due(Db& db, std::int64_t now_ms, int limit) {
  using Result = StoreResult<std::vector<OutboxItem>>;
  // Rows whose channel is off now go first: an unsubscribe applies to what is queued,
  // and a verification mail only goes while its address still waits for it.
  {
    Query q(db,
            "UPDATE outbox SET dropped = 'turned off' WHERE sent_ms IS NULL AND dropped IS NULL AND due_ms <= ?1 "
            "AND NOT EXISTS (SELECT 1 FROM notify_settings n WHERE n.player = outbox.player AND CASE "
            "WHEN outbox.kind = 'verify_email' THEN n.email = outbox.address AND n.verify_token IS NOT NULL "
            "WHEN outbox.channel = 'email' THEN n.email != '' AND n.email_verified = 1 "
            "ELSE n.webhook_url != '' END)");
    q.bind(1, now_ms);
    if (const int rc = q.step(); rc != SQLITE_DONE) return {error_from(db, rc, "cannot drop notifications"), {}};
  }
  Query q(db,
          "SELECT o.id, o.key, o.player, o.channel, o.kind, o.game_id, o.payload, o.address, o.due_ms, o.attempts, "
          "n.email, n.webhook_url, n.webhook_secret, n.unsubscribe_token, n.verify_token "
          "FROM outbox o LEFT JOIN notify_settings n ON n.player = o.player "
          "WHERE o.sent_ms IS NULL AND o.dropped IS NULL AND o.due_ms <= ?1 ORDER BY o.due_ms, o.id LIMIT ?2");
  q.bind(1, now_ms).bind(2, limit);
  std::vector<OutboxItem> items;
  int rc = SQLITE_ROW;
  while ((rc = q.step()) == SQLITE_ROW) {
    OutboxItem item;
    item.id = q.int64(0);
    item.key = q.text(1);
    item.player = q.text(2);
    item.channel = q.text(3);
    item.kind = q.text(4);
    item.game_id = q.text(5);
    item.payload = q.text(6);
    item.due_ms = q.int64(8);
    item.attempts = static_cast<int>(q.int64(9));
    if (item.kind == "verify_email") {
      // Only while that address still waits for it.
      item.address = q.text(7);
      item.verify_token = q.text(14);
      item.unsubscribe_token = q.text(13);
    } else if (item.channel == "email") {
      item.address = q.text(10);
      item.unsubscribe_token = q.text(13);
    } else {
      item.address = q.text(11);
      item.secret = q.text(12);
    }
    items.push_back(std::move(item));
  }
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the outbox"), std::nullopt};
  for (OutboxItem& item : items) {
    if (item.channel != "email") continue;
    auto sent = mails_sent_to(db, item.address, now_ms - kDayMs);
    if (!sent.error.ok()) return {std::move(sent.error), std::nullopt};
    item.sent_today = *sent.value;
  }
  return Result{{}, std::move(items)};
}

StoreResult<std::optional<std::int64_t>> next_due(Db& db, std::int64_t after_ms) {
  Query q(db, "SELECT min(due_ms) FROM outbox WHERE sent_ms IS NULL AND dropped IS NULL AND due_ms > ?1");
  q.bind(1, after_ms);
  const int rc = q.step();
  if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot read the outbox"), std::nullopt};
  return {{}, q.is_null(0) ? std::nullopt : std::optional(q.int64(0))};
}

StoreError record_delivery(Db& db, const Delivery& d) {
  Query q(db,
          "UPDATE outbox SET attempts = attempts + 1, sent_ms = ?2, dropped = ?3, due_ms = ?4, "
          "address = CASE WHEN ?5 != '' THEN ?5 ELSE address END WHERE id = ?1");
  q.bind(1, d.id);
  if (d.sent) {
    q.bind(2, d.now_ms);
  } else {
    q.bind_null(2);
  }
  if (d.dropped.empty()) {
    q.bind_null(3);
  } else {
    q.bind(3, d.dropped);
  }
  q.bind(4, std::max(d.retry_at_ms, d.now_ms)).bind(5, d.address);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot mark a notification");
  return {};
}

}  // namespace bh::storage::sql
