#include "app/tournaments/tournament_request.hpp"

#include <cmath>

#include "app/rooms/room_request.hpp"
#include "rules/registry.hpp"

namespace bh::app {

namespace {

// The tafl games are asymmetric: each pair plays both sides by default.
bool asymmetric(const std::string& game) {
  const auto* info = rules::find_game(game);
  return info && info->first_side != info->second_side && info->first_side == "attackers";
}

protocol::client::CreateRoom room_request(const tournament::Settings& s) {
  protocol::client::CreateRoom r;
  r.game = s.game;
  r.options = protocol::OptionMap{s.options};
  protocol::client::ClockSeconds clock;
  if (s.time.correspondence()) {
    clock.days_per_move = s.time.days;
  } else {
    clock.initial_s = static_cast<double>(s.time.initial_ms) / 1000.0;
    clock.increment_s = static_cast<double>(s.time.increment_ms) / 1000.0;
  }
  r.clock = clock;
  return r;
}

}  // namespace

Fallible<tournament::Settings> checked_tournament_settings(const protocol::client::CreateTournament& r,
                                                           const std::string& creator, bool bots, std::int64_t now_ms) {
  tournament::Settings s;
  s.name = r.name;
  const auto format = tournament::format_from(r.format);
  if (!format) return failure(std::string("format must be round_robin, swiss or arena"));
  s.format = *format;
  s.game = r.game;
  if (r.options) s.options = r.options->values;
  if (!r.clock) return failure(std::string("a tournament needs a clock: {initial_s, increment_s} or {days_per_move}"));
  if (r.clock->bank_days || r.clock->increment_hours || r.clock->minimum_hours)
    return failure(std::string("a tournament's correspondence clock is days_per_move"));
  if (r.clock->days_per_move) {
    s.time.days = *r.clock->days_per_move;
  } else {
    const double initial = r.clock->initial_s.value_or(-1), increment = r.clock->increment_s.value_or(0);
    if (!(initial >= 1 && initial <= 10'800) || !(increment >= 0 && increment <= 180))
      return failure(std::string("a live clock has initial_s from 1 to 10800 and increment_s from 0 to 180"));
    s.time.initial_ms = std::llround(initial * 1000);
    s.time.increment_ms = std::llround(increment * 1000);
  }
  // The game, options and clock as a room checks them.
  auto room = checked_room_settings(room_request(s));
  if (!room) return failure(room.error());
  s.rated = r.rated.value_or(true);
  const bool both_sides = asymmetric(s.game);
  s.rounds = r.rounds.value_or(s.format == tournament::Format::swiss ? 5 : 0);
  s.cycles = r.cycles.value_or(both_sides ? 2 : 1);
  s.group_size = r.group_size.value_or(0);
  s.duration_ms =
      static_cast<std::int64_t>(r.duration_min.value_or(s.format == tournament::Format::arena ? 60 : 0)) * 60'000;
  s.starts_ms = r.starts_ms.value_or(0);
  if (s.starts_ms != 0 && (s.starts_ms < now_ms || s.starts_ms > now_ms + 90LL * 86'400'000))
    return failure(std::string("starts_ms must be in the next 90 days (or absent: started by its creator)"));
  s.max_players = r.max_players.value_or(s.format == tournament::Format::round_robin ? 10 : 64);
  s.min_rating = r.min_rating.value_or(0);
  s.is_private = r.is_private.value_or(false);
  s.mini_match = r.mini_match.value_or(both_sides && s.format == tournament::Format::swiss);
  if (s.mini_match && s.format != tournament::Format::swiss) return failure(std::string("mini_match is a Swiss's"));
  const double bye = r.bye_points.value_or(1.0);
  if (bye != 0 && bye != 0.5 && bye != 1) return failure(std::string("bye_points must be 0, 0.5 or 1"));
  s.bye_points = static_cast<int>(bye * 2);
  s.bots = bots;
  s.creator = creator;
  if (auto why = tournament::check_settings(s)) return failure(std::move(*why));
  return s;
}

Fallible<game::RoomSettings> tournament_room_settings(const tournament::Tournament& t, const std::string& game_id) {
  auto room = checked_room_settings(room_request(t.settings));
  if (!room) return failure(room.error());
  room->rated = t.settings.rated;
  room->tournament = game::RoomSettings::Tournament{t.id, game_id};
  // The computer's game says its level (the bot plays at it).
  for (const auto& g : t.games) {
    if (g.game_id != game_id) continue;
    for (const int number : {g.first, g.second})
      if (const auto* p = t.number(number); p && p->level > 0) room->computer_level = p->level;
  }
  return room;
}

}  // namespace bh::app
