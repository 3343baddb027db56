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

// Whether '+' means a space: it does in a query (form encoding), not in a path.
enum class PlusIs { space, plus };
// %XX decoded once, and '+' as `plus` says; nullopt for a bad escape.
std::optional<std::string> percent_decode(std::string_view text, PlusIs plus = PlusIs::space);

}  // namespace bh::net
