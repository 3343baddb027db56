#include "tmux_terminal.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <thread>

namespace bh::test {
namespace {

std::string run(const std::string& command) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  if (p == nullptr) return out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  ::pclose(p);
  return out;
}

std::atomic<int> sockets{0};

}  // namespace

Tmux::Tmux(const std::string& command)
    : socket_("bh-client-test-" + std::to_string(::getpid()) + "-" + std::to_string(sockets++)) {
  run(tmux() + " new-session -d -s t -x 110 -y 45 '" + command + "' 2>&1");
}

Tmux::~Tmux() { run(tmux() + " kill-server 2>/dev/null"); }

std::string Tmux::screen() const { return run(tmux() + " capture-pane -p -t t 2>&1"); }

void Tmux::keys(const std::string& keys) const { run(tmux() + " send-keys -t t " + keys); }

void Tmux::type(const std::string& text) const { run(tmux() + " send-keys -t t -l '" + text + "'"); }

std::string Tmux::wait_for(const std::string& needle, std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string s;
  while (std::chrono::steady_clock::now() < deadline) {
    s = screen();
    if (s.find(needle) != std::string::npos) return s;
    std::this_thread::sleep_for(50ms);
  }
  return s;
}

std::string Tmux::tmux() const { return "tmux -L " + socket_ + " -f /dev/null"; }

std::string terminal_command(const std::string& config_dir, const std::string& url, const std::string& name) {
  return "env XDG_CONFIG_HOME=" + config_dir + " NO_COLOR=1 TERM=xterm " + BOARDHALL_CLI + " connect " + url +
         " --name " + name;
}

std::string last_nonempty_line(const std::string& screen) {
  std::string last, line;
  for (char c : screen + "\n") {
    if (c != '\n') {
      line += c;
      continue;
    }
    if (line.find_first_not_of(' ') != std::string::npos) last = line;
    line.clear();
  }
  return last;
}

}  // namespace bh::test
