// The bus between two nodes on a real Redis: delivery, order, many channels, large
// messages, unsubscribing, handlers that throw, handlers on the caller's strand.
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <stdexcept>

#include "bus_test_support.hpp"
#include "cluster/asio_dispatch.hpp"

namespace bh::cluster::test {
namespace {

TEST_F(BusTest, AMessageGoesFromOneNodeToTheOther) {
  Inbox inbox;
  ReadyCount ready;
  auto a = make_bus();
  auto b = make_bus();
  b->subscribe("room:1", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_connected(*b));
  ASSERT_TRUE(wait_until([&] { return ready.count() == 1; }));

  std::promise<PublishOutcome> outcome;
  ASSERT_EQ(a->publish("room:1", "hello", [&](const PublishOutcome& o) { outcome.set_value(o); }), std::nullopt);
  auto told = outcome.get_future();
  ASSERT_EQ(told.wait_for(10s), std::future_status::ready);
  const auto result = told.get();
  EXPECT_FALSE(result.error);
  EXPECT_EQ(result.receivers, 1);  // b's subscribing connection
  ASSERT_TRUE(inbox.wait_for(1));
  EXPECT_EQ(inbox.payloads(), std::vector<std::string>{"hello"});
  EXPECT_EQ(a->stats().published, 1u);
  EXPECT_EQ(b->stats().received, 1u);
  EXPECT_EQ(a->stats().received, 0u);  // heartbeats are not counted
}

TEST_F(BusTest, MessagesOfOneChannelArriveInOrder) {
  Inbox inbox;
  ReadyCount ready;
  auto a = make_bus();
  auto b = make_bus();
  b->subscribe("moves", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == 1; }));
  constexpr int count = 5000;
  for (int i = 0; i < count; ++i) ASSERT_EQ(a->publish("moves", std::to_string(i)), std::nullopt);
  ASSERT_TRUE(inbox.wait_for(count)) << inbox.size();
  const auto got = inbox.payloads();
  for (int i = 0; i < count; ++i) ASSERT_EQ(got[i], std::to_string(i)) << "at " << i;
}

TEST_F(BusTest, ManyChannelsEachHearOnlyTheirOwn) {
  constexpr int channels = 300;
  std::vector<std::unique_ptr<Inbox>> inboxes;
  ReadyCount ready;
  auto a = make_bus();
  auto b = make_bus();
  for (int i = 0; i < channels; ++i) {
    inboxes.push_back(std::make_unique<Inbox>());
    b->subscribe("game:" + std::to_string(i), inboxes.back()->handler(), {}, ready.callback());
  }
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == channels; })) << ready.count();
  ASSERT_EQ(a->publish("game:unheard", "nobody"), std::nullopt);
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < channels; ++i) {
      ASSERT_EQ(a->publish("game:" + std::to_string(i), std::to_string(i) + "/" + std::to_string(round)), std::nullopt);
    }
  }
  for (int i = 0; i < channels; ++i) {
    ASSERT_TRUE(inboxes[i]->wait_for(3)) << i;
    const auto id = std::to_string(i);
    EXPECT_EQ(inboxes[i]->payloads(), (std::vector<std::string>{id + "/0", id + "/1", id + "/2"}));
  }
  EXPECT_TRUE(wait_until([&] { return b->stats().received == 3u * channels; })) << b->stats().received;
}

TEST_F(BusTest, LargeBinaryMessagesArriveWhole) {
  Inbox inbox;
  ReadyCount ready;
  auto a = make_bus();
  auto b = make_bus();
  b->subscribe("big", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == 1; }));
  std::vector<std::string> sent;
  for (int i = 0; i < 4; ++i) {
    std::string payload(1 << 20, '\0');
    for (std::size_t j = 0; j < payload.size(); ++j) payload[j] = static_cast<char>((j * 31 + i) & 0xff);
    sent.push_back(payload);
    ASSERT_EQ(a->publish("big", std::move(payload)), std::nullopt);
  }
  ASSERT_TRUE(inbox.wait_for(sent.size()));
  EXPECT_TRUE(inbox.payloads() == sent);
}

TEST_F(BusTest, APayloadOverTheLimitIsRefusedAtOnce) {
  BusOptions options;
  options.max_message_bytes = 1000;
  auto a = make_bus(options);
  ASSERT_TRUE(wait_connected(*a));
  EXPECT_EQ(a->publish("x", std::string(1001, 'x')), BusError::too_large);
  EXPECT_EQ(a->publish("x", std::string(1000, 'x')), std::nullopt);
  EXPECT_EQ(a->stats().publish_failures, 1u);
}

