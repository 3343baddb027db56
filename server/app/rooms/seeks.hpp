// The open rooms made by `seek`, oldest first, waiting for a compatible seeker
// (docs/protocol.md, "Quick pairing"). Only the pairing decision lives here; the rooms
// themselves are in the Directory.
//
// Thread-safety: any thread; a mutex guards the list and is held only for list work,
// never while calling out to a room. take_or_add is one step under the mutex, so two
// seekers arriving at once make one room and one game, never two waiting rooms.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/rooms/pairing.hpp"

namespace bh::app {

class Seeks {
 public:
  struct Entry {
    std::string room_id, player;
    pairing::Terms terms;
    std::optional<double> rating;  // the creator's rating for the game, if known
    std::int64_t opened_ms = 0;
    // Who this seeker must never meet: a block between them, either way (sorted).
    std::vector<std::string> avoid;
  };
  // The oldest waiting entry `seeker` may join (pairing::compatible, not the seeker's
  // own, nor one of `seeker.avoid`'s), taken out of the list; or, when none fits, `seeker` added as a new entry,
  // `when_added` run, and nullopt returned. `when_added` runs under the mutex, before
  // anyone can take the entry: it must only post (Room::open), so that the room is
  // opened before any seeker's join reaches it.
  std::optional<Entry> take_or_add(Entry seeker, std::int64_t now_ms, const std::function<void()>& when_added);
  // The room stopped waiting (joined, cancelled, abandoned, closed).
  void remove(const std::string& room_id);
  // The entry of `room_id` taken out, if it still waits.
  std::optional<Entry> take(const std::string& room_id);
  // The entries waiting now, oldest first.
  std::vector<Entry> waiting() const;
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // oldest first
};

}  // namespace bh::app
