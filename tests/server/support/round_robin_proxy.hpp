// A TCP proxy for tests: each connection it accepts goes to the next of its targets in
// turn (skipping one that refuses), bytes copied both ways until either side closes.
// What a round-robin balancer with no sticky sessions does in front of a cluster.
//
// Thread-safety: set_targets from any thread; the proxy runs one thread of its own.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace bh::test {

class RoundRobinProxy {
 public:
  // Listens on 127.0.0.1 on a free port.
  RoundRobinProxy();
  ~RoundRobinProxy();  // closes everything and joins its thread
  RoundRobinProxy(const RoundRobinProxy&) = delete;
  RoundRobinProxy& operator=(const RoundRobinProxy&) = delete;

  std::uint16_t port() const;
  // The ports of 127.0.0.1 new connections go to, in turn.
  void set_targets(std::vector<std::uint16_t> ports);
  // Closes every connection it carries now, both ways (a network that drops them);
  // returns once they are closed. New connections are taken as before.
  void cut();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::test
