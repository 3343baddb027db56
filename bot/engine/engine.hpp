// The game-playing engine of boardhall-bot: one search per game family behind one
// class, plus the limits a caller gives it and the result it returns.
//
// Thread-safety: an Engine is not thread-safe (one game at a time, one caller), but any
// number of Engines may run at once on different threads; they share nothing mutable.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rules/game_state.hpp"
#include "rules/ruleset.hpp"

namespace bh::bot {

// Scores are centi-pieces for the side to move; a forced result is +-(mate_score - ply).
inline constexpr int mate_score = 30000;
inline constexpr int max_search_ply = 128;
// A score this far from zero is a forced result found by the search.
constexpr bool is_mate_score(int score) {
  return score >= mate_score - max_search_ply || score <= -(mate_score - max_search_ply);
}

struct SearchLimits {
  int level = 8;                                                           // 1..8 (levels.hpp)
  std::optional<int> movetime_ms;                                          // a fixed time per move (match --movetime)
  std::optional<std::int64_t> my_time_ms, my_increment_ms, their_time_ms;  // the game clock
  std::uint64_t seed = 1;                                                  // noise of the low levels
  const std::atomic<bool>* stop = nullptr;                                 // set by the caller to stop at once
};

struct SearchResult {
  rules::Move move;  // always one of the legal moves
  int score = 0;     // for the side to move, centi-pieces; +-(mate_score - ply) for a forced result
  int depth = 0;     // the deepest completed iteration
  std::uint64_t nodes = 0;
  std::int64_t elapsed_ms = 0;
  bool forced_loss = false;  // a forced loss was found (resign-worthy)
  // The expected continuation, `move` first (the analysis board's best line); as long as
  // the search's table still held it, at most `depth` moves.
  std::vector<rules::Move> line;
};

// Chooses moves for one game. Precondition of choose: the game is not over.
class Engine {
 public:
  explicit Engine(std::shared_ptr<const rules::Ruleset> rules);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  SearchResult choose(const rules::GameState& game, const SearchLimits& limits);

  // The per-family search, behind a virtual call made once per move.
  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::bot
