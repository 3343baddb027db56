#include "client_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace bh::test {

TempDir::TempDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "bh-client-XXXXXX").string();
  if (::mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!path_.empty()) std::filesystem::remove_all(path_, ec);
}

ClientProcess::ClientProcess(std::vector<std::string> args, std::vector<std::string> env) {
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) return;
  std::vector<std::string> argv{BOARDHALL_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    for (auto& e : env) ::putenv(e.data());
    ::unsetenv("NO_COLOR");
    std::vector<char*> raw;
    for (auto& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    ::execv(raw[0], raw.data());
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  in_ = in[1];
  out_ = out[0];
}

ClientProcess::~ClientProcess() {
  close_stdin();
  if (pid_ > 0 && wait_exit(2s) == -1) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  if (out_ >= 0) ::close(out_);
}

void ClientProcess::send(std::string_view line) {
  // A client that has exited must fail the test that writes to it, not end the binary.
  static const bool ignored = ::signal(SIGPIPE, SIG_IGN) != SIG_ERR;
  (void)ignored;
  std::string text(line);
  text += '\n';
  if (in_ >= 0) [[maybe_unused]]
    auto n = ::write(in_, text.data(), text.size());
}

void ClientProcess::close_stdin() {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
}

bool ClientProcess::read_some(std::chrono::milliseconds timeout) {
  if (out_ < 0) return false;
  pollfd p{out_, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
  char buf[4096];
  const ssize_t n = ::read(out_, buf, sizeof buf);
  if (n <= 0) {
    ::close(out_);
    out_ = -1;
    return false;
  }
  buffer_.append(buf, static_cast<std::size_t>(n));
  std::size_t nl;
  while ((nl = buffer_.find('\n')) != std::string::npos) {
    lines_.push_back(buffer_.substr(0, nl));
    buffer_.erase(0, nl + 1);
  }
  return true;
}

std::string ClientProcess::expect(std::string_view prefix, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    for (; taken_ < lines_.size(); ++taken_) {
      if (lines_[taken_].starts_with(prefix)) return lines_[taken_++];
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return {};
    if (!read_some(left) && out_ < 0) return {};
  }
}

std::string ClientProcess::command(std::string_view line, std::string_view name, std::chrono::milliseconds timeout) {
  send(line);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const std::string ok = "ok " + std::string(name), err = "error " + std::string(name);
  auto matches = [&](const std::string& l) {
    return l == ok || l.starts_with(ok + " ") || l == err || l.starts_with(err + " ");
  };
  while (true) {
    for (; taken_ < lines_.size(); ++taken_)
      if (matches(lines_[taken_])) return lines_[taken_++];
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return {};
    if (!read_some(left) && out_ < 0) return {};
  }
}

int ClientProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return status_;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      while (read_some(0ms)) {
      }
      return status_;
    }
    read_some(20ms);  // keep the pipe drained
  }
  return -1;
}

std::string ClientProcess::transcript() const {
  std::string out;
  for (const auto& l : lines_) out += l + "\n";
  return out + buffer_;
}

std::string field(const std::string& line, std::string_view key) {
  const std::string needle = " " + std::string(key) + "=";
  const auto at = line.find(needle);
  if (at == std::string::npos) return {};
  std::size_t i = at + needle.size();
  std::string value;
  if (i < line.size() && line[i] == '"') {
    for (++i; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) ++i;
      value += line[i];
    }
    return value;
  }
  const auto end = line.find(' ', i);
  return line.substr(i, end == std::string::npos ? std::string::npos : end - i);
}

}  // namespace bh::test
