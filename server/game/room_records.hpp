// The storage records of a room: the live game's header (what a restart needs to bring
// the game back) and a finished game's archive record. Pure functions from the room's
// values; the room gathers the seats' credentials and the time.
//
// Thread-safety: pure functions over the arguments.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/match_score.hpp"
#include "game/room_settings.hpp"
#include "storage/records.hpp"

namespace bh::game::records {

// What a room is, fixed for its life.
struct RoomFacts {
  const std::string& room_id;
  const std::string& match_id;
  const std::string& invite_code;
  const RoomSettings& settings;
};
// A seated player with what lets them resume after a restart.
struct SeatIdentity {
  std::string player, token;
  bool registered = false;
  bool bot = false;  // a bot account
};

// The header of the live game `game_id` (without moves): seats 0 (the creator) and 1,
// each with the match points `score` gives them.
storage::LiveGame live_header(const RoomFacts& room, const std::array<SeatIdentity, 2>& seats,
                              const std::string& game_id, int first_seat, std::int64_t started_ms,
                              const MatchScore& score);

// The archive record of a finished game. Precondition: `game` is over. `players` by
// side; the end time is never before the start.
storage::GameRecord game_record(const RoomFacts& room, const std::string& game_id, const rules::GameState& game,
                                const protocol::SidePair& players, int game_number, std::int64_t started_ms,
                                std::int64_t ended_ms, const std::vector<storage::MoveRecord>& moves);

}  // namespace bh::game::records
