// What each connection follows: the rooms whose games it watches, whether it is
// subscribed to the lobby, and whether it follows a tournament. Two uses: a connection that closes leaves the rooms it
// watched (their spectator counts drop at once), and the housekeeping spares a
// connection with no identity from the identify timeout while it follows something
// (docs/protocol.md, "Limits").
//
// Thread-safety: any thread; a mutex guards the map and is held only for map work.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace bh::app {

class Watchers {
 public:
  // `now_ms` (wall_clock.hpp's now_ms()): when the connection opened, following nothing.
  void opened(std::uint64_t connection_id, std::int64_t now_ms);
  // Forgets the connection; returns the rooms it watched, for the caller to leave.
  std::vector<std::string> closed(std::uint64_t connection_id);
  // The connection watches `room_id`. False when it has closed already: the room must
  // not keep it as a spectator (nothing would take it out again).
  bool watch(std::uint64_t connection_id, const std::string& room_id);
  void unwatch(std::uint64_t connection_id, const std::string& room_id, std::int64_t now_ms);
  void follow_lobby(std::uint64_t connection_id, bool following, std::int64_t now_ms);
  // The connection follows a tournament (get_tournament), until it closes.
  void follow_tournament(std::uint64_t connection_id);
  // Whether the connection follows a game or the lobby now, or stopped at or after
  // `since_ms`. False for a connection this does not know.
  bool active_since(std::uint64_t connection_id, std::int64_t since_ms) const;
  // Whether the connection follows the lobby now.
  bool follows_lobby(std::uint64_t connection_id) const;

 private:
  struct Follows {
    std::set<std::string> rooms;
    bool lobby = false;
    bool tournament = false;
    std::int64_t idle_since_ms = 0;  // when it last stopped following anything (or opened)
  };

  mutable std::mutex mutex_;
  std::map<std::uint64_t, Follows> connections_;
};

}  // namespace bh::app
