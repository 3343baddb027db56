// The catalogue of games by id, and the one place where options are validated.
//
// Thread-safety: the catalogue is immutable; make_ruleset may be called concurrently.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/ruleset.hpp"

namespace bh::rules {

struct OptionSpec {
  std::string name;
  std::string description;
  std::vector<int> allowed;     // empty: any positive integer
  std::optional<int> fallback;  // value when the option is not given; nullopt: absent
};

struct GameInfo {
  std::string id;
  std::string name;
  std::string first_side;   // "attackers" or "white"
  std::string second_side;  // "defenders" or "black"
  std::vector<OptionSpec> options;
};

const std::vector<GameInfo>& catalogue();
const GameInfo* find_game(std::string_view id);

// Raw options as a user typed them (`--option size=11`).
using OptionText = std::map<std::string, std::string, std::less<>>;

// Errors: unknown_game, unknown_option, bad_option_value (not a positive integer, or
// not one of the allowed values).
Result<std::shared_ptr<const Ruleset>> make_ruleset(std::string_view game_id, const OptionText& options = {});

}  // namespace bh::rules
