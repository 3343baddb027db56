// Tafl position value (RULES.md section 1). Owned by the tafl engine.
// Placeholder until the tafl engine lands; see tafl/engine.hpp.
#pragma once

#include <cstdint>

#include "rules/types.hpp"

namespace bh::rules::tafl {

struct Position {
  Side to_move = Side::first;
  friend bool operator==(const Position&, const Position&) = default;
  std::uint64_t hash() const { return 0; }
};

}  // namespace bh::rules::tafl
