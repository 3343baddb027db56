// Shared shape of the perft benchmarks: leaf nodes per second from a start position.
#pragma once

#include <benchmark/benchmark.h>

#include <string>

#include "rules/registry.hpp"

namespace bh::bench {

// Runs perft(depth) on the game's start and reports leaf nodes per second.
inline void perft_from_start(benchmark::State& state, const std::string& game, const rules::OptionText& options,
                             int depth) {
  auto rules = rules::make_ruleset(game, options);
  if (!rules) {
    state.SkipWithError(rules.error().message.c_str());
    return;
  }
  const auto start = (*rules)->start();
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = (*rules)->perft(start, depth);
    benchmark::DoNotOptimize(leaves);
  }
  state.counters["leaves"] = static_cast<double>(leaves);
  state.counters["leaves_per_second"] = benchmark::Counter(
      static_cast<double>(leaves) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace bh::bench
