#include "time_control.hpp"

#include <algorithm>

#include "levels.hpp"

namespace bh::bot {

std::optional<ThinkTime> think_time(const SearchLimits& limits, bool timed_level) {
  std::optional<ThinkTime> out;
  auto bound = [&out](ThinkTime t) {
    if (!out) {
      out = t;
    } else {
      out->soft_ms = std::min(out->soft_ms, t.soft_ms);
      out->hard_ms = std::min(out->hard_ms, t.hard_ms);
    }
  };
  if (limits.movetime_ms) {
    const std::int64_t hard = std::max<std::int64_t>(1, *limits.movetime_ms - movetime_safety_ms);
    // A fixed time is there to be used: an iteration begun late still improves the move
    // (the unfinished iteration's best is kept), so stop beginning them only near the end.
    bound({hard * 8 / 10, hard});
  }
  if (limits.my_time_ms) {
    const std::int64_t left = std::max<std::int64_t>(0, *limits.my_time_ms);
    const std::int64_t inc = std::max<std::int64_t>(0, limits.my_increment_ms.value_or(0));
    // Never spend what would leave less than the safety margin on the clock.
    const std::int64_t cap = std::max<std::int64_t>(5, left - clock_safety_ms);
    // A share of what is left (about 25 moves more) and most of the increment.
    const std::int64_t share = left / 25 + inc * 3 / 4;
    const std::int64_t soft = std::min(cap, std::max<std::int64_t>(5, share));
    const std::int64_t hard = std::min(cap, std::max(soft, std::min(soft * 3, left / 4 + inc / 2)));
    bound({soft, hard});
  }
  if (!out && timed_level) {
    const std::int64_t hard = default_movetime_ms - movetime_safety_ms;
    out = ThinkTime{hard * 6 / 10, hard};
  }
  return out;
}

}  // namespace bh::bot
