// Chat through the real server binary and real WebSockets: two players talk, a
// spectator talks to spectators, and a refused line reaches no one.
#include <gtest/gtest.h>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

TEST(ChatE2e, TwoPlayersChatAndASpectatorTalksOnlyToSpectators) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob, sam, ann;
  for (WsPlayer* p : {&alice, &bob, &sam, &ann}) ASSERT_TRUE(p->connect(server.port()));
  alice.guest("alice");
  bob.guest("bob");
  sam.guest("sam");  // ann stays anonymous
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 2}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = alice.take("game_started");
  ASSERT_TRUE(started);
  ASSERT_TRUE(bob.take("game_started"));
  const std::string game = (*started)["state"]["game_id"];
  for (WsPlayer* p : {&sam, &ann}) {
    p->send({{"type", "watch"}, {"game_id", game}, {"id", 4}});
    ASSERT_TRUE(p->take("game_state"));
  }

  alice.send(
      {{"type", "chat"}, {"game_id", game}, {"text", " good luck, \xD0\xB4\xD1\x80\xD1\x83\xD0\xB3 "}, {"id", 5}});
  auto mine = alice.take("chat");
  ASSERT_TRUE(mine);
  EXPECT_EQ((*mine)["id"], 5);
  EXPECT_EQ((*mine)["text"], "good luck, \xD0\xB4\xD1\x80\xD1\x83\xD0\xB3");
  auto heard = bob.take("chat");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["from"], "alice");
  EXPECT_EQ((*heard)["channel"], "players");
  EXPECT_EQ((*heard)["text"], (*mine)["text"]);
  EXPECT_FALSE(heard->contains("id"));

  bob.send({{"type", "chat"}, {"game_id", game}, {"text", "thanks"}, {"id", 6}});
  ASSERT_TRUE(bob.take("chat"));
  auto back = alice.take("chat");
  ASSERT_TRUE(back);
  EXPECT_EQ((*back)["text"], "thanks");

  sam.send({{"type", "chat"}, {"game_id", game}, {"text", "nice opening"}, {"id", 7}});
  ASSERT_TRUE(sam.take("chat"));
  auto crowd = ann.take("chat");
  ASSERT_TRUE(crowd);
  EXPECT_EQ((*crowd)["channel"], "spectators");
  EXPECT_EQ((*crowd)["from"], "sam");
  EXPECT_EQ(ann.take("chat", nullptr, 300ms), std::nullopt);  // only one line for the spectators

  ann.send({{"type", "chat"}, {"game_id", game}, {"text", "hi"}, {"id", 8}});
  auto refused = ann.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "not_authenticated");
  alice.send({{"type", "chat"}, {"game_id", game}, {"text", "\x1B[2Jgotcha"}, {"id", 9}});
  auto bad = alice.take("error");
  ASSERT_TRUE(bad);
  EXPECT_EQ((*bad)["code"], "bad_chat");

  // The players heard nothing of the spectators, nor the refused line.
  EXPECT_EQ(alice.take("chat", nullptr, 300ms), std::nullopt);
  EXPECT_EQ(bob.take("chat", nullptr, 100ms), std::nullopt);
}

}  // namespace
}  // namespace bh::test
