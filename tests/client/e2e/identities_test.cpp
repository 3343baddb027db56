// One user, two terminals (the README's quick start): two players on one server from
// one config folder, the server restarted, each terminal comes back as its own player
// whatever spelling of the URL it uses, and a connect without a name never picks one of
// several remembered players (issue 12, point 3).
#include <gtest/gtest.h>

#include "client_process.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

TEST(ClientIdentities, TwoTerminalsOfOneUserEachResumeTheirOwnPlayer) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  TempDir config;  // shared: the same user in two terminals
  const std::vector<std::string> env{"XDG_CONFIG_HOME=" + config.path()};
  const std::string port = std::to_string(server.port());
  auto connect = [&](std::string url, std::string name) {
    std::vector<std::string> args{"connect", std::move(url)};
    if (!name.empty()) args.insert(args.end(), {"--name", std::move(name)});
    return std::make_unique<ClientProcess>(args, env);
  };

  auto alice = connect("ws://127.0.0.1:" + port, "alice");
  auto bob = connect("ws://127.0.0.1:" + port + "/ws", "bob");
  ASSERT_EQ(alice->expect("ok connect"), "ok connect player=alice registered=no resumed=no") << alice->transcript();
  ASSERT_EQ(bob->expect("ok connect"), "ok connect player=bob registered=no resumed=no") << bob->transcript();
  const std::string created = alice->command("create tablut --side attackers", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << alice->transcript();
  const std::string joined = bob->command("join " + field(created, "room"), "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << bob->transcript();
  const std::string game = field(joined, "game");

  ASSERT_TRUE(server.restart_on_same_port()) << server.log();
  alice->wait_exit();
  bob->wait_exit();

  // Other spellings of the same server; each name resumes its own seat.
  auto alice2 = connect("ws://localhost:" + port + "/ws/", "alice");
  EXPECT_EQ(alice2->expect("ok connect"), "ok connect player=alice registered=no resumed=yes") << alice2->transcript();
  EXPECT_NE(alice2->expect("event game_state game=" + game), "") << alice2->transcript();
  auto bob2 = connect("ws://127.0.0.1:" + port, "bob");
  EXPECT_EQ(bob2->expect("ok connect"), "ok connect player=bob registered=no resumed=yes") << bob2->transcript();

  // No name with two players remembered: the client asks, and resumes nobody.
  auto anonymous = connect("ws://127.0.0.1:" + port, "");
  const std::string refused = anonymous->expect("error connect");
  EXPECT_NE(refused.find("which_player"), std::string::npos) << anonymous->transcript();
  EXPECT_NE(refused.find("alice"), std::string::npos) << refused;
  EXPECT_NE(refused.find("bob"), std::string::npos) << refused;
  EXPECT_EQ(anonymous->wait_exit(), 2);
  // bob was not thrown out by it.
  EXPECT_TRUE(bob2->command("rooms", "rooms").starts_with("ok rooms")) << bob2->transcript();
  EXPECT_EQ(server.stop(), 0) << server.log();
}

}  // namespace
}  // namespace bh::test
