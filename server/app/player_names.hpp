// What a player's name may be (guests, accounts, bot accounts): 1 to `max_length`
// bytes of ASCII letters, digits, '-', '_', '.', and spaces inside.
//
// Thread-safety: a pure function.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>

namespace bh::app {

inline bool valid_player_name(const std::string& name, std::size_t max_length) {
  if (name.empty() || name.size() > max_length || name.front() == ' ' || name.back() == ' ') return false;
  for (unsigned char c : name)
    if (!(std::isalnum(c) || c == ' ' || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

}  // namespace bh::app
