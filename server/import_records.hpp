// `boardhall-server --db FILE --import RECORDS [--game GAME]`: the operator adds
// historical games to the archive (docs/records.md, "Import"). One shot, run before (or
// beside) the server: it reads the file, replays every game through the rules, stores
// the games that replay as imported games, and prints a summary.
//
// The file's form is told by its name: `.csv` is a tafl site's list (the game from
// --game, or the file's name: copenhagen.csv, brandubh.csv); anything else is a
// tag-pair file (PDN for Russian draughts, Boardhall's own exports), whose games name
// their game (Game or GameType tag), else --game, else draughts for a `.pdn` file.
//
// The file is read as a stream, a line at a time, and each game is stored as it is
// read: memory is bounded by ImportRequest::limits (one line, one game) and the games
// waiting for the store, whatever the file's size (docs/records.md, "Limits").
//
// Thread-safety: call from main only (it opens and closes its own store).
#pragma once

#include <iosfwd>
#include <string>

#include "records/tag_text.hpp"

namespace bh::server {

struct ImportRequest {
  std::string db;    // --db
  std::string file;  // --import
  std::string game;  // --game; "" when not given
  records::ReadLimits limits;
};

// Returns the exit status: 0 when the file was read and every game is in the archive,
// was there already, or was refused (each refusal one line on `err`: the file, its line,
// the reason, its control characters escaped); 1 when the file or the database cannot
// be read or written; 2 for a tafl list whose game the rules do not know (--game, or the
// file's name). The summary is one line on `out`.
int import_records(const ImportRequest& request, std::ostream& out, std::ostream& err);

}  // namespace bh::server
