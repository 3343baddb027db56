// The real server binary through real WebSockets: a full game between two clients with
// a spectator, a reconnection, and a restart that keeps the archive.
#include <gtest/gtest.h>

#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

using Player = WsPlayer;

// Tablut: the defenders' king escapes on the 8th ply.
const std::vector<std::string> kMoves = {"f9-f8", "d5-d4", "i6-g6", "d4-d7", "f8-g8", "e5-d5", "d1-c1", "d5-d1"};

void play(Player& first, Player& second, const std::string& game, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    Player& mover = i % 2 == 0 ? first : second;
    mover.send({{"type", "move"}, {"game_id", game}, {"ply", i}, {"move", kMoves[i]}, {"id", 100 + i}});
    auto echo = mover.take("move", [&](const json& m) { return m["ply"] == i + 1; });
    ASSERT_TRUE(echo.has_value()) << kMoves[i];
    EXPECT_EQ((*echo)["id"], 100 + i);
  }
}

TEST(GameE2e, FullGameWithSpectatorReconnectionAndRestart) {
  ServerProcess server({"--grace", "10"});
  ASSERT_TRUE(server.start()) << server.log();
  Player alice, bob, watcher;
  ASSERT_TRUE(alice.connect(server.port()));
  ASSERT_TRUE(bob.connect(server.port()));
  ASSERT_TRUE(watcher.connect(server.port()));
  alice.guest("alice");
  const std::string bob_token = bob.guest("bob");

  alice.send({{"type", "create_room"},
              {"game", "tablut"},
              {"side", "attackers"},
              {"clock", {{"initial_s", 60}, {"increment_s", 1}}},
              {"id", 2}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = alice.take("game_started");
  ASSERT_TRUE(started);
  ASSERT_TRUE(bob.take("game_started"));
  const std::string game = (*started)["state"]["game_id"];
  watcher.send({{"type", "watch"}, {"game_id", game}, {"id", 4}});
  ASSERT_TRUE(watcher.take("game_state"));

  play(alice, bob, game, 0, 4);
  // Bob drops and comes back on a new connection with his token.
  bob.close();
  auto left = alice.take("player_left");
  ASSERT_TRUE(left);
  EXPECT_EQ((*left)["player"], "bob");
  Player bob2;
  ASSERT_TRUE(bob2.connect(server.port()));
  bob2.send({{"type", "resume"}, {"token", bob_token}, {"id", 5}});
  ASSERT_TRUE(bob2.take("identity"));
  auto state = bob2.take("game_state");
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["state"]["ply"], 4);
  EXPECT_TRUE(alice.take("player_returned"));
  play(alice, bob2, game, 4, kMoves.size());

  for (Player* p : {&alice, &bob2, &watcher}) {
    auto over = p->take("game_over");
    ASSERT_TRUE(over);
    EXPECT_EQ((*over)["reason"], "king_escaped");
    EXPECT_EQ((*over)["winner"], "bob");
    EXPECT_EQ((*over)["archived"], true);
  }
  for (std::size_t ply = 1; ply <= kMoves.size(); ++ply)
    EXPECT_TRUE(watcher.take("move", [&](const json& m) { return m["ply"] == ply; })) << ply;

  // A restart keeps the archive.
  alice.close();
  bob2.close();
  watcher.close();
  ASSERT_TRUE(server.restart()) << server.log();
  auto listed = http_get(server.port(), "/api/games?player=bob");
  ASSERT_EQ(listed.status, 200) << listed.body;
  auto page = json::parse(listed.body);
  ASSERT_EQ(page["games"].size(), 1u);
  EXPECT_EQ(page["games"][0]["game_id"], game);
  auto record = http_get(server.port(), "/api/games/" + game);
  ASSERT_EQ(record.status, 200);
  auto r = json::parse(record.body);
  ASSERT_EQ(r["moves"].size(), kMoves.size());
  EXPECT_FALSE(r["moves"].back()["position"].get<std::string>().empty());
  EXPECT_EQ(http_get(server.port(), "/api/games/g-missing").status, 404);
  EXPECT_EQ(server.stop(), 0);
}

// A client that asks for the compact legal moves (/ws?legal=compact) gets them as one
// string in each `move` event for its turn, and plays a move read from it; its opponent,
// who did not ask, gets lists. Any other value of `legal` refuses the upgrade.
TEST(GameE2e, TheLegalMovesComeInTheFormEachClientAskedFor) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  // Refused whatever else it says: empty, another case, huge, not UTF-8, or said twice
  // with a wrong value last (the last one counts); the server goes on.
  for (const std::string& query :
       {std::string("lists"), std::string(""), std::string("COMPACT"), std::string(20'000, 'c'), std::string("%FF%FE"),
        std::string("compact&legal=x"), std::string("compact%00")}) {
    RawTcp raw;
    ASSERT_TRUE(raw.connect(server.port()));
    ASSERT_TRUE(
        raw.send("GET /ws?legal=" + query +
                 " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
                 "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"));
    std::string answer;
    for (int i = 0; i < 50 && answer.find("\r\n\r\n") == std::string::npos && !raw.peer_closed(); ++i)
      answer += raw.read_some(100ms);
    EXPECT_EQ(answer.rfind("HTTP/1.1 4", 0), 0u) << query.substr(0, 40) << ": " << answer.substr(0, 200);
    EXPECT_EQ(answer.find("101 Switching"), std::string::npos) << query.substr(0, 40);
  }
  {
    RawTcp raw;
    ASSERT_TRUE(raw.connect(server.port()));
    ASSERT_TRUE(
        raw.send("GET /ws?legal=lists HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
                 "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"));
    std::string answer;
    for (int i = 0; i < 50 && answer.find("legal must be") == std::string::npos && !raw.peer_closed(); ++i)
      answer += raw.read_some(100ms);
    EXPECT_EQ(answer.rfind("HTTP/1.1 400", 0), 0u) << answer;
    EXPECT_NE(answer.find("legal must be compact"), std::string::npos) << answer;
  }
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);

  Player alice, bob;
  ASSERT_TRUE(alice.connect(server.port()));
  ASSERT_TRUE(bob.connect(server.port(), "/ws?legal=compact"));
  alice.guest("alice");
  bob.guest("bob");
  const std::string game = start_tablut(alice, bob, "attackers");
  ASSERT_FALSE(game.empty());

  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", kMoves[0]}, {"id", 10}});
  auto told = bob.take("move", [](const json& m) { return m["ply"] == 1; });
  ASSERT_TRUE(told);
  ASSERT_TRUE((*told)["legal"].is_string()) << told->dump();
  const std::string compact = (*told)["legal"];
  EXPECT_NE(compact.find(";d5-d2,d3,d4,d6,"), std::string::npos) << compact;  // the king's neighbour
  // The first group's first move, read as a client does: the group's beginning up to
  // its first '-' or ':', then the rest up to the first ','.
  const std::string group = compact.substr(0, compact.find(';'));
  const std::size_t cut = group.find_first_of("-:");
  const std::string first_move = group.substr(0, std::min(group.find(','), group.size()));
  ASSERT_NE(cut, std::string::npos) << compact;
  bob.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", first_move}, {"id", 11}});
  ASSERT_TRUE(bob.take("move", [](const json& m) { return m["ply"] == 2; })) << first_move;
  auto alices = alice.take("move", [](const json& m) { return m["ply"] == 2; });
  ASSERT_TRUE(alices);
  EXPECT_TRUE((*alices)["legal"].is_array()) << alices->dump();
  alice.send({{"type", "resign"}, {"game_id", game}, {"id", 12}});
  EXPECT_TRUE(bob.take("game_over"));
  alice.close();
  bob.close();
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
