// The real server binary: a rematch accepted survives a restart with its sides swapped,
// and two clients seeking the same game are paired.
#include <gtest/gtest.h>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

TEST(RematchE2e, RematchAcceptedThenRestartRestoresItWithSidesSwapped) {
  ServerProcess server({"--grace", "30"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()));
  ASSERT_TRUE(bob.connect(server.port()));
  const std::string alice_token = alice.guest("alice");
  const std::string bob_token = bob.guest("bob");
  alice.send({{"type", "create_room"},
              {"game", "tablut"},
              {"side", "first"},
              {"clock", {{"initial_s", 120}, {"increment_s", 2}}},
              {"id", 2}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  const std::string room = (*created)["room"]["room_id"];
  bob.send({{"type", "join_room"}, {"room_id", room}, {"id", 3}});
  auto started = alice.take("game_started");
  ASSERT_TRUE(started);
  ASSERT_TRUE(bob.take("game_started"));
  EXPECT_EQ((*started)["state"]["players"]["first"], "alice");
  alice.send({{"type", "resign"}, {"game_id", (*started)["state"]["game_id"]}});
  ASSERT_TRUE(alice.take("match_over"));
  ASSERT_TRUE(bob.take("match_over"));

  alice.send({{"type", "offer_rematch"}, {"room_id", room}, {"id", 4}});
  ASSERT_TRUE(bob.take("rematch_offered"));
  bob.send({{"type", "accept_rematch"}, {"room_id", room}, {"id", 5}});
  auto told = bob.take("rematch_started");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["room_id"], room);
  auto again = bob.take("game_started");
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)["id"], 5);
  const std::string game = (*again)["state"]["game_id"];
  EXPECT_EQ((*told)["game_id"], game);
  EXPECT_EQ((*again)["state"]["players"]["first"], "bob");
  bob.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "f9-f8"}, {"id", 6}});
  ASSERT_TRUE(bob.take("move"));

  alice.close();
  bob.close();
  ASSERT_TRUE(server.restart()) << server.log();
  WsPlayer alice2, bob2;
  ASSERT_TRUE(alice2.connect(server.port()));
  ASSERT_TRUE(bob2.connect(server.port()));
  bob2.send({{"type", "resume"}, {"token", bob_token}, {"id", 7}});
  alice2.send({{"type", "resume"}, {"token", alice_token}, {"id", 8}});
  auto state = alice2.take("game_state");
  ASSERT_TRUE(state) << server.log();
  EXPECT_EQ((*state)["state"]["game_id"], game);
  EXPECT_EQ((*state)["state"]["room_id"], (*told)["new_room_id"]);
  EXPECT_EQ((*state)["state"]["players"]["first"], "bob");
  EXPECT_EQ((*state)["state"]["players"]["second"], "alice");
  EXPECT_EQ((*state)["state"]["ply"], 1);
  EXPECT_EQ((*state)["state"]["clocks"]["increment_ms"], 2000);
  // It goes on: alice (second) answers.
  alice2.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 9}});
  auto moved = alice2.take("move", [](const json& m) { return m.contains("id") && m["id"] == 9; });
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["ply"], 2);
  alice2.close();
  bob2.close();
  EXPECT_EQ(server.stop(), 0);
}

TEST(RematchE2e, TwoSeekersOfTheSameGameArePaired) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()));
  ASSERT_TRUE(bob.connect(server.port()));
  alice.guest("alice");
  bob.guest("bob");
  const json seek = {{"type", "seek"}, {"game", "tablut"}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}};
  json first = seek;
  first["id"] = 2;
  alice.send(first);
  auto waiting = alice.take("room_created");
  ASSERT_TRUE(waiting);
  EXPECT_EQ((*waiting)["id"], 2);
  EXPECT_EQ((*waiting)["room"]["seek"], true);
  json second = seek;
  second["id"] = 3;
  bob.send(second);
  auto joined = bob.take("game_started");
  ASSERT_TRUE(joined) << server.log();
  EXPECT_EQ((*joined)["id"], 3);
  EXPECT_EQ((*joined)["state"]["room_id"], (*waiting)["room"]["room_id"]);
  auto theirs = alice.take("game_started");
  ASSERT_TRUE(theirs);
  EXPECT_EQ((*theirs)["state"]["game_id"], (*joined)["state"]["game_id"]);
  alice.close();
  bob.close();
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
