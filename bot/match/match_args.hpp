// The arguments of `boardhall-bot match`, parsed into a MatchConfig. Game and options
// are checked later by the registry (its make_ruleset error is the message).
//
// Thread-safety: pure function.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "match/match.hpp"

namespace bh::bot {

struct MatchArgs {
  MatchConfig config;
  std::string error;  // empty when the arguments are sound
};

// `args`: what follows the word `match`.
MatchArgs parse_match_args(std::span<const std::string_view> args);

inline constexpr std::string_view match_usage =
    "usage: boardhall-bot match --game G [--option k=v]... --level A --vs random|LEVEL --games N\n"
    "                           [--seed S] [--movetime MS] [--max-plies P] [--jobs J]\n";

}  // namespace bh::bot
