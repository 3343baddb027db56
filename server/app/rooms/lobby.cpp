#include "app/rooms/lobby.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cstdint>
#include <set>

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;

Lobby::Lobby(asio::io_context& io, int list_limit)
    : strand_(asio::make_strand(io)), list_limit_(list_limit > 0 ? static_cast<std::size_t>(list_limit) : SIZE_MAX) {}

template <class Event>
void Lobby::broadcast(const Event& event, std::int64_t owner) {
  if (subscribers_.empty() && !(owner == 0 && told_)) return;
  const Frame frame = make_frame(protocol::encode(event));
  if (owner == 0 && told_) told_(frame);
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto c = it->second.lock()) {
      c->send(frame);
      ++it;
    } else {
      it = subscribers_.erase(it);
    }
  }
}

void Lobby::set_remote_owner(const std::string& id, std::int64_t owner) {
  std::lock_guard lock(owners_mutex_);
  if (owner != 0) return void(remote_owners_[id] = owner);
  remote_owners_.erase(id);
}

std::optional<std::int64_t> Lobby::remote_owner(const std::string& id) const {
  std::lock_guard lock(owners_mutex_);
  const auto found = remote_owners_.find(id);
  if (found == remote_owners_.end()) return std::nullopt;
  return found->second;
}

// ---- changes, on the strand ----

void Lobby::add_room(sv::RoomInfo room, std::int64_t owner) {
  set_remote_owner(room.room_id, owner);
  rooms_[room.room_id] = ListedRoom{room, owner};
  broadcast(sv::RoomOpened{std::move(room)}, owner);
}

void Lobby::remove_room(const std::string& room_id, const std::string& reason, std::int64_t owner) {
  const auto found = rooms_.find(room_id);
  if (found == rooms_.end() || found->second.owner != owner) return;
  rooms_.erase(found);
  set_remote_owner(room_id, 0);
  broadcast(sv::RoomClosed{room_id, reason}, owner);
}

void Lobby::add_game(sv::LiveGameInfo game, std::shared_ptr<const std::atomic<int>> ply, std::int64_t owner) {
  set_remote_owner(game.game_id, owner);
  games_[game.game_id] = ListedGame{game, std::move(ply), owner};
  broadcast(sv::LiveGameListed{std::move(game)}, owner);
}

void Lobby::remove_game(const std::string& game_id, std::int64_t owner) {
  const auto found = games_.find(game_id);
  if (found == games_.end() || found->second.owner != owner) return;
  games_.erase(found);
  set_remote_owner(game_id, 0);
  broadcast(sv::LiveGameEnded{game_id}, owner);
}

// ---- this node's own ----

void Lobby::room_opened(sv::RoomInfo room) {
  asio::post(strand_,
             [self = shared_from_this(), room = std::move(room)]() mutable { self->add_room(std::move(room), 0); });
}

void Lobby::room_closed(std::string room_id, std::string reason) {
  asio::post(strand_, [self = shared_from_this(), room_id = std::move(room_id), reason = std::move(reason)] {
    self->remove_room(room_id, reason, 0);
  });
}

void Lobby::game_live(sv::LiveGameInfo game, std::shared_ptr<const std::atomic<int>> ply) {
  asio::post(strand_, [self = shared_from_this(), game = std::move(game), ply = std::move(ply)]() mutable {
    self->add_game(std::move(game), std::move(ply), 0);
  });
}

void Lobby::game_ended(std::string game_id) {
  asio::post(strand_, [self = shared_from_this(), game_id = std::move(game_id)] { self->remove_game(game_id, 0); });
}

// ---- other nodes' ----

void Lobby::on_change(std::function<void(const Frame&)> told) {
  asio::post(strand_, [self = shared_from_this(), told = std::move(told)]() mutable { self->told_ = std::move(told); });
}

void Lobby::own_state(std::function<void(sv::Lobby)> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    sv::Lobby own;
    for (const auto& [id, room] : self->rooms_)
      if (room.owner == 0) own.rooms.push_back(room.info);
    for (const auto& [id, game] : self->games_) {
      if (game.owner != 0) continue;
      own.games.push_back(game.info);
      if (game.ply) own.games.back().ply = game.ply->load(std::memory_order_relaxed);
    }
    own.rooms_total = static_cast<int>(own.rooms.size());
    own.games_total = static_cast<int>(own.games.size());
    done(std::move(own));
  });
}

