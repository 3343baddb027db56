#include "redis_process.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace bh::test {

namespace fs = std::filesystem;

namespace {

// A port of 127.0.0.1 that was free a moment ago (the kernel's choice for port 0).
int free_loopback_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return 0;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  ::close(fd);
  return port;
}

}  // namespace

RedisProcess::RedisProcess(Tcp tcp) {
  if (tcp == Tcp::loopback) tcp_port_ = free_loopback_port();
  // Short: a socket path must fit in 107 bytes.
  std::string pattern = (fs::temp_directory_path() / "bh-redis-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    notes_ += "mkdtemp failed: " + std::string(std::strerror(errno)) + "\n";
    return;
  }
  folder_ = pattern;
  socket_ = folder_ + "/redis.sock";
}

RedisProcess::~RedisProcess() {
  kill();
  if (!folder_.empty()) {
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
  }
}

std::string RedisProcess::binary() {
  for (const char* candidate : {"/usr/bin/redis-server", "/usr/local/bin/redis-server"}) {
    if (::access(candidate, X_OK) == 0) return candidate;
  }
  return {};
}

bool RedisProcess::start(std::chrono::milliseconds timeout) {
  if (running()) return true;
  const std::string path = binary();
  if (path.empty()) {
    notes_ += "redis-server is not installed (scripts/deps --test installs it)\n";
    return false;
  }
  if (folder_.empty()) return false;
  std::error_code ignored;
  fs::remove(socket_, ignored);  // left by a killed server
  // --port 0: no TCP unless asked; no RDB snapshots, no append-only file.
  std::vector<std::string> args{path,           "--port",    std::to_string(tcp_port_),
                                "--unixsocket", socket_,     "--unixsocketperm",
                                "700",          "--save",    "",
                                "--appendonly", "no",        "--dir",
                                folder_,        "--logfile", folder_ + "/redis.log",
                                "--daemonize",  "no"};
  if (tcp_port_ > 0) {
    args.push_back("--bind");
    args.push_back("127.0.0.1");
  }
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    notes_ += "fork failed\n";
    return false;
  }
  if (pid == 0) {
    // Dies with the test process, even when that one crashes.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  pid_ = pid;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (answers_ping()) return true;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      notes_ += "redis-server exited at start\n";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  notes_ += "redis-server did not answer PING in time\n";
  kill();
  return false;
}

void RedisProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

void RedisProcess::signal(int number) {
  if (pid_ > 0) ::kill(pid_, number);
}

bool RedisProcess::answers_ping() const {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, socket_.c_str(), sizeof address.sun_path - 1);
  bool ok = false;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
    constexpr std::string_view ping = "PING\r\n";
    char reply[16] = {};
    timeval wait{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    if (::send(fd, ping.data(), ping.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(ping.size()) &&
        ::read(fd, reply, sizeof reply - 1) > 0) {
      ok = std::string_view(reply).starts_with("+PONG");
    }
  }
  ::close(fd);
  return ok;
}

std::string RedisProcess::tcp_url() const {
  return tcp_port_ > 0 ? "redis://127.0.0.1:" + std::to_string(tcp_port_) : std::string();
}

std::string RedisProcess::log() const {
  std::ifstream file(folder_ + "/redis.log");
  std::stringstream text;
  text << file.rdbuf();
  return notes_ + text.str();
}

}  // namespace bh::test
