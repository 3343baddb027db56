#include "cluster/redis_watcher.hpp"

namespace bh::cluster {

bool RedisWatcher::attach(redisAsyncContext* ac, const Strand& strand) {
  if (ac->ev.data != nullptr || ac->c.fd < 0) return false;
  auto watcher = std::make_shared<RedisWatcher>(ac, strand, ac->c.fd);
  watcher->held_by_hiredis_ = watcher;
  ac->ev.data = watcher.get();
  ac->ev.addRead = [](void* p) { of(p)->want(Wait::read, true); };
  ac->ev.delRead = [](void* p) { of(p)->want(Wait::read, false); };
  ac->ev.addWrite = [](void* p) { of(p)->want(Wait::write, true); };
  ac->ev.delWrite = [](void* p) { of(p)->want(Wait::write, false); };
  ac->ev.cleanup = [](void* p) { of(p)->detach(); };
  return true;
}

RedisWatcher::RedisWatcher(redisAsyncContext* ac, const Strand& strand, int fd) : ac_(ac), socket_(strand, fd) {}

void RedisWatcher::want(Wait wait, bool on) {
  (wait == Wait::read ? want_read_ : want_write_) = on;
  // A wait that is no longer wanted is left to end: Asio cannot cancel one direction
  // alone, and ready() ignores it.
  if (on) arm(wait);
}

void RedisWatcher::arm(Wait wait) {
  bool& waiting = wait == Wait::read ? waiting_read_ : waiting_write_;
  if (waiting || ac_ == nullptr) return;
  waiting = true;
  const auto kind = wait == Wait::read ? boost::asio::posix::descriptor_base::wait_read
                                       : boost::asio::posix::descriptor_base::wait_write;
  socket_.async_wait(kind,
                     [self = shared_from_this(), wait](const boost::system::error_code& ec) { self->ready(wait, ec); });
}

void RedisWatcher::ready(Wait wait, const boost::system::error_code& ec) {
  (wait == Wait::read ? waiting_read_ : waiting_write_) = false;
  if (ec || ac_ == nullptr) return;
  if (wait == Wait::read && want_read_) {
    redisAsyncHandleRead(ac_);  // may free the context: detach() then clears ac_
  } else if (wait == Wait::write && want_write_) {
    redisAsyncHandleWrite(ac_);
  }
  if (ac_ != nullptr && (wait == Wait::read ? want_read_ : want_write_)) arm(wait);
}

void RedisWatcher::detach() {
  const auto keep = std::move(held_by_hiredis_);  // the last reference may be this one
  if (ac_ != nullptr) {
    // Later hooks (hiredis may clean up twice) find nothing to call.
    ac_->ev = {};
  }
  ac_ = nullptr;
  want_read_ = want_write_ = false;
  // hiredis closes the socket itself; release() also ends the pending waits.
  (void)socket_.release();
}

}  // namespace bh::cluster
