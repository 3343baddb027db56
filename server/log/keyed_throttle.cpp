#include "log/keyed_throttle.hpp"

#include "log/log.hpp"

namespace bh::log {

namespace {

// The one entry per kind that new keys share when the map is full.
constexpr std::string_view kOthers = "other addresses";

std::string held_back_line(const std::pair<std::string, std::string>& id, std::uint64_t count) {
  return id.first + " from " + id.second + ": " + std::to_string(count) + " more like it held back";
}

}  // namespace

KeyedThrottle::KeyedThrottle(Clock::duration interval, std::size_t max_keys, Sink sink)
    : interval_(interval),
      max_keys_(max_keys),
      sink_(sink ? std::move(sink) : Sink([](const std::string& line) { info(line); })) {}

void KeyedThrottle::write(std::string_view kind, std::string_view key, std::string line, Clock::time_point now) {
  {
    std::lock_guard lock(mutex_);
    std::pair<std::string, std::string> id{std::string(kind), std::string(key)};
    auto it = entries_.find(id);
    if (it == entries_.end() && entries_.size() >= max_keys_) {
      id.second = kOthers;
      it = entries_.find(id);
    }
    if (it != entries_.end()) {
      Entry& entry = it->second;
      if (now - entry.written < interval_) {
        ++entry.held_back;
        return;
      }
      if (entry.held_back > 0) line += " (" + std::to_string(entry.held_back) + " more like it held back)";
      entry = Entry{now, 0};
    } else {
      entries_.emplace(std::move(id), Entry{now, 0});
    }
  }
  sink_(line);
}

void KeyedThrottle::flush(Clock::time_point now) {
  std::vector<std::string> lines;
  {
    std::lock_guard lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end();) {
      Entry& entry = it->second;
      if (now - entry.written < interval_) {
        ++it;
      } else if (entry.held_back > 0) {
        // Written now: the key stays throttled for another interval.
        lines.push_back(held_back_line(it->first, entry.held_back));
        entry = Entry{now, 0};
        ++it;
      } else {
        it = entries_.erase(it);
      }
    }
  }
  emit(lines);
}

std::size_t KeyedThrottle::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

void KeyedThrottle::emit(const std::vector<std::string>& lines) const {
  for (const auto& line : lines) sink_(line);
}

}  // namespace bh::log
