// Room: the connections watching a game, and their count, told at once or, while
// changes come quickly, once per AppConfig::spectator_count_interval_ms.
#include <boost/asio/post.hpp>

#include "app/room.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using protocol::ErrorCode;

void Room::watch(std::shared_ptr<Connection> connection, std::string game_id, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), connection = std::move(connection), game_id = std::move(game_id),
                       request = std::move(request)] {
    if (self->session_.journal.untold())  // its state would show a move not yet durable
      return self->deferred_.push_back(
          [self, connection, game_id, request] { self->watch(connection, game_id, request); });
    const auto phase = self->session_.phase;
    if (phase == Phase::closed || phase == Phase::open || phase == Phase::finished || !self->session_.game)
      return self->reply_error(connection, request, ErrorCode::unknown_game, "no live game '" + game_id + "'");
    // A connection that closed meanwhile has left already: it must not count.
    if (!self->context_->watchers.watch(connection->id(), self->id())) return;
    self->spectators_.connections[connection->id()] = connection;
    self->session_.spectators = self->spectator_count();
    const auto view = game::game_view(self->session_, std::nullopt, SteadyClock::now());
    connection->send(make_frame(protocol::encode(sv::GameState{view}, request)));
    self->spectators_changed();
  });
}

void Room::unwatch(std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), connection_id] {
    self->context_->watchers.unwatch(connection_id, self->id(), now_ms());
    if (self->spectators_.connections.erase(connection_id) > 0) self->spectators_changed();
  });
}

void Room::drop_spectators() {
  const std::int64_t now = now_ms();
  for (const auto& [cid, weak] : spectators_.connections) context_->watchers.unwatch(cid, id(), now);
  spectators_.connections.clear();
  spectators_.waiting = false;
  spectators_.timer->cancel();
}

int Room::spectator_count() const {
  int count = 0;
  for (const auto& [cid, weak] : spectators_.connections)
    if (cid != links_[0].connection_id && cid != links_[1].connection_id && !weak.expired()) ++count;
  return count;
}

void Room::spectators_changed() {
  if (!spectators_.waiting) tell_spectator_count();
}

void Room::tell_spectator_count() {
  if (session_.phase != Phase::playing && session_.phase != Phase::ending) return;
  const int count = spectator_count();
  if (count == spectators_.told) return;
  spectators_.told = count;
  broadcast(make_frame(protocol::encode(sv::Spectators{session_.game_id, count})));
  // Changes until the interval ends are told together, when it ends.
  spectators_.waiting = true;
  spectators_.timer->expires_after(std::chrono::milliseconds(context_->config.spectator_count_interval_ms));
  spectators_.timer->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    self->spectators_.waiting = false;
    self->tell_spectator_count();
  });
}

}  // namespace bh::app
