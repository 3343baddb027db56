// Perft leaf nodes per second from the Alquerque start, through the rules interface.
#include "perft_common.hpp"

namespace bh::bench {
namespace {

void BM_PerftAlquerque(benchmark::State& s) { perft_from_start(s, "alquerque", {}, 8); }
BENCHMARK(BM_PerftAlquerque)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace bh::bench
