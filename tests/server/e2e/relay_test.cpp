// Cluster mode with a bus end to end (issue 28; docs/cluster.md, "A game reached from any
// node"): real server nodes on a throwaway PostgreSQL and Redis. A player who resumes on a
// node that does not run their game is served by the game's owner through the bus: they
// play from there, their opponent on the owner sees it, and leaving there is leaving the
// game. When the owner dies, the relay ends and the game goes on wherever it was taken
// over, with the two players on two different nodes. Redis killed and restarted: play
// resumes within seconds, nothing acknowledged lost.
#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include "cluster_nodes.hpp"

#include <filesystem>
#include <fstream>

#include "support/ws_client.hpp"

namespace bh::test {
namespace {

class RelayTest : public ClusterNodesTest {
 protected:
  void SetUp() override {
    ClusterNodesTest::SetUp();
    if (HasFatalFailure()) return;
    start_bus();
  }
  // The side to move on `g` is seat `mover`: it plays, and `other` (on whichever node)
  // sees the same move.
  static bool play_and_see(Game& g) {
    const int ply = static_cast<int>(g.acknowledged.size());
    if (!play_one(g)) return false;
    auto seen = g.players[static_cast<std::size_t>((ply + 1) % 2)]->take(
        "move", [&](const json& m) { return m["ply"] == ply + 1; }, 10s);
    return seen && (*seen)["move"] == g.acknowledged.back();
  }
  // Seat `s`'s connection drops; its player comes back through `to`, the opponent
  // seeing them leave and return.
  static bool come_back_through(ServerProcess& to, Game& g, int s) {
    g.players[static_cast<std::size_t>(s)]->close();
    auto& opponent = *g.players[static_cast<std::size_t>(1 - s)];
    return opponent.take("player_left") && resume_seat(to, g, s, Clock::now() + 10s) &&
           opponent.take("player_returned");
  }
};

TEST_F(RelayTest, APlayerOnAnotherNodePlaysTheirGameThroughItsOwner) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "r", 2);
  ASSERT_FALSE(g->id.empty());
  // The second player's connection to n1 drops; they come back through n2.
  ASSERT_TRUE(come_back_through(*n2, *g, 1)) << n1->log() << n2->log();
  auto state = g->players[1]->take("game_state", [&](const json& m) { return m["state"]["game_id"] == g->id; });
  ASSERT_TRUE(state) << n2->log();
  EXPECT_EQ((*state)["state"]["moves"], json(g->acknowledged));
  // Plies 3 to 6, alternately on n1 and through n2.
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(play_and_see(*g)) << "ply " << g->acknowledged.size() + 1;
  EXPECT_EQ(stored_moves(g->id), g->acknowledged);
  EXPECT_EQ(metric(n2->port(), "boardhall_relayed_connections"), "1");
  EXPECT_EQ(metric(n1->port(), "boardhall_remote_connections"), "1");
  EXPECT_EQ(metric(n1->port(), "boardhall_cluster_bus_up"), "1");
  // Other requests go to the owner too: the player's own profile, a ping.
  g->players[1]->send({{"type", "ping"}, {"id", 9}});
  EXPECT_TRUE(g->players[1]->take("pong"));
}

TEST_F(RelayTest, APlayerWhoLeavesANodeThatRelaysThemIsAwayOnTheOwner) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "l", 1);
  ASSERT_FALSE(g->id.empty());
  ASSERT_TRUE(come_back_through(*n2, *g, 0)) << n1->log() << n2->log();
  g->players[0]->close();  // the relayed connection ends on n2
  auto left = g->players[1]->take("player_left", nullptr, 10s);
  ASSERT_TRUE(left) << n1->log();
  EXPECT_EQ((*left)["player"], g->names[0]);
  EXPECT_EQ(metric(n1->port(), "boardhall_remote_connections"), "0");
}

