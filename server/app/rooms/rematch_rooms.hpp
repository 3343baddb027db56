// The finished room each player may still be offered a rematch in (docs/protocol.md,
// "Rematch"). A finished room holds no seat (Identities::claim_room): its players may
// sit elsewhere, and doing so, or leaving, ends the chance of a rematch; this map lets
// the application tell the room so.
//
// Thread-safety: any thread; a mutex guards the map and is held only for map work.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace bh::app {

class RematchRooms {
 public:
  void set(const std::string& player, const std::string& room_id);
  // Forgets the player's room if it is still `room_id`.
  void clear(const std::string& player, const std::string& room_id);
  std::optional<std::string> of(const std::string& player) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::string> rooms_;
};

}  // namespace bh::app
