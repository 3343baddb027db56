// What a room's creator chose: the game and its options (with the rules they make),
// the side, the clock, the number of games, private or listed. Fixed for the room's
// life.
//
// Thread-safety: a plain value (the room keeps a const one).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "game/correspondence_clock.hpp"
#include "game/creator_side.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"

namespace bh::game {

struct RoomSettings {
  std::string game;
  protocol::OptionMap options;
  std::shared_ptr<const rules::Ruleset> rules;
  CreatorSide creator_side = CreatorSide::random;
  std::optional<protocol::ClockMs> clock;
  // A correspondence game (never with `clock`): days per move or a bank, no abandonment,
  // any number of them per player (docs/correspondence.md).
  std::optional<CorrespondenceControl> correspondence;
  int games = 1;
  bool is_private = false;
  bool seek = false;   // opened by `seek` (quick pairing)
  bool rated = false;  // both players registered (docs/ratings.md)
  // A game against the computer: the bot's level, 1..8. A room of play_computer is
  // private (without an invite code) and casual; a tournament's game with the computer
  // its creator added is as the tournament says.
  std::optional<int> computer_level;
  // A tournament's game (docs/tournaments.md): the tournament and the game's id, given
  // when it was paired and written with the pairing, so that after a restart the game
  // and its pairing still match. No abort by a player, no rematch.
  struct Tournament {
    std::string id, game_id;
  };
  std::optional<Tournament> tournament;
};

}  // namespace bh::game