TEST_F(RelayTest, WhenTheOwnerDiesTheGameGoesOnWithItsPlayersOnTwoOtherNodes) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto n3 = node("n3");
  auto g = start_game(*n1, "d", 3);
  ASSERT_FALSE(g->id.empty());
  // Each player reaches the game through another node.
  for (int s = 0; s < 2; ++s) {
    g->players[static_cast<std::size_t>(s)]->close();
    ASSERT_TRUE(resume_seat(s == 0 ? *n2 : *n3, *g, s, Clock::now() + 10s));
  }
  ASSERT_TRUE(play_and_see(*g));
  n1->kill();
  const auto killed = Clock::now();
  // Their relays end once n1's lease has lapsed; each resumes on the node it is on.
  for (int s = 0; s < 2; ++s) {
    auto& player = *g->players[static_cast<std::size_t>(s)];
    player.read_until_closed(15s);
    EXPECT_TRUE(player.closed());
    ASSERT_TRUE(resume_seat(s == 0 ? *n2 : *n3, *g, s, Clock::now() + 15s)) << n2->log() << n3->log();
  }
  // The state comes when the node has taken the game over (a resume may come before):
  // within the 15 s the whole failover is allowed, checked below.
  auto state = g->players[0]->take(
      "game_state", [&](const json& m) { return m["state"]["game_id"] == g->id; }, 10s);
  ASSERT_TRUE(state) << n2->log() << n3->log();
  EXPECT_EQ((*state)["state"]["moves"], json(g->acknowledged));
  ASSERT_TRUE(play_and_see(*g));
  EXPECT_LT(Clock::now() - killed, 15s);
  ASSERT_TRUE(play_and_see(*g));
  EXPECT_EQ(stored_moves(g->id), g->acknowledged);
}

TEST_F(RelayTest, RedisKilledAndRestartedPlayResumesAndNothingAcknowledgedIsLost) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "b", 2);
  ASSERT_FALSE(g->id.empty());
  g->players[1]->close();
  ASSERT_TRUE(resume_seat(*n2, *g, 1, Clock::now() + 10s));
  ASSERT_TRUE(play_and_see(*g));
  redis_->kill();
  const auto killed = Clock::now();
  // The relay ends with the bus; the player's connection to n2 closes.
  g->players[1]->read_until_closed(10s);
  EXPECT_TRUE(g->players[1]->closed());
  ASSERT_TRUE(redis_->start()) << redis_->log();
  ASSERT_TRUE(resume_seat(*n2, *g, 1, Clock::now() + 10s)) << n2->log();
  auto state = g->players[1]->take("game_state", [&](const json& m) { return m["state"]["game_id"] == g->id; });
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["state"]["moves"], json(g->acknowledged));
  ASSERT_TRUE(play_and_see(*g));
  std::printf(
      "[ figures  ] Redis killed to the next move through the relay: %lld ms\n",
      static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed).count()));
  EXPECT_LT(Clock::now() - killed, 8s);
  EXPECT_EQ(stored_moves(g->id), g->acknowledged);
}

TEST_F(RelayTest, HealthSays503WhileTheBusIsLost) {
  auto n1 = node("n1");
  EXPECT_EQ(http_get(n1->port(), "/healthz").status, 200);
  redis_->kill();
  ASSERT_TRUE(wait_for([&] { return http_get(n1->port(), "/healthz").status == 503; }, 10s));
  EXPECT_NE(http_get(n1->port(), "/healthz").body.find("bus"), std::string::npos);
  ASSERT_TRUE(redis_->start());
  EXPECT_TRUE(wait_for([&] { return http_get(n1->port(), "/healthz").status == 200; }, 10s));
}

