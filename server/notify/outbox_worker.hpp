// What sends the outbox (docs/notifications.md): one thread takes the due rows from the
// store and hands them to a few senders, which send each (a mail through SMTP, a signed
// POST to a player's webhook) and record how it went: sent, tried again later with
// back-off, or given up. One destination (an address, a webhook URL) has one send at a
// time, so a receiver that hangs until the timeout holds back its own rows only. A crash
// between a send and its record sends it again with the same key (at least once; the
// receiver drops the repeat by the key).
//
// It sleeps until the next row is due, at most a minute, and is woken at once by a
// commit that wrote rows (storage::Notifications::on_outbox_written), so a move's
// notification leaves within milliseconds of its commit.
//
// Thread-safety: the constructor starts the threads; stop() (or the destructor) ends them
// after the sends under way; wake() and waker() may be called from any thread.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "notify/smtp_mail.hpp"
#include "notify/webhook_post.hpp"
#include "storage/notifications.hpp"

namespace bh::notify {

struct OutboxOptions {
  std::optional<MailServer> mail;  // none: mails are dropped ("no mail server")
  WebhookOptions webhook;
  std::string public_url;  // the links' base
  int mails_per_address_per_day = 20;
  int max_attempts = 8;                   // then given up
  std::int64_t first_retry_ms = 30'000;   // doubled after each failure...
  std::int64_t max_retry_ms = 3'600'000;  // ...up to this
  int batch = 32;                         // rows taken at once
  int senders = 4;                        // sends at once, to as many destinations
  std::function<std::int64_t()> now_ms;   // unix ms; default: the system clock
};

// How one attempt of `item` went, as the store records it.
storage::Delivery delivery_of(const storage::OutboxItem& item, const SendResult& result, const OutboxOptions& options,
                              std::int64_t now_ms);

class OutboxWorker {
 public:
  OutboxWorker(storage::Notifications& store, OutboxOptions options);
  ~OutboxWorker();
  OutboxWorker(const OutboxWorker&) = delete;
  OutboxWorker& operator=(const OutboxWorker&) = delete;

  void wake();
  // What wakes it, for the store's listener: it outlives the worker (a commit during
  // the store's close may still call it), and does nothing once the worker is gone.
  std::function<void()> waker() const;
  void stop();

 private:
  void run();
  // Hands every due row to the senders (a row whose destination has a send under way
  // waits for the next round); the time the next one is due, if known.
  std::optional<std::int64_t> dispatch_due();
  void sender();  // a sender thread: sends and records the rows handed to it
  SendResult send(const storage::OutboxItem& item, std::int64_t now_ms);

  storage::Notifications& store_;
  OutboxOptions options_;
  struct Signal {
    std::mutex mutex;
    std::condition_variable woken;  // the dispatcher: a commit, a send done, stop
    std::condition_variable work;   // the senders: a row handed over, stop
    bool wake = false;
    bool stopping = false;
    std::deque<storage::OutboxItem> queue;  // handed over, not yet taken by a sender
    std::set<std::int64_t> in_flight;       // row ids handed over and not yet recorded
    std::set<std::string> busy;             // their destinations
    bool rows_wait = false;                 // due rows wait for a busy destination: a send done wakes the worker
  };
  std::shared_ptr<Signal> signal_ = std::make_shared<Signal>();
  std::thread thread_;
  std::vector<std::thread> senders_;
};

}  // namespace bh::notify
