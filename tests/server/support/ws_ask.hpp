// Two steps most tests against the real binary take: a WebSocket that has read its
// welcome (from a chosen loopback address, so per-address limits can be told apart), and
// a request answered by the reply that echoes its id.
//
// Thread-safety: as WsClient (one thread per client).
#pragma once

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ws_client.hpp"

namespace bh::test {

// nullopt when it could not connect or no welcome came within `timeout`.
std::optional<WsClient> open_ws(std::uint16_t port, const std::string& source = {},
                                std::vector<std::pair<std::string, std::string>> headers = {},
                                std::chrono::milliseconds timeout = std::chrono::seconds(3));

// Sends `request` with `id`; the reply echoing it, or null json when none came within
// `timeout` (or the connection closed first).
nlohmann::json ask(WsClient& ws, nlohmann::json request, std::chrono::milliseconds timeout = std::chrono::seconds(5),
                   int id = 1);

}  // namespace bh::test
