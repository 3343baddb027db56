// The interactive client on a real terminal for the client's integration tests: a tmux
// server of its own (a socket per object) running one command on a 110x45 pane, keys
// typed into it, and its screen read back.
//
// Thread-safety: one thread per object.
#pragma once

#include <chrono>
#include <string>

namespace bh::test {

using namespace std::chrono_literals;

class Tmux {
 public:
  explicit Tmux(const std::string& command);
  ~Tmux();  // kills its tmux server, and the command with it
  Tmux(const Tmux&) = delete;
  Tmux& operator=(const Tmux&) = delete;

  std::string screen() const;
  // tmux key names ("Enter", "Tab").
  void keys(const std::string& keys) const;
  // Literal text, typed as it is (no single quotes in it).
  void type(const std::string& text) const;
  // Waits until the screen contains `needle`; the last screen either way.
  std::string wait_for(const std::string& needle, std::chrono::milliseconds timeout = 10s) const;

 private:
  std::string tmux() const;
  std::string socket_;
};

// The terminal client on a terminal of tmux's: `name` connecting to `url`, its remembered
// tokens in `config_dir`, plain text.
std::string terminal_command(const std::string& config_dir, const std::string& url, const std::string& name);

// The last line of a screen with anything but spaces on it.
std::string last_nonempty_line(const std::string& screen);

}  // namespace bh::test