TEST_F(RelayTest, OneLobbyAcrossNodesAndAJoinFromAnotherNodeStartsTheGameWhereTheRoomIs) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer alice, bob, carol;
  ASSERT_TRUE(alice.connect(n1->port()) && bob.connect(n2->port()) && carol.connect(n2->port()));
  alice.guest("ja");
  bob.guest("jb");
  bob.send({{"type", "subscribe_lobby"}, {"id", 2}});
  ASSERT_TRUE(bob.take("lobby"));
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"side", "first"}, {"id", 3}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  const std::string room_id = (*created)["room"]["room_id"];
  // n2's lobby lists n1's room: its subscribers hear of it, and so does its HTTP API.
  auto opened = bob.take(
      "room_opened", [&](const json& m) { return m["room"]["room_id"] == room_id; }, 10s);
  ASSERT_TRUE(opened) << n2->log();
  EXPECT_EQ((*opened)["room"]["creator"], "ja");
  EXPECT_NE(http_get(n2->port(), "/api/lobby").body.find(room_id), std::string::npos);

  bob.send({{"type", "join_room"}, {"room_id", room_id}, {"id", 4}});
  auto started = alice.take("game_started");
  ASSERT_TRUE(started) << n1->log();
  ASSERT_TRUE(bob.take("game_started")) << n2->log();
  const std::string game_id = (*started)["state"]["game_id"];
  EXPECT_EQ((*started)["state"]["players"]["second"], "jb");
  // The game is n1's: its moves reach bob through n2, and bob's reach alice.
  rules::GameState state(*rules::make_ruleset("tablut", {}));
  WsPlayer* players[2] = {&alice, &bob};
  for (int ply = 0; ply < 4; ++ply) {
    const std::string text = state.rules().move_text(state.legal_moves()[0]);
    players[ply % 2]->send({{"type", "move"}, {"game_id", game_id}, {"ply", ply}, {"move", text}, {"id", 10 + ply}});
    for (auto* p : players)
      ASSERT_TRUE(p->take(
          "move", [&](const json& m) { return m["ply"] == ply + 1 && m["move"] == text; }, 10s))
          << "ply " << ply + 1;
    ASSERT_TRUE(state.play(text));
  }
  EXPECT_EQ(sql("SELECT count(*) FROM live_moves WHERE game_id = '" + game_id + "'"), std::vector<std::string>{"4"});
  // Bob still follows the lobby, now n1's, which lists his game; so does n2's.
  EXPECT_TRUE(bob.take(
      "live_game", [&](const json& m) { return m["game"]["game_id"] == game_id; }, 10s));
  ASSERT_TRUE(
      wait_for([&] { return http_get(n2->port(), "/api/lobby").body.find(game_id) != std::string::npos; }, 10s));
  // A spectator on n2 watches the game n1 runs.
  carol.send({{"type", "watch"}, {"game_id", game_id}, {"id", 20}});
  auto watched = carol.take("game_state", nullptr, 10s);
  ASSERT_TRUE(watched) << n2->log();
  EXPECT_EQ((*watched)["state"]["moves"].size(), 4u);
  const std::string text = state.rules().move_text(state.legal_moves()[0]);
  alice.send({{"type", "move"}, {"game_id", game_id}, {"ply", 4}, {"move", text}, {"id", 30}});
  EXPECT_TRUE(carol.take(
      "move", [&](const json& m) { return m["ply"] == 5; }, 10s));
}

TEST_F(RelayTest, ThePlayerOfAnotherNodeKeepsTheirNameAndTokenAcrossAHandover) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(n1->port()) && bob.connect(n2->port()));
  alice.guest("ka");
  const std::string token = bob.guest("kb");
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"side", "first"}, {"id", 3}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  const std::string room_id = (*created)["room"]["room_id"];
  ASSERT_TRUE(
      wait_for([&] { return http_get(n2->port(), "/api/lobby").body.find(room_id) != std::string::npos; }, 10s));
  bob.send({{"type", "join_room"}, {"room_id", room_id}, {"id", 4}});
  auto started = bob.take("game_started");
  ASSERT_TRUE(started);
  // Bob's connection drops; his token resumes him, through n2 again, into the game on n1.
  bob.close();
  ASSERT_TRUE(alice.take("player_left"));
  WsPlayer again;
  ASSERT_TRUE(again.connect(n2->port()));
  again.send({{"type", "resume"}, {"token", token}, {"id", 1}});
  auto identity = again.take("identity");
  ASSERT_TRUE(identity) << n2->log();
  EXPECT_EQ((*identity)["player"], "kb");
  EXPECT_TRUE(again.take("game_state"));
  EXPECT_TRUE(alice.take("player_returned"));
}

TEST_F(RelayTest, ASeekOnOneNodeIsPairedWithASeekerOnAnother) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer alice, bob, carol;
  ASSERT_TRUE(alice.connect(n1->port()) && bob.connect(n2->port()) && carol.connect(n2->port()));
  alice.guest("sa");
  bob.guest("sb");
  carol.guest("sc");
  alice.send({{"type", "seek"}, {"game", "brandubh"}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}, {"id", 2}});
  auto waiting = alice.take("room_created");
  ASSERT_TRUE(waiting);
  const std::string room_id = (*waiting)["room"]["room_id"];
  ASSERT_TRUE(
      wait_for([&] { return http_get(n2->port(), "/api/lobby").body.find(room_id) != std::string::npos; }, 10s));
  // Another game's seek on n2 does not take it: carol waits on n2.
  carol.send({{"type", "seek"}, {"game", "tablut"}, {"id", 2}});
  ASSERT_TRUE(carol.take("room_created"));
  bob.send({{"type", "seek"}, {"game", "brandubh"}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}, {"id", 2}});
  auto started = bob.take("game_started");
  ASSERT_TRUE(started) << n2->log();
  ASSERT_TRUE(alice.take("game_started"));
  EXPECT_EQ((*started)["state"]["room_id"], room_id);  // alice's room, on n1
  const std::string game_id = (*started)["state"]["game_id"];
  EXPECT_EQ(sql("SELECT n.node_id FROM live_games g JOIN nodes n ON n.epoch = g.owner_epoch WHERE g.game_id = '" +
                game_id + "'"),
            std::vector<std::string>{"n1"});
  EXPECT_FALSE(carol.take("game_started", nullptr, 500ms));
}

