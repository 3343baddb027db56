// Room: the open room, before the second player sits down — announced in the lobby,
// joined (with the checks of privacy, ratings and seats), cancelled by its creator, or
// closed when nobody is behind it. Room's member functions, on the room's strand.
#include <boost/asio/post.hpp>

#include "app/lobby.hpp"
#include "app/room.hpp"
#include "app/room_views.hpp"
#include "app/secrets.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using protocol::ErrorCode;

void Room::open(std::shared_ptr<Connection> creator, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), creator = std::move(creator), request = std::move(request)] {
    self->links_[0] = {creator, creator->id()};
    self->session_.seats[0].present = true;
    if (!self->session_.settings->is_private) self->context_->lobby->room_opened(self->info());
    sv::RoomCreated created{self->info(), std::nullopt};
    // A room of play_computer has no code to give: its seat is kept for the bot.
    if (self->session_.settings->is_private && self->computer_.empty()) created.invite_code = self->invite_code();
    creator->send(make_frame(protocol::encode(created, request)));
    self->challenge_computer();
  });
}

void Room::join(std::string player, std::shared_ptr<Connection> connection, std::optional<std::string> invite,
                protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       invite = std::move(invite), request = std::move(request)]() mutable {
    auto& s = self->session_;
    auto& ctx = *self->context_;
    if (s.phase == Phase::closed)
      return self->reply_error(connection, request, ErrorCode::room_closed, "room '" + self->id() + "' is closed");
    if (s.phase != Phase::open)
      return self->reply_error(connection, request, ErrorCode::room_full,
                               "room '" + self->id() + "' already has two players");
    if (player == s.seats[0].player)
      return self->reply_error(connection, request, ErrorCode::bad_request, "you cannot join your own room");
    if (self->seat_kept_from(player))
      return self->reply_error(connection, request, ErrorCode::room_full,
                               "room '" + self->id() + "' is a game against the computer");
    if (s.settings->is_private && self->computer_.empty() && !equal_secret(invite.value_or(""), s.invite_code))
      return self->reply_error(connection, request, ErrorCode::bad_invite, "wrong invite code");
    if (self->refuse_guest_in_rated(player, connection, request)) return;
    if (self->refuse_rated_pair(player, connection, request)) return;
    if (ctx.shutting_down)
      return self->reply_error(connection, request, ErrorCode::shutting_down, "the server is shutting down");
    if (auto held = ctx.identities.claim_room(player, self->id()))
      return ctx.send_already_seated(connection, request, *held);
    ctx.seeks.remove(self->id());
    s.seats[1].player = player;
    s.seats[1].present = true;
    self->links_[1] = {connection, connection->id()};
    // A joiner whose connection closed before this ran missed player_dropped: absent.
    if (ctx.identities.player_of(connection->id()) != player) {
      s.seats[1].present = false;
      self->links_[1] = {};
    }
    self->open_slot_.release();
    s.score.seat(s.seats[0].player, player);
    self->seat_timers_[0]->cancel();  // the creator's absence timer (open room) ends
    self->room_timer_.cancel();       // the computer came
    if (!s.settings->is_private) ctx.lobby->room_closed(self->id(), "started");
    self->begin_game({std::move(connection), std::move(request)});
  });
}

void Room::cancel(std::string player, std::shared_ptr<Connection> connection, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       request = std::move(request)] {
    const auto phase = self->session_.phase;
    if (player != self->session_.seats[0].player)
      return self->reply_error(connection, request, ErrorCode::not_creator, "only the creator can cancel this room");
    if (phase == Phase::closed)
      return self->reply_error(connection, request, ErrorCode::room_closed, "room '" + self->id() + "' is closed");
    if (phase != Phase::open)
      return self->reply_error(connection, request, ErrorCode::room_full,
                               "room '" + self->id() + "' has started; resign instead");
    self->close("cancelled");
    connection->send(make_frame(protocol::encode(sv::RoomCancelled{self->id(), std::nullopt}, request)));
  });
}

void Room::arm_room_grace(int slot) {
  // Not the game's grace: an open room nobody is behind keeps the lobby busy for nothing.
  auto& timer = *seat_timers_[slot];
  timer.expires_after(std::chrono::milliseconds(context_->config.open_room_grace_ms));
  timer.async_wait([self = shared_from_this(), slot](const boost::system::error_code& ec) {
    const auto& s = self->session_;
    if (ec || s.seats[slot].present || s.phase != Phase::open) return;
    self->close("abandoned");
  });
}

sv::RoomInfo Room::info() const {
  const auto& s = *session_.settings;
  auto r = views::room_info(id(), session_.seats[0].player, s);
  r.rated = s.rated;
  r.creator_rating = rating_of(session_.seats[0].player);
  r.computer_level = s.computer_level;
  return r;
}

}  // namespace bh::app
