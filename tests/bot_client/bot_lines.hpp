// The networked bot's log lines, kept for a test to look at (the runner's log callback
// runs on its network thread).
#pragma once

#include <mutex>
#include <string>
#include <vector>

namespace bh::bot::client {

struct Lines {
  std::mutex mutex;
  std::vector<std::string> lines;
  void add(const std::string& line) {
    std::lock_guard lock(mutex);
    lines.push_back(line);
  }
  int count(const std::string& needle) {
    std::lock_guard lock(mutex);
    int n = 0;
    for (const auto& l : lines) n += l.find(needle) != std::string::npos ? 1 : 0;
    return n;
  }
  std::string all() {
    std::lock_guard lock(mutex);
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
  }
};

}  // namespace bh::bot::client
