#include "engine_chooser.hpp"

#include <limits>

#include "engine/engine.hpp"
#include "engine/policy.hpp"

namespace bh::bot::client {
namespace {

class EngineChooser final : public MoveChooser {
 public:
  explicit EngineChooser(std::shared_ptr<const rules::Ruleset> rules) : engine_(std::move(rules)) {}

  Choice choose(const rules::GameState& game, const ChoiceLimits& limits, const std::atomic<bool>& stop) override {
    SearchLimits search;
    search.level = limits.level;
    search.movetime_ms = limits.movetime_ms;
    search.my_time_ms = limits.my_time_ms;
    search.my_increment_ms = limits.my_increment_ms;
    search.their_time_ms = limits.their_time_ms;
    search.seed = limits.seed;
    search.stop = &stop;
    const SearchResult result = engine_.choose(game, search);
    return Choice{result.move, result.score, result.forced_loss};
  }

 private:
  Engine engine_;
};

}  // namespace

std::unique_ptr<MoveChooser> EngineChooserFactory::make(std::shared_ptr<const rules::Ruleset> rules) {
  return std::make_unique<EngineChooser>(std::move(rules));
}

bool EnginePolicy::resign(const PolicyInput& in) const { return should_resign(in.level, in.scores, in.forced_loss); }

// The session already keeps offers 20 of its own moves apart (PlayPolicy's contract).
bool EnginePolicy::offer_draw(const PolicyInput& in) const {
  return should_offer_draw(in.scores, in.ply, std::numeric_limits<int>::max());
}

// With no search yet in this game (a draw offered before the bot has moved), decline.
bool EnginePolicy::accept_draw(const PolicyInput& in) const {
  return !in.scores.empty() && should_accept_draw(in.scores.back());
}

}  // namespace bh::bot::client