void Lobby::apply(std::int64_t owner, sv::Message change) {
  if (owner == 0) return;
  asio::post(strand_, [self = shared_from_this(), owner, change = std::move(change)]() mutable {
    if (auto* opened = std::get_if<sv::RoomOpened>(&change)) {
      // A room id another node holds already is not taken over by a stray message.
      const auto held = self->rooms_.find(opened->room.room_id);
      if (held == self->rooms_.end() || held->second.owner == owner) self->add_room(std::move(opened->room), owner);
    } else if (auto* closed = std::get_if<sv::RoomClosed>(&change)) {
      self->remove_room(closed->room_id, closed->reason, owner);
    } else if (auto* listed = std::get_if<sv::LiveGameListed>(&change)) {
      // A game taken over is listed by its new owner: that owner's now.
      const auto held = self->games_.find(listed->game.game_id);
      if (held != self->games_.end() && held->second.owner == 0) return;
      if (held != self->games_.end()) self->games_.erase(held);
      self->add_game(std::move(listed->game), nullptr, owner);
    } else if (auto* ended = std::get_if<sv::LiveGameEnded>(&change)) {
      self->remove_game(ended->game_id, owner);
    }
  });
}

void Lobby::replace_node(std::int64_t owner, sv::Lobby state) {
  if (owner == 0) return;
  asio::post(strand_, [self = shared_from_this(), owner, state = std::move(state)]() mutable {
    std::set<std::string> rooms, games;
    for (const auto& r : state.rooms) rooms.insert(r.room_id);
    for (const auto& g : state.games) games.insert(g.game_id);
    std::vector<std::string> gone_rooms, gone_games;
    for (const auto& [id, room] : self->rooms_)
      if (room.owner == owner && !rooms.contains(id)) gone_rooms.push_back(id);
    for (const auto& [id, game] : self->games_)
      if (game.owner == owner && !games.contains(id)) gone_games.push_back(id);
    for (const auto& id : gone_rooms) self->remove_room(id, "cancelled", owner);
    for (const auto& id : gone_games) self->remove_game(id, owner);
    for (auto& room : state.rooms) {
      const auto held = self->rooms_.find(room.room_id);
      if (held == self->rooms_.end()) self->add_room(std::move(room), owner);
    }
    for (auto& game : state.games) {
      const auto held = self->games_.find(game.game_id);
      if (held == self->games_.end()) self->add_game(std::move(game), nullptr, owner);
      else if (held->second.owner == owner) held->second.info.ply = game.ply;  // moves are not events
    }
  });
}

void Lobby::keep_nodes(std::vector<std::int64_t> alive) {
  asio::post(strand_, [self = shared_from_this(), alive = std::move(alive)] {
    auto gone = [&](std::int64_t owner) {
      return owner != 0 && std::find(alive.begin(), alive.end(), owner) == alive.end();
    };
    std::vector<std::pair<std::string, std::int64_t>> rooms, games;
    for (const auto& [id, room] : self->rooms_)
      if (gone(room.owner)) rooms.emplace_back(id, room.owner);
    for (const auto& [id, game] : self->games_)
      if (gone(game.owner)) games.emplace_back(id, game.owner);
    for (const auto& [id, owner] : rooms) self->remove_room(id, "abandoned", owner);
    for (const auto& [id, owner] : games) self->remove_game(id, owner);
  });
}

// ---- snapshots and subscribers ----

sv::Lobby Lobby::make_snapshot() const {
  sv::Lobby out;
  out.rooms_total = static_cast<int>(rooms_.size());
  out.games_total = static_cast<int>(games_.size());
  for (const auto& [id, room] : rooms_) {
    if (out.rooms.size() == list_limit_) break;
    out.rooms.push_back(room.info);
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

void Lobby::subscribe(std::shared_ptr<Connection> connection) {
  asio::post(strand_, [self = shared_from_this(), connection = std::move(connection)] {
    self->subscribers_[connection->id()] = connection;
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
    std::lock_guard lock(self->owners_mutex_);
    self->remote_owners_.clear();
  });
}

}  // namespace bh::app
