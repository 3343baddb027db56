// The rules module and the engine for the browser (docs/wasm.md): a C interface that
// the WebAssembly build exports and web/public/js/engine/engine.js wraps. Games are
// handles; text comes back in one buffer, valid until the next call (JavaScript copies
// it at once). The same sources as the native build: no rule is written twice.
//
// Thread-safety: none (one module instance per Web Worker).
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/engine.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace {

using bh::rules::GameState;

struct Game {
  GameState state;
  std::unique_ptr<bh::bot::Engine> engine;  // made at the first search
};

std::map<int, Game> games;
int next_handle = 1;
std::string out;    // what the last call returned
std::string error;  // why the last call failed

// "size=11;king_limit=4" into the registry's options.
bh::rules::OptionText options_of(std::string_view text) {
  bh::rules::OptionText options;
  while (!text.empty()) {
    const auto end = text.find(';');
    const auto pair = text.substr(0, end);
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos) options[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return options;
}

Game* find(int handle) {
  const auto it = games.find(handle);
  if (it == games.end()) {
    error = "no game " + std::to_string(handle);
    return nullptr;
  }
  return &it->second;
}

const char* give(std::string text) {
  out = std::move(text);
  return out.c_str();
}

std::string status_text(const bh::rules::Status& s) {
  using Kind = bh::rules::Status::Kind;
  const std::string reason(bh::rules::to_string(s.reason));
  switch (s.kind) {
    case Kind::ongoing:
      return "ongoing";
    case Kind::win:
      return std::string(s.winner == bh::rules::Side::first ? "first" : "second") + " " + reason;
    case Kind::draw:
      return "draw " + reason;
    case Kind::aborted:
      return "aborted " + reason;
  }
  return "ongoing";
}

}  // namespace

extern "C" {

// A game of `game` with `options` ("k=v;k=v"), from `position` (its text; empty: the
// start). A handle > 0, or 0 (bh_error says why).
int bh_open(const char* game, const char* options, const char* position) {
  auto rules = bh::rules::make_ruleset(game, options_of(options));
  if (!rules) {
    error = rules.error().message;
    return 0;
  }
  auto start = (*rules)->start();
  if (position && *position) {
    auto parsed = (*rules)->parse_position(position);
    if (!parsed) {
      error = parsed.error().message;
      return 0;
    }
    start = std::move(*parsed);
  }
  const int handle = next_handle++;
  games.emplace(handle, Game{GameState(*rules, std::move(start)), nullptr});
  return handle;
}

void bh_close(int handle) { games.erase(handle); }

const char* bh_error() { return error.c_str(); }

// The position's text (as the server's and the records').
const char* bh_position(int handle) {
  const Game* g = find(handle);
  return give(g ? g->state.rules().position_text(g->state.position()) : std::string());
}

// The legal moves, one a line (a move's text may hold spaces: an Alquerque huff).
const char* bh_legal(int handle) {
  const Game* g = find(handle);
  std::string text;
  if (g)
    for (const auto& m : g->state.legal_moves()) {
      if (!text.empty()) text += '\n';
      text += g->state.rules().move_text(m);
    }
  return give(std::move(text));
}

// Plays `move` (its text): 1, or 0 when it is not legal (bh_error says why).
int bh_play(int handle, const char* move) {
  Game* g = find(handle);
  if (!g) return 0;
  auto played = g->state.play(move);
  if (!played) {
    error = played.error().message;
    return 0;
  }
  return 1;
}

// "first" or "second": the side to move.
const char* bh_to_move(int handle) {
  const Game* g = find(handle);
  return give(!g ? std::string() : g->state.to_move() == bh::rules::Side::first ? "first" : "second");
}

// The tafl games' open routes: the king's moves that would escape at once were it the
// defenders' move now, a move a line (the rules decide: each is played and its status
// read). Empty for the other games, or when there is none.
const char* bh_king_routes(int handle) {
  const Game* g = find(handle);
  const auto* tafl = g ? std::get_if<bh::rules::tafl::Position>(&g->state.position().variant()) : nullptr;
  if (!tafl || g->state.status().over()) return give({});
  auto ours = *tafl;
  ours.to_move = bh::rules::Side::second;  // the defenders
  const bh::rules::Position defenders(ours);
  const auto& rules = g->state.rules();
  bh::rules::MoveList moves;
  rules.legal_moves(defenders, moves);
  std::string text;
  for (const auto& m : moves) {
    const auto piece = defenders.piece_at(m.from());
    if (!piece || piece->kind != bh::rules::PieceKind::royal) continue;
    if (rules.status(rules.apply(defenders, m)).reason != bh::rules::EndReason::king_escaped) continue;
    if (!text.empty()) text += '\n';
    text += rules.move_text(m);
  }
  return give(std::move(text));
}

// "ongoing", or "first king_escaped", "draw repetition"... (the rules' codes).
const char* bh_status(int handle) {
  const Game* g = find(handle);
  return give(g ? status_text(g->state.status()) : std::string());
}

// Leaf count at `depth` from the game's position (a double: JavaScript's integers).
double bh_perft(int handle, int depth) {
  const Game* g = find(handle);
  return g ? static_cast<double>(g->state.rules().perft(g->state.position(), depth)) : -1.0;
}

// The engine's choice at `level` (1-8), within `movetime_ms` (0: the level's own
// budget, as the bot's): a first line "SCORE DEPTH NODES MS" (score in centi-pieces for
// the side to move; 30000 - n: a forced win in n plies), then the best line, a move a
// line, the chosen move first. Empty when the game is over.
const char* bh_search(int handle, int level, int movetime_ms) {
  Game* g = find(handle);
  if (!g || g->state.status().over() || g->state.legal_moves().empty()) return give({});
  if (!g->engine) g->engine = std::make_unique<bh::bot::Engine>(g->state.rules_ptr());
  bh::bot::SearchLimits limits;
  limits.level = level;
  if (movetime_ms > 0) limits.movetime_ms = movetime_ms;
  const auto r = g->engine->choose(g->state, limits);
  std::string text = std::to_string(r.score) + " " + std::to_string(r.depth) + " " + std::to_string(r.nodes) + " " +
                     std::to_string(r.elapsed_ms);
  const auto& line = r.line.empty() ? std::vector<bh::rules::Move>{r.move} : r.line;
  for (const auto& m : line) text += "\n" + g->state.rules().move_text(m);
  return give(std::move(text));
}

}  // extern "C"
