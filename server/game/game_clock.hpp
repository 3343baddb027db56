// The clocks of one game: Fischer time control (each side's time, and an increment
// added after each of its moves), the moment the side to move started thinking, and a
// pause (a restored game's clocks stand still until both players are back). A plain
// value: the caller passes the time (the steady clock), so tests choose it; the timer
// that flags the side to move belongs to the room.
//
// An untimed game has a GameClock too (timed() is false): it keeps the pause and the
// turn's start, and its times stay 0.
//
// Thread-safety: none (a value; the room keeps its own on its strand).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>

#include "rules/types.hpp"

namespace bh::game {

class GameClock {
 public:
  using Ms = std::int64_t;
  using Time = std::chrono::steady_clock::time_point;

  GameClock() = default;  // untimed
  GameClock(Ms initial_ms, Ms increment_ms) : timed_(true), initial_ms_(initial_ms), increment_ms_(increment_ms) {}

  bool timed() const { return timed_; }
  Ms increment_ms() const { return increment_ms_; }
  bool paused() const { return paused_; }
  // Each side's time (by rules::index), not counting the running turn.
  const std::array<Ms, 2>& remaining() const { return remaining_; }

  // A new game: both sides at the initial time, the turn starting at `now`.
  void start(Time now);
  // A game restored after a stop: the times after its last move (none: the initial
  // ones); time spent on the move the stop interrupted is given back. Paused.
  void restore(std::optional<std::array<Ms, 2>> after_last_move, Time now);
  // The store cannot make moves durable: the clocks stand still from `now`, the time
  // `running` (the side whose clock runs, if any) spent on its turn so far kept spent.
  void pause(std::optional<rules::Side> running, Time now);
  // Both players are back (and the store writes): the side to move thinks from `now`.
  void resume(Time now);
  // The side to move starts thinking at `now` (e.g. once the last move is told).
  void restart_turn(Time now) { turn_start_ = now; }

  // Time the side to move has spent on this turn (0 while paused).
  Ms elapsed(Time now) const;
  // What `side`, to move, has left at `now`; 0 or less means its flag fell.
  Ms left(rules::Side side, Time now) const { return remaining_[rules::index(side)] - elapsed(now); }
  // The times to show at `now`: the running side's turn counted (never below 0).
  // `running`: the side whose clock runs (none: the game is not under way).
  std::array<Ms, 2> shown(std::optional<rules::Side> running, Time now) const;

  // `side` moved with `left` ms on its clock (from left() before the move): it gets
  // the increment, and the other side's turn starts at `now`.
  void moved(rules::Side side, Ms left, Time now);
  // `side` ran out of time.
  void flag(rules::Side side) { remaining_[rules::index(side)] = 0; }

 private:
  bool timed_ = false;
  Ms initial_ms_ = 0, increment_ms_ = 0;
  std::array<Ms, 2> remaining_{};
  Time turn_start_{};
  bool paused_ = false;
};

}  // namespace bh::game
