#include "app/players/address_quota.hpp"

namespace bh::app {

AddressQuota::Slot& AddressQuota::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    release();
    counts_ = std::move(other.counts_);
    address_ = std::move(other.address_);
  }
  return *this;
}

void AddressQuota::Slot::release() {
  if (!counts_) return;
  {
    std::lock_guard lock(counts_->mutex);
    auto it = counts_->held.find(address_);
    if (it != counts_->held.end() && --it->second <= 0) counts_->held.erase(it);
  }
  counts_.reset();
}

std::optional<AddressQuota::Slot> AddressQuota::take(const std::string& address) {
  std::lock_guard lock(counts_->mutex);
  int& held = counts_->held[address];
  if (cap_ > 0 && held >= cap_) {
    if (held == 0) counts_->held.erase(address);
    return std::nullopt;
  }
  ++held;
  return Slot(counts_, address);
}

int AddressQuota::held(const std::string& address) const {
  std::lock_guard lock(counts_->mutex);
  auto it = counts_->held.find(address);
  return it == counts_->held.end() ? 0 : it->second;
}

}  // namespace bh::app
