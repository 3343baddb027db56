#include "match/match_args.hpp"

#include <charconv>
#include <optional>

#include "engine/levels.hpp"

namespace bh::bot {

namespace {

template <class T>
std::optional<T> to_number(std::string_view s) {
  T v{};
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

MatchArgs parse_match_args(std::span<const std::string_view> args) {
  MatchArgs out;
  MatchConfig& c = out.config;
  bool have_game = false, have_level = false, have_vs = false, have_games = false;
  auto fail = [&out](std::string message) {
    out.error = std::move(message);
    return out;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view flag = args[i];
    if (i + 1 >= args.size()) return fail("missing value after " + std::string(flag));
    const std::string_view value = args[++i];
    auto int_in = [&](int lo, int hi) -> std::optional<int> {
      const auto v = to_number<int>(value);
      if (!v || *v < lo || *v > hi) return std::nullopt;
      return v;
    };
    if (flag == "--game") {
      c.game = value;
      have_game = true;
    } else if (flag == "--option") {
      const auto eq = value.find('=');
      if (eq == std::string_view::npos || eq == 0) return fail("--option takes k=v, not '" + std::string(value) + "'");
      c.options[std::string(value.substr(0, eq))] = std::string(value.substr(eq + 1));
    } else if (flag == "--level") {
      const auto v = int_in(min_level, max_level);
      if (!v) return fail("--level must be 1..8, not '" + std::string(value) + "'");
      c.level = *v;
      have_level = true;
    } else if (flag == "--vs") {
      if (value == "random") {
        c.vs_level.reset();
      } else {
        const auto v = int_in(min_level, max_level);
        if (!v) return fail("--vs must be random or a level 1..8, not '" + std::string(value) + "'");
        c.vs_level = *v;
      }
      have_vs = true;
    } else if (flag == "--games") {
      const auto v = int_in(1, 1000000);
      if (!v) return fail("--games must be a positive number, not '" + std::string(value) + "'");
      c.games = *v;
      have_games = true;
    } else if (flag == "--seed") {
      const auto v = to_number<std::uint64_t>(value);
      if (!v) return fail("--seed must be a number, not '" + std::string(value) + "'");
      c.seed = *v;
    } else if (flag == "--movetime") {
      const auto v = int_in(1, 3600000);
      if (!v) return fail("--movetime must be a positive number of milliseconds, not '" + std::string(value) + "'");
      c.movetime_ms = *v;
    } else if (flag == "--max-plies") {
      const auto v = int_in(1, 100000);
      if (!v) return fail("--max-plies must be a positive number, not '" + std::string(value) + "'");
      c.max_plies = *v;
    } else if (flag == "--jobs") {
      const auto v = int_in(1, 256);
      if (!v) return fail("--jobs must be 1..256, not '" + std::string(value) + "'");
      c.jobs = *v;
    } else {
      return fail("unknown argument '" + std::string(flag) + "'");
    }
  }
  if (!have_game) return fail("--game is required");
  if (!have_level) return fail("--level is required");
  if (!have_vs) return fail("--vs is required");
  if (!have_games) return fail("--games is required");
  return out;
}

}  // namespace bh::bot
