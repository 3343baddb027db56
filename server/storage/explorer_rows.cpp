#include "storage/explorer_rows.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

namespace bh::storage::explorer_rows {

namespace {

bool valid_month(int yyyymm) {
  return yyyymm / 100 >= 1 && yyyymm / 100 <= 9999 && yyyymm % 100 >= 1 && yyyymm % 100 <= 12;
}

StoreResult<Filter> invalid(std::string message) {
  return {{StoreErrc::invalid_query, std::move(message)}, std::nullopt};
}

}  // namespace

int band(std::optional<double> rating) {
  if (!rating || !std::isfinite(*rating) || *rating < 0) return kUnrated;
  return static_cast<int>(std::min(*rating / kExplorerBand, 1e6));
}

int month(std::int64_t unix_ms) {
  using namespace std::chrono;
  const year_month_day day{floor<days>(sys_time<milliseconds>(milliseconds(unix_ms)))};
  return static_cast<int>(day.year()) * 100 + static_cast<int>(static_cast<unsigned>(day.month()));
}

std::optional<Outcome> outcome(const std::string& result) {
  if (result == "first") return Outcome{1, 0, 0};
  if (result == "draw") return Outcome{0, 1, 0};
  if (result == "second") return Outcome{0, 0, 1};
  return std::nullopt;
}

std::vector<std::pair<std::int64_t, std::string>> entries(const GameRecord& g) {
  std::vector<std::pair<std::int64_t, std::string>> out;
  if (g.opening.variant.empty()) return out;
  std::set<std::pair<std::int64_t, std::string_view>> seen;
  const std::size_t plies = std::min(g.opening.positions.size(), g.moves.size());
  for (std::size_t i = 0; i < plies; ++i) {
    if (seen.emplace(g.opening.positions[i], g.moves[i].text).second)
      out.emplace_back(g.opening.positions[i], g.moves[i].text);
  }
  return out;
}

StoreResult<Filter> filter(const ExplorerQuery& query) {
  if (query.variant.empty()) return invalid("no variant");
  if (query.examples < 0 || query.examples > 20) return invalid("examples must be between 0 and 20");
  Filter f;
  if (query.imported) f.source = *query.imported ? 1 : 0;
  if (query.min_rating || query.max_rating) {
    const int low = query.min_rating.value_or(0);
    const int high = query.max_rating.value_or(1'000'000);
    if (low < 0 || high < 0) return invalid("a rating is not negative");
    if (low > high) return invalid("the lowest rating is above the highest");
    f.min_band = low / kExplorerBand;
    // The band holding `high` is kept only if some rating of it is below `high`.
    f.max_band = std::max(f.min_band, (high + kExplorerBand - 1) / kExplorerBand - 1);
  }
  if (query.since_month) {
    if (!valid_month(*query.since_month)) return invalid("since is not a month");
    f.since_month = *query.since_month;
  }
  if (query.until_month) {
    if (!valid_month(*query.until_month)) return invalid("until is not a month");
    f.until_month = *query.until_month;
  }
  if (f.since_month > f.until_month) return invalid("since is after until");
  return {{}, f};
}

void order(std::vector<ExplorerMove>& moves) {
  std::sort(moves.begin(), moves.end(), [](const ExplorerMove& a, const ExplorerMove& b) {
    if (a.games != b.games) return a.games > b.games;
    return a.move < b.move;
  });
}

std::vector<std::string> example_ids(const std::vector<ExplorerMove>& moves, int examples) {
  std::vector<const ExplorerMove*> newest;
  for (const ExplorerMove& m : moves) newest.push_back(&m);
  std::sort(newest.begin(), newest.end(), [](const ExplorerMove* a, const ExplorerMove* b) {
    if (a->last_ms != b->last_ms) return a->last_ms > b->last_ms;
    return a->last_game > b->last_game;
  });
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const ExplorerMove* m : newest) {
    if (static_cast<int>(out.size()) >= examples) break;
    if (m->last_game.empty() || !seen.insert(m->last_game).second) continue;
    out.push_back(m->last_game);
  }
  return out;
}

}  // namespace bh::storage::explorer_rows
