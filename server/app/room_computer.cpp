// Play the computer (docs/protocol.md, "Play the computer"): the second seat kept for a
// bot, its challenge, and the room cancelled when the bot does not come. Room's member
// functions, on the room's strand (keep_seat_for before the room is shared).
#include <boost/asio/post.hpp>
#include <utility>

#include "app/room.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace sv = protocol::server;

void Room::keep_seat_for(std::string bot, std::shared_ptr<Connection> bot_connection) {
  computer_ = std::move(bot);
  computer_connection_ = std::move(bot_connection);
}

void Room::challenge_computer() {
  if (computer_.empty()) return;
  const auto& settings = *session_.settings;
  const sv::Challenge challenge{id(),           settings.game, settings.options, settings.clock,
                                settings.computer_level.value_or(4), session_.seats[0].player};
  if (auto bot = std::exchange(computer_connection_, nullptr)) bot->send(make_frame(protocol::encode(challenge)));
  room_timer_.expires_after(std::chrono::milliseconds(context_->config.computer_join_ms));
  room_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec || self->session_.phase != Phase::open) return;
    log::info("room " + self->id() + ": the computer (" + self->computer_ + ") did not come");
    self->close("no_computer");  // frees both seat claims
    self->send_to(0, make_frame(protocol::encode(sv::RoomCancelled{self->id(), std::string("no_computer")})));
  });
}

bool Room::seat_kept_from(const std::string& player) const { return !computer_.empty() && player != computer_; }

std::optional<std::vector<std::string>> Room::bots() const {
  std::vector<std::string> out;
  for (const auto& seat : session_.seats)
    if (!seat.player.empty() && context_->identities.is_bot(seat.player)) out.push_back(seat.player);
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace bh::app
