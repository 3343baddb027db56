// A room's timers, all on its strand, one per kind of the session's deadlines
// (game::DeadlineKind): the turn's, each seat's (its absence, or an open room's grace),
// and the room's own (the rematch window, or the computer's time to join), and an idle
// correspondence game's sleep (room_departure.cpp). Setting one replaces what it was set for;
// `due` runs only if it was neither replaced nor cancelled.
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
  enum Which { turn, seat_0, seat_1, room, sleep, count };
  static Which of(game::DeadlineKind kind) {
    using K = game::DeadlineKind;
    switch (kind) {
      case K::turn:
        return turn;
      case K::absence_0:
      case K::open_grace_0:
        return seat_0;
      case K::absence_1:
      case K::open_grace_1:
        return seat_1;
      case K::computer:
      case K::rematch_window:
        return room;
    }
    return room;
  }

  explicit RoomTimers(const Strand& strand);
  void at(Which which, std::chrono::steady_clock::time_point when, std::function<void()> due);
  void cancel(Which which) { timers_[which]->cancel(); }
  void cancel_all();

 private:
  std::array<std::unique_ptr<boost::asio::steady_timer>, count> timers_;
};

}  // namespace bh::app
