#include "cluster/subscriptions.hpp"

#include <algorithm>

namespace bh::cluster {

std::shared_ptr<Subscription> Subscriptions::add(std::string channel, MessageHandler handler, Dispatcher where,
                                                 std::function<void()> ready) {
  auto sub = std::make_shared<Subscription>();
  sub->channel = std::move(channel);
  sub->handler = std::move(handler);
  sub->where = std::move(where);
  sub->ready = std::move(ready);
  std::lock_guard lock(mutex_);
  sub->id = next_id_++;
  channel_of_.emplace(sub->id, sub->channel);
  by_channel_[sub->channel].push_back(sub);
  return sub;
}

std::shared_ptr<Subscription> Subscriptions::remove(Bus::SubscriptionId id) {
  std::lock_guard lock(mutex_);
  const auto found = channel_of_.find(id);
  if (found == channel_of_.end()) return nullptr;
  const auto list = by_channel_.find(found->second);
  channel_of_.erase(found);
  if (list == by_channel_.end()) return nullptr;
  auto& subs = list->second;
  const auto at = std::find_if(subs.begin(), subs.end(), [id](const auto& s) { return s->id == id; });
  if (at == subs.end()) return nullptr;
  auto removed = *at;
  removed->active = false;
  subs.erase(at);
  if (subs.empty()) by_channel_.erase(list);
  return removed;
}

void Subscriptions::clear() {
  std::lock_guard lock(mutex_);
  for (auto& [channel, subs] : by_channel_) {
    for (auto& sub : subs) sub->active = false;
  }
  by_channel_.clear();
  channel_of_.clear();
}

std::vector<std::shared_ptr<Subscription>> Subscriptions::of(std::string_view channel) const {
  std::lock_guard lock(mutex_);
  const auto found = by_channel_.find(channel);
  if (found == by_channel_.end()) return {};
  return found->second;
}

bool Subscriptions::wanted(std::string_view channel) const {
  std::lock_guard lock(mutex_);
  return by_channel_.find(channel) != by_channel_.end();
}

std::vector<std::string> Subscriptions::channels() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  names.reserve(by_channel_.size());
  for (const auto& [channel, subs] : by_channel_) names.push_back(channel);
  return names;
}

}  // namespace bh::cluster
