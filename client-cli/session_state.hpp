// What a Session (session.hpp) remembers between messages, as plain values: the live
// games this client plays or watches, a replay of an archived game, the commands
// waiting for their reply, a wait in progress and the log of server events.
//
// Thread-safety: values only; the UI thread owns them.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "protocol/messages.hpp"
#include "rules/ruleset.hpp"

namespace bh::cli {

using Clock = std::chrono::steady_clock;

// A game this client plays or watches, as the server last described it.
struct FollowedGame {
  protocol::server::GameView view;
  std::shared_ptr<const rules::Ruleset> rules;  // null: a game this client does not know
  std::optional<rules::Position> position, previous;
  std::string last_move;
  Clock::time_point clocks_at;  // when view.clocks was received
  bool ended = false;
  std::string end_text;
  std::string huff;  // named with `huff SQ`: put in front of the next move
};

// An archived game opened with `replay`, stepped through locally.
struct Replay {
  protocol::server::ArchivedGame record;
  std::shared_ptr<const rules::Ruleset> rules;
  std::vector<rules::Position> positions;  // start, then after each move replayed
  std::string problem;                     // why the replay stopped early
  int step = 0;
};

// A command sent to the server and not yet answered.
struct Pending {
  Cmd kind;
  std::string game_id;  // resign / accept: game_over of this game completes them
  Clock::time_point deadline;
};

// A `wait` command in progress.
struct Wait {
  WaitArgs args;
  Clock::time_point deadline;
};

// A server event, kept for `wait event` (each is taken once).
struct LoggedEvent {
  std::string type;
  std::string game_id;
  bool taken = false;
};

// The rules of `game` with the server's option text; null when this client does not
// know the game or refuses the options.
std::shared_ptr<const rules::Ruleset> make_rules(const std::string& game, const protocol::OptionMap& options);

// The pieces the player to move may name for a huff (from the legal moves' texts),
// each once, in the order the moves list them; empty without rules or a position.
std::vector<std::string> huff_choices(const FollowedGame& g);

}  // namespace bh::cli
