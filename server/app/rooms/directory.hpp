// The directory: rooms by id (it owns them) and live games by id (to route a game's
// requests to its room).
//
// Thread-safety: any thread; a mutex guards the maps and is held only for map work,
// never while calling out to a room.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace bh::app {

class Room;

class Directory {
 public:
  void add_room(const std::string& id, std::shared_ptr<Room> room);
  void remove_room(const std::string& id);
  std::shared_ptr<Room> find_room(const std::string& id) const;
  void add_game(const std::string& game_id, const std::shared_ptr<Room>& room);
  void remove_game(const std::string& game_id);
  std::shared_ptr<Room> find_game(const std::string& game_id) const;
  std::vector<std::shared_ptr<Room>> rooms() const;
  void clear();

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, std::weak_ptr<Room>> games_;
};

}  // namespace bh::app
