// The room's chat: the players' channel and the spectators' channel, kept apart; the
// text checked (chat_text.hpp), the rate limited (chat_rate.hpp), mute per player.
// Lines are sent and forgotten: nothing is archived or journalled.
#include <boost/asio/post.hpp>

#include "app/chat_text.hpp"
#include "app/room.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using protocol::ErrorCode;

bool Room::refuse_chat(const std::shared_ptr<Connection>& connection, const protocol::RequestId& request,
                       const std::string& game_id) const {
  if (session_.phase == Phase::closed || session_.phase == Phase::open || !session_.game) {
    reply_error(connection, request, ErrorCode::unknown_game, "no live game '" + game_id + "'");
    return true;
  }
  if (game_id != session_.game_id) {  // an earlier game of the match
    reply_error(connection, request, ErrorCode::game_over, "game '" + game_id + "' has ended; chat in the current one");
    return true;
  }
  return false;
}

void Room::deliver_to_spectators(const Frame& frame, std::uint64_t except_connection) const {
  for (const auto& [cid, weak] : spectators_.connections) {
    if (cid == except_connection || cid == links_[0].connection_id || cid == links_[1].connection_id) continue;
    // The players never hear the spectators' channel, from any connection of theirs.
    const auto who = context_->identities.player_of(cid);
    if (who && session_.slot_of(*who)) continue;
    if (auto c = weak.lock()) c->send(frame);
  }
}

void Room::chat(std::string player, std::shared_ptr<Connection> connection, protocol::client::Chat line,
                protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       line = std::move(line), request = std::move(request)] {
    if (self->refuse_chat(connection, request, line.game_id)) return;
    const auto slot = self->session_.slot_of(player);
    if (!slot && !self->spectators_.connections.contains(connection->id()))
      return self->reply_error(connection, request, ErrorCode::not_a_player,
                               "you neither play nor watch this game (watch it to chat with its spectators)");
    auto checked = chat::check_text(line.text);
    if (auto* refusal = std::get_if<chat::Refusal>(&checked))
      return self->reply_error(connection, request, ErrorCode::bad_chat, std::string(chat::describe(*refusal)));
    if (const auto wait = self->chat_rate_.take(self->session_.game_id, player, SteadyClock::now()); wait > 0)
      return self->context_->send_error(connection, request, ErrorCode::rate_limited,
                                        "too many lines: at most 5 in 10 seconds; this one was not sent", wait);
    const sv::Chat event{self->session_.game_id, slot ? "players" : "spectators", player,
                         std::get<std::string>(std::move(checked)), now_ms()};
    const std::string text = protocol::encode(event);
    connection->send(make_frame(protocol::with_request_id(text, request)));
    const Frame frame = make_frame(text);
    if (!slot) return self->deliver_to_spectators(frame, connection->id());
    const int other = 1 - *slot;
    if (!self->session_.muted[other]) self->send_to(other, frame);
  });
}

void Room::mute(std::string player, std::shared_ptr<Connection> connection, std::string game_id, bool muted,
                protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), muted, request = std::move(request)] {
    if (self->refuse_chat(connection, request, game_id)) return;
    const auto slot = self->session_.slot_of(player);
    if (!slot)
      return self->reply_error(connection, request, ErrorCode::not_a_player, "only a player can mute the opponent");
    self->session_.muted[*slot] = muted;
    connection->send(make_frame(protocol::encode(sv::Ok{}, request)));
  });
}

}  // namespace bh::app
