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
  computer_timer_ = std::make_unique<boost::asio::steady_timer>(strand_);
}

void Room::challenge_computer() {
  if (computer_.empty() || !computer_timer_) return;
  const sv::Challenge challenge{id_,
                                settings_.game,
                                settings_.options,
                                settings_.clock,
                                settings_.computer_level.value_or(4),
                                seats_[0].player};
  if (auto bot = std::exchange(computer_connection_, nullptr)) bot->send(make_frame(protocol::encode(challenge)));
  computer_timer_->expires_after(std::chrono::milliseconds(context_->config.computer_join_ms));
  computer_timer_->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec || self->phase_ != Phase::open) return;
    log::info("room " + self->id_ + ": the computer (" + self->computer_ + ") did not come");
    self->close("no_computer");  // frees both seat claims
    self->send_to(0, make_frame(protocol::encode(sv::RoomCancelled{self->id_, std::string("no_computer")})));
  });
}

bool Room::seat_kept_from(const std::string& player) const { return !computer_.empty() && player != computer_; }

std::optional<std::vector<std::string>> Room::bots() const {
  std::vector<std::string> out;
  for (const auto& seat : seats_)
    if (!seat.player.empty() && context_->identities.is_bot(seat.player)) out.push_back(seat.player);
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace bh::app
