#include "app/relay/relay.hpp"

#include <algorithm>
#include <atomic>

#include "app/relay/relay_wire.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace {

// Relayed connections' ids on the owner are apart from the ids of its own sockets
// (which count up from 1).
constexpr std::uint64_t kRemoteIds = std::uint64_t{1} << 62;

bool listed(const std::vector<std::int64_t>& epochs, std::int64_t epoch) {
  return std::find(epochs.begin(), epochs.end(), epoch) != epochs.end();
}

}  // namespace

// A client of another node, served here: what it is sent goes back over the bus.
class RemoteConnection final : public Connection {
 public:
  RemoteConnection(std::weak_ptr<Relay> relay, std::int64_t edge, std::uint64_t edge_conn, std::uint64_t id,
                   std::string address, LegalForm legal)
      : relay_(std::move(relay)),
        edge_(edge),
        edge_conn_(edge_conn),
        id_(id),
        address_(std::move(address)),
        remote_("node " + std::to_string(edge) + " connection " + std::to_string(edge_conn)),
        opened_(std::chrono::steady_clock::now()),
        legal_(legal) {}

  void send(Frame frame) override {
    if (closed_) return;
    if (auto relay = relay_.lock()) relay->send(edge_, static_cast<char>(relay::Kind::out), edge_conn_, *frame);
  }
  void close(std::string reason) override {
    if (closed_.exchange(true)) return;
    auto relay = relay_.lock();
    if (!relay) return;
    relay->send(edge_, static_cast<char>(relay::Kind::close), edge_conn_, std::move(reason));
    relay->drop_remote({edge_, edge_conn_});
  }
  std::uint64_t id() const override { return id_; }
  const std::string& remote() const override { return remote_; }
  const std::string& address() const override { return address_; }
  LegalForm legal_form() const override { return legal_; }

  std::int64_t edge() const { return edge_; }
  std::chrono::steady_clock::time_point opened() const { return opened_; }
  void mark_closed() { closed_ = true; }

 private:
  std::weak_ptr<Relay> relay_;
  const std::int64_t edge_;
  const std::uint64_t edge_conn_;
  const std::uint64_t id_;
  const std::string address_;
  const std::string remote_;
  const std::chrono::steady_clock::time_point opened_;
  const LegalForm legal_;
  std::atomic<bool> closed_{false};
};

Relay::Relay(std::shared_ptr<NodeLink> link, Host host, std::chrono::milliseconds settle)
    : link_(std::move(link)), host_(std::move(host)), settle_(settle) {}

void Relay::send(std::int64_t epoch, char kind, std::uint64_t conn, std::string body,
                 std::function<void(bool)> reached) {
  link_->send(epoch, relay::encode({static_cast<relay::Kind>(kind), link_->self(), conn, std::move(body)}),
              std::move(reached));
}

// ---- as the edge ----

bool Relay::pinned(std::uint64_t connection_id) const {
  std::lock_guard lock(mutex_);
  return pinned_.contains(connection_id);
}

void Relay::pin(const ConnPtr& c, std::int64_t owner, std::string first, std::function<void()> refused,
                relay::Arrival arrival) {
  const auto id = c->id();
  {
    std::lock_guard lock(mutex_);
    pinned_[id] = Pinned{c, owner};
    counts_.frames_in++;
  }
  auto failed = [weak = weak_from_this(), id, refused = std::move(refused)](bool reached) {
    if (reached) return;
    auto self = weak.lock();
    if (!self) return;
    bool was_pinned = false;
    {
      std::lock_guard lock(self->mutex_);
      was_pinned = self->pinned_.erase(id) > 0;
    }
    if (was_pinned && refused) refused();
  };
  arrival.address = c->address();
  arrival.compact_legal = c->legal_form() == LegalForm::compact;
  send(owner, static_cast<char>(relay::Kind::open), id, relay::encode_arrival(arrival), failed);
  send(owner, static_cast<char>(relay::Kind::in), id, std::move(first));
}

void Relay::forward(const ConnPtr& c, std::string text) {
  std::int64_t owner = 0;
  {
    std::lock_guard lock(mutex_);
    const auto found = pinned_.find(c->id());
    if (found == pinned_.end()) return;
    owner = found->second.owner;
    counts_.frames_in++;
  }
  send(owner, static_cast<char>(relay::Kind::in), c->id(), std::move(text),
       [weak = weak_from_this(), id = c->id()](bool reached) {
         if (reached) return;
         if (auto self = weak.lock()) self->end_pinned(id, "the server node that runs your game cannot be reached");
       });
}

void Relay::closed(std::uint64_t connection_id) {
  std::int64_t owner = 0;
  {
    std::lock_guard lock(mutex_);
    const auto found = pinned_.find(connection_id);
    if (found == pinned_.end()) return;
    owner = found->second.owner;
    pinned_.erase(found);
  }
  send(owner, static_cast<char>(relay::Kind::gone), connection_id, {});
}

