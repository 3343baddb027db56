// hiredis's async API on Asio: the hooks hiredis calls when it wants to read or write
// (addRead/delRead/addWrite/delWrite) become waits on the connection's socket, and a
// socket ready to read or write becomes redisAsyncHandleRead/Write, all on one strand.
// hiredis 0.14 ships no Asio adapter; this one has the shape of its libuv one.
//
// Lifetime: attach() makes a watcher that hiredis holds (through ac->ev.data) until it
// calls the cleanup hook as it frees the context; each pending wait holds it too, so
// a wait that ends after the context is gone finds it still there and does nothing.
// The socket stays hiredis's: the watcher lets go of it without closing it.
//
// Thread-safety: everything runs on the strand given to attach().
#pragma once

#include <hiredis/async.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/strand.hpp>
#include <memory>

namespace bh::cluster {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

class RedisWatcher : public std::enable_shared_from_this<RedisWatcher> {
 public:
  // Hooks `ac` (connecting, not yet attached) to the strand. False when its socket
  // cannot be watched (then nothing is hooked).
  static bool attach(redisAsyncContext* ac, const Strand& strand);

  RedisWatcher(redisAsyncContext* ac, const Strand& strand, int fd);

 private:
  enum class Wait { read, write };
  static RedisWatcher* of(void* privdata) { return static_cast<RedisWatcher*>(privdata); }
  void want(Wait wait, bool on);
  void arm(Wait wait);
  void ready(Wait wait, const boost::system::error_code& ec);
  void detach();

  redisAsyncContext* ac_;  // null once hiredis has cleaned up
  boost::asio::posix::stream_descriptor socket_;
  bool want_read_ = false;
  bool want_write_ = false;
  bool waiting_read_ = false;
  bool waiting_write_ = false;
  std::shared_ptr<RedisWatcher> held_by_hiredis_;
};

}  // namespace bh::cluster
