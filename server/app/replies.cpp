#include "app/replies.hpp"

#include "app/metrics.hpp"
#include "app/thread_check.hpp"

namespace bh::app {

void send_error(Metrics& metrics, const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                protocol::ErrorCode code, std::string message, std::optional<std::int64_t> retry_after_ms) {
  expect_off_store_thread("a reply");
  metrics.errors[static_cast<std::size_t>(code)].fetch_add(1, std::memory_order_relaxed);
  protocol::server::Error e{std::string(protocol::to_string(code)), std::move(message), retry_after_ms};
  if (connection) connection->send(make_frame(protocol::encode(e, id)));
}

}  // namespace bh::app
