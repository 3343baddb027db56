#include "game/game_clock.hpp"

#include <algorithm>

namespace bh::game {

void GameClock::start(Time now) {
  if (timed_) remaining_ = {initial_ms_, initial_ms_};
  turn_start_ = now;
  paused_ = false;
}

void GameClock::restore(std::optional<std::array<Ms, 2>> after_last_move, Time now) {
  if (timed_) remaining_ = after_last_move.value_or(std::array<Ms, 2>{initial_ms_, initial_ms_});
  turn_start_ = now;
  paused_ = true;
}

void GameClock::pause(std::optional<rules::Side> running, Time now) {
  if (paused_) return;
  if (timed_ && running) remaining_[rules::index(*running)] -= elapsed(now);
  paused_ = true;
}

void GameClock::resume(Time now) {
  paused_ = false;
  turn_start_ = now;
}

GameClock::Ms GameClock::elapsed(Time now) const {
  if (paused_) return 0;
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - turn_start_).count();
}

std::array<GameClock::Ms, 2> GameClock::shown(std::optional<rules::Side> running, Time now) const {
  auto out = remaining_;
  if (running && !paused_) {
    auto& r = out[rules::index(*running)];
    r = std::max<Ms>(0, r - elapsed(now));
  }
  return out;
}

void GameClock::moved(rules::Side side, Ms left, Time now) {
  if (timed_) remaining_[rules::index(side)] = left + increment_ms_;
  turn_start_ = now;
}

}  // namespace bh::game
