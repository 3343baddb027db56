// The bus when Redis goes away: publishing fails visibly, the loss and the return are
// told, both nodes reconnect and subscribe again by themselves, and messages flow again
// within 5 s of Redis coming back.
#include <signal.h>

#include <atomic>

#include "bus_test_support.hpp"

namespace bh::cluster::test {
namespace {

// Records the status callbacks of a bus (true: up, false: lost), from any thread.
class StatusLog {
 public:
  BusOptions options() {
    BusOptions o;
    o.on_status = [this](bool up) {
      std::lock_guard lock(mutex_);
      told_.push_back(up);
    };
    return o;
  }
  std::vector<bool> told() const {
    std::lock_guard lock(mutex_);
    return told_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<bool> told_;
};

TEST_F(BusTest, RedisKilledAndRestartedBothNodesReconnectWithin5Seconds) {
  StatusLog a_status;
  StatusLog b_status;
  Inbox inbox;
  ReadyCount ready;
  auto a = make_bus(a_status.options());
  auto b = make_bus(b_status.options());
  b->subscribe("game:7", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_connected(*b) && wait_until([&] { return ready.count() == 1; }));
  ASSERT_EQ(a->publish("game:7", "before"), std::nullopt);
  ASSERT_TRUE(inbox.wait_for(1)) << "b received " << b->stats().received << ", a published " << a->stats().published
                                 << ", ready " << ready.count();

  redis_.kill();  // kill -9
  ASSERT_TRUE(wait_until([&] { return !a->connected() && !b->connected(); }, 5s));
  // Publishing now fails at once, and says so; nothing is queued for later.
  EXPECT_EQ(a->publish("game:7", "while down"), BusError::not_connected);
  EXPECT_EQ(b->publish("game:7", "while down"), BusError::not_connected);
  EXPECT_EQ(a->stats().publish_failures, 1u);
  EXPECT_TRUE(wait_until([&] { return a_status.told() == std::vector<bool>{true, false}; }));
  EXPECT_TRUE(wait_until([&] { return b_status.told() == std::vector<bool>{true, false}; }));
  std::this_thread::sleep_for(1s);  // a few failed attempts, the backoff grows

  ASSERT_TRUE(redis_.start()) << redis_.log();
  const auto back = std::chrono::steady_clock::now();
  // Messages flow again: b subscribed anew (its ready told again), a publishes.
  ASSERT_TRUE(wait_until(
      [&] {
        if (ready.count() < 2 || !a->connected()) return false;
        (void)a->publish("game:7", "after");
        return inbox.size() >= 2;
      },
      5s))
      << "up: " << a->connected() << " " << b->connected() << " ready: " << ready.count();
  const auto took = std::chrono::steady_clock::now() - back;
  EXPECT_LT(took, 5s);
  EXPECT_TRUE(wait_until([&] { return inbox.size() >= 2; }));
  const auto got = inbox.payloads();
  EXPECT_EQ(got[0], "before");
  EXPECT_EQ(got[1], "after");
  EXPECT_TRUE(wait_until([&] {
    return a_status.told() == std::vector<bool>{true, false, true};
  })) << a_status.told().size();
  EXPECT_TRUE(wait_until([&] {
    return b_status.told() == std::vector<bool>{true, false, true};
  })) << b_status.told().size();
  EXPECT_EQ(a->stats().losses, 1u);
  EXPECT_EQ(b->stats().losses, 1u);
  EXPECT_GT(a->stats().connect_attempts, 2u);
}

TEST_F(BusTest, EveryAcceptedPublishIsAnsweredWhenRedisDiesUnderIt) {
  std::atomic<int> accepted{0};
  std::atomic<int> confirmed{0};
  std::atomic<int> failed{0};
  std::atomic<int> refused_at_once{0};
  Inbox inbox;
  ReadyCount ready;
  auto a = make_bus();
  auto b = make_bus();
  b->subscribe("flood", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == 1; }));

