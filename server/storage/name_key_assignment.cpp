#include "storage/name_key_assignment.hpp"

#include <set>

#include "names/player_names.hpp"

namespace bh::storage {

std::vector<AssignedKey> assign_name_keys(const std::vector<std::string>& names) {
  std::vector<AssignedKey> out;
  out.reserve(names.size());
  std::set<std::string> held;
  for (const auto& name : names) {
    AssignedKey assigned{name, names::name_key(name), false};
    if (!held.insert(assigned.key).second) {
      assigned.apart = true;
      assigned.key += kApart;
      assigned.key += name;
    }
    out.push_back(std::move(assigned));
  }
  return out;
}

}  // namespace bh::storage
