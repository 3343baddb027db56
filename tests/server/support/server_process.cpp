#include "server_process.hpp"

#include "cluster_site.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>

#include "ws_client.hpp"

extern char** environ;

namespace bh::test {

using Clock = std::chrono::steady_clock;

std::string real_server_binary() {
  // Another build to measure against (an attack's figures before a fix), when named.
  if (const char* other = std::getenv("BOARDHALL_TEST_SERVER_BIN"); other != nullptr && *other != '\0') return other;
#ifdef BOARDHALL_SERVER_BIN
  return BOARDHALL_SERVER_BIN;
#else
  return {};
#endif
}

std::string stub_server_binary() {
#ifdef BOARDHALL_STUB_SERVER_BIN
  return BOARDHALL_STUB_SERVER_BIN;
#else
  return {};
#endif
}

// The child's stderr, collected by a reader thread (so a chatty child never blocks).
struct ServerProcess::Output {
  mutable std::mutex mutex;
  std::condition_variable changed;
  std::string text;
  bool open = false;
  std::thread reader;

  void start(int fd) {
    {
      const std::lock_guard lock(mutex);
      open = true;
    }
    reader = std::thread([this, fd] {
      char data[4096];
      for (;;) {
        const ssize_t n = ::read(fd, data, sizeof data);
        if (n < 0 && errno == EINTR) continue;
        const std::lock_guard lock(mutex);
        if (n <= 0) {
          open = false;
          changed.notify_all();
          break;
        }
        text.append(data, static_cast<std::size_t>(n));
        changed.notify_all();
      }
      ::close(fd);
    });
  }

  void join() {
    if (reader.joinable()) reader.join();
  }

  bool wait_for(std::string_view needle, std::size_t from, Clock::time_point deadline) {
    std::unique_lock lock(mutex);
    changed.wait_until(lock, deadline, [&] { return text.find(needle, from) != std::string::npos || !open; });
    return text.find(needle, from) != std::string::npos;
  }
};

ServerProcess::ServerProcess(std::vector<std::string> args, std::string binary, std::vector<std::string> env)
    : binary_(std::move(binary)), args_(std::move(args)), env_(std::move(env)), output_(std::make_shared<Output>()) {
  std::string pattern = (std::filesystem::temp_directory_path() / "boardhall-test-XXXXXX").string();
  if (::mkdtemp(pattern.data()) != nullptr) folder_ = pattern;
  db_path_ = folder_ + "/boardhall.db";
  if (cluster_site_wanted() && !binary_.empty() && binary_ == real_server_binary())
    site_ = std::make_unique<ClusterSite>(args_, binary_, env_);
}

std::unique_ptr<ServerProcess> ServerProcess::node(std::vector<std::string> args, std::string binary,
                                                   std::vector<std::string> env) {
  auto node = std::make_unique<ServerProcess>(std::move(args), std::move(binary), std::move(env));
  node->site_.reset();
  return node;
}

std::uint16_t ServerProcess::port() const { return site_ ? site_->port() : port_; }

pid_t ServerProcess::pid() const { return site_ ? site_->first().pid() : pid_; }

ServerProcess::~ServerProcess() {
  site_.reset();
  kill();
  output_->join();
  std::error_code ignored;
  if (!folder_.empty()) std::filesystem::remove_all(folder_, ignored);
}

bool ServerProcess::start(std::chrono::milliseconds timeout) {
  if (site_) return site_->start(timeout);
  const auto deadline = Clock::now() + timeout;
  auto note = [this](const std::string& line) {
    const std::lock_guard lock(output_->mutex);
    output_->text += "[test] " + line + "\n";
  };
  if (binary_.empty() || folder_.empty()) {
    note("no server binary or no temporary folder");
    return false;
  }
  if (running()) return true;
  output_->join();

  std::vector<std::string> argv_text = {binary_, "--listen", listen_, "--db", db_path_};
  argv_text.insert(argv_text.end(), args_.begin(), args_.end());
  std::vector<char*> argv;
  for (auto& arg : argv_text) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_text;
  for (char** entry = environ; *entry != nullptr; ++entry) env_text.emplace_back(*entry);
  env_text.insert(env_text.end(), env_.begin(), env_.end());
  std::vector<char*> envp;
  for (auto& entry : env_text) envp.push_back(entry.data());
  envp.push_back(nullptr);

  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return false;
  std::size_t from = 0;
  {
    const std::lock_guard lock(output_->mutex);
    from = output_->text.size();
  }
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    return false;
  }
  if (child == 0) {
    ::dup2(pipe_fds[1], STDERR_FILENO);
    ::execve(binary_.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  pid_ = child;
  output_->start(pipe_fds[0]);

  const std::string marker = "listening on 127.0.0.1:";
  if (!output_->wait_for(marker, from, deadline)) {
    note("the server did not report its port in time");
    return false;
  }
  {
    const std::lock_guard lock(output_->mutex);
    const auto at = output_->text.find(marker, from) + marker.size();
    port_ = static_cast<std::uint16_t>(std::atoi(output_->text.c_str() + at));
  }
  while (Clock::now() < deadline) {
    if (http_get(port_, "/healthz", 2s).status == 200) return true;
    if (!running()) break;
    std::this_thread::sleep_for(20ms);
  }
  note("the server did not answer /healthz with 200 in time");
  return false;
}

int ServerProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (site_) return site_->wait_exit(timeout);
  if (pid_ <= 0) return -1;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      pid_ = -1;
      output_->join();
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
      return -1;
    }
    if (done < 0) {
      pid_ = -1;
      return -1;
    }
    if (Clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(5ms);
  }
}

