// Tab completion of a typed line: command names, and the room and game ids the session
// knows of. The pure part, unit-tested; terminal.cpp hands the candidates to libedit.
//
// Thread-safety: pure functions over values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bh::cli {

// What the session has seen that a user may want to type again.
struct KnownIds {
  std::vector<std::string> rooms;        // the last `rooms` listing: rooms to join
  std::vector<std::string> live;         // the last `rooms` listing: live games to watch
  std::vector<std::string> archived;     // the last `archive` page: games to replay
  std::vector<std::string> followed;     // games this session plays or watches
  std::vector<std::string> game_types;   // the server's games (`games`), for create
  std::vector<std::string> players;      // names seen in listings and games, for profile
  std::vector<std::string> tournaments;  // the last `tournaments` listing and those shown
};

// The rating keys (docs/ratings.md), for top.
inline const std::vector<std::string> kRatingKeys{"tavlei",     "tablut",   "seatafl-9x9", "seatafl-11x11",
                                                  "copenhagen", "brandubh", "draughts",    "alquerque"};

// Candidates for the word being typed at the end of `line` (the text before the
// cursor; after a space, a new empty word): the known words that start with it, sorted,
// each once. The first word completes to a command name; the second to what that
// command takes: join a room; watch a live or followed game; replay an archived or
// followed game; help a command; create a game type; wait what to wait for; profile a
// player seen; top a rating key; computer a game type, then level, clock and side (and
// the levels, "none" and the sides after those); tournament, join-, withdraw- and
// start-tournament a tournament id; tournaments a status; create-tournament a format,
// then a game type; block, unblock and report a player seen (report then its
// reasons); mod an action, then (for an action on a player) a player seen; reports
// --all.
// A command named after another and a hyphen (join-tournament) is offered for the first
// word only once its hyphen is typed, so "jo" still completes to join.
// Nothing elsewhere (moves, flags), so a Tab there changes nothing.
std::vector<std::string> completions(std::string_view line, const KnownIds& known);

}  // namespace bh::cli
