#include "game/room_records.hpp"

#include <algorithm>

#include "game/room_views.hpp"

namespace bh::game::records {

namespace {

std::optional<storage::ClockSpec> clock_spec(const RoomSettings& settings) {
  if (!settings.clock) return std::nullopt;
  return storage::ClockSpec{settings.clock->initial_ms, settings.clock->increment_ms};
}

}  // namespace

storage::LiveGame live_header(const RoomFacts& room, const std::array<SeatIdentity, 2>& seats,
                              const std::string& game_id, int first_seat, std::int64_t started_ms,
                              const MatchScore& score) {
  const auto& settings = room.settings;
  storage::LiveGame g;
  g.game_id = game_id;
  g.room_id = room.room_id;
  g.match_id = room.match_id;
  g.game = settings.game;
  g.options = settings.options.values;
  g.clock = clock_spec(settings);
  if (settings.correspondence) g.correspondence = to_text(*settings.correspondence);
  g.creator_side = std::string(to_string(settings.creator_side));
  g.is_private = settings.is_private;
  g.rated = settings.rated;
  g.computer_level = settings.computer_level;
  g.invite_code = room.invite_code;
  g.games = settings.games;
  g.game_number = score.game_number();
  for (std::size_t i = 0; i < 2; ++i) {
    auto& seat = g.seats[i];
    seat.player = seats[i].player;
    seat.token = seats[i].token;
    seat.registered = seats[i].registered;
    seat.bot = seats[i].bot;
    seat.match_points = score.total(seat.player);
  }
  g.first_seat = first_seat;
  g.started_ms = started_ms;
  return g;
}

storage::GameRecord game_record(const RoomFacts& room, const std::string& game_id, const rules::GameState& game,
                                const protocol::SidePair& players, int game_number, std::int64_t started_ms,
                                std::int64_t ended_ms, const std::vector<storage::MoveRecord>& moves) {
  const auto& settings = room.settings;
  const auto& status = game.status();
  const auto points = game.points();
  storage::GameRecord record;
  record.id = game_id;
  record.game = settings.game;
  record.options.insert(settings.options.values.begin(), settings.options.values.end());
  record.start_position = game.rules().position_text(game.start());
  record.first_player = players.first;
  record.second_player = players.second;
  record.result = views::result_text(status);
  record.reason = std::string(rules::to_string(status.reason));
  record.first_points = points.first;
  record.second_points = points.second;
  record.clock = clock_spec(settings);
  if (settings.correspondence) record.correspondence = to_text(*settings.correspondence);
  record.match_id = settings.games > 1 ? room.match_id : std::string();  // a single game has no match
  record.match_game = game_number;
  record.started_ms = started_ms;
  record.ended_ms = std::max(ended_ms, started_ms);
  record.moves = moves;
  record.is_private = settings.is_private;
  record.rated = settings.rated;
  record.computer_level = settings.computer_level;
  return record;
}

}  // namespace bh::game::records