TEST_F(RelayTest, TwoSeeksMadeAtOnceOnTwoNodesArePaired) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  for (int round = 0; round < 5; ++round) {
    WsPlayer alice, bob;
    ASSERT_TRUE(alice.connect(n1->port()) && bob.connect(n2->port()));
    alice.guest("ta" + std::to_string(round));
    bob.guest("tb" + std::to_string(round));
    // The pairing is PostgreSQL's: it holds even while the nodes cannot talk (Redis
    // paused, every second round) and neither lobby has heard of the other's seek. The
    // seeker who took the other's seek reaches its node once the bus is back.
    const json seek = {{"type", "seek"}, {"game", "tablut"}, {"id", 2}};
    const bool held = round % 2 == 0;
    if (held) redis_->signal(SIGSTOP);
    alice.send(seek);
    bob.send(seek);
    if (held) {
      std::this_thread::sleep_for(500ms);
      redis_->signal(SIGCONT);
    }
    auto a = alice.take("game_started", nullptr, 10s);
    auto b = bob.take("game_started", nullptr, 10s);
    ASSERT_TRUE(a && b) << "round " << round << "\n" << n1->log() << n2->log();
    EXPECT_EQ((*a)["state"]["game_id"], (*b)["state"]["game_id"]);
    // One game, in the room of the seek that waited; no seek left waiting.
    EXPECT_EQ(sql("SELECT count(*) FROM live_games WHERE game_id = '" + std::string((*a)["state"]["game_id"]) + "'"),
              std::vector<std::string>{"1"});
    EXPECT_EQ(sql("SELECT count(*) FROM seeks"), std::vector<std::string>{"0"});
    alice.send({{"type", "resign"}, {"game_id", (*a)["state"]["game_id"]}, {"id", 3}});
    ASSERT_TRUE(alice.take("game_over"));
  }
}

TEST_F(RelayTest, ABotAccountMadeInTheClustersDatabaseLogsInOnAnyNode) {
  std::string folder = (std::filesystem::temp_directory_path() / "bh-bot-XXXXXX").string();
  ASSERT_NE(::mkdtemp(folder.data()), nullptr);
  const std::string secret = folder + "/bot.secret";
  const auto made = run_command(
      {real_server_binary(), "--cluster-db", pg_->dsn(database_), "--create-bot", "computer", "--secret-file", secret},
      30s);
  ASSERT_EQ(made.status, 0) << made.output;
  std::ifstream in(secret);
  std::string password;
  std::getline(in, password);
  auto n1 = node("n1");
  auto n2 = node("n2");
  for (auto* n : {n1.get(), n2.get()}) {
    WsPlayer bot;
    ASSERT_TRUE(bot.connect(n->port()));
    bot.send({{"type", "login"}, {"name", "computer"}, {"password", password}, {"id", 1}});
    auto identity = bot.take("identity", nullptr, 30s);
    ASSERT_TRUE(identity) << n->log();
    EXPECT_EQ((*identity)["bot"], true);
  }
  std::filesystem::remove_all(folder);
}

TEST_F(RelayTest, TheRoomsOfANodeThatDiesLeaveEveryLobby) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(n1->port()) && bob.connect(n2->port()));
  alice.guest("da");
  bob.send({{"type", "subscribe_lobby"}, {"id", 2}});
  ASSERT_TRUE(bob.take("lobby"));
  alice.send({{"type", "create_room"}, {"game", "brandubh"}, {"side", "first"}, {"id", 3}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  const std::string room_id = (*created)["room"]["room_id"];
  ASSERT_TRUE(bob.take(
      "room_opened", [&](const json& m) { return m["room"]["room_id"] == room_id; }, 10s));
  n1->kill();
  EXPECT_TRUE(bob.take(
      "room_closed", [&](const json& m) { return m["room_id"] == room_id; }, 15s))
      << n2->log();
  EXPECT_EQ(http_get(n2->port(), "/api/lobby").body.find(room_id), std::string::npos);
}

}  // namespace
}  // namespace bh::test
