// `boardhall-server --db FILE --create-bot NAME --secret-file PATH`: the operator makes
// NAME a bot account (docs/bot.md). One shot, run before (or beside) the server.
//
// The password is a fresh random secret written to PATH (created exclusively, mode
// 0600), or the one PATH holds already: run again (a container does, at every start)
// it changes nothing when PATH holds the account's password, and gives the account
// PATH's password otherwise, so the file and the account always agree. A person's
// account named NAME is refused: nobody's account is turned into a bot.
//
// Thread-safety: call from main only (it opens and closes its own store).
#pragma once

#include <iosfwd>
#include <string>

namespace bh::server {

// Returns the exit status: 0 (done; one line on `out`), 2 (refused or failed; one line
// on `err`).
// The account is written to `cluster_db` (a PostgreSQL connection string, cluster mode)
// when it is not empty, else to the SQLite file `db`.
int create_bot(const std::string& db, const std::string& cluster_db, const std::string& name,
               const std::string& secret_file, std::ostream& out, std::ostream& err);

}  // namespace bh::server
