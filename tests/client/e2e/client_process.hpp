// Runs the real `boardhall connect` as a child process for the client's integration
// tests: stdin and stdout through pipes (the scripted mode), a private config folder
// (XDG_CONFIG_HOME) so remembered identities stay inside the test.
//
// Thread-safety: one thread per object.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace bh::test {

using namespace std::chrono_literals;

// A fresh temporary folder, removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class ClientProcess {
 public:
  // Runs BOARDHALL_CLI with `args` (after the program name); `env` entries are added.
  ClientProcess(std::vector<std::string> args, std::vector<std::string> env = {});
  ~ClientProcess();  // closes stdin, then kills the child if it has not exited
  ClientProcess(const ClientProcess&) = delete;
  ClientProcess& operator=(const ClientProcess&) = delete;

  void send(std::string_view line);
  void close_stdin();
  // The next line (after those already taken) that starts with `prefix`; empty on
  // timeout. Lines skipped stay in the transcript.
  std::string expect(std::string_view prefix, std::chrono::milliseconds timeout = 10s);
  // Sends `line` and returns its reply: the next line starting with "ok NAME" or
  // "error NAME" (NAME: the command word; "move" for a move).
  std::string command(std::string_view line, std::string_view name, std::chrono::milliseconds timeout = 10s);
  // Waits for the child to exit; its status, or -1 on timeout.
  int wait_exit(std::chrono::milliseconds timeout = 10s);
  std::string transcript() const;

 private:
  bool read_some(std::chrono::milliseconds timeout);
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
  std::vector<std::string> lines_;
  std::size_t taken_ = 0;
  int status_ = -1;
};

// The value of `key=` in a plain reply line ("ok create room=r1 invite=x"), unquoted.
std::string field(const std::string& line, std::string_view key);

}  // namespace bh::test
