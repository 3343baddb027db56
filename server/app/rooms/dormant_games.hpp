// Correspondence games asleep: kept in the store, not in memory (docs/correspondence.md,
// "Idle games"). A game nobody has looked at for a while leaves its room (room_departure.cpp)
// and is known here by its room and deadline alone; the first request for it loads it
// again (Games::find_game), and the requests that come while it loads wait for it.
//
// Thread-safety: any thread; one mutex, held for map work only (callbacks run outside it).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace bh::app {

class Room;

class DormantGames {
 public:
  struct Entry {
    std::string room_id;
    std::optional<std::int64_t> deadline_ms;  // the side to move's, unix ms
  };
  // Gets the room once the game is loaded; null when it could not be.
  using Woken = std::function<void(const std::shared_ptr<Room>&)>;

  void add(const std::string& game_id, Entry entry);
  bool contains(const std::string& game_id) const;
  enum class Wake {
    awake,    // not asleep here: `then` was not kept
    load,     // the caller loads it, then calls loaded()
    waiting,  // a load is under way: `then` runs when it ends
  };
  Wake wake(const std::string& game_id, Woken then);
  // The load of `game_id` ended: the callbacks that waited for it. `forget`: it is awake
  // now (or gone), no longer asleep; else it stays asleep and may be loaded again.
  std::vector<Woken> loaded(const std::string& game_id, bool forget);
  // The games whose deadline is at or before `now_ms`, not loading already.
  std::vector<std::string> due(std::int64_t now_ms) const;
  std::optional<std::int64_t> next_deadline() const;
  std::size_t size() const;

 private:
  struct Slot {
    Entry entry;
    bool loading = false;
    std::vector<Woken> waiting;
  };
  void erase_locked(std::map<std::string, Slot>::iterator it);

  mutable std::mutex mutex_;
  std::map<std::string, Slot> games_;                         // by game id
  std::set<std::pair<std::int64_t, std::string>> deadlines_;  // (deadline, game id)
};

}  // namespace bh::app
