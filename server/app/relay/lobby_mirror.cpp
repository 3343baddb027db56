#include "app/relay/lobby_mirror.hpp"

#include <charconv>
#include <string>

#include "app/relay/relay_wire.hpp"
#include "app/rooms/lobby.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace sv = protocol::server;

LobbyMirror::LobbyMirror(boost::asio::io_context& io, std::shared_ptr<Lobby> lobby, std::shared_ptr<NodeLink> link,
                         std::chrono::milliseconds whole_every)
    : lobby_(std::move(lobby)), link_(std::move(link)), timer_(io), whole_every_(whole_every) {}

void LobbyMirror::start() {
  lobby_->on_change(
      [link = link_](const Frame& frame) { link->send_to_lobbies(relay::encode_lobby(link->self(), *frame)); });
  send_whole();
  schedule();
}

void LobbyMirror::stop() {
  lobby_->on_change(nullptr);
  timer_.cancel();
}

void LobbyMirror::schedule() {
  timer_.expires_after(whole_every_);
  timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& error) {
    if (error) return;
    if (auto self = weak.lock()) {
      self->send_whole();
      self->schedule();
    }
  });
}

void LobbyMirror::send_whole() {
  lobby_->own_state([link = link_](sv::Lobby own) {
    link->send_to_lobbies(relay::encode_lobby(link->self(), protocol::encode(own)));
  });
}

void LobbyMirror::bus_up() { send_whole(); }

void LobbyMirror::receive(std::string_view payload) {
  const auto message = relay::decode_lobby(payload);
  if (!message) return log::error("lobby mirror: a message that is not one; ignored");
  if (message->from == link_->self()) return;
  auto decoded = protocol::decode_server_message(message->frame);
  auto* frame = std::get_if<protocol::ServerFrame>(&decoded);
  if (!frame) return log::error("lobby mirror: a frame that is not one; ignored");
  if (auto* whole = std::get_if<sv::Lobby>(&frame->message))
    return lobby_->replace_node(message->from, std::move(*whole));
  lobby_->apply(message->from, std::move(frame->message));  // a lobby change; any other message is ignored
}

void LobbyMirror::nodes_alive(std::vector<std::int64_t> epochs) { lobby_->keep_nodes(std::move(epochs)); }

}  // namespace bh::app
