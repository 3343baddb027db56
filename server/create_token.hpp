// `boardhall-server --db FILE --create-token NAME --scopes LIST [--label TEXT]
// --secret-file PATH`: the operator makes a personal API token (docs/api.md) of the
// account NAME, typically a bot account it made with --create-bot, and the token is
// written to PATH for the program that will use it. One shot, run before (or beside)
// the server. Run again with PATH holding a token of NAME that works, it changes
// nothing, so a container can run it at every start.
//
// Thread-safety: call from main only (it opens and closes its own store).
#pragma once

#include <iosfwd>
#include <string>

namespace bh::server {

struct TokenRequest {
  std::string db, cluster_db;  // the SQLite file, or a cluster's PostgreSQL
  std::string owner, scopes, label, secret_file;
};

// Returns the exit status: 0 (done; one line on `out`), 2 (refused or failed; one line
// on `err`).
int create_token(const TokenRequest& request, std::ostream& out, std::ostream& err);

}  // namespace bh::server
