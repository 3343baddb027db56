// The engine (bot/engine/) behind the networked bot's interfaces (move_chooser.hpp): a
// chooser per live game owning a bh::bot::Engine, and the play policies of
// bot/engine/policy.hpp.
//
// Thread-safety: an EngineChooser is used by one thread at a time (the pool locks it);
// the factory and the policy hold no state and may be called from any thread.
#pragma once

#include <memory>

#include "move_chooser.hpp"

namespace bh::bot::client {

class EngineChooserFactory final : public ChooserFactory {
 public:
  std::unique_ptr<MoveChooser> make(std::shared_ptr<const rules::Ruleset> rules) override;
};

class EnginePolicy final : public PlayPolicy {
 public:
  bool resign(const PolicyInput& in) const override;
  bool offer_draw(const PolicyInput& in) const override;
  bool accept_draw(const PolicyInput& in) const override;
};

}  // namespace bh::bot::client
