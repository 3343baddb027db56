// A throwaway redis-server for tests: started on a Unix socket in a fresh temporary
// folder (no persistence; a loopback TCP port too when asked), killed and its folder removed by the
// destructor, also when a test fails. The child gets SIGKILL if the test process dies
// first, so no Redis outlives a crashed test. restart() reuses the same socket path,
// as an operator restarting Redis would.
//
// Thread-safety: one thread per object.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

namespace bh::test {

class RedisProcess {
 public:
  enum class Tcp { off, loopback };
  // Makes the folder; does not start Redis. With Tcp::loopback it also listens on a free
  // port of 127.0.0.1 (kept across restarts).
  explicit RedisProcess(Tcp tcp = Tcp::off);
  ~RedisProcess();
  RedisProcess(const RedisProcess&) = delete;
  RedisProcess& operator=(const RedisProcess&) = delete;

  // redis-server's path, or empty when it is not installed (scripts/deps --test).
  static std::string binary();

  // Starts redis-server and waits until it answers PING on its socket. False on failure
  // (log() says why).
  bool start(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  void kill();              // SIGKILL (kill -9) and wait; the socket file is left behind, as after a crash
  void signal(int number);  // e.g. SIGSTOP / SIGCONT; does not wait
  bool running() const { return pid_ > 0; }

  const std::string& folder() const { return folder_; }
  const std::string& socket_path() const { return socket_; }
  std::string url() const { return "unix://" + socket_; }  // for cluster::parse_bus_url
  // redis://127.0.0.1:PORT with Tcp::loopback; empty otherwise.
  std::string tcp_url() const;
  std::string log() const;  // the server's log file and our notes

 private:
  bool answers_ping() const;

  std::string folder_;
  std::string socket_;
  std::string notes_;
  int tcp_port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace bh::test
