#include "bot_game.hpp"

#include <algorithm>

#include "rules/registry.hpp"

namespace bh::bot::client {

std::optional<rules::GameState> replay_view(const protocol::server::GameView& view, std::string& why) {
  rules::OptionText options;
  for (const auto& [k, v] : view.options.values) options.emplace(k, v);
  auto rules = rules::make_ruleset(view.game, options);
  if (!rules) {
    why = "cannot make the rules of " + view.game + ": " + rules.error().message;
    return std::nullopt;
  }
  auto start = (*rules)->parse_position(view.start_position);
  if (!start) {
    why = "bad start position: " + start.error().message;
    return std::nullopt;
  }
  rules::GameState state(*rules, *start);
  for (const auto& text : view.moves) {
    if (auto played = state.play(text); !played) {
      why = "move " + text + " refused at ply " + std::to_string(state.ply()) + ": " + played.error().message;
      return std::nullopt;
    }
  }
  return state;
}

std::optional<rules::Side> side_from_text(const std::string& text) {
  if (text == "first") return rules::Side::first;
  if (text == "second") return rules::Side::second;
  return std::nullopt;
}

ChoiceLimits limits_for(const BotGame& game, std::uint64_t seed, std::int64_t now_unix_ms) {
  ChoiceLimits limits;
  limits.level = game.level;
  // A different seed per game and ply: the low levels' noise must not repeat itself.
  limits.seed = seed ^ (std::hash<std::string>{}(game.game_id) + static_cast<std::uint64_t>(game.state.ply()));
  if (game.clocks) {
    const bool first = game.me == rules::Side::first;
    limits.my_time_ms = first ? game.clocks->first_ms : game.clocks->second_ms;
    limits.their_time_ms = first ? game.clocks->second_ms : game.clocks->first_ms;
    limits.my_increment_ms = game.clocks->increment_ms;
    if (const auto deadline = game.clocks->first_move_deadline_ms) {
      const std::int64_t before_deadline = std::clamp<std::int64_t>(*deadline - now_unix_ms, 0, first_move_budget_ms);
      limits.my_time_ms = std::min(*limits.my_time_ms, before_deadline);
      limits.my_increment_ms = 0;  // nothing is added before the deadline
    }
  }
  return limits;
}

}  // namespace bh::bot::client