TEST_F(BusTest, UnsubscribedHandlersHearNothingMoreAndTheChannelCanBeTakenAgain) {
  Inbox first;
  Inbox second;
  ReadyCount ready;
  auto a = make_bus();
  auto b = make_bus();
  const auto id1 = b->subscribe("lobby", first.handler(), {}, ready.callback());
  const auto id2 = b->subscribe("lobby", second.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == 2; }));
  ASSERT_EQ(a->publish("lobby", "both"), std::nullopt);
  ASSERT_TRUE(first.wait_for(1) && second.wait_for(1));

  b->unsubscribe(id1);
  ASSERT_EQ(a->publish("lobby", "second only"), std::nullopt);
  ASSERT_TRUE(second.wait_for(2));
  b->unsubscribe(id2);
  b->unsubscribe(id2);     // twice: ignored
  b->unsubscribe(999999);  // unknown: ignored

  // Once Redis has taken the UNSUBSCRIBE, a publish reaches no one.
  ASSERT_TRUE(wait_until([&] {
    std::promise<std::int64_t> receivers;
    if (a->publish("lobby", "nobody", [&](const PublishOutcome& o) { receivers.set_value(o.receivers); })) return false;
    return receivers.get_future().get() == 0;
  }));
  EXPECT_EQ(first.payloads(), std::vector<std::string>{"both"});
  EXPECT_EQ(second.payloads(), (std::vector<std::string>{"both", "second only"}));

  // Subscribing, unsubscribing and subscribing again at once leaves it subscribed.
  Inbox third;
  const auto id3 = b->subscribe("lobby", third.handler());
  b->unsubscribe(id3);
  b->subscribe("lobby", third.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_until([&] { return ready.count() >= 3; }));
  ASSERT_EQ(a->publish("lobby", "again"), std::nullopt);
  ASSERT_TRUE(third.wait_for(1));
  EXPECT_EQ(third.payloads(), std::vector<std::string>{"again"});
}

TEST_F(BusTest, AHandlerThatThrowsIsCountedAndTheBusGoesOn) {
  Inbox inbox;
  ReadyCount ready;
  std::atomic<int> calls{0};
  auto a = make_bus();
  auto b = make_bus();
  b->subscribe(
      "chat",
      [&](const Message&) {
        ++calls;
        throw std::runtime_error("a bad handler");
      },
      {}, ready.callback());
  b->subscribe(
      "chat", [](const Message&) { throw 42; }, {}, ready.callback());  // not even an exception
  b->subscribe("chat", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == 3; }));
  ASSERT_EQ(a->publish("chat", "one"), std::nullopt);
  ASSERT_EQ(a->publish("chat", "two"), std::nullopt);
  ASSERT_TRUE(inbox.wait_for(2));
  EXPECT_EQ(inbox.payloads(), (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(b->stats().handler_failures, 4u);
  EXPECT_TRUE(b->connected());
}

TEST_F(BusTest, HandlersRunOnTheStrandTheSubscriberGave) {
  boost::asio::io_context io;
  auto strand = boost::asio::make_strand(io);
  auto work = boost::asio::make_work_guard(io);
  std::thread::id io_thread_id;
  std::thread io_thread([&] {
    io_thread_id = std::this_thread::get_id();
    io.run();
  });
  {
    auto a = make_bus();
    auto b = make_bus();
    Inbox inbox;
    ReadyCount ready;
    std::atomic<bool> on_strand{true};
    std::atomic<bool> on_io_thread{true};
    b->subscribe(
        "clock",
        [&](const Message& m) {
          on_strand = on_strand && strand.running_in_this_thread();
          on_io_thread = on_io_thread && std::this_thread::get_id() == io_thread_id;
          inbox.add(m.payload);
        },
        post_to(strand), ready.callback());
    ASSERT_TRUE(wait_connected(*a) && wait_until([&] { return ready.count() == 1; }));
    for (int i = 0; i < 100; ++i) ASSERT_EQ(a->publish("clock", std::to_string(i)), std::nullopt);
    ASSERT_TRUE(inbox.wait_for(100));
    EXPECT_TRUE(on_strand);
    EXPECT_TRUE(on_io_thread);
    EXPECT_EQ(inbox.payloads().back(), "99");
  }
  work.reset();
  io_thread.join();
}

TEST_F(BusTest, AMessageOnTheBusCanBeAnsweredFromItsHandler) {
  // A request forwarded to the owner node and its answer coming back: publish from a handler.
  Inbox answers;
  ReadyCount ready;
  auto owner = make_bus();
  auto other = make_bus();
  owner->subscribe(
      "to-owner", [&](const Message& m) { (void)owner->publish("to-other", "done: " + m.payload); }, {},
      ready.callback());
  other->subscribe("to-other", answers.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_connected(*owner) && wait_connected(*other) && wait_until([&] { return ready.count() == 2; }));
  ASSERT_EQ(other->publish("to-owner", "move e2e4"), std::nullopt);
  ASSERT_TRUE(answers.wait_for(1));
  EXPECT_EQ(answers.payloads(), std::vector<std::string>{"done: move e2e4"});
}

}  // namespace
}  // namespace bh::cluster::test