int ServerProcess::stop(std::chrono::milliseconds timeout) {
  if (site_) return site_->stop(timeout);
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  const int status = wait_exit(timeout);
  if (status >= 0 || pid_ <= 0) return status;
  kill();
  return 128 + SIGKILL;
}

void ServerProcess::kill() {
  if (site_) return site_->kill();
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  output_->join();
}

void ServerProcess::signal(int number) {
  if (site_) return site_->signal(number);
  if (pid_ > 0) ::kill(pid_, number);
}

bool ServerProcess::restart(std::chrono::milliseconds timeout) {
  if (running()) stop();
  return start(timeout);
}

bool ServerProcess::restart_on_same_port(std::chrono::milliseconds timeout) {
  if (running()) stop();
  listen_ = "127.0.0.1:" + std::to_string(port_);
  return start(timeout);
}

bool ServerProcess::running() const {
  if (site_) return site_->running();
  if (pid_ <= 0) return false;
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return false;
  return info.si_pid == 0;  // not exited (a zombie counts as exited)
}

std::string ServerProcess::log() const {
  if (site_) return site_->log();
  const std::lock_guard lock(output_->mutex);
  return output_->text;
}

bool ServerProcess::wait_log(std::string_view needle, std::chrono::milliseconds timeout) {
  if (site_) {
    const auto deadline = Clock::now() + timeout;
    while (site_->log().find(needle) == std::string::npos) {
      if (Clock::now() > deadline) return false;
      std::this_thread::sleep_for(20ms);
    }
    return true;
  }
  return output_->wait_for(needle, 0, Clock::now() + timeout);
}

long ServerProcess::rss_kib() const {
  if (site_) return site_->first().rss_kib();
  if (pid_ <= 0) return -1;
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

}  // namespace bh::test

namespace bh::test {

CommandResult run_command(const std::vector<std::string>& argv_text, std::chrono::milliseconds timeout) {
  CommandResult result;
  if (argv_text.empty()) return result;
  std::vector<std::string> args = argv_text;
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::string path = (std::filesystem::temp_directory_path() / "boardhall-cmd-XXXXXX").string();
  const int fd = ::mkstemp(path.data());
  if (fd < 0) return result;
  const pid_t child = ::fork();
  if (child == 0) {
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fd);
  const auto deadline = Clock::now() + timeout;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (Clock::now() >= deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      result.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(5ms);
  }
  if (WIFEXITED(status)) result.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) result.status = 128 + WTERMSIG(status);
  std::ifstream file(path);
  result.output.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  ::unlink(path.c_str());
  return result;
}

}  // namespace bh::test
