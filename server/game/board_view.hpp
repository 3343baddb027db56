// The `board` object of the protocol (docs/protocol.md, "Games"): a game's board as a
// client draws it, read from the rules module's board queries (geometry, pieces,
// square kinds, lines, note). It depends on the game and its options only, so it is
// made once per ruleset: a room keeps the one it got; the archive's answers share them
// through shared_board.
//
// Thread-safety: board_view is a pure function; shared_board may be called from any
// thread (a mutex held only for the lookup).
#pragma once

#include <memory>

#include "protocol/messages.hpp"
#include "rules/ruleset.hpp"

namespace bh::game {

protocol::server::Board board_view(const rules::Ruleset& rules);

// board_view(rules), made once per game and options and shared. At most a few dozen are
// kept (the option values that change nothing on the board, such as a king's move
// limit, are unbounded); past that, each call makes its own.
std::shared_ptr<const protocol::server::Board> shared_board(const rules::Ruleset& rules);

}  // namespace bh::game
