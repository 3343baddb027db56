#include "app/archive/read_gate.hpp"

#include <utility>

namespace bh::app {

void ReadGate::run(std::function<void(Permit)> start) {
  {
    std::lock_guard lock(state_->mu);
    if (state_->in_flight >= state_->limit) return state_->waiting.push_back(std::move(start));
    ++state_->in_flight;
  }
  start(permit(state_));
}

std::size_t ReadGate::waiting() const {
  std::lock_guard lock(state_->mu);
  return state_->waiting.size();
}

ReadGate::Permit ReadGate::permit(const std::shared_ptr<State>& state) {
  // Not a pointer to anything: its deleter is what counts.
  return Permit(static_cast<void*>(nullptr), [state](void*) { give_back(state); });
}

void ReadGate::give_back(const std::shared_ptr<State>& state) {
  std::function<void(Permit)> next;
  {
    std::lock_guard lock(state->mu);
    if (state->waiting.empty()) {
      --state->in_flight;
      return;
    }
    next = std::move(state->waiting.front());  // the permit passes to it
    state->waiting.pop_front();
  }
  next(permit(state));
}

}  // namespace bh::app
