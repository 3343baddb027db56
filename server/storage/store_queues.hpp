// The queues and threads every store runs its jobs on (sqlite_store.cpp, pg/pg_store.cpp):
// one writer, and readers beside it. A write is numbered in queue order and noted for
// the kinds of data it changes; a read waits until the writes queued before it, of the
// kinds it observes, have completed (read-your-writes), then any reader runs it. Closing
// refuses new jobs; the threads drain what was queued and exit. Each store keeps what is
// its own: its connections, its transactions, its batches.
//
// Thread-safety: any thread; one mutex guards the queues, held only for queue work.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "storage/store_result.hpp"

namespace bh::storage {

// How a job is queued: a write (numbered; what it changes by its `kinds` bits); a job
// ordered as a write of every kind (completed in order with the writes, waited for by
// every read after it); a read for the readers (after the writes of its kinds); a read
// that stays on the writer, in its queue order.
enum class Route { write, ordered_as_write, read, read_on_writer };

// `Job` has `unsigned kinds`, `std::uint64_t seq` (given to writes) and `after` (given
// to reads); `Kinds` is the number of kind bits.
template <class Job, std::size_t Kinds>
class StoreQueues {
 public:
  // `lagging`: what the "queue is full" refusal blames ("the disk").
  StoreQueues(std::size_t max_queued, std::string lagging) : max_queued_(max_queued), lagging_(std::move(lagging)) {}

  // Queues `job`, or leaves it untouched and returns why it cannot be queued.
  std::optional<StoreError> push(Job& job, Route route) {
    const bool to_readers = route == Route::read;
    {
      std::lock_guard lock(mu_);
      if (!accepting_) return StoreError{StoreErrc::unavailable, "store is closed"};
      if (writes_.size() + reads_.size() >= max_queued_) {
        return StoreError{StoreErrc::unavailable, "store queue is full (" +
                                                      std::to_string(writes_.size() + reads_.size()) +
                                                      " jobs): " + lagging_ + " is not keeping up"};
      }
      if (route == Route::write || route == Route::ordered_as_write) {
        job.seq = ++write_seq_;
        for (std::size_t k = 0; k < Kinds; ++k)
          if (route == Route::ordered_as_write || (job.kinds & (1u << k))) last_of_[k] = job.seq;
      } else if (to_readers) {
        for (std::size_t k = 0; k < Kinds; ++k)
          if (job.kinds & (1u << k)) job.after = std::max(job.after, last_of_[k]);
      }
      (to_readers ? reads_ : writes_).push_back(std::move(job));
    }
    (to_readers ? reader_wake_ : writer_wake_).notify_one();
    return std::nullopt;
  }

  // The writer waits for a job, at most `poll` when given (a failing store probes
  // itself while idle).
  enum class Wait { ready, idle, closed };
  Wait wait_for_writes(std::optional<std::chrono::milliseconds> poll) {
    std::unique_lock lock(mu_);
    auto ready = [this] { return !writes_.empty() || !accepting_; };
    if (poll) {
      writer_wake_.wait_for(lock, *poll, ready);
    } else {
      writer_wake_.wait(lock, ready);
    }
    if (writes_.empty()) return accepting_ ? Wait::idle : Wait::closed;  // closed: and drained
    return Wait::ready;
  }
  // Moves every queued job of the writer into `out` (empty).
  void take_all(std::deque<Job>& out) {
    std::lock_guard lock(mu_);
    out.swap(writes_);
  }
  // Moves up to `max` of them to the end of `out`.
  void take(std::vector<Job>& out, std::size_t max) {
    std::lock_guard lock(mu_);
    while (!writes_.empty() && out.size() < max) {
      out.push_back(std::move(writes_.front()));
      writes_.pop_front();
    }
  }

  // A reader: the next read whose writes have completed, in the order reads came; none
  // once closed and drained.
  std::optional<Job> next_read() {
    std::unique_lock lock(mu_);
    reader_wake_.wait(lock, [this] { return ready_read() || (reads_.empty() && !accepting_); });
    if (reads_.empty()) return std::nullopt;
    std::optional<Job> job(std::move(reads_.front()));
    reads_.pop_front();
    if (ready_read()) reader_wake_.notify_one();  // the next one may be ready too: another reader takes it
    return job;
  }

  // The writer: every write up to `seq` has completed; reads waiting for them may start.
  void writes_completed(std::uint64_t seq) {
    bool waiting = false;
    {
      std::lock_guard lock(mu_);
      writes_done_ = std::max(writes_done_, seq);
      waiting = !reads_.empty();
    }
    // Most batches are moves with no read waiting: no reader is woken for nothing.
    if (waiting) reader_wake_.notify_all();
  }

  // No more jobs; the threads drain the queues and exit.
  void close() {
    {
      std::lock_guard lock(mu_);
      accepting_ = false;
    }
    writer_wake_.notify_all();
    reader_wake_.notify_all();
  }

 private:
  bool ready_read() const { return !reads_.empty() && reads_.front().after <= writes_done_; }

  const std::size_t max_queued_;
  const std::string lagging_;
  std::mutex mu_;
  std::condition_variable writer_wake_;
  std::condition_variable reader_wake_;
  std::deque<Job> writes_;  // the writer's (and the reads that stay on it)
  std::deque<Job> reads_;   // the readers'
  bool accepting_ = true;
  std::uint64_t write_seq_ = 0;                 // writes queued so far
  std::array<std::uint64_t, Kinds> last_of_{};  // the last write queued, per kind
  std::uint64_t writes_done_ = 0;               // writes up to it have completed
};

// The threads: started once, before any job; joined by close(), the writer first (a
// read waiting for a write goes on once the writer has drained). From one of the
// threads themselves (a completion that closes the store) nothing is joined: they exit
// by themselves and the store's destructor joins.
class StoreThreads {
 public:
  void start_writer(std::function<void()> run) {
    writer_ = std::thread(std::move(run));
    ids_.push_back(writer_.get_id());
  }
  void start_reader(std::function<void()> run) {
    readers_.emplace_back(std::move(run));
    ids_.push_back(readers_.back().get_id());
  }
  void join() {
    const auto self = std::this_thread::get_id();
    for (const auto& id : ids_)
      if (id == self) return;
    std::lock_guard lock(join_mu_);
    if (writer_.joinable()) writer_.join();
    for (auto& reader : readers_)
      if (reader.joinable()) reader.join();
  }

 private:
  std::mutex join_mu_;  // serializes joins
  std::thread writer_;
  std::vector<std::thread> readers_;
  std::vector<std::thread::id> ids_;  // set before any job
};

}  // namespace bh::storage
