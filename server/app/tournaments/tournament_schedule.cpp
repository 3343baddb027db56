#include "app/tournaments/tournament_schedule.hpp"

#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

#include "app/tournaments/tournament_request.hpp"

namespace bh::app {
namespace {

using json = nlohmann::json;

constexpr std::int64_t kMinute = 60'000;
constexpr std::int64_t kMinPeriodMin = 10;
constexpr std::int64_t kMaxPeriodMin = 7 * 24 * 60;

bool good_key(const std::string& key) {
  if (key.empty() || key.size() > 32) return false;
  for (const char c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// "2026-12-20T18:00Z" (UTC, to the minute; seconds ":00" allowed).
std::optional<std::int64_t> utc_minute(const std::string& text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  char z = 0;
  int used = 0;
  const bool with_seconds =
      std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c%n", &y, &mo, &d, &h, &mi, &s, &z, &used) == 7;
  if (!with_seconds && std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d%c%n", &y, &mo, &d, &h, &mi, &z, &used) != 6)
    return std::nullopt;
  if (z != 'Z' || used != static_cast<int>(text.size()) || s != 0) return std::nullopt;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || y < 2000 || y > 9999) return std::nullopt;
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  const std::time_t t = timegm(&tm);
  std::tm back{};
  gmtime_r(&t, &back);
  if (back.tm_mday != d) return std::nullopt;  // 2026-02-30
  return static_cast<std::int64_t>(t) * 1000;
}

Fallible<TournamentPlan> read_plan(json entry, bool bots, std::int64_t now_ms) {
  if (!entry.is_object()) return failure(std::string("is not an object"));
  TournamentPlan plan;
  if (!entry.contains("key") || !entry["key"].is_string() || !good_key(entry["key"].get<std::string>()))
    return failure(std::string("needs a \"key\": 1 to 32 of a-z, 0-9 and -"));
  plan.key = entry["key"];
  const bool once = entry.contains("starts"), repeated = entry.contains("every_min");
  if (once == repeated) return failure(std::string("needs either \"starts\" (once) or \"every_min\" (repeated)"));
  if (once) {
    const auto starts = entry["starts"].is_string() ? utc_minute(entry["starts"]) : std::nullopt;
    if (!starts) return failure(std::string("\"starts\" must be a UTC time such as 2026-12-20T18:00Z"));
    plan.starts_ms = *starts;
  } else {
    const auto& every = entry["every_min"];
    if (!every.is_number_integer() || every.get<std::int64_t>() < kMinPeriodMin ||
        every.get<std::int64_t>() > kMaxPeriodMin)
      return failure("\"every_min\" must be a whole number of minutes from " + std::to_string(kMinPeriodMin) + " to " +
                     std::to_string(kMaxPeriodMin));
    plan.every_ms = every.get<std::int64_t>() * kMinute;
  }
  if (entry.contains("starts_ms")) return failure(std::string("takes \"starts\" or \"every_min\", not \"starts_ms\""));
  for (const char* k : {"key", "starts", "every_min", "id"}) entry.erase(k);
  entry["type"] = "create_tournament";
  auto decoded = protocol::decode_request(entry.dump());
  if (const auto* error = std::get_if<protocol::DecodeError>(&decoded)) return failure(error->message);
  auto* request = std::get_if<protocol::client::CreateTournament>(&std::get<protocol::Envelope>(decoded).request);
  if (!request) return failure(std::string("is not a tournament"));
  plan.request = std::move(*request);
  // Checked as a player's would be, as if it started in an hour.
  auto probe = plan.request;
  probe.starts_ms = now_ms + 60 * kMinute;
  if (auto checked = checked_tournament_settings(probe, "", bots, now_ms); !checked) return failure(checked.error());
  return plan;
}

}  // namespace

Fallible<std::vector<TournamentPlan>> read_tournament_plans(std::string_view text, bool bots, std::int64_t now_ms) {
  const json all = json::parse(text, nullptr, false);
  if (all.is_discarded() || !all.is_array())
    return failure(std::string("the tournament schedule must be a JSON array of tournaments"));
  std::vector<TournamentPlan> plans;
  for (std::size_t i = 0; i < all.size(); ++i) {
    auto plan = read_plan(all[i], bots, now_ms);
    const std::string which = "tournament " + std::to_string(i + 1) +
                              (all[i].is_object() && all[i].contains("key") && all[i]["key"].is_string()
                                   ? " (" + all[i]["key"].get<std::string>() + ")"
                                   : std::string());
    if (!plan) return failure(which + ": " + plan.error());
    for (const auto& p : plans)
      if (p.key == plan->key) return failure(which + ": its key is used twice");
    plans.push_back(std::move(*plan));
  }
  return plans;
}

std::optional<std::int64_t> next_planned_start(const TournamentPlan& plan, std::int64_t now_ms) {
  if (plan.every_ms == 0) return plan.starts_ms > now_ms ? std::optional(plan.starts_ms) : std::nullopt;
  const std::int64_t earliest = now_ms + kMinute;
  return (earliest / plan.every_ms + 1) * plan.every_ms;
}

std::string planned_tournament_id(const TournamentPlan& plan, std::int64_t starts_ms) {
  const std::time_t t = starts_ms / 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char minute[64];
  std::snprintf(minute, sizeof minute, "%04d%02d%02d%02d%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min);
  return "t" + plan.key + "-" + minute;
}

bool is_planned_by(const TournamentPlan& plan, const std::string& tournament_id) {
  const std::string prefix = "t" + plan.key + "-";
  if (tournament_id.size() != prefix.size() + 12 || tournament_id.compare(0, prefix.size(), prefix) != 0) return false;
  for (std::size_t i = prefix.size(); i < tournament_id.size(); ++i)
    if (tournament_id[i] < '0' || tournament_id[i] > '9') return false;
  return true;
}

}  // namespace bh::app
