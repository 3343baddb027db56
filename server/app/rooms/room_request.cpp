#include "app/rooms/room_request.hpp"

#include <cmath>
#include <string>
#include <variant>

#include "rules/registry.hpp"

namespace bh::app {

namespace {

// A clock is one of three kinds, told apart by its fields; its settings, or why not.
std::string checked_clock(const protocol::client::ClockSeconds& c, game::RoomSettings& settings) {
  const bool live = c.initial_s || c.increment_s;
  const bool days = c.days_per_move.has_value();
  const bool bank = c.bank_days || c.increment_hours || c.minimum_hours;
  if (live + days + bank != 1)
    return "a clock is {initial_s, increment_s} (a live game), {days_per_move} or {bank_days, increment_hours, "
           "minimum_hours} (a correspondence game), one kind only";
  if (live) {
    const double initial = c.initial_s.value_or(-1), increment = c.increment_s.value_or(0);
    if (!(initial >= 0.1 && initial <= 86'400) || !(increment >= 0 && increment <= 3'600))
      return "a clock has initial_s from 0.1 to 86400 and increment_s from 0 to 3600";
    settings.clock = protocol::ClockMs{std::llround(initial * 1000), std::llround(increment * 1000)};
    return {};
  }
  if (bank && (!c.bank_days || !c.increment_hours || !c.minimum_hours))
    return "a time bank needs bank_days, increment_hours and minimum_hours";
  auto made = days ? game::CorrespondenceControl::days(*c.days_per_move)
                   : game::CorrespondenceControl::bank(*c.bank_days, *c.increment_hours, *c.minimum_hours);
  if (auto* why = std::get_if<std::string>(&made)) return std::move(*why);
  settings.correspondence = std::get<game::CorrespondenceControl>(made);
  return {};
}

}  // namespace

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
    auto error = checked_clock(*r.clock, settings);
    if (!error.empty()) return failure(std::move(error));
  }
  settings.games = r.games.value_or(1);
  if (settings.games < 1 || settings.games > 99) return failure("games must be 1 to 99");
  settings.is_private = r.is_private.value_or(false);
  return settings;
}

}  // namespace bh::app
