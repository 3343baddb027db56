// Perft leaf nodes per second from each tafl start, through the rules interface.
#include "perft_common.hpp"

namespace bh::bench {
namespace {

void BM_PerftTavlei(benchmark::State& s) { perft_from_start(s, "tavlei", {}, 4); }
void BM_PerftTablut(benchmark::State& s) { perft_from_start(s, "tablut", {}, 4); }
void BM_PerftSeatafl(benchmark::State& s) { perft_from_start(s, "seatafl", {}, 4); }
void BM_PerftSeatafl11(benchmark::State& s) { perft_from_start(s, "seatafl", {{"size", "11"}}, 4); }
void BM_PerftSeataflLimits(benchmark::State& s) {
  perft_from_start(s, "seatafl", {{"king_limit", "4"}, {"move_limit", "5"}}, 4);
}
// The variants with shieldwall, exit fort and encirclement checks (docs/rules/).
void BM_PerftCopenhagen(benchmark::State& s) { perft_from_start(s, "copenhagen", {}, 4); }
void BM_PerftBrandubh(benchmark::State& s) { perft_from_start(s, "brandubh", {}, 5); }

BENCHMARK(BM_PerftTavlei)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftTablut)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftSeatafl)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftSeatafl11)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftSeataflLimits)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftCopenhagen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftBrandubh)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace bh::bench
