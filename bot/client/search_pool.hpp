// The bot's searches, run on a few worker threads (one per core, at least one), never on
// the network thread. Each game has one chooser (an engine keeps per-game tables), made
// on its first search and used by one search at a time: a new search of a game waits for
// a cancelled one still unwinding. A finished search's result is queued for the network
// thread, which polls done_fd() and calls take_results().
//
// Thread-safety: every public method may be called from any thread; the destructor
// stops every search and joins the workers.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bot_session.hpp"
#include "move_chooser.hpp"

namespace bh::bot::client {

struct SearchDone {
  std::uint64_t search_id = 0;
  Choice choice;
};

// The limits of a search that waited `waited_ms` in the queue: the clock and a fixed
// move time both shrink by the wait (the clock to no less than 0, the move time to no
// less than 1 ms), so that queueing never costs the game on time.
ChoiceLimits charge_wait(ChoiceLimits limits, std::int64_t waited_ms);

class SearchPool {
 public:
  SearchPool(std::shared_ptr<ChooserFactory> factory, unsigned threads);
  ~SearchPool();
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;

  void start(SearchOrder order);
  // Sets the search's stop flag; its result, if any, still comes (the session drops it).
  void cancel(std::uint64_t search_id);
  void cancel_all();
  // Forgets the chooser of a game that is over.
  void forget(const std::string& game_id);

  int done_fd() const { return event_fd_; }
  std::vector<SearchDone> take_results();

 private:
  struct Slot {  // one game's chooser
    std::mutex mutex;
    std::unique_ptr<MoveChooser> chooser;
  };
  struct Job {
    SearchOrder order;
    std::shared_ptr<std::atomic<bool>> stop;
    std::shared_ptr<Slot> slot;
    std::chrono::steady_clock::time_point queued_at;
  };
  void work();

  std::shared_ptr<ChooserFactory> factory_;
  int event_fd_ = -1;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool closing_ = false;                                               // guarded by mutex_
  std::deque<Job> queue_;                                              // guarded by mutex_
  std::map<std::uint64_t, std::shared_ptr<std::atomic<bool>>> stops_;  // guarded by mutex_
  std::map<std::string, std::shared_ptr<Slot>> slots_;                 // guarded by mutex_
  std::vector<SearchDone> results_;                                    // guarded by mutex_
  std::vector<std::thread> threads_;
};

}  // namespace bh::bot::client
