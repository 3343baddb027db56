// The housekeeping, once a second: closes connections that have not said who they are
// in time (and watch no game, nor follow the lobby), forgets players who left (their
// names free again), writes the counts of audit lines held back, and tells the rooms
// while the store cannot write (their clocks stand still) and once it can again.
//
// Thread-safety: start and stop may be called from any thread; the work runs on the
// housekeeping's strand.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <memory>

#include "app/app_context.hpp"

namespace bh::app {

class Housekeeping : public std::enable_shared_from_this<Housekeeping> {
 public:
  explicit Housekeeping(std::shared_ptr<Context> ctx);
  void start();
  void stop();

 private:
  void arm();
  void sweep();

  std::shared_ptr<Context> ctx_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
  bool storage_up_ = true;  // as last told to the rooms
  std::int64_t sweeps_ = 0;
};

}  // namespace bh::app
