// `boardhall-server --db FILE --export-to DSN`: the SQLite database's accounts, archive
// and ratings copied into an empty PostgreSQL database (storage/pg/pg_export.hpp), the
// way from one server to cluster mode (docs/cluster.md). One shot, with the server
// stopped.
//
// Thread-safety: call from main only.
#pragma once

#include <iosfwd>
#include <string>

namespace bh::server {

// Returns the exit status: 0 (copied; one line of counts on `out`), 1 (a database
// failed) or 2 (the target is not empty), with one line on `err`.
int export_to_pg(const std::string& db, const std::string& dsn, std::ostream& out, std::ostream& err);

}  // namespace bh::server
