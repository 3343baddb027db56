// Play the computer against the real binary: the operator's --create-bot (idempotent, a
// person's account refused, the secret file 0600), the bot's login, a player's
// play_computer, the bot's join, a few moves, a SIGKILL and a restart after which both
// resume with their tokens and the game still has its level and marks.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

CommandResult create_bot(const ServerProcess& server, const std::string& name, const std::string& secret) {
  return run_command({real_server_binary(), "--db", server.db_path(), "--create-bot", name, "--secret-file", secret});
}

TEST(ComputerE2e, CreateBotIsIdempotentAndRefusesAPersonsAccount) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server;
  const std::string secret = server.folder() + "/robo.secret";
  auto made = create_bot(server, "robo", secret);
  ASSERT_EQ(made.status, 0) << made.output;
  struct stat info {};
  ASSERT_EQ(::stat(secret.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  const std::string password = first_line(secret);
  EXPECT_GE(password.size(), 32u);
  // Again (a container's every start): the same password, still 0.
  auto again = create_bot(server, "robo", secret);
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_EQ(first_line(secret), password);
  EXPECT_EQ(create_bot(server, "no/slash", server.folder() + "/x").status, 2);
  EXPECT_EQ(run_command({real_server_binary(), "--db", server.db_path(), "--create-bot", "robo"}).status, 2);

  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer person;
  ASSERT_TRUE(person.connect(server.port()));
  person.send({{"type", "register"}, {"name", "alice"}, {"password", "correct horse"}, {"id", 1}});
  auto registered = person.take("identity", nullptr, 30s);
  ASSERT_TRUE(registered);
  EXPECT_TRUE((*registered)["bot"].is_null());
  auto refused = create_bot(server, "alice", server.folder() + "/alice.secret");
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_NE(refused.output.find("person"), std::string::npos) << refused.output;
}

TEST(ComputerE2e, AGameAgainstTheComputerSurvivesSigkillWithItsLevel) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--grace", "120"});
  const std::string secret = server.folder() + "/robo.secret";
  ASSERT_EQ(create_bot(server, "robo", secret).status, 0);
  ASSERT_TRUE(server.start()) << server.log();

  WsPlayer robot, player;
  ASSERT_TRUE(robot.connect(server.port()));
  robot.send({{"type", "login"}, {"name", "robo"}, {"password", first_line(secret)}, {"id", 1}});
  auto bot_identity = robot.take("identity", nullptr, 30s);
  ASSERT_TRUE(bot_identity) << server.log();
  EXPECT_EQ((*bot_identity)["bot"], true);
  const std::string bot_token = (*bot_identity)["token"];
  ASSERT_TRUE(player.connect(server.port()));
  const std::string player_token = player.guest("alice");

  player.send({{"type", "play_computer"}, {"game", "tablut"}, {"level", 3}, {"side", "first"}, {"id", 2}});
  auto created = player.take("room_created");
  ASSERT_TRUE(created) << server.log();
  EXPECT_EQ((*created)["room"]["computer_level"], 3);
  auto challenge = robot.take("challenge");
  ASSERT_TRUE(challenge);
  EXPECT_EQ((*challenge)["opponent"], "alice");
  EXPECT_EQ((*challenge)["level"], 3);
  robot.send({{"type", "join_room"}, {"room_id", (*challenge)["room_id"]}, {"id", 3}});
  auto started = player.take("game_started");
  ASSERT_TRUE(started && robot.take("game_started"));
  const std::string game = (*started)["state"]["game_id"];
  EXPECT_EQ((*started)["state"]["bots"], json::array({"robo"}));

  const std::vector<std::string> moves = {"f9-f8", "d5-d4", "i6-g6"};
  for (std::size_t ply = 0; ply < moves.size(); ++ply) {
    WsPlayer& mover = ply % 2 == 0 ? player : robot;
    const int p = static_cast<int>(ply);
    mover.send({{"type", "move"}, {"game_id", game}, {"ply", p}, {"move", moves[ply]}, {"id", 100 + p}});
    ASSERT_TRUE(mover.take("move", [&](const json& m) { return m["ply"] == p + 1; })) << moves[ply];
  }

  server.kill();
  ASSERT_TRUE(server.restart()) << server.log();
  WsPlayer robot2, player2;
  for (auto [client, token] : {std::pair{&robot2, bot_token}, std::pair{&player2, player_token}}) {
    ASSERT_TRUE(client->connect(server.port()));
    client->send({{"type", "resume"}, {"token", token}, {"id", 1}});
    auto identity = client->take("identity");
    ASSERT_TRUE(identity) << server.log();
    auto state = client->take("game_state");
    ASSERT_TRUE(state) << server.log();
    EXPECT_EQ((*state)["state"]["game_id"], game);
    EXPECT_EQ((*state)["state"]["ply"], 3);
    EXPECT_EQ((*state)["state"]["computer_level"], 3);
    EXPECT_EQ((*state)["state"]["bots"], json::array({"robo"}));
  }
  // The bot goes on: its move is played and told.
  robot2.send({{"type", "move"}, {"game_id", game}, {"ply", 3}, {"move", "d4-d7"}, {"id", 200}});
  EXPECT_TRUE(player2.take("move", [](const json& m) { return m["ply"] == 4; })) << server.log();
}

}  // namespace
}  // namespace bh::test
