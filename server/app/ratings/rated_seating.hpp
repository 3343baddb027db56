// The room's part in ratings (docs/ratings.md): the ratings a room shows, who may sit
// in a rated room, and the count of rated games each pair starts (against farming).
// The update itself is the store's (rating_sql.hpp).
//
// Thread-safety: any thread (the cache, identities and ledger lock their own maps).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "app/connection.hpp"
#include "game/effects.hpp"
#include "game/room_settings.hpp"

namespace bh::app {

class Identities;
class Metrics;
class PairLedger;
class RatingsCache;

class RatedSeating {
 public:
  RatedSeating(const RatingsCache& ratings, const Identities& identities, PairLedger& pairs, Metrics& metrics)
      : ratings_(ratings), identities_(identities), pairs_(pairs), metrics_(metrics) {}

  // A player's rating for the room's game: null for a guest in a casual room or a game
  // without a rating key.
  std::optional<protocol::RatingView> rating_of(const game::RoomSettings& settings, const std::string& player) const;
  // A guest may not join a rated room (account_required).
  std::optional<game::Refuse> refuse_guest(const game::RoomSettings& settings, const std::string& player) const;
  // A pair that started its rated games for the day may not sit down to another
  // (rated_pair_limit); bots are not counted.
  std::optional<game::Refuse> refuse_pair(const game::RoomSettings& settings, const std::string& player,
                                          const std::string& other) const;
  // A rated game starts between the seats: counted for its pair, and logged when both
  // play from one address.
  void note_start(const game::RoomSettings& settings, const std::string& room_id,
                  const std::array<std::string, 2>& players,
                  const std::array<std::weak_ptr<Connection>, 2>& connections);

 private:
  const RatingsCache& ratings_;
  const Identities& identities_;
  PairLedger& pairs_;
  Metrics& metrics_;
};

}  // namespace bh::app
