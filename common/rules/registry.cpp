#include "rules/registry.hpp"

#include <algorithm>
#include <charconv>

#include "rules/engines.hpp"

namespace bh::rules {

const std::vector<GameInfo>& catalogue() {
  static const std::vector<GameInfo> games{
      {"tavlei", "Tavlei (Russian tafl), 9x9", "attackers", "defenders", {}},
      {"tablut", "Tablut, 9x9", "attackers", "defenders", {}},
      {"seatafl",
       "Sea tafl, 9x9 or 11x11",
       "attackers",
       "defenders",
       {
           {"size", "board size", {9, 11}, 9},
           {"king_limit", "the king moves at most N squares", {}, std::nullopt},
           {"move_limit", "every piece moves at most N squares", {}, std::nullopt},
       }},
      {"copenhagen", "Copenhagen hnefatafl, 11x11", "attackers", "defenders", {}},
      {"brandubh", "Brandubh, 7x7", "attackers", "defenders", {}},
      {"draughts", "Russian draughts (shashki), 8x8", "white", "black", {}},
      {"alquerque", "Alquerque, 5x5", "white", "black", {}},
  };
  return games;
}

const GameInfo* find_game(std::string_view id) {
  const auto& games = catalogue();
  const auto it = std::find_if(games.begin(), games.end(), [&](const GameInfo& g) { return g.id == id; });
  return it == games.end() ? nullptr : &*it;
}

namespace {

std::optional<int> positive_int(std::string_view text) {
  int value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value <= 0) return std::nullopt;
  return value;
}

Result<OptionValues> validate(const GameInfo& game, const OptionText& given) {
  OptionValues values;
  for (const auto& [name, text] : given) {
    const auto spec = std::find_if(game.options.begin(), game.options.end(),
                                   [&key = name](const OptionSpec& s) { return s.name == key; });
    if (spec == game.options.end()) {
      std::string known;
      for (const auto& s : game.options) known += (known.empty() ? "" : ", ") + s.name;
      return make_error(Errc::unknown_option,
                        "unknown option '" + name + "' for " + game.id +
                            (known.empty() ? " (it takes no options)" : " (known: " + known + ")"));
    }
    const auto value = positive_int(text);
    if (!value)
      return make_error(Errc::bad_option_value, "option " + name + " must be a positive integer, not '" + text + "'");
    if (!spec->allowed.empty() &&
        std::find(spec->allowed.begin(), spec->allowed.end(), *value) == spec->allowed.end()) {
      std::string allowed;
      for (int a : spec->allowed) allowed += (allowed.empty() ? "" : " or ") + std::to_string(a);
      return make_error(Errc::bad_option_value, "option " + name + " must be " + allowed + ", not " + text);
    }
    values[name] = *value;
  }
  for (const auto& spec : game.options)
    if (spec.fallback && !values.contains(spec.name)) values[spec.name] = *spec.fallback;
  return values;
}

}  // namespace

Result<std::shared_ptr<const Ruleset>> make_ruleset(std::string_view game_id, const OptionText& options) {
  const GameInfo* game = find_game(game_id);
  if (game == nullptr) {
    std::string known;
    for (const auto& g : catalogue()) known += (known.empty() ? "" : ", ") + g.id;
    return make_error(Errc::unknown_game, "unknown game '" + std::string(game_id) + "' (known: " + known + ")");
  }
  auto values = validate(*game, options);
  if (!values) return values.error();
  std::shared_ptr<const Ruleset> rules;
  if (game->id == "draughts") rules = make_draughts(std::move(*values));
  else if (game->id == "alquerque") rules = make_alquerque(std::move(*values));
  else rules = make_tafl(game->id, std::move(*values));
  if (!rules) return make_error(Errc::unknown_game, "game '" + game->id + "' is not available in this build");
  return rules;
}

}  // namespace bh::rules
