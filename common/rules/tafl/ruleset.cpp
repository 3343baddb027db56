// Placeholder: the tafl engine replaces this file.
#include "rules/engines.hpp"

namespace bh::rules {
std::shared_ptr<const Ruleset> make_tafl(std::string_view, OptionValues) { return nullptr; }
}  // namespace bh::rules
