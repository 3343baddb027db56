#include "one_shot_store.hpp"

#include "storage/pg/pg_store.hpp"
#include "storage/sqlite_store.hpp"

namespace bh::server {

std::unique_ptr<storage::Store> open_one_shot_store(const std::string& db, const std::string& cluster_db,
                                                    std::ostream& err) {
  auto log = [&err](const std::string& line) { err << "store: " << line << "\n"; };
  if (!cluster_db.empty()) {
    storage::PgOptions options;
    options.log = log;
    auto opened = storage::PgStore::open(cluster_db, options);
    if (!opened.error.ok() || !opened.value || !*opened.value) {
      err << "cannot open the cluster's database: " << opened.error.message << "\n";
      return nullptr;
    }
    return std::move(*opened.value);
  }
  storage::SqliteOptions options;
  options.log = log;
  auto opened = storage::open_sqlite_store(db, options);
  if (!opened.error.ok()) {
    err << storage::open_failure_text(db, opened.error) << "\n";
    return nullptr;
  }
  return std::move(*opened.value);
}

}  // namespace bh::server
