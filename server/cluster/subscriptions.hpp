// Who listens to which channel on this node: the handlers of Bus::subscribe, by channel.
// The bus thread reads it for every message and to know which channels Redis must have.
//
// Thread-safety: every member function may be called from any thread (one mutex, never
// held while a handler runs).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cluster/bus.hpp"

namespace bh::cluster {

struct Subscription {
  Bus::SubscriptionId id = 0;
  std::string channel;
  MessageHandler handler;
  Dispatcher where;
  std::function<void()> ready;
  // Cleared by unsubscribe: a call already dispatched checks it before it starts.
  std::atomic<bool> active{true};
  // The connection attempt whose confirmation `ready` was last told of (the bus's strand only).
  std::uint64_t ready_told_for = 0;
};

class Subscriptions {
 public:
  std::shared_ptr<Subscription> add(std::string channel, MessageHandler handler, Dispatcher where,
                                    std::function<void()> ready);
  // The removed subscription, deactivated; null for an unknown id.
  std::shared_ptr<Subscription> remove(Bus::SubscriptionId id);
  // Every subscription, deactivated (the Bus is going away).
  void clear();

  std::vector<std::shared_ptr<Subscription>> of(std::string_view channel) const;
  bool wanted(std::string_view channel) const;
  std::vector<std::string> channels() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<std::shared_ptr<Subscription>>, std::less<>> by_channel_;
  std::unordered_map<Bus::SubscriptionId, std::string> channel_of_;
  Bus::SubscriptionId next_id_ = 1;
};

}  // namespace bh::cluster
