#include "app/players/watchers.hpp"

namespace bh::app {

void Watchers::opened(std::uint64_t connection_id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  connections_[connection_id].idle_since_ms = now_ms;
}

std::vector<std::string> Watchers::closed(std::uint64_t connection_id) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end()) return {};
  std::vector<std::string> rooms(it->second.rooms.begin(), it->second.rooms.end());
  connections_.erase(it);
  return rooms;
}

bool Watchers::watch(std::uint64_t connection_id, const std::string& room_id) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end()) return false;
  it->second.rooms.insert(room_id);
  return true;
}

void Watchers::unwatch(std::uint64_t connection_id, const std::string& room_id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end() || it->second.rooms.erase(room_id) == 0) return;
  if (it->second.rooms.empty() && !it->second.lobby) it->second.idle_since_ms = now_ms;
}

bool Watchers::follows_lobby(std::uint64_t connection_id) const {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  return it != connections_.end() && it->second.lobby;
}

void Watchers::follow_lobby(std::uint64_t connection_id, bool following, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end() || it->second.lobby == following) return;
  it->second.lobby = following;
  if (!following && it->second.rooms.empty()) it->second.idle_since_ms = now_ms;
}

void Watchers::follow_tournament(std::uint64_t connection_id) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it != connections_.end()) it->second.tournament = true;
}

bool Watchers::active_since(std::uint64_t connection_id, std::int64_t since_ms) const {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end()) return false;
  const Follows& f = it->second;
  return f.lobby || f.tournament || !f.rooms.empty() || f.idle_since_ms >= since_ms;
}

}  // namespace bh::app
