// Russian draughts position value (RULES.md section 2). Owned by the draughts engine.
// Placeholder until the draughts engine lands; see draughts/engine.hpp.
#pragma once

#include <cstdint>

#include "rules/types.hpp"

namespace bh::rules::draughts {

struct Position {
  Side to_move = Side::first;
  friend bool operator==(const Position&, const Position&) = default;
  std::uint64_t hash() const { return 0; }
};

}  // namespace bh::rules::draughts
