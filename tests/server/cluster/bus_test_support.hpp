// What the bus tests share: a fresh Redis per test, buses on it, waiting for a
// condition, and an inbox that collects what a handler received.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cluster/bus.hpp"
#include "redis_process.hpp"

namespace bh::cluster::test {

using namespace std::chrono_literals;

// Polls `done` every 5 ms until it holds or `timeout` passes.
inline bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds timeout = 10s) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

// Collects the payloads a handler received, from any thread.
class Inbox {
 public:
  MessageHandler handler() {
    return [this](const Message& m) { add(m.payload); };
  }
  void add(std::string payload) {
    std::lock_guard lock(mutex_);
    payloads_.push_back(std::move(payload));
  }
  std::vector<std::string> payloads() const {
    std::lock_guard lock(mutex_);
    return payloads_;
  }
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return payloads_.size();
  }
  bool wait_for(std::size_t count, std::chrono::milliseconds timeout = 10s) const {
    return wait_until([&] { return size() >= count; }, timeout);
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> payloads_;
};

// Counts `ready` calls (a subscription confirmed by Redis), from any thread.
class ReadyCount {
 public:
  std::function<void()> callback() {
    return [this] { ++count_; };
  }
  int count() const { return count_; }

 private:
  std::atomic<int> count_{0};
};

class BusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(bh::test::RedisProcess::binary().empty()) << "redis-server is missing: run scripts/deps --test";
    ASSERT_TRUE(redis_.start()) << redis_.log();
  }
  void TearDown() override {
    if (HasFailure()) std::cerr << "redis log:\n" << redis_.log() << '\n';
  }

  BusAddress address() const {
    auto parsed = parse_bus_url(redis_.url());
    EXPECT_TRUE(parsed.ok()) << redis_.url();
    return parsed.ok() ? *parsed : BusAddress{};
  }
  std::unique_ptr<Bus> make_bus(BusOptions options = {}) {
    return std::make_unique<Bus>(address(), std::move(options));
  }
  static bool wait_connected(const Bus& bus, std::chrono::milliseconds timeout = 10s) {
    return wait_until([&] { return bus.connected(); }, timeout);
  }

  bh::test::RedisProcess redis_;
};

}  // namespace bh::cluster::test
