#include "grant_role.hpp"

#include <ostream>

#include "app/wall_clock.hpp"
#include "one_shot_store.hpp"

namespace bh::server {

int grant_role(const std::string& db, const std::string& cluster_db, const std::string& name, const std::string& role,
               std::ostream& out, std::ostream& err) {
  auto opened = open_one_shot_store(db, cluster_db, err);
  if (!opened) return 2;
  auto& store = *opened;
  storage::ModerationAction action{
      "grant_role", name, role, std::nullopt, "(operator)", "--grant-role at the command line", app::now_ms()};
  const auto done = wait<storage::StoreResult<storage::ModerationOutcome>>(
      [&](auto callback) { store.moderate(std::move(action), std::move(callback)); });
  store.close();
  if (!done.error.ok()) {
    err << "--grant-role: " << done.error.message << "\n";
    return 2;
  }
  if (role == "none") out << "'" << name << "' has no role now\n";
  else out << "'" << name << "' is " << (role == "admin" ? "an admin" : "a moderator") << " now\n";
  return 0;
}

}  // namespace bh::server
