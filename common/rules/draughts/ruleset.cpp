// Placeholder: the draughts engine replaces this file.
#include "rules/engines.hpp"

namespace bh::rules {
std::shared_ptr<const Ruleset> make_draughts(OptionValues) { return nullptr; }
}  // namespace bh::rules
