// How this node reaches the other nodes of a cluster (docs/cluster.md, "A game reached
// from any node"): one channel per node, named by its epoch. In the server it is the bus
// on Redis (cluster/bus_node_link.hpp); the application sees only this.
//
// Thread-safety: any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace bh::app {

class NodeLink {
 public:
  virtual ~NodeLink() = default;
  // This node's epoch: what the others send to.
  virtual std::int64_t self() const = 0;
  // Whether messages go out and come in now.
  virtual bool up() const = 0;
  // Sends `payload` to node `epoch`. `reached` (any thread, may be empty) is told false
  // when it surely reached no one there: the bus is lost, or no such node listens.
  virtual void send(std::int64_t epoch, std::string payload, std::function<void(bool reached)> reached) = 0;
  // Sends `payload` to every node's lobby (this one's too: it knows its own by its epoch).
  virtual void send_to_lobbies(std::string payload) = 0;
};

}  // namespace bh::app