  std::thread killer([&] {
    wait_until([&] { return confirmed > 200; });
    redis_.kill();
  });
  const std::string payload(2000, 'm');
  for (int i = 0; i < 20000 && refused_at_once == 0; ++i) {
    const auto error = a->publish("flood", payload, [&](const PublishOutcome& o) { ++(o.error ? failed : confirmed); });
    if (error) {
      EXPECT_EQ(*error, BusError::not_connected);
      ++refused_at_once;
    } else {
      ++accepted;
    }
    if (i % 100 == 0) std::this_thread::sleep_for(1ms);
  }
  killer.join();
  // Every publish taken was answered: confirmed by Redis or failed, none dropped in silence.
  ASSERT_TRUE(wait_until([&] { return confirmed + failed == accepted; }))
      << accepted << " accepted, " << confirmed << " confirmed, " << failed << " failed";
  EXPECT_GT(confirmed, 200);
  const auto stats = a->stats();
  EXPECT_EQ(stats.published, static_cast<std::uint64_t>(confirmed.load()));
  EXPECT_EQ(stats.publish_failures, static_cast<std::uint64_t>(failed + refused_at_once));
}

TEST_F(BusTest, ABusStartedBeforeRedisComesUpWhenItDoes) {
  redis_.kill();
  StatusLog status;
  std::this_thread::sleep_for(300ms);
  auto a = make_bus(status.options());
  EXPECT_FALSE(a->connected());
  EXPECT_EQ(a->publish("x", "too early"), BusError::not_connected);
  EXPECT_TRUE(status.told().empty());  // never up, so never lost
  ASSERT_TRUE(redis_.start()) << redis_.log();
  ASSERT_TRUE(wait_connected(*a, 5s));
  EXPECT_TRUE(wait_until([&] { return status.told() == std::vector<bool>{true}; })) << status.told().size();
  EXPECT_EQ(a->stats().losses, 0u);
}

TEST_F(BusTest, AFrozenRedisIsFoundOutByTheHeartbeat) {
  // kill -STOP: the sockets stay open and silent, as with a host gone from the network.
  BusOptions options;
  options.heartbeat_interval = 200ms;
  options.heartbeat_timeout = 1s;  // short for the test, with room for a loaded machine
  options.connect_timeout = 1s;
  StatusLog status;
  options.on_status = status.options().on_status;
  auto a = make_bus(options);
  ASSERT_TRUE(wait_connected(*a));
  redis_.signal(SIGSTOP);
  const bool lost = wait_until([&] { return !a->connected(); }, 5s);
  redis_.signal(SIGCONT);
  ASSERT_TRUE(lost);
  EXPECT_EQ(a->publish("x", "y"), BusError::not_connected);
  ASSERT_TRUE(wait_connected(*a, 5s));
  EXPECT_TRUE(wait_until([&] {
    return status.told() == std::vector<bool>{true, false, true};
  })) << status.told().size();
}

TEST_F(BusTest, PublishesRedisHasNotConfirmedAreBoundedAndRefusedPastTheBound) {
  BusOptions options;
  options.max_pending_bytes = 50'000;
  auto a = make_bus(options);
  ASSERT_TRUE(wait_connected(*a));
  redis_.signal(SIGSTOP);  // nothing is confirmed while Redis is frozen
  std::atomic<int> confirmed{0};
  int accepted = 0;
  std::optional<BusError> refused;
  while (!refused && accepted < 100) {
    refused = a->publish("x", std::string(10'000, 'x'), [&](const PublishOutcome& o) { confirmed += !o.error; });
    if (!refused) ++accepted;
  }
  redis_.signal(SIGCONT);
  EXPECT_EQ(refused, BusError::backlog_full);
  EXPECT_EQ(accepted, 4);  // 4 × (10 000 + 1) bytes fit in 50 000, a fifth does not
  EXPECT_TRUE(wait_until([&] { return confirmed == accepted; }));
  EXPECT_EQ(a->publish("x", std::string(10'000, 'x')), std::nullopt);  // room again
}

TEST_F(BusTest, DestroyingTheBusAnswersWhatIsPendingAndStopsHandlers) {
  auto b = make_bus();
  std::atomic<int> answered{0};
  {
    auto a = make_bus();
    ASSERT_TRUE(wait_connected(*a));
    for (int i = 0; i < 500; ++i) {
      if (!a->publish("x", std::string(10000, 'x'), [&](const PublishOutcome&) { ++answered; })) continue;
      ++answered;  // refused at once: counted here instead
    }
  }  // a's destructor: what Redis had not confirmed is answered with `stopped`
  EXPECT_EQ(answered, 500);
  redis_.kill();
  b.reset();  // while reconnecting
}

TEST_F(BusTest, HandlersQueuedOnASlowDispatcherPastTheLimitCountAsALoss) {
  // The node's handlers cannot keep up: rather than grow without bound, the bus reports
  // itself lost (the node learns it missed messages) and starts again.
  BusOptions options;
  options.max_undelivered_bytes = 100'000;
  StatusLog status;
  options.on_status = status.options().on_status;
  std::mutex queue_mutex;
  std::vector<std::function<void()>> parked;  // a dispatcher that runs nothing yet
  Dispatcher park = [&](std::function<void()> task) {
    std::lock_guard lock(queue_mutex);
    parked.push_back(std::move(task));
  };
  ReadyCount ready;
  Inbox inbox;
  auto b = make_bus(options);
  auto a = make_bus();
  b->subscribe("slow", inbox.handler(), park, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] {
                std::lock_guard lock(queue_mutex);
                for (auto& task : parked) task();
                parked.clear();
                return ready.count() == 1;
              }));
  for (int i = 0; i < 50; ++i) ASSERT_EQ(a->publish("slow", std::string(10'000, 's')), std::nullopt);
  EXPECT_TRUE(wait_until([&] { return b->stats().losses == 1; }));
  {
    std::lock_guard lock(queue_mutex);
    for (auto& task : parked) task();  // the node catches up
    parked.clear();
  }
  EXPECT_TRUE(wait_connected(*b));
  EXPECT_GE(inbox.size(), 10u);
  EXPECT_LT(inbox.size(), 50u);
  b.reset();  // before the parked tasks and the dispatcher's state go
  a.reset();
}

}  // namespace
}  // namespace bh::cluster::test
