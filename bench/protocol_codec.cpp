// The two messages of every relayed move, generic (nlohmann_json) against the
// hand-written codec (common/protocol/move_codec.hpp): encoding the `move` event and
// decoding the `move` request, side by side so one run shows the ratio.
#include <benchmark/benchmark.h>

#include <string>

#include "protocol/json_encode.hpp"
#include "protocol/move_codec.hpp"

namespace bh::protocol {
namespace {

// A mid-game event and request, as the server sends and receives them (tafl 11x11).
server::Move move_event() {
  server::Move m;
  m.game_id = "g18f2c3a4b5-5e6f7a8b";
  m.ply = 24;
  m.move = "d1-d4";
  m.side = "first";
  m.position = "3aaaaa3/5a5/11/a3d1d3a/a2ddkdd2a/aa1d1K1d1aa/a2ddddd2a/a4d4a/11/5a5/3aaaaa3 d";
  m.to_move = "second";
  m.clocks = server::Clocks{281300, 292100, 5000, std::string("second"), std::nullopt};
  return m;
}
const RequestId kId{std::int64_t{30}};
const std::string kRequest = R"({"type":"move","id":30,"game_id":"g18f2c3a4b5-5e6f7a8b","ply":23,"move":"d1-d4"})";

void BM_EncodeMoveEventGeneric(benchmark::State& state) {
  const auto m = move_event();
  for (auto _ : state) benchmark::DoNotOptimize(encode_generic(m, kId));
}
void BM_EncodeMoveEventFast(benchmark::State& state) {
  const auto m = move_event();
  for (auto _ : state) benchmark::DoNotOptimize(encode(m, kId));
}
void BM_DecodeMoveRequestGeneric(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(decode_request_generic(kRequest));
}
void BM_DecodeMoveRequestFast(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(decode_request(kRequest));
}
// What every other request pays for the fast path's look: `type` is read, then it gives up.
void BM_DecodePingGeneric(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(decode_request_generic(R"({"type":"ping","id":7})"));
}
void BM_DecodePingViaFastPathMiss(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(decode_request(R"({"type":"ping","id":7})"));
}

BENCHMARK(BM_EncodeMoveEventGeneric);
BENCHMARK(BM_EncodeMoveEventFast);
BENCHMARK(BM_DecodeMoveRequestGeneric);
BENCHMARK(BM_DecodeMoveRequestFast);
BENCHMARK(BM_DecodePingGeneric);
BENCHMARK(BM_DecodePingViaFastPathMiss);

}  // namespace
}  // namespace bh::protocol
