#include "app/rooms/room_request.hpp"

#include <cmath>

#include "rules/registry.hpp"

namespace bh::app {

Fallible<game::RoomSettings> checked_room_settings(const protocol::client::CreateRoom& r) {
  game::RoomSettings settings;
  settings.game = r.game;
  if (r.options) settings.options = *r.options;
  rules::OptionText options(settings.options.values.begin(), settings.options.values.end());
  auto made = rules::make_ruleset(r.game, options);
  if (!made) return failure(made.error().message);
  settings.rules = *made;
  const std::string side = r.side.value_or("random");
  const auto& rs = *settings.rules;
  if (side == "first" || side == rs.side_name(rules::Side::first)) {
    settings.creator_side = game::CreatorSide::first;
  } else if (side == "second" || side == rs.side_name(rules::Side::second)) {
    settings.creator_side = game::CreatorSide::second;
  } else if (side == "random") {
    settings.creator_side = game::CreatorSide::random;
  } else {
    return failure("side must be first, second, random, " + std::string(rs.side_name(rules::Side::first)) + " or " +
                   std::string(rs.side_name(rules::Side::second)));
  }
  if (r.clock) {
    const double initial = r.clock->initial_s, increment = r.clock->increment_s.value_or(0);
    if (!(initial >= 0.1 && initial <= 86'400) || !(increment >= 0 && increment <= 3'600))
      return failure("a clock has initial_s from 0.1 to 86400 and increment_s from 0 to 3600");
    settings.clock = protocol::ClockMs{std::llround(initial * 1000), std::llround(increment * 1000)};
  }
  settings.games = r.games.value_or(1);
  if (settings.games < 1 || settings.games > 99) return failure("games must be 1 to 99");
  settings.is_private = r.is_private.value_or(false);
  return settings;
}

}  // namespace bh::app