void Relay::end_pinned(std::uint64_t connection_id, const std::string& reason) {
  std::shared_ptr<Connection> c;
  {
    std::lock_guard lock(mutex_);
    const auto found = pinned_.find(connection_id);
    if (found == pinned_.end()) return;
    c = found->second.connection.lock();
    pinned_.erase(found);
  }
  if (c) c->close(reason);
}

void Relay::on_edge_message(char kind, std::uint64_t conn, std::string body) {
  if (kind == static_cast<char>(relay::Kind::close)) return end_pinned(conn, body);
  std::shared_ptr<Connection> c;
  {
    std::lock_guard lock(mutex_);
    const auto found = pinned_.find(conn);
    if (found == pinned_.end()) return;  // closed meanwhile
    c = found->second.connection.lock();
    counts_.frames_out++;
  }
  if (c) c->send(make_frame(std::move(body)));
}

// ---- as the owner ----

void Relay::on_owner_message(std::int64_t from, std::uint64_t conn, char kind, std::string body) {
  const RemoteKey key{from, conn};
  if (kind == static_cast<char>(relay::Kind::gone)) return drop_remote(key);
  std::shared_ptr<RemoteConnection> remote;
  std::optional<relay::Arrival> arrival;
  bool opened = false;
  {
    std::lock_guard lock(mutex_);
    auto found = remote_.find(key);
    if (kind == static_cast<char>(relay::Kind::open)) {
      if (found != remote_.end()) return;  // told twice
      arrival = relay::decode_arrival(body);
      if (!arrival) return log::error("relay: an open that is not one; ignored");
      remote = std::make_shared<RemoteConnection>(weak_from_this(), from, conn, kRemoteIds | ++next_remote_id_,
                                                  arrival->address,
                                                  arrival->compact_legal ? LegalForm::compact : LegalForm::list);
      remote_.emplace(key, remote);
      opened = true;
    } else if (found != remote_.end()) {
      remote = found->second;
    }
  }
  if (opened) return host_.opened(remote, *arrival);
  // A frame for a connection this node no longer serves: the edge closes it, and its
  // client reconnects to find where its game is now.
  if (!remote) return send(from, static_cast<char>(relay::Kind::close), conn, "game_moved");
  host_.message(remote, std::move(body));
}

void Relay::drop_remote(const RemoteKey& key) {
  std::shared_ptr<RemoteConnection> remote;
  {
    std::lock_guard lock(mutex_);
    const auto found = remote_.find(key);
    if (found == remote_.end()) return;
    remote = std::move(found->second);
    remote_.erase(found);
  }
  remote->mark_closed();
  host_.closed(remote);
}

// ---- both ----

void Relay::receive(std::string_view payload) {
  auto message = relay::decode(payload);
  if (!message) return log::error("relay: a message on this node's channel that is not one; ignored");
  const char kind = static_cast<char>(message->kind);
  if (message->kind == relay::Kind::out || message->kind == relay::Kind::close)
    return on_edge_message(kind, message->conn, std::move(message->body));
  on_owner_message(message->from, message->conn, kind, std::move(message->body));
}

bool Relay::alive(std::int64_t epoch) const {
  std::lock_guard lock(mutex_);
  return !alive_ || listed(*alive_, epoch);
}

void Relay::nodes_alive(const std::vector<std::int64_t>& epochs) {
  std::vector<std::uint64_t> orphaned;
  std::vector<RemoteKey> abandoned;
  const auto settled = std::chrono::steady_clock::now() - settle_;
  {
    std::lock_guard lock(mutex_);
    alive_ = epochs;
    for (const auto& [id, p] : pinned_)
      if (!listed(epochs, p.owner)) orphaned.push_back(id);
    for (const auto& [key, remote] : remote_)
      if (!listed(epochs, key.first) && remote->opened() < settled) abandoned.push_back(key);
  }
  for (const auto id : orphaned) end_pinned(id, "game_moved");
  for (const auto& key : abandoned) {
    // Its edge may be alive after all (only slower to renew its lease): it is told to
    // close the client's socket, so the client comes back, rather than left pinned here.
    send(key.first, static_cast<char>(relay::Kind::close), key.second, "game_moved");
    drop_remote(key);
  }
}

void Relay::bus_status(bool up) {
  if (up) return;
  std::vector<std::uint64_t> pinned;
  std::vector<RemoteKey> remote;
  {
    std::lock_guard lock(mutex_);
    for (const auto& entry : pinned_) pinned.push_back(entry.first);
    for (const auto& entry : remote_) remote.push_back(entry.first);
  }
  for (const auto id : pinned) end_pinned(id, "game_moved");
  for (const auto& key : remote) drop_remote(key);
}

Relay::Stats Relay::stats() const {
  std::lock_guard lock(mutex_);
  Stats s = counts_;
  s.pinned = pinned_.size();
  s.remote = remote_.size();
  return s;
}

}  // namespace bh::app
