#include "log/log.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

namespace bh::log {
namespace {

std::atomic<bool> g_verbose{false};

void write_line(std::string_view level, std::string_view text) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[96];
  std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ ", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(millis));
  std::string line = stamp;
  line.append(level).append(" ").append(text).append("\n");
  const char* data = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, data, left);
    if (n <= 0) return;  // nowhere to report a failing stderr
    data += n;
    left -= static_cast<std::size_t>(n);
  }
}

}  // namespace

void set_verbose(bool on) { g_verbose.store(on, std::memory_order_relaxed); }
bool verbose() { return g_verbose.load(std::memory_order_relaxed); }

void info(std::string_view line) { write_line("info", line); }
void error(std::string_view line) { write_line("error", line); }
void debug(std::string_view line) {
  if (verbose()) write_line("debug", line);
}

}  // namespace bh::log
