// What the server says, made safe to print before the session reads it: every string of
// a server message (a player's name, a chat line, an error's message, an archive's tags,
// a replay's moves) with its control and bidirectional characters written as escapes
// (`\x07`, `\x1b`, `\u202e`: text/control_chars.hpp), so that no name or line a server
// sends, whoever wrote it, can ring the bell, clear the screen or turn a line round in the
// terminal. Done once where frames come in (Session::on_frame), so that every print,
// the prompt included, shows only escaped text.
//
// Thread-safety: pure functions.
#pragma once

#include "protocol/json_fwd.hpp"

namespace bh::cli {

// Escapes every string of `json` in place, object keys included; true when anything
// changed. The session decodes the escaped value (protocol/server_json.hpp).
bool escape_server_text(protocol::Json& json);

}  // namespace bh::cli
