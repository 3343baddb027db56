// Error replies, counted by their code (the metrics' errors).
//
// Thread-safety: any thread but the store's (Connection::send is).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/connection.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

struct Metrics;

void send_error(Metrics& metrics, const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                protocol::ErrorCode code, std::string message,
                std::optional<std::int64_t> retry_after_ms = std::nullopt);

}  // namespace bh::app
