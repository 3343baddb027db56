// `boardhall-server --db FILE --grant-role NAME ROLE`: the operator gives the account
// NAME the role moderator or admin, or takes its role away (none) (docs/moderation.md),
// with an entry in the audit log by "(operator)". One shot, run before (or beside) the
// server: a running server reads roles at start, so restart it (or give further roles
// from the admin page).
//
// Thread-safety: call from main only (it opens and closes its own store).
#pragma once

#include <iosfwd>
#include <string>

namespace bh::server {

// Returns the exit status: 0 (done; one line on `out`), 2 (refused or failed; one line
// on `err`).
int grant_role(const std::string& db, const std::string& cluster_db, const std::string& name, const std::string& role,
               std::ostream& out, std::ostream& err);

}  // namespace bh::server
