// A room's timers, all on its strand: the turn's deadline, each seat's (its absence, or
// an open room's grace), and the room's own (the rematch window, or the computer's time
// to join). Setting one replaces what it was set for; `due` runs only if it was neither
// replaced nor cancelled.
//
// Thread-safety: the room's strand only.
#pragma once

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>

#include "game/commands.hpp"

namespace bh::app {

class RoomTimers {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  enum Which { turn, seat_0, seat_1, room, count };
  static Which of(game::DeadlineKind kind) {
    return kind == game::DeadlineKind::turn ? turn : kind == game::DeadlineKind::absence_0 ? seat_0 : seat_1;
  }
  static Which seat(int slot) { return slot == 0 ? seat_0 : seat_1; }

  explicit RoomTimers(const Strand& strand);
  void at(Which which, std::chrono::steady_clock::time_point when, std::function<void()> due);
  void after(Which which, std::chrono::milliseconds delay, std::function<void()> due);
  void cancel(Which which) { timers_[which]->cancel(); }
  void cancel_all();

 private:
  std::array<std::unique_ptr<boost::asio::steady_timer>, count> timers_;
};

}  // namespace bh::app
