// The networked bot's I/O loop: one WebSocket connection at a time (client-cli's
// NetClient, ws:// or wss://), the session (bot_session.hpp) fed with its frames, the
// searches on a SearchPool, the token kept in a file, and reconnection with back-off
// (reconnect_backoff.hpp) whenever the connection drops, until stop() or a fatal error.
//
// Thread-safety: run() on one thread (it is the network thread of the session); stop()
// and join_room() from any thread; stop() is also async-signal-safe (an atomic store and
// a write(2) on an eventfd).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bot_session.hpp"
#include "move_chooser.hpp"
#include "net_client.hpp"

namespace bh::bot::client {

struct RunnerConfig {
  cli::NetTarget target;
  SessionConfig session;
  std::optional<std::string> token_file;  // read at start when session.token is empty; written on identity
  unsigned threads = 0;                   // search threads; 0: one per core
};

using LogSink = std::function<void(const std::string&)>;

class BotRunner {
 public:
  BotRunner(RunnerConfig config, std::shared_ptr<ChooserFactory> chooser, std::shared_ptr<const PlayPolicy> policy,
            LogSink log = {});
  ~BotRunner();
  BotRunner(const BotRunner&) = delete;
  BotRunner& operator=(const BotRunner&) = delete;

  // Runs until stop() (returns 0) or a fatal error (returns 1: a refused password, a
  // session replaced by another copy of this bot).
  int run();
  void stop();
  // Joins a room as if challenged, once logged in.
  void join_room(std::string room_id, std::optional<std::string> invite_code = std::nullopt,
                 std::optional<int> level = std::nullopt);

 private:
  struct Join {
    std::string room_id;
    std::optional<std::string> invite_code;
    std::optional<int> level;
  };
  void log(const std::string& line) const;

  RunnerConfig config_;
  std::shared_ptr<ChooserFactory> chooser_;
  std::shared_ptr<const PlayPolicy> policy_;
  LogSink log_;
  int control_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::mutex joins_mutex_;
  std::vector<Join> joins_;  // guarded by joins_mutex_
};

// Reads a token file (one line); nullopt when missing or empty.
std::optional<std::string> read_token_file(const std::string& path);
// Writes it (mode 0600) through a temporary file and a rename. False on failure.
bool write_token_file(const std::string& path, const std::string& token);

}  // namespace bh::bot::client
