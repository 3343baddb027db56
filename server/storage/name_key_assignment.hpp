// Which key each account's name gets when the keys are computed again (after the schema
// step that added them, or an ICU upgrade): names::name_key, except that when two names
// have one key the older account holds it and the newer one gets the key, then U+001F
// and its own name (unique, as names are), so it logs in by its name and blocks nobody
// new. Pure; shared by the SQLite store (name_keys.cpp) and the PostgreSQL one.
//
// Thread-safety: pure functions over the arguments.
#pragma once

#include <string>
#include <vector>

namespace bh::storage {

inline constexpr char kApart = '\x1f';

struct AssignedKey {
  std::string name;
  std::string key;
  bool apart = false;  // its name looks like an older account's: it got a key of its own
};

// `names` oldest account first; the keys in the same order.
std::vector<AssignedKey> assign_name_keys(const std::vector<std::string>& names);

}  // namespace bh::storage
