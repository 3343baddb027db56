#include "app/app_context.hpp"

#include "app/players/seats.hpp"
#include "app/replies.hpp"

namespace bh::app {

RoomLimits room_limits(const AppConfig& c) {
  return {{c.first_move_ms, c.reconnect_grace_ms, c.open_room_grace_ms, c.computer_join_ms, c.challenge_ms,
           c.rematch_window_ms, c.correspondence_day_ms},
          c.spectator_count_interval_ms,
          c.correspondence_sleep_ms};
}

void Context::send_error(const std::shared_ptr<Connection>& connection, const protocol::RequestId& id,
                         protocol::ErrorCode code, std::string message, std::optional<std::int64_t> retry_after_ms) {
  app::send_error(metrics, connection, id, code, std::move(message), retry_after_ms);
}

}  // namespace bh::app
