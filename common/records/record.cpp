#include "records/record.hpp"

#include <array>
#include <chrono>

namespace bh::records {

namespace {

std::string two(unsigned n) { return (n < 10 ? "0" : "") + std::to_string(n); }

std::string seconds(std::int64_t ms) {
  std::string out = std::to_string(ms / 1000);
  if (ms % 1000 != 0) out += "." + std::to_string((ms % 1000) / 100);
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> boardhall_tags(
    std::int64_t ended_ms, const std::optional<std::pair<std::int64_t, std::int64_t>>& clock_ms,
    std::string_view reason) {
  using namespace std::chrono;
  const year_month_day day{floor<days>(sys_time<milliseconds>(milliseconds(ended_ms)))};
  const std::string date = std::to_string(static_cast<int>(day.year())) + "." +
                           two(static_cast<unsigned>(day.month())) + "." + two(static_cast<unsigned>(day.day()));
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", "Boardhall"}, {"Site", "Boardhall"}, {"Date", date}};
  if (clock_ms) tags.emplace_back("TimeControl", seconds(clock_ms->first) + "+" + seconds(clock_ms->second));
  if (!reason.empty()) tags.emplace_back("Termination", std::string(reason));
  return tags;
}

std::string tag_or(const Record& record, std::string_view name, std::string fallback) {
  for (const auto& [key, value] : record.tags)
    if (key == name && !value.empty()) return value;
  return fallback;
}

bool is_generated_tag(std::string_view name) {
  static constexpr std::array<std::string_view, 11> kGenerated = {
      "White", "Black", "Attackers", "Defenders", "Result", "GameType", "Game", "Options", "FEN", "SetUp", "Position"};
  for (const auto generated : kGenerated)
    if (generated == name) return true;
  return false;
}

}  // namespace bh::records
