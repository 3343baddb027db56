// Store completions handed to the network threads in batches.
//
// The store's thread finishes a transaction of many moves at once; posting each
// completion to its room's strand separately wakes a network thread per move (a futex
// or an eventfd write each). The inbox takes them all and posts one handler while it is
// not already scheduled, so a batch of completions costs one wake-up; that handler runs
// them in order on a network thread, where their own posts to the rooms' strands are
// deferred onto that thread (completion.hpp).
//
// Thread-safety: post() from any thread; the queued work runs on the io_context's threads,
// one batch at a time, in the order it was posted. Work never run (the io_context was
// destroyed first) is destroyed with the posted drain, as a posted handler would be, so
// the rooms it holds are not kept alive by the inbox.
#pragma once

#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace bh::app {

class CompletionInbox : public std::enable_shared_from_this<CompletionInbox> {
 public:
  explicit CompletionInbox(boost::asio::io_context& io) : io_(io) {}

  // `work` runs later on a network thread (after everything posted before it). It must
  // not throw: it is a completion of completion.hpp, which guards its own work.
  void post(std::function<void()> work);
  // Drops what is queued: the io_context destroyed the posted drain without running it.
  void discard();

 private:
  void drain();

  boost::asio::io_context& io_;
  std::mutex mu_;
  std::vector<std::function<void()>> queued_;  // under mu_
  bool scheduled_ = false;                     // under mu_: a drain is posted or running
};

}  // namespace bh::app
