#include "app/rooms/room_timers.hpp"

namespace bh::app {

RoomTimers::RoomTimers(const Strand& strand) {
  for (auto& t : timers_) t = std::make_unique<boost::asio::steady_timer>(strand);
}

void RoomTimers::at(Which which, std::chrono::steady_clock::time_point when, std::function<void()> due) {
  auto& timer = *timers_[which];
  timer.expires_at(when);  // cancels what it was set for
  timer.async_wait([due = std::move(due)](const boost::system::error_code& ec) {
    if (!ec) due();
  });
}

void RoomTimers::cancel_all() {
  for (auto& t : timers_) t->cancel();
}

}  // namespace bh::app
