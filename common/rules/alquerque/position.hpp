// Alquerque position value (RULES.md section 3). Owned by the alquerque engine.
// Placeholder until the alquerque engine lands; see alquerque/engine.hpp.
#pragma once

#include <cstdint>

#include "rules/types.hpp"

namespace bh::rules::alquerque {

struct Position {
  Side to_move = Side::first;
  friend bool operator==(const Position&, const Position&) = default;
  std::uint64_t hash() const { return 0; }
};

}  // namespace bh::rules::alquerque
