// How a store's writes are going, and what the store says of it (sqlite_store.cpp,
// pg/pg_store.cpp): healthy until a write batch fails, healthy again once one commits;
// one log line when writes start failing, then at most one every 10 s while they go on
// failing (every move writes), one when they work again; the counters of the stores'
// stats(). And the guard that keeps a completion that throws (a caller's bug) from taking
// a store thread, and the process, down.
//
// Thread-safety: the writer thread, but healthy(), log() and the counters: any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <iostream>
#include <string>
#include <utility>

namespace bh::storage {

class WriteHealth {
 public:
  using Sink = std::function<void(const std::string&)>;
  using Clock = std::chrono::steady_clock;

  // `where`: what the lines name (the database's path, "PostgreSQL"); `sink`: where they
  // go (stderr when empty).
  WriteHealth(std::string where, Sink sink) : where_(std::move(where)), sink_(std::move(sink)) {}

  bool healthy() const { return healthy_.load(); }
  // Known before any write (a read-only database): no new games.
  void mark_unhealthy() { healthy_ = false; }

  // A batch of `jobs` writes is tried now (`quiet`: the store's own probe, not counted).
  void trying(std::size_t jobs, bool quiet) {
    last_attempt_ = Clock::now();
    if (!quiet) write_jobs += jobs;
  }
  // Failing, and no write tried for `interval`: time for a probe.
  bool probe_due(std::chrono::milliseconds interval) const {
    return !healthy_.load() && Clock::now() - last_attempt_ >= interval;
  }
  void failed(const std::string& why, bool quiet) {
    if (!quiet) ++failed_transactions;
    const bool was_healthy = healthy_.exchange(false);
    failed_unlogged_ += quiet ? 0 : 1;
    if (was_healthy || (!quiet && Clock::now() - last_failure_log_ >= std::chrono::seconds(10))) {
      log((was_healthy ? "storage FAILED, writes are failing: " : "storage still failing: ") + why + " (" + where_ +
          ", " + std::to_string(failed_unlogged_) + " write batches failed since the last line)");
      last_failure_log_ = Clock::now();
      failed_unlogged_ = 0;
    }
  }
  // The batch committed; `any_written`: a job in it wrote (not all refused).
  void committed(bool any_written, bool quiet) {
    if (!quiet) ++transactions;
    if (any_written && !healthy_.exchange(true))
      log("storage recovered: a write transaction committed (" + where_ + ")");
  }

  void log(const std::string& message) const {
    if (sink_) {
      sink_(message);
    } else {
      std::cerr << "[storage] " << message << std::endl;
    }
  }
  // Runs `f`; what it throws is logged and the thread goes on.
  template <class F>
  void guarded(const char* what, F&& f) const {
    try {
      f();
    } catch (const std::exception& e) {
      log(std::string("internal error in ") + what + ": " + e.what());
    } catch (...) {
      log(std::string("internal error in ") + what);
    }
  }

  std::atomic<std::uint64_t> write_jobs{0}, transactions{0}, failed_transactions{0};

 private:
  const std::string where_;
  const Sink sink_;
  std::atomic<bool> healthy_{true};
  Clock::time_point last_attempt_{};      // writer only
  Clock::time_point last_failure_log_{};  // writer only
  std::uint64_t failed_unlogged_ = 0;     // writer only
};

}  // namespace bh::storage
