// What both stores keep of a tournament alike (tournament_sql.cpp, pg/pg_tournaments.cpp):
// the columns of its own row, in the order both read them, and its game's options as
// "name=value" words (the rules' options are names and numbers).
//
// Thread-safety: pure functions.
#pragma once

#include <map>
#include <sstream>
#include <string>

namespace bh::storage::tournament_columns {

inline constexpr const char* kColumns =
    "id, name, format, game, options, initial_ms, increment_ms, days, rated, rounds, cycles, group_size, "
    "duration_ms, starts_ms, max_players, min_rating, private, invite_code, mini_match, bots, bye_points, creator, "
    "status, round, created_ms, started_ms, finished_ms";

inline std::string options_text(const std::map<std::string, std::string>& options) {
  std::string text;
  for (const auto& [name, value] : options) text += (text.empty() ? "" : " ") + name + "=" + value;
  return text;
}

inline std::map<std::string, std::string> options_from(const std::string& text) {
  std::map<std::string, std::string> options;
  std::istringstream in(text);
  for (std::string pair; in >> pair;)
    if (const auto eq = pair.find('='); eq != std::string::npos) options[pair.substr(0, eq)] = pair.substr(eq + 1);
  return options;
}

}  // namespace bh::storage::tournament_columns
