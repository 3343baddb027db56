// Engine: picks the family's adapter once, replays the game's history into keys for the
// repetition rule, turns the level and the limits into a Budget, and converts only the
// chosen move back into a rules::Move.
#include "engine.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <string_view>

#include "alquerque_adapter.hpp"
#include "draughts_adapter.hpp"
#include "levels.hpp"
#include "search.hpp"
#include "tafl_adapter.hpp"
#include "time_control.hpp"
#include "zobrist.hpp"

namespace bh::bot {

struct Engine::Impl {
  virtual ~Impl() = default;
  virtual SearchResult choose(const rules::GameState& game, const SearchLimits& limits) = 0;
};

namespace {

constexpr int tt_bits = 19;  // 2^19 entries of 16 bytes: 8 MB per engine

template <class A>
class GameEngine final : public Engine::Impl {
 public:
  explicit GameEngine(const rules::Ruleset& rules) : adapter_(rules), searcher_(adapter_, tt_bits) {}

  SearchResult choose(const rules::GameState& game, const SearchLimits& limits) override {
    const auto started = Budget::Clock::now();
    replay(game);
    const Level& level = level_spec(std::clamp(limits.level, min_level, max_level), A::level_table);
    Budget budget;
    budget.max_depth = level.max_depth;
    budget.min_depth = level.min_depth;
    budget.max_nodes = level.max_nodes;
    budget.noise = level.noise;
    budget.eval_noise = level.eval_noise;
    budget.eval_seed = splitmix64(limits.seed);
    budget.stop = limits.stop;
    budget.seed = splitmix64(limits.seed ^ splitmix64(static_cast<std::uint64_t>(game.ply()) + 1));
    if (const auto t = think_time(limits, level.timed)) {
      if (level.timed) budget.soft = started + std::chrono::milliseconds(t->soft_ms);
      budget.hard = started + std::chrono::milliseconds(t->hard_ms);
    }
    const auto out = searcher_.run(position_, keys_, floor_, budget);
    SearchResult r;
    r.move = A::to_rules(out.move);
    r.score = out.score;
    r.depth = out.depth;
    r.nodes = out.nodes;
    r.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Budget::Clock::now() - started).count();
    r.forced_loss = out.score <= -(mate_score - max_search_ply);
    if (out.depth > 0)
      for (const auto& m : searcher_.principal_line(position_, out.move, out.depth)) r.line.push_back(A::to_rules(m));
    return r;
  }

 private:
  // Brings keys_ up to the game's current ply, replaying only the moves not seen yet
  // (the same game is asked move after move).
  void replay(const rules::GameState& game) {
    const auto& moves = game.moves();
    const bool continues = !keys_.empty() && moves.size() >= seen_.size() && start_ == game.start() &&
                           std::equal(seen_.begin(), seen_.end(), moves.begin());
    if (!continues) {
      start_ = game.start();
      current_ = start_;
      seen_.clear();
      position_ = adapter_.from(current_);
      keys_.assign(1, adapter_.key(position_));
      floor_ = 0;
    }
    for (std::size_t i = seen_.size(); i < moves.size(); ++i) {
      current_ = game.rules().apply(current_, moves[i]);
      const auto next = adapter_.from(current_);
      keys_.push_back(adapter_.key(next));
      if (A::irreversible(position_, next)) floor_ = static_cast<int>(keys_.size()) - 1;
      position_ = next;
      seen_.push_back(moves[i]);
    }
  }

  A adapter_;
  Searcher<A> searcher_;
  rules::Position start_, current_;
  typename A::Pos position_{};
  std::vector<rules::Move> seen_;
  std::vector<std::uint64_t> keys_;
  int floor_ = 0;
};

}  // namespace

Engine::Engine(std::shared_ptr<const rules::Ruleset> rules) {
  const std::string_view id = rules->game_id();
  if (id == "draughts") {
    impl_ = std::make_unique<GameEngine<DraughtsAdapter>>(*rules);
  } else if (id == "alquerque") {
    impl_ = std::make_unique<GameEngine<AlquerqueAdapter>>(*rules);
  } else {
    impl_ = std::make_unique<GameEngine<TaflAdapter>>(*rules);
  }
}

Engine::~Engine() = default;

SearchResult Engine::choose(const rules::GameState& game, const SearchLimits& limits) {
  assert(!game.status().over());
  return impl_->choose(game, limits);
}

}  // namespace bh::bot
