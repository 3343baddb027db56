// Challenges to a named player waiting for an answer (docs/protocol.md, "Challenge a
// player"), by challenger and challenged, for list_challenges: each is a private room
// whose second seat is kept for the challenged player, added when the room opens and
// gone when it starts or closes (game_events.cpp). The decline reasons a player may give.
//
// Thread-safety: any thread (a mutex, map work only).
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "game/session.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

class ChallengeBook {
 public:
  // A room opened: noted when it is a challenge to a named player.
  void opened(const game::GameSession& s);
  // The room started or closed.
  void ended(const std::string& room_id);
  std::vector<protocol::server::ChallengeEntry> incoming(const std::string& player) const;
  std::vector<protocol::server::ChallengeEntry> outgoing(const std::string& player) const;

 private:
  struct Entry {
    std::string from, to;
    protocol::server::ChallengeEntry view;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Entry> rooms_;  // by room id
};

// generic, later, too_fast, too_slow, time_control, rated, casual, variant, no_bot, only_bot
bool known_decline_reason(std::string_view reason);

}  // namespace bh::app
