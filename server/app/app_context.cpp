#include "app/app_context.hpp"

namespace bh::app {

void Context::send_error(const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                         protocol::ErrorCode code, std::string message, std::optional<std::int64_t> retry_after_ms) {
  metrics.errors[static_cast<std::size_t>(code)].fetch_add(1, std::memory_order_relaxed);
  protocol::server::Error e{std::string(protocol::to_string(code)), std::move(message), retry_after_ms};
  send(connection, protocol::encode(e, id));
}

void Context::send_already_seated(const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                                  const std::string& held_room) {
  send_error(connection, id, protocol::ErrorCode::already_seated,
             "you already have a seat in room '" + held_room +
                 "': cancel it, or finish its game, before you create or join another");
}

}  // namespace bh::app
