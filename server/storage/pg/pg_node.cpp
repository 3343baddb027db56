#include "storage/pg/pg_node.hpp"

#include <utility>

#include "storage/pg/pg_live.hpp"
#include "storage/pg/pg_names.hpp"
#include "storage/pg/pg_ownership.hpp"
#include "storage/store_thread.hpp"

namespace bh::storage::pg {

namespace {

// Games taken in one statement: a dead node's games are shared among the survivors a
// few at a time rather than all taken by the first to look.
constexpr int kTakeAtOnce = 100;
// The lapsed nodes that own nothing are forgotten this often (in renewals).
constexpr int kForgetEvery = 600;

std::int64_t since_epoch_ns(std::chrono::steady_clock::time_point at) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(at.time_since_epoch()).count();
}

}  // namespace

NodeLease::NodeLease(NodeSettings settings, std::chrono::steady_clock::time_point renewed_at)
    : settings_(std::move(settings)), renewed_at_ns_(since_epoch_ns(renewed_at)) {
  thread_ = std::thread([this] { run(); });
}

NodeLease::~NodeLease() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool NodeLease::held() const {
  const auto margin = std::chrono::milliseconds(settings_.lease_ms - settings_.renew_ms);
  const auto renewed = std::chrono::steady_clock::time_point(std::chrono::nanoseconds(renewed_at_ns_.load()));
  return std::chrono::steady_clock::now() < renewed + margin;
}

void NodeLease::adopt_lapsed(std::function<void(std::vector<LiveGame>)> adopt) {
  {
    std::lock_guard lock(mutex_);
    adopt_ = std::move(adopt);
  }
  wake_.notify_all();
}

void NodeLease::watch_nodes(std::function<void(std::vector<std::int64_t>)> told) {
  std::lock_guard lock(mutex_);
  nodes_told_ = std::move(told);
}

void NodeLease::hand_over() {
  {
    std::lock_guard lock(mutex_);
    handing_over_ = true;
  }
  wake_.notify_all();
}

void NodeLease::release() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (!released_) end_lease();
  conn_.close();
}

void NodeLease::end_lease() {
  if (!conn_.connected() && !conn_.connect(settings_.dsn).ok()) return;
  if (auto error = release_lease(conn_, settings_.epoch); !error.ok())
    return settings_.log("the lease of node " + settings_.node_id + " was not released: " + error.message);
  released_ = true;
  settings_.note("node " + settings_.node_id + " released its lease: its games go to the other nodes");
}

void NodeLease::run() {
  mark_store_thread();
  const auto interval = std::chrono::milliseconds(settings_.renew_ms);
  for (int round = 1;; ++round) {
    bool hand_over = false;
    {
      std::unique_lock lock(mutex_);
      if (wake_.wait_for(lock, interval, [this] { return stopping_ || handing_over_; })) {
        if (stopping_) break;
        hand_over = std::exchange(handing_over_, false);  // tried once here; release() tries again
      }
    }
    if (released_) continue;  // renewed no more
    if (hand_over) {
      end_lease();
      continue;
    }
    if (settings_.may_renew && !settings_.may_renew()) {
      if (!std::exchange(withheld_, true))
        settings_.log("node " + settings_.node_id + " lets its lease lapse: it has lost the bus to the other nodes");
      continue;
    }
    if (std::exchange(withheld_, false)) settings_.note("node " + settings_.node_id + " renews its lease again");
    const auto sent = std::chrono::steady_clock::now();
    StoreResult<bool> renewed{conn_.connected() ? StoreError{} : conn_.connect(settings_.dsn), std::nullopt};
    if (renewed.error.ok()) renewed = renew_lease(conn_, settings_.epoch, settings_.lease_ms);
    if (renewed.error.ok() && !*renewed.value)
      renewed.error = {StoreErrc::unavailable, "its row is gone from the nodes table"};
    failing_now_ = !renewed.error.ok();
    if (!renewed.error.ok()) {
      if (!std::exchange(failing_, true))
        settings_.log("node " + settings_.node_id + " cannot renew its lease: " + renewed.error.message);
      continue;
    }
    renewed_at_ns_ = since_epoch_ns(sent);
    if (std::exchange(failing_, false)) {
      settings_.note("node " + settings_.node_id + " renews its lease again");
      // PostgreSQL was away, most likely for every node: each renews within renew_ms once
      // it is back, so none takes another's games, nor counts another gone (its relays
      // ended, its lobby entries dropped), until a whole lease has passed (a node really
      // gone is found then), rather than whichever reconnects first doing so.
      quiet_until_ = sent + std::chrono::milliseconds(settings_.lease_ms);
    }
    if (sent >= quiet_until_) {
      take_over_lapsed();
      tell_nodes();
    }
    if (round % kForgetEvery == 0) {
      forget_nodes(conn_);
      forget_names(conn_);
    }
  }
  conn_.close();
}

void NodeLease::tell_nodes() {
  std::function<void(std::vector<std::int64_t>)> told;
  {
    std::lock_guard lock(mutex_);
    told = nodes_told_;
  }
  if (!told) return;
  if (auto alive = live_nodes(conn_); alive.error.ok()) told(std::move(*alive.value));
}

void NodeLease::take_over_lapsed() {
  std::function<void(std::vector<LiveGame>)> adopt;
  {
    std::lock_guard lock(mutex_);
    adopt = adopt_;
  }
  if (!adopt || !held()) return;
  for (;;) {
    auto taken = take_over(conn_, settings_.epoch, kTakeAtOnce);
    if (!taken.error.ok() || taken.value->empty()) return;
    // Ours now: no one else writes them, so the two statements of the load agree.
    auto loaded = load_live(conn_, settings_.epoch, &*taken.value);
    if (!loaded.error.ok()) {
      // Not left owned and not running: the next takeover (this node's or another's) takes them.
      settings_.log("node " + settings_.node_id + " took over " + std::to_string(taken.value->size()) +
                    " games it could not load: " + loaded.error.message);
      let_go(conn_, settings_.epoch, *taken.value);
      return;
    }
    settings_.note("node " + settings_.node_id + " took over " + std::to_string(loaded.value->size()) + " live games");
    adopt(std::move(*loaded.value));
    if (static_cast<int>(taken.value->size()) < kTakeAtOnce) return;
  }
}

}  // namespace bh::storage::pg
