// The registry of asleep correspondence games (app/rooms/dormant_games.hpp): one load
// for however many requests come while it runs, a failed load leaving the game asleep
// to be tried again, and the deadlines the sweep reads in order.
#include "app/rooms/dormant_games.hpp"

#include <gtest/gtest.h>

namespace bh::app {
namespace {

using Wake = DormantGames::Wake;

TEST(DormantGames, TheFirstRequestLoadsAndTheOthersWaitForThatOneLoad) {
  DormantGames d;
  d.add("g1", {"r1", 5000});
  int woken = 0;
  const auto count = [&](const std::shared_ptr<Room>&) { ++woken; };
  EXPECT_EQ(d.wake("g1", count), Wake::load);
  EXPECT_EQ(d.wake("g1", count), Wake::waiting);
  EXPECT_EQ(d.wake("g1", count), Wake::waiting);
  EXPECT_EQ(d.wake("g2", count), Wake::awake) << "not asleep: nothing kept";
  auto waiting = d.loaded("g1", /*forget=*/true);
  EXPECT_EQ(waiting.size(), 3u);
  for (auto& then : waiting) then(nullptr);
  EXPECT_EQ(woken, 3);
  EXPECT_FALSE(d.contains("g1"));
  EXPECT_EQ(d.size(), 0u);
  EXPECT_FALSE(d.next_deadline());
}

TEST(DormantGames, AFailedLoadLeavesTheGameAsleepToBeLoadedAgain) {
  DormantGames d;
  d.add("g1", {"r1", 5000});
  EXPECT_EQ(d.wake("g1", [](const auto&) {}), Wake::load);
  EXPECT_TRUE(d.due(6000).empty()) << "loading: the sweep does not load it twice";
  EXPECT_EQ(d.loaded("g1", /*forget=*/false).size(), 1u);
  EXPECT_TRUE(d.contains("g1"));
  EXPECT_EQ(d.due(6000), std::vector<std::string>{"g1"});
  EXPECT_EQ(d.wake("g1", [](const auto&) {}), Wake::load) << "the next request loads it again";
}

TEST(DormantGames, TheSweepSeesTheDueGamesInDeadlineOrder) {
  DormantGames d;
  d.add("late", {"r1", 9000});
  d.add("early", {"r2", 3000});
  d.add("none", {"r3", std::nullopt});
  d.add("mid", {"r4", 5000});
  EXPECT_EQ(d.next_deadline(), 3000);
  EXPECT_EQ(d.due(5000), (std::vector<std::string>{"early", "mid"}));
  // Put to sleep again with a new deadline: the old one is gone.
  d.add("early", {"r2", 7000});
  EXPECT_EQ(d.due(5000), std::vector<std::string>{"mid"});
  EXPECT_EQ(d.next_deadline(), 5000);
  EXPECT_EQ(d.size(), 4u);
}

}  // namespace
}  // namespace bh::app
