// How many connections each client address holds open, with a cap: past it a new
// connection from that address is refused, so one address cannot take every socket the
// process may open. A Slot is held by the session for its whole life and given back
// when it is destroyed.
//
// Thread-safety: acquire() may be called from any thread (one mutex); a Slot belongs to
// one session.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace bh::net {

class AddressSlots : public std::enable_shared_from_this<AddressSlots> {
 public:
  class Slot {
   public:
    Slot() = default;
    Slot(std::shared_ptr<AddressSlots> owner, std::string address)
        : owner_(std::move(owner)), address_(std::move(address)) {}
    Slot(Slot&& other) noexcept = default;
    Slot& operator=(Slot&& other) noexcept {
      if (this != &other) {
        release();
        owner_ = std::move(other.owner_);
        address_ = std::move(other.address_);
      }
      return *this;
    }
    ~Slot() { release(); }
    bool held() const { return owner_ != nullptr; }

   private:
    void release() {
      if (auto owner = std::exchange(owner_, nullptr)) owner->release(address_);
    }
    std::shared_ptr<AddressSlots> owner_;
    std::string address_;
  };

  explicit AddressSlots(std::size_t per_address) : per_address_(per_address) {}

  // A slot for `address`, or nullopt when it holds `per_address` already.
  std::optional<Slot> acquire(const std::string& address) {
    {
      std::lock_guard lock(mutex_);
      auto& held = counts_[address];
      if (held >= per_address_) return std::nullopt;
      ++held;
    }
    return Slot(shared_from_this(), address);
  }

  std::size_t held(const std::string& address) const {
    std::lock_guard lock(mutex_);
    const auto it = counts_.find(address);
    return it == counts_.end() ? 0 : it->second;
  }

 private:
  void release(const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto it = counts_.find(address);
    if (it != counts_.end() && --it->second == 0) counts_.erase(it);
  }

  const std::size_t per_address_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> counts_;
};

}  // namespace bh::net
