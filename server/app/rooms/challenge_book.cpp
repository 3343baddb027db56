#include "app/rooms/challenge_book.hpp"

#include <array>

#include "game/decide.hpp"

namespace bh::app {

void ChallengeBook::opened(const game::GameSession& s) {
  if (s.kept_for.empty() || s.settings->computer_level) return;  // not a challenge by name
  std::lock_guard lock(mutex_);
  rooms_[s.room_id] = {s.seats[0].player, s.kept_for, {game::room_info(s), s.kept_until_ms}};
}

void ChallengeBook::ended(const std::string& room_id) {
  std::lock_guard lock(mutex_);
  rooms_.erase(room_id);
}

std::vector<protocol::server::ChallengeEntry> ChallengeBook::incoming(const std::string& player) const {
  std::lock_guard lock(mutex_);
  std::vector<protocol::server::ChallengeEntry> out;
  for (const auto& [room, e] : rooms_)
    if (e.to == player) out.push_back(e.view);
  return out;
}

std::vector<protocol::server::ChallengeEntry> ChallengeBook::outgoing(const std::string& player) const {
  std::lock_guard lock(mutex_);
  std::vector<protocol::server::ChallengeEntry> out;
  for (const auto& [room, e] : rooms_)
    if (e.from == player) out.push_back(e.view);
  return out;
}

bool known_decline_reason(std::string_view reason) {
  static constexpr std::array<std::string_view, 10> kReasons{
      "generic", "later", "too_fast", "too_slow", "time_control", "rated", "casual", "variant", "no_bot", "only_bot"};
  for (const auto known : kReasons)
    if (reason == known) return true;
  return false;
}

}  // namespace bh::app
