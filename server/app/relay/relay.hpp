// A client's connection served by another node (cluster mode, docs/cluster.md, "A game
// reached from any node"). A client may connect to any node; when it resumes a seat of a
// game another node runs, the node it reached (the edge) stops serving it and relays:
// every frame the client sends goes to the owner over the bus, every frame the owner
// sends comes back and is written to the socket. On the owner the client is an ordinary
// app::Connection (a RemoteConnection), so every request is handled there exactly as for
// a client connected to it.
//
// A relay ends with the connection: the client closes (gone), the owner closes it, or
// either node is no longer alive (nodes_alive, from the leases in PostgreSQL) or has
// lost the bus: then the edge closes the client's socket (the client reconnects and
// resumes, reaching the game's owner again) and the owner drops the remote connection
// (the player is away, with their grace).
//
// Thread-safety: every member function may be called from any thread; a mutex guards
// the tables and is never held while calling out.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/connection.hpp"
#include "app/relay/node_link.hpp"
#include "app/relay/relay_wire.hpp"

namespace bh::app {

class RemoteConnection;

class Relay : public std::enable_shared_from_this<Relay> {
 public:
  using ConnPtr = std::shared_ptr<Connection>;
  // The application, as the owner of the connections relayed to it.
  struct Host {
    // As on_open, without the welcome (the edge sent it); the connection may come with
    // an identity the edge gave it (Arrival::player).
    std::function<void(const ConnPtr&, const relay::Arrival&)> opened;
    std::function<void(const ConnPtr&, std::string)> message;
    std::function<void(const ConnPtr&)> closed;
  };
  struct Stats {
    std::uint64_t pinned = 0;      // connections this node relays to an owner now
    std::uint64_t remote = 0;      // connections other nodes relay to this one now
    std::uint64_t frames_in = 0;   // frames relayed from this node's clients to owners
    std::uint64_t frames_out = 0;  // frames owners sent back to this node's clients
  };

  // `settle`: a relay opened less than this ago is not ended for its edge missing from
  // the nodes alive (the list may have been read before that node registered).
  Relay(std::shared_ptr<NodeLink> link, Host host, std::chrono::milliseconds settle = std::chrono::seconds(3));

  std::int64_t self() const { return link_->self(); }
  // Whether node `epoch` was alive when the nodes were last told (true before then).
  bool alive(std::int64_t epoch) const;

  // ---- as the edge: a connection of this node served by another ----
  bool pinned(std::uint64_t connection_id) const;
  // From now on `c` is served by node `owner`; `first` (a request, as the client would
  // send it) is its first frame there, `arrival` what the owner learns of it (its address
  // is c's). `refused` runs (any thread) when the owner cannot be reached; `c` is then
  // not relayed.
  void pin(const ConnPtr& c, std::int64_t owner, std::string first, std::function<void()> refused,
           relay::Arrival arrival = {});
  // A frame `c` sent, for its owner (pinned(c) is true).
  void forward(const ConnPtr& c, std::string text);
  // The client's connection closed.
  void closed(std::uint64_t connection_id);

  // ---- both ----
  // A message on this node's channel.
  void receive(std::string_view payload);
  // The nodes whose lease runs now: relays to or from any other node end.
  void nodes_alive(const std::vector<std::int64_t>& epochs);
  // The bus was lost (false) or is back: when lost, every relay ends.
  void bus_status(bool up);

  Stats stats() const;

 private:
  friend class RemoteConnection;
  struct Pinned {
    std::weak_ptr<Connection> connection;
    std::int64_t owner = 0;
  };
  using RemoteKey = std::pair<std::int64_t, std::uint64_t>;  // the edge's epoch, its connection id

  void send(std::int64_t epoch, char kind, std::uint64_t conn, std::string body,
            std::function<void(bool)> reached = {});
  // As the owner: a relayed connection ends (told by the edge, or closed here).
  void drop_remote(const RemoteKey& key);
  void end_pinned(std::uint64_t connection_id, const std::string& reason);
  void on_owner_message(std::int64_t from, std::uint64_t conn, char kind, std::string body);
  void on_edge_message(char kind, std::uint64_t conn, std::string body);

  std::shared_ptr<NodeLink> link_;
  Host host_;
  const std::chrono::milliseconds settle_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, Pinned> pinned_;                         // as the edge
  std::map<RemoteKey, std::shared_ptr<RemoteConnection>> remote_;  // as the owner
  std::uint64_t next_remote_id_ = 0;                               // under mutex_
  Stats counts_;                                                   // under mutex_
  std::optional<std::vector<std::int64_t>> alive_;                 // under mutex_: the nodes last told
};

}  // namespace bh::app
