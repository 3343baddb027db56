// The JSON side of encoding, for the protocol's own sources, its tests and fuzzers:
// encode_generic (every message through nlohmann_json, the reference the hand-written
// writers must match) and id_to_json. Everything else includes messages.hpp alone.
//
// Thread-safety: pure functions.
#pragma once

#include <string>

#include "protocol/json_fields.hpp"
#include "protocol/messages.hpp"

namespace bh::protocol {

Json id_to_json(const RequestId& id);

template <class T>
std::string encode_generic(const T& message, const RequestId& id = {}) {
  Json j = Json::object();
  j["type"] = T::type;
  if (!id.empty()) j["id"] = id_to_json(id);
  FieldWriter w{j};
  T::fields(message, w);
  return dump(j);
}

}  // namespace bh::protocol
