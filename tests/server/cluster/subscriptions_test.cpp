// This node's handlers by channel: what the bus reads for every message and to know
// which channels Redis must have.
#include "cluster/subscriptions.hpp"

#include <gtest/gtest.h>

namespace bh::cluster {
namespace {

TEST(Subscriptions, ChannelsAreWantedWhileOneHandlerHasThem) {
  Subscriptions subs;
  const auto a = subs.add("lobby", [](const Message&) {}, {}, {});
  const auto b = subs.add("lobby", [](const Message&) {}, {}, {});
  const auto c = subs.add("game:1", [](const Message&) {}, {}, {});
  EXPECT_NE(a->id, b->id);
  EXPECT_EQ(subs.channels(), (std::vector<std::string>{"game:1", "lobby"}));
  EXPECT_EQ(subs.of("lobby").size(), 2u);
  EXPECT_TRUE(subs.of("nobody").empty());

  EXPECT_EQ(subs.remove(a->id), a);
  EXPECT_FALSE(a->active);  // a call already dispatched will not start
  EXPECT_TRUE(b->active);
  EXPECT_TRUE(subs.wanted("lobby"));
  EXPECT_EQ(subs.remove(a->id), nullptr);  // twice
  EXPECT_EQ(subs.remove(12345), nullptr);  // unknown
  subs.remove(b->id);
  EXPECT_FALSE(subs.wanted("lobby"));
  EXPECT_EQ(subs.channels(), std::vector<std::string>{"game:1"});

  subs.clear();
  EXPECT_FALSE(c->active);
  EXPECT_TRUE(subs.channels().empty());
}

}  // namespace
}  // namespace bh::cluster
