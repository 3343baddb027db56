// The protocol's JSON value type, declared without nlohmann's full header: for headers
// that only pass a parsed message along (the terminal client's session). Code that
// reads or writes one includes protocol/json_fields.hpp.
//
// Thread-safety: a declaration.
#pragma once

#include <nlohmann/json_fwd.hpp>

namespace bh::protocol {

using Json = nlohmann::ordered_json;

}  // namespace bh::protocol
