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

std::optional<std::int64_t> date_tag_ms(const Record& record) {
  const std::string text = tag_or(record, "Date", "");
  // YYYY.MM.DD, each part digits or question marks.
  if (text.size() != 10 || text[4] != '.' || text[7] != '.') return std::nullopt;
  auto part = [&text](std::size_t at, std::size_t length) -> std::optional<int> {
    int value = 0;
    for (std::size_t i = at; i < at + length; ++i) {
      if (text[i] == '?') return std::nullopt;
      if (text[i] < '0' || text[i] > '9') return -1;
      value = value * 10 + (text[i] - '0');
    }
    return value;
  };
  const auto y = part(0, 4), m = part(5, 2), d = part(8, 2);
  if (!y || *y < 0 || (m && *m < 0) || (d && *d < 0)) return std::nullopt;
  using namespace std::chrono;
  const year_month_day day{year(*y), month(static_cast<unsigned>(m.value_or(1))),
                           std::chrono::day(static_cast<unsigned>(d.value_or(1)))};
  if (!day.ok()) return std::nullopt;
  return duration_cast<milliseconds>(sys_days(day).time_since_epoch()).count();
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
