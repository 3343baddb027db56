#include "app/rooms/directory.hpp"

namespace bh::app {

void Directory::add_room(const std::string& id, std::shared_ptr<Room> room) {
  std::lock_guard lock(mutex_);
  rooms_[id] = std::move(room);
}
void Directory::remove_room(const std::string& id) {
  std::lock_guard lock(mutex_);
  rooms_.erase(id);
}
std::shared_ptr<Room> Directory::find_room(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}
void Directory::add_game(const std::string& game_id, const std::shared_ptr<Room>& room) {
  std::lock_guard lock(mutex_);
  games_[game_id] = room;
}
void Directory::remove_game(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  games_.erase(game_id);
}
std::shared_ptr<Room> Directory::find_game(const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game_id);
  return it == games_.end() ? nullptr : it->second.lock();
}
std::vector<std::shared_ptr<Room>> Directory::rooms() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Room>> out;
  for (const auto& [id, room] : rooms_) out.push_back(room);
  return out;
}
void Directory::clear() {
  std::map<std::string, std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mutex_);
    rooms.swap(rooms_);
    games_.clear();
  }
  // Rooms are released here, outside the lock.
}

}  // namespace bh::app
