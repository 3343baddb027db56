// Rematch (docs/protocol.md, "Rematch"): the finished room, the offer, and the new room
// it starts with the sides swapped. Room's member functions, on the room's strand.
#include <boost/asio/post.hpp>
#include <utility>

#include "app/room.hpp"
#include "storage/store.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace sv = protocol::server;

void Room::enter_finished() {
  deferred_.clear();
  // Without spectators (no watch either), and the seats were freed before match_over.
  // The players still find the room by its id, and by its last game's id for chat.
  for (const auto& g : session_.game_ids)
    if (g != session_.game_id) context_->directory.remove_game(g);
  drop_spectators();
  room_timer_.expires_after(std::chrono::milliseconds(context_->config.rematch_window_ms));
  room_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec || self->session_.phase != Phase::finished) return;
    self->end_rematch("expired", nullptr, {});
  });
}

void Room::end_rematch(const std::string& reason, const std::shared_ptr<Connection>& requester,
                       const protocol::RequestId& request) {
  if (session_.phase != Phase::finished) return;
  for (const auto& seat : session_.seats) context_->rematch_rooms.clear(seat.player, id());
  // Closed (out of the directory) before anyone hears of it.
  close("finished");
  const std::string text = protocol::encode(sv::RematchCancelled{id(), reason});
  const Frame frame = make_frame(text);
  const std::uint64_t except = requester ? requester->id() : 0;
  for (int i = 0; i < 2; ++i)
    if (links_[i].connection_id != except) send_to(i, frame);
  if (requester) requester->send(make_frame(protocol::with_request_id(text, request)));
}

void Room::rematch(std::string player, std::shared_ptr<Connection> connection, RematchAction action,
                   protocol::RequestId request) {
  boost::asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                              action, request = std::move(request)] {
    auto& s = self->session_;
    const auto slot = s.slot_of(player);
    if (!slot)
      return self->reply_error(connection, request, protocol::ErrorCode::not_a_player,
                               "you did not play in room '" + self->id() + "'");
    if (s.phase == Phase::closed)
      return self->reply_error(connection, request, protocol::ErrorCode::rematch_unavailable,
                               "room '" + self->id() + "' has closed");
    if (s.phase != Phase::finished)
      return self->reply_error(connection, request, protocol::ErrorCode::rematch_unavailable,
                               "the match in room '" + self->id() + "' is not over");
    // The player may be back on another connection since the match ended: events go there.
    if (self->links_[*slot].connection_id != connection->id()) {
      self->links_[*slot] = {connection, connection->id()};
      s.seats[*slot].present = true;
    }
    const int other = 1 - *slot;
    if (action == RematchAction::leave) return self->end_rematch("left", connection, request);
    if (!s.seats[other].present)
      return self->reply_error(connection, request, protocol::ErrorCode::rematch_unavailable, "your opponent has left");
    const bool offered_by_other = s.rematch_offer == other;
    switch (action) {
      case RematchAction::offer:
        if (offered_by_other) return self->start_rematch(*slot, connection, request);
        if (s.rematch_offer != *slot) {  // a repeated offer tells the opponent nothing new
          s.rematch_offer = *slot;
          self->send_to(other, make_frame(protocol::encode(sv::RematchOffered{self->id(), player})));
        }
        connection->send(make_frame(protocol::encode(sv::RematchOffered{self->id(), player}, request)));
        return;
      case RematchAction::accept:
        if (!offered_by_other)
          return self->reply_error(connection, request, protocol::ErrorCode::no_rematch_offer,
                                   "your opponent has not offered a rematch");
        return self->start_rematch(*slot, connection, request);
      case RematchAction::decline: {
        if (!offered_by_other)
          return self->reply_error(connection, request, protocol::ErrorCode::no_rematch_offer,
                                   "your opponent has not offered a rematch");
        s.rematch_offer.reset();
        const std::string text = protocol::encode(sv::RematchCancelled{self->id(), "declined"});
        self->send_to(other, make_frame(text));
        connection->send(make_frame(protocol::with_request_id(text, request)));
        return;
      }
      case RematchAction::leave:
        return;  // answered above
    }
  });
}

