// Issue 15 against the real binary: an accepted takeback survives a SIGKILL (the plies
// are dropped from the stored game before anyone hears of it), and the first-move time
// comes from BOARDHALL_FIRST_MOVE_SECONDS.
#include <gtest/gtest.h>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

struct Pair {
  WsPlayer first, second;
  std::string first_token, second_token, game_id;
};

void start(ServerProcess& server, Pair& p, json create) {
  ASSERT_TRUE(p.first.connect(server.port()));
  ASSERT_TRUE(p.second.connect(server.port()));
  p.first_token = p.first.guest("alice");
  p.second_token = p.second.guest("bob");
  create["type"] = "create_room";
  create["side"] = "first";
  create["id"] = 2;
  p.first.send(create);
  auto created = p.first.take("room_created");
  ASSERT_TRUE(created);
  p.second.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = p.first.take("game_started");
  ASSERT_TRUE(started && p.second.take("game_started"));
  p.game_id = (*started)["state"]["game_id"];
}

void move(WsPlayer& mover, const std::string& game_id, int ply, const std::string& text) {
  mover.send({{"type", "move"}, {"game_id", game_id}, {"ply", ply}, {"move", text}, {"id", 100 + ply}});
  auto echo = mover.take("move", [&](const json& m) { return m["ply"] == ply + 1; });
  ASSERT_TRUE(echo) << text;
}

TEST(TakebackE2e, AnAcceptedTakebackSurvivesSigkill) {
  ServerProcess server({"--grace", "120"});
  ASSERT_TRUE(server.start()) << server.log();
  Pair p;
  start(server, p, {{"game", "tablut"}, {"clock", {{"initial_s", 600}, {"increment_s", 5}}}});
  const std::vector<std::string> moves = {"f9-f8", "d5-d4", "i6-g6", "d4-d7"};
  for (int i = 0; i < 4; ++i) move(i % 2 == 0 ? p.first : p.second, p.game_id, i, moves[i]);
  p.first.send({{"type", "takeback"}, {"game_id", p.game_id}, {"id", 7}});
  auto offered = p.first.take("takeback_offered");
  ASSERT_TRUE(offered);
  EXPECT_EQ((*offered)["plies"], 2);
  p.second.send({{"type", "accept_takeback"}, {"game_id", p.game_id}, {"id", 8}});
  auto accepted = p.first.take("takeback_accepted");
  ASSERT_TRUE(accepted);
  EXPECT_EQ((*accepted)["ply"], 2);
  auto state = p.first.take("game_state");
  ASSERT_TRUE(state);
  server.kill();

  ASSERT_TRUE(server.restart()) << server.log();
  WsPlayer first, second;
  ASSERT_TRUE(first.connect(server.port()));
  first.send({{"type", "resume"}, {"token", p.first_token}, {"id", 1}});
  ASSERT_TRUE(first.take("identity"));
  auto back = first.take("game_state");
  ASSERT_TRUE(back) << server.log();
  EXPECT_EQ((*back)["state"]["game_id"], p.game_id);
  EXPECT_EQ((*back)["state"]["ply"], 2);
  EXPECT_EQ((*back)["state"]["moves"], json({moves[0], moves[1]}));
  EXPECT_EQ((*back)["state"]["position"], (*state)["state"]["position"]);
  ASSERT_TRUE(second.connect(server.port()));
  second.send({{"type", "resume"}, {"token", p.second_token}, {"id", 1}});
  ASSERT_TRUE(second.take("identity"));
  // The game goes on from the ply taken back to.
  move(first, p.game_id, 2, "i4-g4");
}

TEST(TakebackE2e, TheServerAbortsAGameWithoutAFirstMove) {
  ServerProcess server({}, real_server_binary(), {"BOARDHALL_FIRST_MOVE_SECONDS=1"});
  ASSERT_TRUE(server.start()) << server.log();
  Pair p;
  start(server, p, {{"game", "draughts"}});
  auto over = p.second.take("game_over", nullptr, 5s);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"], "aborted");
  EXPECT_EQ((*over)["reason"], "no_first_move");
}

}  // namespace
}  // namespace bh::test
