#include "app/rooms/dormant_games.hpp"

namespace bh::app {

void DormantGames::add(const std::string& game_id, Entry entry) {
  std::lock_guard lock(mutex_);
  if (auto old = games_.find(game_id); old != games_.end()) erase_locked(old);
  if (entry.deadline_ms) deadlines_.emplace(*entry.deadline_ms, game_id);
  games_[game_id] = Slot{std::move(entry), false, {}};
}

bool DormantGames::contains(const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  return games_.contains(game_id);
}

DormantGames::Wake DormantGames::wake(const std::string& game_id, Woken then) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game_id);
  if (it == games_.end()) return Wake::awake;
  it->second.waiting.push_back(std::move(then));
  return std::exchange(it->second.loading, true) ? Wake::waiting : Wake::load;
}

std::vector<DormantGames::Woken> DormantGames::loaded(const std::string& game_id, bool forget) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game_id);
  if (it == games_.end()) return {};
  auto waiting = std::exchange(it->second.waiting, {});
  it->second.loading = false;
  if (forget) erase_locked(it);
  return waiting;
}

std::vector<std::string> DormantGames::due(std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [deadline, id] : deadlines_) {
    if (deadline > now_ms) break;
    if (!games_.at(id).loading) out.push_back(id);
  }
  return out;
}

std::optional<std::int64_t> DormantGames::next_deadline() const {
  std::lock_guard lock(mutex_);
  if (deadlines_.empty()) return std::nullopt;
  return deadlines_.begin()->first;
}

std::size_t DormantGames::size() const {
  std::lock_guard lock(mutex_);
  return games_.size();
}

void DormantGames::erase_locked(std::map<std::string, Slot>::iterator it) {
  if (it->second.entry.deadline_ms) deadlines_.erase({*it->second.entry.deadline_ms, it->first});
  games_.erase(it);
}

}  // namespace bh::app
