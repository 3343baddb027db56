// Who sits where, as a room needs it: a player takes a room's seat only if the server
// is not shutting down, the room's ratings allow it (rated_seating.hpp: guests, rated
// pairs a day) and the player holds no other seat (one seat at a time, identities.hpp);
// and which player a connection acts for.
//
// Thread-safety: any thread (identities and the ledger lock their own maps).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "game/effects.hpp"
#include "game/room_settings.hpp"

namespace bh::app {

class Identities;
class RatedSeating;

// The refusal of a second seat, naming the one held.
game::Refuse already_seated(const std::string& held_room);
// `player` takes a seat in `room_id`: a live game's (one at a time) or a correspondence
// game's (any number up to a limit), as `settings` say; or the refusal.
std::optional<game::Refuse> claim_seat(Identities& identities, const game::RoomSettings& settings,
                                       const std::string& player, const std::string& room_id);
// The same, saying why not as the room held elsewhere ("" when the refusal is the
// correspondence limit, which no one room holds).
std::optional<std::string> claim_seat_or_held(Identities& identities, const game::RoomSettings& settings,
                                              const std::string& player, const std::string& room_id);

class Seats {
 public:
  Seats(Identities& identities, const RatedSeating& rated, const std::atomic<bool>& shutting_down)
      : identities_(identities), rated_(rated), shutting_down_(shutting_down) {}

  // `player` takes the second seat of `room_id` (its settings, its creator `creator`),
  // or the refusal.
  std::optional<game::Refuse> take(const game::RoomSettings& settings, const std::string& player,
                                   const std::string& creator, const std::string& room_id);
  std::optional<std::string> player_of(std::uint64_t connection_id) const;

 private:
  Identities& identities_;
  const RatedSeating& rated_;
  const std::atomic<bool>& shutting_down_;
};

}  // namespace bh::app
