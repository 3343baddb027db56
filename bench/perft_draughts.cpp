// Perft leaf nodes per second from the Russian draughts start, through the rules interface.
#include "perft_common.hpp"

namespace bh::bench {
namespace {

void BM_PerftDraughts(benchmark::State& s) { perft_from_start(s, "draughts", {}, 9); }
BENCHMARK(BM_PerftDraughts)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace bh::bench
