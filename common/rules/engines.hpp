// Factories of the three engines, called only by the registry with validated options.
#pragma once

#include <memory>
#include <string_view>

#include "rules/ruleset.hpp"

namespace bh::rules {

// `id` is a row of tafl/variant.hpp (tavlei, tablut, seatafl, copenhagen, brandubh);
// options as declared in the catalogue.
std::shared_ptr<const Ruleset> make_tafl(std::string_view id, OptionValues options);
std::shared_ptr<const Ruleset> make_draughts(OptionValues options);
std::shared_ptr<const Ruleset> make_alquerque(OptionValues options);

}  // namespace bh::rules
