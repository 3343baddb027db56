// Stand-ins for the search engine and its policies: a chooser that plays a random legal
// move (seeded, so a test replays), and simple policies (resign on a forced loss, offer
// and accept draws in long level positions), for the tests; `boardhall-bot play` uses the
// engine (engine_chooser.hpp).
//
// Thread-safety: RandomChooser as MoveChooser (one thread at a time); the factory and
// the policies are stateless.
#pragma once

#include <random>

#include "move_chooser.hpp"

namespace bh::bot::client {

class RandomChooser final : public MoveChooser {
 public:
  Choice choose(const rules::GameState& game, const ChoiceLimits& limits, const std::atomic<bool>& stop) override;
};

class RandomChooserFactory final : public ChooserFactory {
 public:
  std::unique_ptr<MoveChooser> make(std::shared_ptr<const rules::Ruleset>) override {
    return std::make_unique<RandomChooser>();
  }
};

class PlaceholderPolicy final : public PlayPolicy {
 public:
  bool resign(const PolicyInput& in) const override;
  bool offer_draw(const PolicyInput& in) const override;
  bool accept_draw(const PolicyInput& in) const override;
};

}  // namespace bh::bot::client
