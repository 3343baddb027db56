// The terminal's challenges against the real server (docs/protocol.md, "Challenge a
// player"): alice challenges bob by name, bob is told at once and declines with a reason,
// alice hears why; again, bob lists it and joins, and the game starts for both.
#include <gtest/gtest.h>

#include "client_process.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

TEST(ChallengeTerminal, AChallengeIsToldDeclinedWithAReasonThenAccepted) {
  ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  TempDir config;
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  auto registered = [&](const std::string& name) {
    return std::make_unique<ClientProcess>(std::vector<std::string>{"connect", url, "--register", name},
                                           std::vector<std::string>{"XDG_CONFIG_HOME=" + config.path() + "/" + name,
                                                                    "BOARDHALL_PASSWORD=correct horse battery"});
  };
  auto alice = registered("alice");
  auto bob = registered("bob");
  ASSERT_NE(alice->expect("ok connect player=alice registered=yes", 30s), "") << alice->transcript();
  ASSERT_NE(bob->expect("ok connect player=bob registered=yes", 30s), "") << bob->transcript();

  const std::string sent = alice->command("challenge bob tablut --clock 5+3", "challenge");
  ASSERT_TRUE(sent.starts_with("ok challenge")) << alice->transcript();
  const std::string room = field(sent, "room");
  EXPECT_EQ(field(sent, "challenged"), "bob");
  const std::string told = bob->expect("event challenge_received");
  ASSERT_NE(told, "") << bob->transcript();
  EXPECT_EQ(field(told, "room"), room);
  EXPECT_EQ(field(told, "from"), "alice");
  EXPECT_EQ(field(told, "game"), "tablut");

  EXPECT_TRUE(bob->command("decline-challenge " + room + " later", "decline-challenge").starts_with("ok"))
      << bob->transcript();
  const std::string declined = alice->expect("event room_cancelled");
  ASSERT_NE(declined, "") << alice->transcript();
  EXPECT_EQ(field(declined, "reason"), "declined");
  EXPECT_EQ(field(declined, "decline_reason"), "later");

  const std::string again = alice->command("challenge bob tablut --rated", "challenge");
  ASSERT_TRUE(again.starts_with("ok challenge")) << alice->transcript();
  ASSERT_NE(bob->expect("event challenge_received"), "") << bob->transcript();
  const std::string listed = bob->command("challenges", "challenges");
  EXPECT_TRUE(listed.starts_with("ok challenges incoming=1 outgoing=0")) << bob->transcript();
  EXPECT_TRUE(bob->command("join " + field(again, "room"), "join").starts_with("ok join")) << bob->transcript();
  EXPECT_NE(alice->expect("event game_started"), "") << alice->transcript();
  EXPECT_TRUE(alice->command("challenge alice tablut", "challenge").starts_with("error challenge code=bad_request"))
      << alice->transcript();
}

}  // namespace
}  // namespace bh::test
