// The operator's tournament schedule (--tournament-schedule) from arbitrary bytes: never a
// crash, every refusal says why, and each plan accepted names its own tournaments.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/tournaments/tournament_schedule.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  constexpr std::int64_t kNow = 1'796'000'000'000;
  const auto plans = bh::app::read_tournament_plans(text, true, kNow);
  if (!plans) {
    if (plans.error().empty()) std::abort();
    return 0;
  }
  for (const auto& plan : *plans) {
    const auto starts = bh::app::next_planned_start(plan, kNow);
    if (!starts) continue;
    if (*starts <= kNow) std::abort();
    if (!bh::app::is_planned_by(plan, bh::app::planned_tournament_id(plan, *starts))) std::abort();
  }
  return 0;
}
