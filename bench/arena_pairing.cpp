// An arena's pairing pass (server/tournament/arena.hpp) over N free players: the plan's
// budget is 2,000 players in 50 ms a pass (docs/tournaments.md). The players are as a busy
// arena has them: scores spread out, most back from a game whose opponent is free too (two
// near in rank who may not meet again), sides uneven, an odd one out.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tournament/arena.hpp"

namespace bh::tournament {
namespace {

std::vector<ArenaPlayer> free_players(int n) {
  std::mt19937 rng(2000);
  std::vector<ArenaPlayer> players(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    auto& p = players[static_cast<std::size_t>(i)];
    p.id = i + 1;
    p.score = static_cast<int>(rng() % 60);
    p.rating = 800 + static_cast<int>(rng() % 1600);
    p.firsts = static_cast<int>(rng() % 10);
    p.seconds = static_cast<int>(rng() % 10);
    p.waiting_since = static_cast<std::int64_t>(rng() % 1000);
  }
  // Most came back in pairs from a game together, near each other in the standings.
  std::vector<ArenaPlayer*> ranked;
  for (auto& p : players) ranked.push_back(&p);
  std::sort(ranked.begin(), ranked.end(), [](const ArenaPlayer* a, const ArenaPlayer* b) {
    return a->score != b->score ? a->score > b->score : a->rating > b->rating;
  });
  for (std::size_t i = 0; i + 1 < ranked.size(); i += 2)
    if (rng() % 4 != 0) {
      ranked[i]->last_opponent = ranked[i + 1]->id;
      ranked[i + 1]->last_opponent = ranked[i]->id;
    }
  std::shuffle(players.begin(), players.end(), rng);
  return players;
}

void BM_ArenaPairingPass(benchmark::State& state) {
  const auto players = free_players(static_cast<int>(state.range(0)));
  std::size_t pairs = 0;
  for (auto _ : state) {
    const auto out = pair_arena(players);
    pairs = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["pairs"] = static_cast<double>(pairs);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ArenaPairingPass)->Arg(20)->Arg(200)->Arg(2001)->Arg(20001)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace bh::tournament
