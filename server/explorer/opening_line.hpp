// The opening explorer's view of a game (docs/explorer.md): which variant it is, and a
// key for each position of its opening, computed with the rules so that the store, which
// knows no rules, can index and look up positions by number.
//
// A key is FNV-1a (64 bits) of the rules' position text, which holds the side to move:
// the same position reached by two move orders is one key, and a key never changes with
// the build (it is stored). Two positions sharing a key by chance would share a row: at
// 64 bits, among the millions of positions of a large archive, that is a chance in 10^6.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/fallible.hpp"
#include "rules/ruleset.hpp"
#include "storage/records.hpp"

namespace bh::explorer {

// The game and every option of its ruleset (defaults included), e.g. "copenhagen" or
// "seatafl:king_limit=0,size=11": games whose moves mean the same share a variant.
std::string variant_key(const rules::Ruleset& rules);
std::int64_t position_key(const rules::Ruleset& rules, const rules::Position& position);

// The record's opening line: the key before each of its first storage::kExplorerPlies
// moves. Empty (not indexed) for an aborted or private game, one the rules cannot
// replay from its start, and the moves from the first one they refuse.
storage::OpeningLine opening_line(const storage::GameRecord& record);

// Where a list of moves from a game's start leads, for a query.
struct Walk {
  std::string game;
  std::map<std::string, std::string> options;  // as given
  std::vector<std::string> moves;
  std::string variant;
  std::int64_t position = 0;
  std::string position_text;
  std::string to_move;  // the side's name: attackers, defenders, white, black
};
// Errors name what is wrong: an unknown game or option, a move the rules refuse (with
// its ply).
Fallible<Walk> walk(std::string_view game, const std::map<std::string, std::string>& options,
                    const std::vector<std::string>& moves);

// Client text in a message: at most 64 bytes of it, cut between characters, quoted.
std::string quoted(std::string_view text);

}  // namespace bh::explorer
