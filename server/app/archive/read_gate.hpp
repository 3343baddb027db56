// Archive reads in flight at once, server-wide. A read's answer (a page of up to 100
// records, each with its moves) is built on a store reader and then waits for a network
// thread; when those are busy (a flood of reads, a loaded machine) answers would pile up
// in memory faster than they are sent. Past the limit a read waits as its small request
// until an answer in flight has been handled.
//
// Thread-safety: any thread. A permit may outlive the gate.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

namespace bh::app {

class ReadGate {
 public:
  // Given back when its last copy goes: keep it with the read's answer until handled.
  using Permit = std::shared_ptr<void>;

  explicit ReadGate(int limit) : state_(std::make_shared<State>(limit)) {}
  // `start(permit)` now, or on the thread that gives back a permit once one is free.
  void run(std::function<void(Permit)> start);
  std::size_t waiting() const;

 private:
  struct State {
    explicit State(int n) : limit(n) {}
    mutable std::mutex mu;
    const int limit;
    int in_flight = 0;
    std::deque<std::function<void(Permit)>> waiting;
  };
  static Permit permit(const std::shared_ptr<State>& state);
  static void give_back(const std::shared_ptr<State>& state);

  std::shared_ptr<State> state_;
};

}  // namespace bh::app