void Room::player_moved_on(std::string player) {
  boost::asio::post(strand_, [self = shared_from_this(), player = std::move(player)] {
    if (self->session_.phase == Phase::finished && self->session_.slot_of(player))
      self->end_rematch("left", nullptr, {});
  });
}

void Room::rematch_connection(std::string player, std::shared_ptr<Connection> connection) {
  boost::asio::post(strand_,
                    [self = shared_from_this(), player = std::move(player), connection = std::move(connection)] {
                      const auto slot = self->session_.slot_of(player);
                      if (self->session_.phase != Phase::finished || !slot) return;
                      self->links_[*slot] = {connection, connection->id()};
                      self->session_.seats[*slot].present = true;
                    });
}

void Room::start_rematch(int accepter_slot, const std::shared_ptr<Connection>& connection,
                         const protocol::RequestId& request) {
  if (context_->shutting_down)
    return reply_error(connection, request, protocol::ErrorCode::shutting_down, "the server is shutting down");
  if (!context_->store.healthy())
    return reply_error(connection, request, protocol::ErrorCode::storage_unavailable,
                       "no new games for now: the server cannot save them (games in progress go on)");
  const auto& seats = session_.seats;
  if (refuse_rated_pair(seats[accepter_slot].player, connection, request)) return;
  const int offerer = 1 - accepter_slot;
  // Same game, options, clock, match length and privacy; the new room's creator is the
  // one who offered, and who played second in the last game plays first now.
  RoomSettings settings = *session_.settings;
  settings.seek = false;
  settings.creator_side = offerer == session_.first_slot ? CreatorSide::second : CreatorSide::first;
  auto next = std::make_shared<Room>(context_, seats[offerer].player, std::move(settings));
  // Both seats or neither: a player seated elsewhere meanwhile stops the rematch.
  auto& identities = context_->identities;
  if (auto held = identities.claim_room(seats[offerer].player, next->id()))
    return reply_error(connection, request, protocol::ErrorCode::already_seated,
                       "your opponent has a seat in room '" + *held + "'");
  if (auto held = identities.claim_room(seats[accepter_slot].player, next->id())) {
    identities.remove_room(seats[offerer].player, next->id());
    return context_->send_already_seated(connection, request, *held);
  }
  const std::string old_id = id();
  std::array<std::string, 2> players{seats[offerer].player, seats[accepter_slot].player};
  std::array<std::weak_ptr<Connection>, 2> connections{links_[offerer].connection, links_[accepter_slot].connection};
  for (const auto& seat : seats) context_->rematch_rooms.clear(seat.player, id());
  session_.rematch_offer.reset();
  close("rematch");
  log::info("room " + old_id + ": rematch in room " + next->id());
  context_->directory.add_room(next->id(), next);
  next->begin_rematch(std::move(players), std::move(connections), old_id, request);
}

void Room::begin_rematch(std::array<std::string, 2> players, std::array<std::weak_ptr<Connection>, 2> connections,
                         std::string old_room_id, protocol::RequestId request) {
  boost::asio::post(
      strand_, [self = shared_from_this(), players = std::move(players), connections = std::move(connections),
                old_room_id = std::move(old_room_id), request = std::move(request)]() mutable {
        for (int i = 0; i < 2; ++i) {
          auto& seat = self->session_.seats[i];
          seat.player = players[i];
          // A player whose connection closed meanwhile starts absent (with the grace).
          auto c = connections[i].lock();
          if (c && self->context_->identities.player_of(c->id()) == players[i]) {
            self->links_[i] = {c, c->id()};
            seat.present = true;
          }
        }
        self->session_.score.seat(players[0], players[1]);
        self->begin_game({nullptr, std::move(request)}, std::move(old_room_id));
      });
}

}  // namespace bh::app
