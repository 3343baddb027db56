// The real server as a two-node cluster, for the end-to-end suites run "against a
// two-node cluster with clients alternating nodes" (issue 28): a throwaway PostgreSQL
// and Redis, two nodes on them, and a round-robin proxy in front, so that each new
// connection (WebSocket or HTTP) of a test goes to the other node than the one before.
// ServerProcess becomes one of these when the environment has BOARDHALL_TEST_CLUSTER=1
// (server_process.hpp), so the suites run unchanged.
//
// Thread-safety: one thread per object, as ServerProcess.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bh::testing {
class PgCluster;
}

namespace bh::test {

class ServerProcess;
class RedisProcess;
class RoundRobinProxy;

class ClusterSite {
 public:
  // The nodes get `args` and `env` as a ServerProcess would (their --db is ignored).
  ClusterSite(std::vector<std::string> args, std::string binary, std::vector<std::string> env);
  ~ClusterSite();

  // PostgreSQL and Redis once, then both nodes; true once both answer /healthz.
  bool start(std::chrono::milliseconds timeout);
  // SIGTERM to both nodes; the first's exit status (or the other's if it failed).
  int stop(std::chrono::milliseconds timeout);
  // Waits for both nodes to exit on their own; as stop() for the status.
  int wait_exit(std::chrono::milliseconds timeout);
  void kill();
  void signal(int number);
  bool running() const;
  std::uint16_t port() const;  // the proxy's: it does not change across restarts
  std::string log() const;     // PostgreSQL and Redis notes, then each node's log
  const ServerProcess& first() const { return *nodes_.front(); }

 private:
  std::vector<std::string> args_;
  std::string binary_;
  std::vector<std::string> env_;
  std::string notes_;
  std::unique_ptr<bh::testing::PgCluster> pg_;
  std::string dsn_;
  std::unique_ptr<RedisProcess> redis_;
  std::unique_ptr<RoundRobinProxy> proxy_;
  std::vector<std::unique_ptr<ServerProcess>> nodes_;
};

// Whether ServerProcess runs the real server as a ClusterSite (BOARDHALL_TEST_CLUSTER=1).
bool cluster_site_wanted();

}  // namespace bh::test
