#include "app/rooms/lobby.hpp"

#include <boost/asio/post.hpp>
#include <cstdint>

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;

Lobby::Lobby(asio::io_context& io, int list_limit)
    : strand_(asio::make_strand(io)), list_limit_(list_limit > 0 ? static_cast<std::size_t>(list_limit) : SIZE_MAX) {}

template <class Event>
void Lobby::broadcast(const Event& event) {
  if (subscribers_.empty()) return;
  const Frame frame = make_frame(protocol::encode(event));
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto c = it->second.lock()) {
      c->send(frame);
      ++it;
    } else {
      it = subscribers_.erase(it);
    }
  }
}

void Lobby::room_opened(sv::RoomInfo room) {
  asio::post(strand_, [self = shared_from_this(), room = std::move(room)]() mutable {
    self->rooms_[room.room_id] = room;
    self->broadcast(sv::RoomOpened{std::move(room)});
  });
}

void Lobby::room_closed(std::string room_id, std::string reason) {
  asio::post(strand_, [self = shared_from_this(), room_id = std::move(room_id), reason = std::move(reason)] {
    if (self->rooms_.erase(room_id) > 0) self->broadcast(sv::RoomClosed{room_id, reason});
  });
}

void Lobby::game_live(sv::LiveGameInfo game, std::shared_ptr<const std::atomic<int>> ply) {
  asio::post(strand_, [self = shared_from_this(), game = std::move(game), ply = std::move(ply)]() mutable {
    self->games_[game.game_id] = ListedGame{game, std::move(ply)};
    self->broadcast(sv::LiveGameListed{std::move(game)});
  });
}

void Lobby::game_ended(std::string game_id) {
  asio::post(strand_, [self = shared_from_this(), game_id = std::move(game_id)] {
    if (self->games_.erase(game_id) > 0) self->broadcast(sv::LiveGameEnded{game_id});
  });
}

sv::Lobby Lobby::make_snapshot() const {
  sv::Lobby out;
  out.rooms_total = static_cast<int>(rooms_.size());
  out.games_total = static_cast<int>(games_.size());
  for (const auto& [id, room] : rooms_) {
    if (out.rooms.size() == list_limit_) break;
    out.rooms.push_back(room);
  }
  for (const auto& [id, game] : games_) {
    if (out.games.size() == list_limit_) break;
    out.games.push_back(game.info);
    if (game.ply) out.games.back().ply = game.ply->load(std::memory_order_relaxed);
  }
  return out;
}

void Lobby::snapshot_to(std::shared_ptr<Connection> connection, protocol::RequestId id, bool subscribe) {
  asio::post(strand_, [self = shared_from_this(), connection = std::move(connection), id = std::move(id), subscribe] {
    connection->send(make_frame(protocol::encode(self->make_snapshot(), id)));
    if (subscribe) self->subscribers_[connection->id()] = connection;
  });
}

void Lobby::unsubscribe(std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), connection_id] { self->subscribers_.erase(connection_id); });
}

void Lobby::snapshot(std::function<void(sv::Lobby)> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)] { done(self->make_snapshot()); });
}

void Lobby::shutdown() {
  asio::post(strand_, [self = shared_from_this()] {
    self->subscribers_.clear();
    self->rooms_.clear();
    self->games_.clear();
  });
}

}  // namespace bh::app
