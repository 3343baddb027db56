#include "app/completion_inbox.hpp"

#include <boost/asio/post.hpp>

namespace bh::app {

namespace {
// Owned by the posted handler: if the handler is destroyed unrun, the queue goes too.
struct DrainGuard {
  explicit DrainGuard(std::shared_ptr<CompletionInbox> owner) : inbox(std::move(owner)) {}
  DrainGuard(const DrainGuard&) = delete;
  DrainGuard& operator=(const DrainGuard&) = delete;
  ~DrainGuard() {
    if (!ran) inbox->discard();
  }
  std::shared_ptr<CompletionInbox> inbox;
  bool ran = false;
};
}  // namespace

void CompletionInbox::post(std::function<void()> work) {
  bool schedule = false;
  {
    std::lock_guard lock(mu_);
    queued_.push_back(std::move(work));
    schedule = !scheduled_;
    scheduled_ = true;
  }
  if (schedule) {
    boost::asio::post(io_, [guard = std::make_unique<DrainGuard>(shared_from_this())] {
      guard->ran = true;
      guard->inbox->drain();
    });
  }
}

void CompletionInbox::drain() {
  // One drain at a time, so completions run in the order they came; what arrives while
  // it runs is taken by the same drain.
  for (;;) {
    std::vector<std::function<void()>> batch;
    {
      std::lock_guard lock(mu_);
      if (queued_.empty()) {
        scheduled_ = false;
        return;
      }
      batch.swap(queued_);
    }
    for (auto& work : batch) work();
  }
}

void CompletionInbox::discard() {
  std::vector<std::function<void()>> dropped;
  {
    std::lock_guard lock(mu_);
    dropped.swap(queued_);
    scheduled_ = false;
  }
}

}  // namespace bh::app
