// A server frame decoded from its parsed JSON, for a client that keeps the parsed value
// (the terminal client escapes its strings first, server_text.hpp, and prints it with
// --json), so that the frame is parsed once. decode_server_message is this after a parse.
//
// Thread-safety: a pure function.
#pragma once

#include <variant>

#include "protocol/json_fwd.hpp"
#include "protocol/messages.hpp"

namespace bh::protocol {

// A discarded value (what a failed parse gives) is "not valid JSON".
std::variant<ServerFrame, DecodeError> decode_server_json(const Json& json);

}  // namespace bh::protocol
