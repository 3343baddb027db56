// How many of one thing (open rooms and seeks) each client address holds at once, with
// a cap per address. take() hands out a Slot that gives its place back when it is
// reset or destroyed, so whoever holds the thing holds the slot and cannot forget it.
//
// Thread-safety: every method, and a Slot's destruction, may happen on any thread (one
// mutex, map work only). Slots keep the counts alive, so they may outlive the quota.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace bh::app {

class AddressQuota {
  struct Counts {
    std::mutex mutex;
    std::unordered_map<std::string, int> held;  // only addresses holding one or more
  };

 public:
  // One place held by an address; empty once moved from.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept = default;
    Slot& operator=(Slot&& other) noexcept;
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { release(); }
    void release();

   private:
    friend class AddressQuota;
    Slot(std::shared_ptr<Counts> counts, std::string address)
        : counts_(std::move(counts)), address_(std::move(address)) {}
    std::shared_ptr<Counts> counts_;
    std::string address_;
  };

  // `cap` places per address; 0: no cap.
  explicit AddressQuota(int cap) : cap_(cap) {}

  // A place for `address`, or nullopt when it holds `cap` already.
  std::optional<Slot> take(const std::string& address);
  int held(const std::string& address) const;
  int cap() const { return cap_; }

 private:
  const int cap_;
  std::shared_ptr<Counts> counts_ = std::make_shared<Counts>();
};

}  // namespace bh::app
