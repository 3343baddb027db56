// The hand-written fast paths of the hottest messages, the `move` request and the `move`
// event (each relayed move decodes one and encodes one). Both give exactly what the
// generic nlohmann path gives (decode_request_generic, encode_generic); the tests and the
// protocol fuzz target check it. move_codec.cpp also defines encode(server::Move, id),
// with the TextWriter of text_writer.hpp.
//
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string_view>

#include "protocol/messages.hpp"

namespace bh::protocol {

// A `move` request of the common shape: one flat object with "type":"move", "game_id",
// "ply", "move" and optionally "id", in any order, with JSON whitespace, strings of
// printable ASCII without escapes, and integers in range (ply an int, id an int64), no
// other or repeated key, every string within its limit. Anything else gives nullopt,
// and decode_request_generic decides (the errors and their messages are only there).
std::optional<Envelope> try_decode_move(std::string_view text, const Limits& limits);

}  // namespace bh::protocol
