// create_tournament checked (docs/tournaments.md): the game and its options through the
// rules, the clock as a room's, each format's fields; and the settings of the rooms its
// games are played in. Pure.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>

#include "base/fallible.hpp"
#include "game/room_settings.hpp"
#include "protocol/messages.hpp"
#include "tournament/tournament.hpp"

namespace bh::app {

// The tournament's settings as `creator` asked ("" for the operator); `bots`: the
// operator lets bot accounts join (--tournament-bots).
Fallible<tournament::Settings> checked_tournament_settings(const protocol::client::CreateTournament& request,
                                                           const std::string& creator, bool bots, std::int64_t now_ms);

// The room of one of its games: its game, options and clock, rated as it is; the game's
// id, given when it was paired; the computer's level when it plays the game.
Fallible<game::RoomSettings> tournament_room_settings(const tournament::Tournament& t, const std::string& game_id);

}  // namespace bh::app
