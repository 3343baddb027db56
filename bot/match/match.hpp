// Offline matches: one level of the engine against another level or a random mover,
// N games with the sides alternating (A has the first side in odd games), a ply cap
// (a capped game is a draw, counted apart too), J games at once on threads.
//
// Thread-safety: run_match is a pure function of its arguments; it starts and joins
// its own threads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "rules/registry.hpp"
#include "rules/ruleset.hpp"

namespace bh::bot {

struct MatchConfig {
  std::string game;
  rules::OptionText options;
  int level = 8;                // A
  std::optional<int> vs_level;  // B; nullopt: a uniformly random legal mover
  int games = 10;
  std::uint64_t seed = 1;
  std::optional<int> movetime_ms;
  int max_plies = 300;
  int jobs = 1;
};

struct MatchReport {
  int games = 0, wins = 0, draws = 0, losses = 0, capped = 0;
  double avg_plies = 0;
  double nps = 0;                 // A's nodes per second of its own thinking (one thread)
  double avg_ms = 0, max_ms = 0;  // A's time per move
  double score() const { return games == 0 ? 0 : (wins + 0.5 * draws) / games; }
};

MatchReport run_match(const std::shared_ptr<const rules::Ruleset>& rules, const MatchConfig& config);

// The one JSON line the match command prints.
std::string report_json(const MatchConfig& config, const rules::Ruleset& rules, const MatchReport& report);

}  // namespace bh::bot
