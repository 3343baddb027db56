#include "offline_commands.hpp"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <vector>

#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::cli {
namespace {

using rules::GameState;

struct Request {
  std::string game;
  rules::OptionText options;
  std::optional<std::string> position;
  std::optional<std::string> moves;
  std::vector<std::string> positional;  // after the game id
};

int usage_error(const std::string& message) {
  std::cerr << "boardhall: " << message << '\n';
  return 2;
}

// Reads GAME [--option k=v]... [--position STR] [--moves "m1 m2"] [extra...].
std::optional<Request> parse_request(std::span<const std::string> args, std::string& error) {
  Request r;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--option" || a == "--position" || a == "--moves") {
      if (!has_value) {
        error = a + " needs a value";
        return std::nullopt;
      }
      const std::string& v = args[++i];
      if (a == "--position") {
        r.position = v;
      } else if (a == "--moves") {
        r.moves = v;
      } else {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0) {
          error = "--option expects NAME=VALUE, not '" + v + "'";
          return std::nullopt;
        }
        r.options[v.substr(0, eq)] = v.substr(eq + 1);
      }
    } else if (a.starts_with("--")) {
      error = "unknown flag " + a;
      return std::nullopt;
    } else if (r.game.empty()) {
      r.game = a;
    } else {
      r.positional.push_back(a);
    }
  }
  if (r.game.empty()) {
    error = "missing GAME (one of: tavlei, tablut, seatafl, copenhagen, brandubh, draughts, alquerque)";
    return std::nullopt;
  }
  return r;
}

std::vector<std::string> split_moves(const std::string& text) {
  // Moves are separated by spaces, but a huff prefix ("huff b2 c2-c3") belongs to the
  // move after it.
  std::istringstream in(text);
  std::vector<std::string> out;
  std::string word;
  while (in >> word) {
    if (word == "huff") {
      std::string square, move;
      in >> square >> move;
      out.push_back("huff " + square + " " + move);
    } else {
      out.push_back(word);
    }
  }
  return out;
}

// Builds the state from --position (or the start); returns nullopt after printing why.
std::optional<GameState> initial_state(const Request& r) {
  auto rules = rules::make_ruleset(r.game, r.options);
  if (!rules) {
    usage_error(rules.error().message);
    return std::nullopt;
  }
  if (!r.position) return GameState(*rules);
  auto position = (*rules)->parse_position(*r.position);
  if (!position) {
    usage_error(position.error().message);
    return std::nullopt;
  }
  return GameState(*rules, *position);
}

nlohmann::json illegal_move_json(const rules::Error& e, int ply, const std::string& move) {
  return {{"error", e.message}, {"code", rules::to_string(e.code)}, {"ply", ply}, {"move", move}};
}

}  // namespace

int run_perft(std::span<const std::string> args) {
  std::string error;
  const auto r = parse_request(args, error);
  if (!r) return usage_error(error + "\nusage: boardhall perft GAME DEPTH [--option k=v]... [--position STR]");
  if (r->moves) return usage_error("perft takes --position, not --moves");
  if (r->positional.size() != 1)
    return usage_error("usage: boardhall perft GAME DEPTH [--option k=v]... [--position STR]");
  int depth = 0;
  try {
    std::size_t used = 0;
    depth = std::stoi(r->positional[0], &used);
    if (used != r->positional[0].size()) depth = -1;
  } catch (const std::exception&) {
    depth = -1;
  }
  if (depth < 1 || depth > 20)
    return usage_error("DEPTH must be a whole number from 1 to 20, not '" + r->positional[0] + "'");
  const auto state = initial_state(*r);
  if (!state) return 2;
  for (int d = 1; d <= depth; ++d) std::cout << d << ' ' << state->rules().perft(state->position(), d) << std::endl;
  return 0;
}

int run_legal(std::span<const std::string> args) {
  std::string error;
  const auto r = parse_request(args, error);
  if (!r)
    return usage_error(error + "\nusage: boardhall legal GAME [--option k=v]... [--position STR | --moves \"m1 m2\"]");
  if (!r->positional.empty()) return usage_error("unexpected argument '" + r->positional[0] + "'");
  auto state = initial_state(*r);
  if (!state) return 2;
  if (r->moves) {
    int ply = 0;
    for (const auto& text : split_moves(*r->moves)) {
      ++ply;
      if (auto played = state->play(text); !played)
        return usage_error("move " + std::to_string(ply) + " (" + text + "): " + played.error().message);
    }
  }
  std::vector<std::string> texts;
  for (const auto& m : state->legal_moves()) texts.push_back(state->rules().move_text(m));
  std::sort(texts.begin(), texts.end());
  for (const auto& t : texts) std::cout << t << '\n';
  return 0;
}

int run_play(std::span<const std::string> args) {
  std::string error;
  const auto r = parse_request(args, error);
  if (!r)
    return usage_error(error + "\nusage: boardhall play GAME [--option k=v]... [--position STR] --moves \"m1 m2\"");
  if (!r->positional.empty()) return usage_error("unexpected argument '" + r->positional[0] + "'");
  auto state = initial_state(*r);
  if (!state) return 2;
  int ply = 0;
  for (const auto& text : split_moves(r->moves.value_or(""))) {
    ++ply;
    if (auto played = state->play(text); !played) {
      std::cout << illegal_move_json(played.error(), ply, text).dump() << '\n';
      return 1;
    }
  }
  const auto& rules = state->rules();
  const auto& status = state->status();
  nlohmann::json out{
      {"position", rules.position_text(state->position())},
      {"to_move", rules.side_name(state->to_move())},
      {"status", status.kind == rules::Status::Kind::ongoing ? "ongoing"
                 : status.kind == rules::Status::Kind::draw  ? "draw"
                                                             : std::string(rules.side_name(status.winner))},
      {"reason", rules::to_string(status.reason)},
  };
  if (status.over() && rules.game_id() == "alquerque") {
    const auto points = state->points();
    out["points"] = {{"white", points.first}, {"black", points.second}};
  }
  std::cout << out.dump() << '\n';
  return 0;
}

}  // namespace bh::cli
