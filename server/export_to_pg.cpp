#include "export_to_pg.hpp"

#include <ostream>

#include "storage/pg/pg_export.hpp"

namespace bh::server {

int export_to_pg(const std::string& db, const std::string& dsn, std::ostream& out, std::ostream& err) {
  auto copied = storage::export_sqlite_to_pg(db, dsn, [&out](const std::string& line) { out << line << "\n"; });
  if (!copied.error.ok()) {
    // The DSN may hold a password: it is not repeated here.
    err << "boardhall-server: export of " << db << " failed: " << copied.error.message << "\n";
    return copied.error.code == storage::StoreErrc::conflict ? 2 : 1;
  }
  const auto& n = *copied.value;
  out << "exported " << db << ": " << n.accounts << " accounts, " << n.games << " games, " << n.ratings << " ratings, "
      << n.rating_history << " rating history rows, " << n.tournaments << " tournaments, " << n.explorer_rows
      << " explorer rows\n";
  return 0;
}

}  // namespace bh::server
