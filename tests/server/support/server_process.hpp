// Runs a server binary as a child process for integration tests: on a free loopback
// port (it is started with --listen 127.0.0.1:0 and reports the port it bound in its
// "listening on" log line), with a database in a fresh temporary folder, until stop().
//
// The default binary is the real server (BOARDHALL_SERVER_BIN, when built);
// stub_server_binary() is the network layer with a stub application. With
// BOARDHALL_TEST_CLUSTER=1 in the environment the real server runs as a two-node
// cluster behind a round-robin proxy (cluster_site.hpp): port() is the proxy's, stop()
// and restart() act on both nodes, log() has both logs.
//
// Thread-safety: one thread per object; a reader thread collects the child's stderr.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bh::test {

using namespace std::chrono_literals;

class ClusterSite;

std::string real_server_binary();  // empty when the real server is not built
std::string stub_server_binary();  // empty when the stub is not built

struct CommandResult {
  int status = -1;  // exit status, 128+signal when killed by one
  bool timed_out = false;
  std::string output;  // stdout and stderr together
};

// Runs argv[0] (a path) with the arguments and waits, killing it after `timeout`.
CommandResult run_command(const std::vector<std::string>& argv, std::chrono::milliseconds timeout = 10s);

class ServerProcess {
 public:
  // `args` are added after --listen and --db; `env` entries ("NAME=value") are added to
  // the inherited environment.
  explicit ServerProcess(std::vector<std::string> args = {}, std::string binary = real_server_binary(),
                         std::vector<std::string> env = {});
  // One node of a ClusterSite: always a single process, whatever the environment says.
  static std::unique_ptr<ServerProcess> node(std::vector<std::string> args, std::string binary,
                                             std::vector<std::string> env);
  ~ServerProcess();  // kills a running child, removes the temporary folder
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Starts the child and waits until it logs its port and answers GET /healthz with 200.
  // False on failure (log() says why).
  bool start(std::chrono::milliseconds timeout = 15s);
  // SIGTERM, then waits; SIGKILL after `timeout`. Returns the exit status, or 128+signal
  // when it was killed by one, or -1 when nothing was running.
  int stop(std::chrono::milliseconds timeout = 15s);
  void kill();              // SIGKILL and wait
  void signal(int number);  // send a signal, do not wait
  // Waits for the child to exit on its own. Returns its status as stop() does, or -1 on timeout.
  int wait_exit(std::chrono::milliseconds timeout);
  // start() again on the same database (a new port).
  bool restart(std::chrono::milliseconds timeout = 15s);
  // The same on the port it had, so clients can connect again to the same URL.
  bool restart_on_same_port(std::chrono::milliseconds timeout = 15s);

  bool running() const;
  std::uint16_t port() const;
  pid_t pid() const;
  const std::string& folder() const { return folder_; }
  const std::string& db_path() const { return db_path_; }
  // The child's stderr so far (all runs).
  std::string log() const;
  // Waits until the log contains `needle`.
  bool wait_log(std::string_view needle, std::chrono::milliseconds timeout);
  // The child's resident memory (VmRSS), KiB; -1 when unknown.
  long rss_kib() const;

 private:
  struct Output;
  std::string binary_;
  std::vector<std::string> args_;
  std::vector<std::string> env_;
  std::string folder_;
  std::string db_path_;
  std::string listen_ = "127.0.0.1:0";
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::shared_ptr<Output> output_;
  std::unique_ptr<ClusterSite> site_;  // BOARDHALL_TEST_CLUSTER=1: the server is this
};

}  // namespace bh::test
