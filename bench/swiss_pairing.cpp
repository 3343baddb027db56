// A Dutch Swiss round (server/tournament/swiss_dutch.hpp) of N players mid-event: the
// plan's budget is a round of 500 players in 100 ms (docs/tournaments.md). The event is
// played out before timing, by the pairing itself, from a fixed seed: the higher rated
// usually wins, a fifth of the games drawn, a few forfeits, a withdrawal now and then.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "tournament/swiss_dutch.hpp"

namespace bh::tournament {
namespace {

struct Event {
  std::vector<Entrant> active;
  std::vector<GameResult> results;
  SwissOptions options;
};

// `players` entrants after `rounds_played` rounds of an event of `rounds`.
Event played_event(int players, int rounds_played, int rounds) {
  std::mt19937 rng(31);
  Event e;
  e.options.rounds = rounds;
  std::vector<int> rating(static_cast<std::size_t>(players) + 1);
  for (int i = 1; i <= players; ++i) {
    rating[i] = 1000 + static_cast<int>(rng() % 1500);
    e.active.push_back({i, rating[i]});
  }
  for (int round = 1; round <= rounds_played; ++round) {
    const auto r = pair_swiss_round(e.active, e.results, e.options);
    for (const auto& p : r.pairs) {
      const int roll = static_cast<int>(rng() % 100);
      const bool first_stronger = rating[p.first] > rating[p.second];
      const Outcome o = roll < 2    ? Outcome::first_won_by_forfeit
                        : roll < 4  ? Outcome::second_won_by_forfeit
                        : roll < 24 ? Outcome::draw
                        : roll < 80 ? (first_stronger ? Outcome::first_won : Outcome::second_won)
                                    : (first_stronger ? Outcome::second_won : Outcome::first_won);
      e.results.push_back({round, p.first, p.second, o});
    }
    if (r.bye) e.results.push_back({round, r.bye, 0, Outcome::bye});
    if (rng() % 2 == 0) e.active.erase(e.active.begin() + static_cast<std::ptrdiff_t>(rng() % e.active.size()));
  }
  return e;
}

// Args: players, the round to pair, the rounds of the event.
void BM_SwissDutchRound(benchmark::State& state) {
  const auto e = played_event(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)) - 1,
                              static_cast<int>(state.range(2)));
  for (auto _ : state) benchmark::DoNotOptimize(pair_swiss_round(e.active, e.results, e.options));
  state.counters["players"] = static_cast<double>(e.active.size());
}
BENCHMARK(BM_SwissDutchRound)
    ->Args({100, 6, 9})
    ->Args({500, 1, 9})
    ->Args({500, 2, 9})
    ->Args({500, 6, 9})
    ->Args({500, 9, 9})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace bh::tournament
