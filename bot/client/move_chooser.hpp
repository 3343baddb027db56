// What the networked bot asks of a search engine and of its play policies, as
// interfaces: the session (bot_session.hpp) and the worker pool (search_pool.hpp) know
// only these, so the engine (bot/engine/) plugs in behind them, and the tests use a
// random chooser (random_chooser.hpp) and the placeholder policies.
//
// Thread-safety: a MoveChooser serves one game and is used by one thread at a time (the
// pool locks it); a ChooserFactory and a PlayPolicy are called from the network thread
// and the pool's threads at once, so they must be stateless or synchronised.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rules/game_state.hpp"

namespace bh::bot::client {

// What a search may spend: the engine's SearchLimits without the stop flag.
struct ChoiceLimits {
  int level = 4;                           // 1..8
  std::optional<int> movetime_ms;          // a fixed time per move
  std::optional<std::int64_t> my_time_ms;  // the game clock, when the game has one
  std::optional<std::int64_t> my_increment_ms;
  std::optional<std::int64_t> their_time_ms;
  std::uint64_t seed = 1;
};

struct Choice {
  rules::Move move;          // one of the legal moves of the position searched
  int score = 0;             // for the side to move, centi-pieces
  bool forced_loss = false;  // the search found a forced loss
};

class MoveChooser {
 public:
  virtual ~MoveChooser() = default;
  // Precondition: `game` is not over. Returns soon after `stop` becomes true, still with
  // a legal move.
  virtual Choice choose(const rules::GameState& game, const ChoiceLimits& limits, const std::atomic<bool>& stop) = 0;
};

// One chooser per live game (an engine keeps tables for its game).
class ChooserFactory {
 public:
  virtual ~ChooserFactory() = default;
  virtual std::unique_ptr<MoveChooser> make(std::shared_ptr<const rules::Ruleset> rules) = 0;
};

// What the policies read: the level, the bot's scores so far in the game (its own
// moves, oldest first), the ply, and the last search's verdict.
struct PolicyInput {
  int level = 4;
  const std::vector<int>& scores;
  int ply = 0;
  bool forced_loss = false;
};

class PlayPolicy {
 public:
  virtual ~PlayPolicy() = default;
  // Resigning is asked only at levels >= 5 (the session checks the level).
  virtual bool resign(const PolicyInput&) const = 0;
  // The session limits offers to one per 20 of its own moves.
  virtual bool offer_draw(const PolicyInput&) const = 0;
  virtual bool accept_draw(const PolicyInput&) const = 0;
};

}  // namespace bh::bot::client
