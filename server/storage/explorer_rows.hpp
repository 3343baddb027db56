// What both engines' explorer indexes share (explorer_sql.hpp, pg/pg_explorer.hpp): how
// a game is filed (its source, rating band and month) and how a query's filters are
// checked, so that the two cannot file or filter differently.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage::explorer_rows {

// The band of an average rating: floor(rating / kExplorerBand); kUnrated without one.
inline constexpr int kUnrated = -1;
int band(std::optional<double> rating);
// yyyymm of a unix time in milliseconds, UTC.
int month(std::int64_t unix_ms);
// 1 for a result that counts for the first side, and so on; false for aborted games.
struct Outcome {
  int first = 0, draws = 0, second = 0;
};
std::optional<Outcome> outcome(const std::string& result);

// The (position, move) pairs of a record's opening line to add, in order: a game that
// comes back to a position and plays the same move again counts once.
std::vector<std::pair<std::int64_t, std::string>> entries(const GameRecord& record);

// The bands and months a query keeps, inclusive; a query without a rating filter keeps
// the unrated games too. Errors (invalid_query): a negative rating, min above max, a
// month that is not yyyymm, since after until, no variant, examples outside 0..20.
struct Filter {
  std::optional<int> source;  // 0 here, 1 imported
  int min_band = kUnrated, max_band = 1 << 20;
  int since_month = 0, until_month = 999912;
};
StoreResult<Filter> filter(const ExplorerQuery& query);

// The moves most played first (then by name), and the newest games among them, at most
// `examples`, each once.
void order(std::vector<ExplorerMove>& moves);
std::vector<std::string> example_ids(const std::vector<ExplorerMove>& moves, int examples);

}  // namespace bh::storage::explorer_rows
