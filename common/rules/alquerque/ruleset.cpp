// Placeholder: the alquerque engine replaces this file.
#include "rules/engines.hpp"

namespace bh::rules {
std::shared_ptr<const Ruleset> make_alquerque(OptionValues) { return nullptr; }
}  // namespace bh::rules
