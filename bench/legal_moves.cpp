// What the legal-move list adds to each relayed move on the server (docs/protocol.md,
// "Games"): the list for the player to move (the rules' moves as sorted texts) and the
// second encoding of the `move` event that carries it, per game, in a position a few
// moves into a game. BM_MoveEvent is the encoding every move pays anyway.
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "game/room_views.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::app {
namespace {

// `plies` random legal moves into a game (seeded: the same position every run).
rules::GameState midgame(const std::string& game, const rules::OptionText& options, int plies) {
  rules::GameState state(*rules::make_ruleset(game, options));
  std::mt19937 rng(14);
  for (int i = 0; i < plies && !state.status().over(); ++i) {
    const auto legal = state.legal_moves();
    state.play(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
  }
  return state;
}

rules::GameState position_of(const benchmark::State& bench) {
  switch (bench.range(0)) {
    case 0:
      return midgame("tablut", {}, 10);
    case 1:
      return midgame("seatafl", {{"size", "11"}}, 10);
    case 2:
      return midgame("draughts", {}, 10);
    default:
      return midgame("alquerque", {}, 10);
  }
}

protocol::server::Move event_of(const rules::GameState& state) {
  const std::string last = state.rules().move_text(state.moves().back());
  return game::views::move_event("g18f2c3a4b5-5e6f7a8b", state, last, rules::other(state.to_move()),
                                 protocol::server::Clocks{281300, 292100, 5000, std::string("second"), std::nullopt});
}

void BM_MoveEvent(benchmark::State& bench) {
  const auto state = position_of(bench);
  const auto event = event_of(state);
  for (auto _ : bench) benchmark::DoNotOptimize(protocol::encode(event));
}
void BM_LegalList(benchmark::State& bench) {
  const auto state = position_of(bench);
  for (auto _ : bench) benchmark::DoNotOptimize(game::views::legal_moves(state));
  bench.counters["moves"] = static_cast<double>(game::views::legal_moves(state)->size());
}
void BM_MoveEventForThePlayerToMove(benchmark::State& bench) {
  const auto state = position_of(bench);
  auto event = event_of(state);
  for (auto _ : bench) {
    event.legal = game::views::legal_moves(state);
    benchmark::DoNotOptimize(protocol::encode(event));
  }
  bench.counters["bytes"] = static_cast<double>(protocol::encode(event).size());
}

// 0: Tablut, 1: Sea tafl 11x11, 2: draughts, 3: Alquerque.
BENCHMARK(BM_MoveEvent)->DenseRange(0, 3);
BENCHMARK(BM_LegalList)->DenseRange(0, 3);
BENCHMARK(BM_MoveEventForThePlayerToMove)->DenseRange(0, 3);

}  // namespace
}  // namespace bh::app
