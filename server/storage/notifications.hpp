// A player's notification settings and the outbox of notifications to send
// (docs/notifications.md). What the settings requests, the verification and unsubscribe
// links and the sending worker need of the store.
//
// The outbox is written in the same transaction as what causes it: a correspondence
// move's `LiveUpdate::notice` (its opponent's "your turn" and the reminders before the
// new deadline), a new address's verification mail (save_notify_settings). So a move
// that was acknowledged has its notification stored, and a crash before the commit
// loses both. The worker takes due rows, sends them and marks them: a crash between the
// send and the mark sends again with the same key, which the receiver can drop.
//
// Like every storage interface (store.hpp): each call queues a job and returns at once;
// `done` runs later on one of the store's threads.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "storage/store_result.hpp"

namespace bh::storage {

struct NotifySettings {
  std::string player;
  std::string email;  // "" when none
  bool email_verified = false;
  bool on_move = true;                     // a mail or a POST when the opponent moved
  std::vector<int> reminder_hours{24, 2};  // before the deadline, when still to move
  std::string webhook_url;                 // "" when none
  std::string webhook_secret;              // signs the webhook's POSTs (hex)
  std::string unsubscribe_token;           // in every mail's unsubscribe link
  friend bool operator==(const NotifySettings&, const NotifySettings&) = default;
};

// What a settings request changes (unset: kept). A new email (not the verified one) is
// unverified until its link is opened: a verification mail goes to the outbox in the
// same transaction, unless `verification_limit` mails went to it in the last day.
struct NotifyChange {
  std::string player;
  std::optional<std::string> email;
  std::optional<bool> on_move;
  std::optional<std::vector<int>> reminder_hours;
  std::optional<std::string> webhook_url;
  bool new_webhook_secret = false;  // also given with a first webhook URL
  std::int64_t now_ms = 0;
  // Random values the caller made (app/secrets.hpp), each used only when needed: a new
  // address's verification token and its mail's key, a first unsubscribe token, a
  // webhook's secret.
  std::string fresh_verify_token, fresh_mail_key, fresh_unsubscribe_token, fresh_secret;
  int verification_limit = 3;  // verification mails per address per day
};

// What the worker sends: one outbox row, with where to as the settings say now (an
// unsubscribe or a new URL since the row was written applies to it).
struct OutboxItem {
  std::int64_t id = 0;
  std::string key;  // idempotency key: the same for every attempt
  std::string player;
  std::string channel;  // "email" or "webhook"
  std::string kind;     // "your_turn", "reminder", "verify_email"
  std::string game_id;
  std::string payload;            // JSON, as the notice gave it
  std::string address;            // the mail's address or the webhook's URL
  std::string secret;             // a webhook's signing secret
  std::string unsubscribe_token;  // a mail's: in its unsubscribe link
  std::string verify_token;       // verify_email's: in its link
  std::int64_t due_ms = 0;
  int attempts = 0;    // before this one
  int sent_today = 0;  // mails to `address` sent in the last day (rate limit)
};

// How an attempt went: sent, or tried again at `retry_at_ms`, or given up (`dropped`).
struct Delivery {
  std::int64_t id = 0;
  std::int64_t now_ms = 0;
  bool sent = false;
  std::int64_t retry_at_ms = 0;
  std::string dropped;  // why, when given up
  std::string address;  // where it went (a mail's, for the rate limit)
};

class Notifications {
 public:
  virtual ~Notifications() = default;

  // The player's settings; defaults (no address, no webhook) when they have none yet.
  virtual void notify_settings(std::string player, std::function<void(StoreResult<NotifySettings>)> done) = 0;
  // Applies `change` and gives the settings after it. rate_limited: the verification
  // mail is over its limit (nothing changed): conflict.
  virtual void save_notify_settings(NotifyChange change, std::function<void(StoreResult<NotifySettings>)> done) = 0;
  // The player whose pending address `token` verifies (now verified); not_found when
  // none (a stale link).
  virtual void verify_email(std::string token, std::function<void(StoreResult<std::string>)> done) = 0;
  // Turns the mails of the player with this unsubscribe token off: their address is
  // forgotten (given again, it is verified again); the player, or not_found.
  virtual void unsubscribe(std::string token, std::function<void(StoreResult<std::string>)> done) = 0;
  // Up to `limit` unsent rows due by `now_ms`, oldest due first; rows whose channel the
  // player turned off meanwhile are dropped here, not given.
  virtual void take_due(std::int64_t now_ms, int limit,
                        std::function<void(StoreResult<std::vector<OutboxItem>>)> done) = 0;
  // The first due time after `after_ms` of an unsent row, if any (how long the worker may
  // sleep: the rows due by then it has taken).
  virtual void next_due(std::int64_t after_ms, std::function<void(StoreResult<std::optional<std::int64_t>>)> done) = 0;
  virtual void record_delivery(Delivery delivery, std::function<void(StoreError)> done) = 0;
  // Called on a store thread after a commit that wrote outbox rows (wakes the worker).
  virtual void on_outbox_written(std::function<void()> listener) = 0;
};

}  // namespace bh::storage
