// Wakes the asleep correspondence games (dormant_games.hpp) whose deadline has come, so
// that their rooms decide them on time: one timer at the earliest deadline, set again
// whenever a game goes to sleep and after each sweep. A game that cannot be loaded (the
// store failing) is tried again a second later.
//
// Thread-safety: any thread (the timer lives on its own strand).
#pragma once

#include <functional>
#include <memory>
#include <string>

namespace boost::asio {
class io_context;
}

namespace bh::app {

class DormantGames;

class DeadlineSweep {
 public:
  // `wake` loads one game by id (Games::wake_due).
  DeadlineSweep(boost::asio::io_context& io, DormantGames& dormant, std::function<void(const std::string&)> wake);
  // The earliest deadline may have changed: the timer is set for it.
  void reschedule();
  // Shutdown: the timer cancelled, nothing woken from now on.
  void stop();

 private:
  struct State;
  std::shared_ptr<State> state_;
};

}  // namespace bh::app
