#include "app/rooms/rematch_rooms.hpp"

namespace bh::app {

void RematchRooms::set(const std::string& player, const std::string& room_id) {
  std::lock_guard lock(mutex_);
  rooms_[player] = room_id;
}

void RematchRooms::clear(const std::string& player, const std::string& room_id) {
  std::lock_guard lock(mutex_);
  const auto it = rooms_.find(player);
  if (it != rooms_.end() && it->second == room_id) rooms_.erase(it);
}

std::optional<std::string> RematchRooms::of(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto it = rooms_.find(player);
  if (it == rooms_.end()) return std::nullopt;
  return it->second;
}

}  // namespace bh::app
