// Game options as clients send them: {"size": 11} or {"size": "11"}; kept as text for
// the rules module, which validates them. Apart from the JSON code so that the message
// structs (messages.hpp) need no JSON library.
//
// Thread-safety: a plain value.
#pragma once

#include <map>
#include <string>

namespace bh::protocol {

struct OptionMap {
  std::map<std::string, std::string> values;
  friend bool operator==(const OptionMap&, const OptionMap&) = default;
};

}  // namespace bh::protocol
