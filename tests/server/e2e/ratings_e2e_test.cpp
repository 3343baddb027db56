// Ratings through the real server binary: two registered players play a rated game to
// a win; game_over carries Glickman's figures for a first game, the profile shows them,
// and they are still there after the server restarts (docs/ratings.md).
#include <gtest/gtest.h>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

// Tablut: the defenders' king escapes on the 8th ply (the second player wins).
const std::vector<std::string> kMoves = {"f9-f8", "d5-d4", "i6-g6", "d4-d7", "f8-g8", "e5-d5", "d1-c1", "d5-d1"};

void register_as(WsPlayer& p, const std::string& name) {
  p.send({{"type", "register"}, {"name", name}, {"password", "correct horse battery"}, {"id", 1}});
  auto identity = p.take("identity", nullptr, 30s);  // hashing the password takes a while
  ASSERT_TRUE(identity) << name;
  EXPECT_EQ((*identity)["registered"], true) << identity->dump();
}

void expect_tablut_rating(const json& profile, double rating, double rd) {
  ASSERT_TRUE(profile["ratings"]["tablut"].is_object()) << profile.dump();
  EXPECT_DOUBLE_EQ(profile["ratings"]["tablut"]["rating"].get<double>(), rating) << profile.dump();
  EXPECT_DOUBLE_EQ(profile["ratings"]["tablut"]["rd"].get<double>(), rd) << profile.dump();
  EXPECT_EQ(profile["ratings"]["tablut"]["games"], 1);
  EXPECT_EQ(profile["ratings"]["tablut"]["provisional"], true);
}

TEST(RatingsE2e, RatedWinGivesGlickmansFiguresThatSurviveARestart) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()));
  ASSERT_TRUE(bob.connect(server.port()));
  register_as(alice, "alice");
  register_as(bob, "bob");

  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"side", "attackers"}, {"id", 2}});  // rated by default
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  EXPECT_EQ((*created)["room"]["rated"], true) << created->dump();
  EXPECT_DOUBLE_EQ((*created)["room"]["creator_rating"]["rating"].get<double>(), 1500.0);
  bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = alice.take("game_started");
  ASSERT_TRUE(started);
  ASSERT_TRUE(bob.take("game_started"));
  EXPECT_EQ((*started)["state"]["rated"], true);
  EXPECT_DOUBLE_EQ((*started)["state"]["ratings"]["second"]["rd"].get<double>(), 500.0);
  const std::string game = (*started)["state"]["game_id"];

  for (std::size_t i = 0; i < kMoves.size(); ++i) {
    WsPlayer& mover = i % 2 == 0 ? alice : bob;
    mover.send({{"type", "move"}, {"game_id", game}, {"ply", i}, {"move", kMoves[i]}, {"id", 100 + i}});
    ASSERT_TRUE(mover.take("move", [&](const json& m) { return m["ply"] == i + 1; })) << kMoves[i];
  }
  for (WsPlayer* p : {&alice, &bob}) {
    auto over = p->take("game_over");
    ASSERT_TRUE(over);
    EXPECT_EQ((*over)["winner"], "bob");
    const json& changes = (*over)["rating_changes"];
    ASSERT_TRUE(changes.is_object()) << over->dump();
    EXPECT_DOUBLE_EQ(changes["second"]["before"].get<double>(), 1500.0);
    EXPECT_DOUBLE_EQ(changes["second"]["after"].get<double>(), 1741.6);
    EXPECT_DOUBLE_EQ(changes["second"]["change"].get<double>(), 241.6);
    EXPECT_DOUBLE_EQ(changes["second"]["rd"].get<double>(), 396.8);
    EXPECT_DOUBLE_EQ(changes["first"]["after"].get<double>(), 1258.4);
    EXPECT_DOUBLE_EQ(changes["first"]["change"].get<double>(), -241.6);
    EXPECT_DOUBLE_EQ(changes["first"]["rd"].get<double>(), 396.8);
  }
  auto profile = http_get(server.port(), "/api/players/bob");
  ASSERT_EQ(profile.status, 200) << profile.body;
  expect_tablut_rating(json::parse(profile.body), 1741.6, 396.8);

  alice.close();
  bob.close();
  ASSERT_TRUE(server.restart()) << server.log();
  profile = http_get(server.port(), "/api/players/bob");
  ASSERT_EQ(profile.status, 200) << profile.body;
  expect_tablut_rating(json::parse(profile.body), 1741.6, 396.8);
  auto loser = http_get(server.port(), "/api/players/alice");
  ASSERT_EQ(loser.status, 200) << loser.body;
  expect_tablut_rating(json::parse(loser.body), 1258.4, 396.8);
  // The same over WebSocket, to a connection with no identity.
  WsPlayer reader;
  ASSERT_TRUE(reader.connect(server.port()));
  reader.send({{"type", "get_player"}, {"name", "bob"}, {"id", 7}});
  auto player = reader.take("player");
  ASSERT_TRUE(player);
  EXPECT_EQ((*player)["id"], 7);
  expect_tablut_rating(*player, 1741.6, 396.8);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
