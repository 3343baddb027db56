// Splitting an HTTP request target ("/api/games?game=tablut&page=2") into the path and
// the decoded query parameters.
//
// Thread-safety: pure functions.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace bh::net {

struct Target {
  std::string path;                          // as sent, without the query
  std::map<std::string, std::string> query;  // %XX and '+' decoded; a repeated key keeps the last
};

// nullopt for a target that is not an origin-form path or has a bad %-escape.
std::optional<Target> split_target(std::string_view target);

// %XX and '+' (as a space) decoded; nullopt for a bad escape.
std::optional<std::string> percent_decode(std::string_view text);

}  // namespace bh::net
