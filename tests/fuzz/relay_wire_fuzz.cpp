// The relay's messages between nodes, and the lobbies' (app/relay/relay_wire), from
// arbitrary bytes: never a crash, and what is accepted encodes back to the same bytes.
// (The lobbies' frames are the protocol's, fuzzed by protocol_fuzz.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/relay/relay_wire.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (const auto lobby = bh::app::relay::decode_lobby(bytes)) {
    if (lobby->from <= 0) std::abort();
    if (bh::app::relay::encode_lobby(lobby->from, lobby->frame) != bytes) std::abort();
  }
  const auto message = bh::app::relay::decode(bytes);
  if (!message) return 0;
  if (message->from <= 0) std::abort();
  if (bh::app::relay::encode(*message) != bytes) std::abort();
  return 0;
}
