#include "search_pool.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <optional>

namespace bh::bot::client {

ChoiceLimits charge_wait(ChoiceLimits limits, std::int64_t waited_ms) {
  if (waited_ms <= 0) return limits;
  if (limits.my_time_ms) limits.my_time_ms = std::max<std::int64_t>(0, *limits.my_time_ms - waited_ms);
  if (limits.movetime_ms)
    limits.movetime_ms = static_cast<int>(std::max<std::int64_t>(1, *limits.movetime_ms - waited_ms));
  return limits;
}

SearchPool::SearchPool(std::shared_ptr<ChooserFactory> factory, unsigned threads)
    : factory_(std::move(factory)), event_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (threads == 0) threads = 1;
  for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

SearchPool::~SearchPool() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    for (auto& [id, stop] : stops_) stop->store(true);
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
  if (event_fd_ >= 0) ::close(event_fd_);
}

void SearchPool::start(SearchOrder order) {
  {
    std::lock_guard lock(mutex_);
    auto& slot = slots_[order.game_id];
    if (!slot) slot = std::make_shared<Slot>();
    auto stop = std::make_shared<std::atomic<bool>>(false);
    stops_[order.search_id] = stop;
    queue_.push_back(Job{std::move(order), std::move(stop), slot, std::chrono::steady_clock::now()});
  }
  wake_.notify_one();
}

void SearchPool::cancel(std::uint64_t search_id) {
  std::lock_guard lock(mutex_);
  if (auto it = stops_.find(search_id); it != stops_.end()) it->second->store(true);
}

void SearchPool::cancel_all() {
  std::lock_guard lock(mutex_);
  for (auto& [id, stop] : stops_) stop->store(true);
}

void SearchPool::forget(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  slots_.erase(game_id);  // a running search keeps its slot alive until it ends
}

std::vector<SearchDone> SearchPool::take_results() {
  std::uint64_t count = 0;
  [[maybe_unused]] const auto n = ::read(event_fd_, &count, sizeof count);
  std::lock_guard lock(mutex_);
  std::vector<SearchDone> out;
  out.swap(results_);
  return out;
}

void SearchPool::work() {
  for (;;) {
    std::optional<Job> next;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (closing_) return;
      next.emplace(std::move(queue_.front()));
      queue_.pop_front();
    }
    Job& job = *next;
    SearchDone done{job.order.search_id, {}};
    bool chosen = false;
    if (!job.stop->load()) {
      std::lock_guard slot_lock(job.slot->mutex);
      if (!job.slot->chooser) job.slot->chooser = factory_->make(job.order.state.rules_ptr());
      if (!job.stop->load() && !job.order.state.status().over()) {
        const auto waited =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - job.queued_at)
                .count();
        done.choice = job.slot->chooser->choose(job.order.state, charge_wait(job.order.limits, waited), *job.stop);
        chosen = true;
      }
    }
    {
      std::lock_guard lock(mutex_);
      stops_.erase(job.order.search_id);
      // A cancelled search's result would be dropped by the session anyway.
      if (chosen && !job.stop->load()) results_.push_back(std::move(done));
    }
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(event_fd_, &one, sizeof one);
  }
}

}  // namespace bh::bot::client
