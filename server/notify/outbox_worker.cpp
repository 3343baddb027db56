#include "notify/outbox_worker.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <utility>

#include "log/log.hpp"
#include "notify/notice_text.hpp"

namespace bh::notify {

namespace {

constexpr std::int64_t kLongestSleepMs = 60'000;  // a row due later is looked for again by then
constexpr std::int64_t kStoreDownMs = 1'000;      // the store failed: try again after this
constexpr std::int64_t kBusyMs =
    1'000;  // rows wait for a destination's send: looked at again by then (or when it ends)

std::int64_t system_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The store answers on its own thread; this thread waits for it (it has nothing else to do).
template <class Result, class Call>
Result wait_for(Call call) {
  std::promise<Result> promise;
  auto future = promise.get_future();
  call([&promise](Result result) { promise.set_value(std::move(result)); });
  return future.get();
}

}  // namespace

storage::Delivery delivery_of(const storage::OutboxItem& item, const SendResult& result, const OutboxOptions& options,
                              std::int64_t now_ms) {
  storage::Delivery d;
  d.id = item.id;
  d.now_ms = now_ms;
  d.address = item.channel == "email" ? item.address : std::string();
  if (result.ok) {
    d.sent = true;
    return d;
  }
  const int attempts = item.attempts + 1;
  if (result.permanent || attempts >= options.max_attempts) {
    d.dropped = result.error.empty() ? "failed" : result.error;
    if (!result.permanent) d.dropped += " (after " + std::to_string(attempts) + " attempts)";
    return d;
  }
  std::int64_t wait = options.first_retry_ms;
  for (int i = 1; i < attempts && wait < options.max_retry_ms; ++i) wait *= 2;
  d.retry_at_ms = now_ms + std::min(wait, options.max_retry_ms);
  return d;
}

OutboxWorker::OutboxWorker(storage::Notifications& store, OutboxOptions options)
    : store_(store), options_(std::move(options)) {
  if (!options_.now_ms) options_.now_ms = system_now_ms;
  for (int i = 0; i < std::max(1, options_.senders); ++i) senders_.emplace_back([this] { sender(); });
  thread_ = std::thread([this] { run(); });
}

OutboxWorker::~OutboxWorker() { stop(); }

void OutboxWorker::wake() { waker()(); }

std::function<void()> OutboxWorker::waker() const {
  return [signal = signal_] {
    {
      std::lock_guard lock(signal->mutex);
      signal->wake = true;
    }
    signal->woken.notify_one();
  };
}

void OutboxWorker::stop() {
  {
    std::lock_guard lock(signal_->mutex);
    signal_->stopping = true;
  }
  signal_->woken.notify_all();
  signal_->work.notify_all();
  if (thread_.joinable()) thread_.join();
  for (auto& t : senders_)
    if (t.joinable()) t.join();
  senders_.clear();
}

void OutboxWorker::run() {
  for (;;) {
    {
      std::lock_guard lock(signal_->mutex);
      if (signal_->stopping) return;
      signal_->wake = false;  // what woke us is among the rows taken below
    }
    std::optional<std::int64_t> next;
    try {
      next = dispatch_due();
    } catch (const std::exception& e) {  // a bug must not end the server: log, wait, go on
      log::error(std::string("outbox: ") + e.what());
      next = options_.now_ms() + kStoreDownMs;
    }
    const std::int64_t now = options_.now_ms();
    const std::int64_t sleep_ms =
        std::clamp<std::int64_t>(next.value_or(now + kLongestSleepMs) - now, 0, kLongestSleepMs);
    std::unique_lock lock(signal_->mutex);
    signal_->woken.wait_for(lock, std::chrono::milliseconds(sleep_ms),
                            [this] { return signal_->wake || signal_->stopping; });
  }
}

std::optional<std::int64_t> OutboxWorker::dispatch_due() {
  bool waiting = false;  // a due row waits for its destination's send under way
  std::int64_t now = 0;  // the last take's: every row due by then was taken
  for (;;) {
    now = options_.now_ms();
    auto taken = wait_for<storage::StoreResult<std::vector<storage::OutboxItem>>>(
        [&](auto done) { store_.take_due(now, options_.batch, std::move(done)); });
    if (!taken.error.ok() || !taken.value) {
      log::error("outbox: cannot read the due notifications: " + taken.error.message);
      return now + kStoreDownMs;
    }
    int handed = 0;
    {
      std::lock_guard lock(signal_->mutex);
      if (signal_->stopping) return std::nullopt;
      for (storage::OutboxItem& item : *taken.value) {
        const std::string destination = item.channel + " " + item.address;
        if (signal_->in_flight.contains(item.id) || signal_->busy.contains(destination)) {
          waiting = true;
          continue;
        }
        signal_->in_flight.insert(item.id);
        signal_->busy.insert(destination);
        signal_->queue.push_back(std::move(item));
        ++handed;
      }
    }
    if (handed > 0) signal_->work.notify_all();
    // A full batch may leave more due rows, unless all it held was under way.
    if (static_cast<int>(taken.value->size()) < options_.batch || handed == 0) break;
  }
  {
    std::lock_guard lock(signal_->mutex);
    signal_->rows_wait = waiting;
  }
  if (waiting) return options_.now_ms() + kBusyMs;  // or sooner: a sender wakes us when it is done
  // Every row due by `now` is with a sender (one that fails wakes us with its retry's time).
  auto next = wait_for<storage::StoreResult<std::optional<std::int64_t>>>(
      [&](auto done) { store_.next_due(now, std::move(done)); });
  if (!next.error.ok() || !next.value) return now + kStoreDownMs;
  return *next.value;
}

void OutboxWorker::sender() {
  for (;;) {
    storage::OutboxItem item;
    {
      std::unique_lock lock(signal_->mutex);
      signal_->work.wait(lock, [this] { return signal_->stopping || !signal_->queue.empty(); });
      if (signal_->stopping) return;  // what is still queued stays unsent in the store, sent at the next start
      item = std::move(signal_->queue.front());
      signal_->queue.pop_front();
    }
    bool retry = true;  // a row not sent (or a bug) may be due again: the worker looks
    try {
      const SendResult result = send(item, options_.now_ms());
      retry = !result.ok;
      if (!result.ok) log::info("outbox: " + item.channel + " " + item.key + " not sent: " + result.error);
      const auto recorded = wait_for<storage::StoreError>([&](auto done) {
        store_.record_delivery(delivery_of(item, result, options_, options_.now_ms()), std::move(done));
      });
      if (!recorded.ok()) log::error("outbox: cannot record a delivery: " + recorded.message);
    } catch (const std::exception& e) {  // a bug must not end the server: log, go on
      log::error(std::string("outbox: sending ") + item.key + ": " + e.what());
    }
    bool wake = false;
    {
      std::lock_guard lock(signal_->mutex);
      signal_->in_flight.erase(item.id);
      signal_->busy.erase(item.channel + " " + item.address);
      // Its destination's next row may go now, or a retry's time is new; else nothing
      // waits on this send (the worker's own wake-ups and the due times bring the rest).
      wake = std::exchange(signal_->rows_wait, false) || retry;
      signal_->wake = signal_->wake || wake;
    }
    if (wake) signal_->woken.notify_one();
  }
}

SendResult OutboxWorker::send(const storage::OutboxItem& item, std::int64_t now_ms) {
  if (item.address.empty()) return {false, true, "no address"};
  if (item.kind == "reminder") {
    // A reminder the server could not send in time (it was down) says nothing true.
    const auto late = now_ms - item.due_ms;
    if (late > 3'600'000) return {false, true, "too late"};
  }
  if (item.channel == "webhook") {
    const std::string body = webhook_body(item, options_.public_url);
    return post_webhook(options_.webhook, item.address, item.secret, item.key, body, now_ms / 1000);
  }
  if (!options_.mail) return {false, true, "no mail server (--smtp-url)"};
  if (item.sent_today >= options_.mails_per_address_per_day) return {false, true, "daily limit of this address"};
  return send_mail(*options_.mail, notice_mail(item, options_.public_url, now_ms));
}

}  // namespace bh::notify
