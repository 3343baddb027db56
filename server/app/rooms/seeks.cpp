#include "app/rooms/seeks.hpp"

#include <algorithm>

namespace bh::app {

std::optional<Seeks::Entry> Seeks::take_or_add(Entry seeker, std::int64_t now_ms,
                                               const std::function<void()>& when_added) {
  std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->player == seeker.player) continue;
    if (std::binary_search(seeker.avoid.begin(), seeker.avoid.end(), it->player)) continue;
    if (!pairing::compatible(it->terms, it->rating, now_ms - it->opened_ms, seeker.terms, seeker.rating)) continue;
    Entry found = std::move(*it);
    entries_.erase(it);
    return found;
  }
  seeker.opened_ms = now_ms;
  if (when_added) when_added();
  entries_.push_back(std::move(seeker));
  return std::nullopt;
}

void Seeks::remove(const std::string& room_id) {
  std::lock_guard lock(mutex_);
  std::erase_if(entries_, [&](const Entry& e) { return e.room_id == room_id; });
}

std::optional<Seeks::Entry> Seeks::take(const std::string& room_id) {
  std::lock_guard lock(mutex_);
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.room_id == room_id; });
  if (it == entries_.end()) return std::nullopt;
  Entry found = std::move(*it);
  entries_.erase(it);
  return found;
}

std::vector<Seeks::Entry> Seeks::waiting() const {
  std::lock_guard lock(mutex_);
  return entries_;
}

std::size_t Seeks::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace bh::app
