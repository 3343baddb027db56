// app/completion_inbox: store completions reach the network threads in batches, in order,
// and none is kept (with the room it holds) once the io_context is gone.
#include "app/completion_inbox.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <memory>
#include <thread>
#include <vector>

namespace bh::app {
namespace {

TEST(CompletionInbox, WorkPostedFromAnotherThreadRunsOnTheNetworkThreadInOrder) {
  boost::asio::io_context io;
  auto inbox = std::make_shared<CompletionInbox>(io);
  std::vector<int> ran;
  std::thread::id ran_on;
  std::thread store([&] {
    for (int i = 0; i < 1000; ++i)
      inbox->post([&ran, &ran_on, i] {
        ran.push_back(i);
        ran_on = std::this_thread::get_id();
      });
  });
  store.join();
  io.run();
  ASSERT_EQ(ran.size(), 1000u);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(ran[static_cast<std::size_t>(i)], i);
  EXPECT_EQ(ran_on, std::this_thread::get_id());
}

TEST(CompletionInbox, ABatchCostsOneHandlerOnTheIoContext) {
  boost::asio::io_context io;
  auto inbox = std::make_shared<CompletionInbox>(io);
  int ran = 0;
  for (int i = 0; i < 50; ++i) inbox->post([&ran] { ++ran; });
  EXPECT_EQ(io.poll_one(), 1u);  // one handler ran all fifty
  EXPECT_EQ(ran, 50);
  EXPECT_EQ(io.poll(), 0u);
}

TEST(CompletionInbox, WorkPostedWhileADrainRunsIsTakenByThatDrain) {
  boost::asio::io_context io;
  auto inbox = std::make_shared<CompletionInbox>(io);
  std::vector<int> ran;
  inbox->post([&] {
    ran.push_back(1);
    inbox->post([&] { ran.push_back(2); });
  });
  EXPECT_EQ(io.poll(), 1u);
  EXPECT_EQ(ran, (std::vector<int>{1, 2}));
}

TEST(CompletionInbox, WorkNeverRunBecauseTheIoContextWentIsReleased) {
  auto held = std::make_shared<int>(7);  // stands for the room a completion holds
  std::weak_ptr<int> watch = held;
  auto inbox = std::shared_ptr<CompletionInbox>();
  {
    boost::asio::io_context io;
    inbox = std::make_shared<CompletionInbox>(io);
    inbox->post([held = std::move(held)] {});
    EXPECT_FALSE(watch.expired());
  }  // destroyed with the drain unrun
  EXPECT_TRUE(watch.expired());
}

}  // namespace
}  // namespace bh::app
