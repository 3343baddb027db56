// The bot's search pool: a search that waited in the queue behind another game's is
// given that much less time, so that a bot with more games than threads never loses one
// on time by queueing.
#include <gtest/gtest.h>

#include <poll.h>

#include <chrono>
#include <mutex>
#include <thread>

#include "rules/registry.hpp"
#include "search_pool.hpp"

namespace bh::bot::client {
namespace {

TEST(ChargeWait, TheClockAndTheMoveTimeShrinkByTheWait) {
  ChoiceLimits l;
  l.my_time_ms = 10000;
  l.movetime_ms = 1000;
  l.my_increment_ms = 2000;
  const ChoiceLimits after = charge_wait(l, 400);
  EXPECT_EQ(after.my_time_ms, 9600);
  EXPECT_EQ(after.movetime_ms, 600);
  EXPECT_EQ(after.my_increment_ms, 2000);  // the increment comes after the move
}

TEST(ChargeWait, NeverBelowNothing) {
  ChoiceLimits l;
  l.my_time_ms = 300;
  l.movetime_ms = 200;
  const ChoiceLimits after = charge_wait(l, 5000);
  EXPECT_EQ(after.my_time_ms, 0);
  EXPECT_EQ(after.movetime_ms, 1);
}

TEST(ChargeWait, NoClockNoChange) {
  const ChoiceLimits after = charge_wait(ChoiceLimits{}, 5000);
  EXPECT_FALSE(after.my_time_ms);
  EXPECT_FALSE(after.movetime_ms);
}

// A chooser that takes `think` and records the limits it was given.
struct SlowChooser final : MoveChooser {
  std::chrono::milliseconds think;
  std::mutex* mutex;
  std::vector<ChoiceLimits>* seen;
  Choice choose(const rules::GameState& game, const ChoiceLimits& limits, const std::atomic<bool>&) override {
    {
      std::lock_guard lock(*mutex);
      seen->push_back(limits);
    }
    std::this_thread::sleep_for(think);
    return Choice{game.legal_moves().front(), 0, false};
  }
};

struct SlowFactory final : ChooserFactory {
  std::mutex mutex;
  std::vector<ChoiceLimits> seen;
  std::unique_ptr<MoveChooser> make(std::shared_ptr<const rules::Ruleset>) override {
    auto c = std::make_unique<SlowChooser>();
    c->think = std::chrono::milliseconds(300);
    c->mutex = &mutex;
    c->seen = &seen;
    return c;
  }
};

TEST(SearchPool, ASearchQueuedBehindAnotherGameHasLessOnItsClock) {
  auto factory = std::make_shared<SlowFactory>();
  std::size_t results = 0;
  {
    SearchPool pool(factory, 1);
    const auto rules = *rules::make_ruleset("tablut");
    for (const char* game : {"g1", "g2"}) {
      ChoiceLimits limits;
      limits.my_time_ms = 60000;
      pool.start(SearchOrder{game[1] == '1' ? 1u : 2u, game, rules::GameState(rules), limits});
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (results < 2 && std::chrono::steady_clock::now() < deadline) {
      pollfd p{pool.done_fd(), POLLIN, 0};
      ::poll(&p, 1, 100);
      results += pool.take_results().size();
    }
  }
  EXPECT_EQ(results, 2u);
  ASSERT_EQ(factory->seen.size(), 2u);
  EXPECT_GE(*factory->seen[0].my_time_ms, 60000 - 100);  // started at once
  EXPECT_LE(*factory->seen[1].my_time_ms, 60000 - 250);  // waited for the first
}

}  // namespace
}  // namespace bh::bot::client
