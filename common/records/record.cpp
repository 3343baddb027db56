#include "records/record.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <vector>

namespace bh::records {

namespace {

std::string two(unsigned n) { return (n < 10 ? "0" : "") + std::to_string(n); }

std::string seconds(std::int64_t ms) {
  std::string out = std::to_string(ms / 1000);
  if (ms % 1000 != 0) out += "." + std::to_string((ms % 1000) / 100);
  return out;
}

}  // namespace

std::string clock_tag(std::int64_t initial_ms, std::int64_t increment_ms) {
  return seconds(initial_ms) + "+" + seconds(increment_ms);
}

std::vector<std::pair<std::string, std::string>> boardhall_tags(std::int64_t ended_ms,
                                                                const std::optional<std::string>& time_control,
                                                                std::string_view reason) {
  using namespace std::chrono;
  const year_month_day day{floor<days>(sys_time<milliseconds>(milliseconds(ended_ms)))};
  const std::string date = std::to_string(static_cast<int>(day.year())) + "." +
                           two(static_cast<unsigned>(day.month())) + "." + two(static_cast<unsigned>(day.day()));
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", "Boardhall"}, {"Site", "Boardhall"}, {"Date", date}};
  if (time_control) tags.emplace_back("TimeControl", *time_control);
  if (!reason.empty()) tags.emplace_back("Termination", std::string(reason));
  return tags;
}

std::optional<std::int64_t> date_tag_ms(const Record& record) {
  constexpr int unknown = -2, bad = -1;
  const std::string text = tag_or(record, "Date", "");
  // Parts between dots: a number, `unknown` for question marks, `bad` for anything
  // else; an empty last part ("1950.") is dropped.
  std::vector<int> parts;
  std::vector<std::size_t> widths;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t dot = std::min(text.find('.', at), text.size());
    const std::string_view part = std::string_view(text).substr(at, dot - at);
    if (part.empty() && dot == text.size() && !parts.empty()) break;
    int value = part.empty() || part.size() > 4 ? bad : 0;
    for (const char c : part) {
      if (value == bad) break;
      if (c == '?') {
        value = unknown;
      } else if (c < '0' || c > '9' || value == unknown) {
        value = bad;
      } else {
        value = value * 10 + (c - '0');
      }
    }
    parts.push_back(value);
    widths.push_back(part.size());
    at = dot + 1;
  }
  if (parts.empty() || parts.size() > 3) return std::nullopt;
  for (const int p : parts)
    if (p == bad) return std::nullopt;
  // YYYY[.MM[.DD]] (PDN's own form), or DD.MM.YYYY as many old files write it.
  const bool day_first = parts.size() == 3 && widths[2] == 4 && widths[0] <= 2;
  const std::size_t year_at = day_first ? 2 : 0;
  if (parts[year_at] == unknown || widths[year_at] != 4) return std::nullopt;
  const int m = parts.size() > 1 && parts[1] != unknown ? parts[1] : 1;
  const int d_at = day_first ? 0 : 2;
  const int d =
      parts.size() > 2 && parts[static_cast<std::size_t>(d_at)] != unknown ? parts[static_cast<std::size_t>(d_at)] : 1;
  using namespace std::chrono;
  const year_month_day day{year(parts[year_at]), month(static_cast<unsigned>(m)),
                           std::chrono::day(static_cast<unsigned>(d))};
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
