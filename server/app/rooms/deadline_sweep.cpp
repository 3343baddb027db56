#include "app/rooms/deadline_sweep.hpp"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>

#include "app/rooms/dormant_games.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

namespace asio = boost::asio;

struct DeadlineSweep::State : std::enable_shared_from_this<State> {
  State(asio::io_context& io, DormantGames& d, std::function<void(const std::string&)> w)
      : strand(asio::make_strand(io)), timer(strand), dormant(d), wake(std::move(w)) {}

  // On the strand.
  void set(std::int64_t not_before_ms) {
    if (stopped) return;
    const auto next = dormant.next_deadline();
    if (!next) {
      timer.cancel();
      return;
    }
    const std::int64_t at = std::max(*next, not_before_ms);
    timer.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, at - now_ms())));
    timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) self->sweep();
    });
  }
  void sweep() {
    if (stopped) return;
    const std::int64_t now = now_ms();
    for (const auto& id : dormant.due(now)) wake(id);
    // What is still due is loading, or failed to: looked at again a second from now.
    set(now + 1000);
  }

  asio::strand<asio::io_context::executor_type> strand;
  asio::steady_timer timer;
  DormantGames& dormant;
  std::function<void(const std::string&)> wake;
  bool stopped = false;
};

DeadlineSweep::DeadlineSweep(asio::io_context& io, DormantGames& dormant, std::function<void(const std::string&)> wake)
    : state_(std::make_shared<State>(io, dormant, std::move(wake))) {}

void DeadlineSweep::reschedule() {
  asio::post(state_->strand, [state = state_] { state->set(0); });
}

void DeadlineSweep::stop() {
  asio::post(state_->strand, [state = state_] {
    state->stopped = true;
    state->timer.cancel();
  });
}

}  // namespace bh::app
