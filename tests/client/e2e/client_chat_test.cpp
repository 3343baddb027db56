// The real `boardhall connect` chatting through the real server: `say` between the two
// players, a spectator's line kept to spectators, `mute` and `unmute`.
#include <gtest/gtest.h>

#include "client_process.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

class ClientChat : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
    ASSERT_TRUE(server_.start()) << server_.log();
    url_ = "ws://127.0.0.1:" + std::to_string(server_.port());
  }
  std::unique_ptr<ClientProcess> client(const std::string& name) {
    return std::make_unique<ClientProcess>(std::vector<std::string>{"connect", url_, "--name", name},
                                           std::vector<std::string>{"XDG_CONFIG_HOME=" + config_.path() + "/" + name});
  }

  ServerProcess server_;
  TempDir config_;
  std::string url_;
};

TEST_F(ClientChat, PlayersSayMuteAndUnmuteASpectatorTalksToSpectators) {
  auto alice = client("alice");
  auto bob = client("bob");
  ASSERT_NE(alice->expect("ok connect"), "") << alice->transcript();
  ASSERT_NE(bob->expect("ok connect"), "") << bob->transcript();
  EXPECT_TRUE(alice->command("say hello", "say").starts_with("error say code=no_game")) << alice->transcript();

  const std::string created = alice->command("create tablut --side first", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << alice->transcript();
  const std::string joined = bob->command("join " + field(created, "room"), "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << bob->transcript();
  const std::string game = field(joined, "game");
  ASSERT_TRUE(alice->command("wait game 10", "wait").starts_with("ok wait")) << alice->transcript();

  // The rest of the line, quotes and all, is the text.
  const std::string said = alice->command("say good luck, don't \"blunder\"", "say");
  EXPECT_EQ(said, "ok say game=" + game + " channel=players from=alice text=\"good luck, don't \\\"blunder\\\"\"")
      << alice->transcript();
  EXPECT_NE(bob->expect("event chat game=" + game + " channel=players from=alice"), "") << bob->transcript();

  auto carol = client("carol");
  auto dave = client("dave");
  for (auto* c : {carol.get(), dave.get()}) {
    ASSERT_NE(c->expect("ok connect"), "") << c->transcript();
    ASSERT_TRUE(c->command("watch " + game, "watch").starts_with("ok watch")) << c->transcript();
  }
  EXPECT_TRUE(carol->command("say nice", "say").starts_with("ok say game=" + game + " channel=spectators"))
      << carol->transcript();
  EXPECT_NE(dave->expect("event chat game=" + game + " channel=spectators from=carol text=nice"), "")
      << dave->transcript();
  EXPECT_EQ(carol->command("mute", "mute"), "error mute code=no_game message=\"you are not playing a game\"");

  // Refused by the server with its reason.
  EXPECT_TRUE(bob->command("say " + std::string(141, 'x'), "say").starts_with("error say code=bad_chat"))
      << bob->transcript();

  EXPECT_EQ(bob->command("mute", "mute"), "ok mute") << bob->transcript();
  EXPECT_TRUE(alice->command("say are you there", "say").starts_with("ok say")) << alice->transcript();
  EXPECT_EQ(bob->command("unmute", "unmute"), "ok unmute") << bob->transcript();
  EXPECT_TRUE(alice->command("say hello again", "say").starts_with("ok say")) << alice->transcript();
  EXPECT_NE(bob->expect("event chat game=" + game + " channel=players from=alice text=\"hello again\""), "")
      << bob->transcript();
  EXPECT_EQ(bob->transcript().find("are you there"), std::string::npos) << bob->transcript();
  // The players never saw the spectators' line.
  for (auto* c : {alice.get(), bob.get()}) EXPECT_EQ(c->transcript().find("from=carol"), std::string::npos);
}

}  // namespace
}  // namespace bh::test
