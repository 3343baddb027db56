// Cluster mode with a bus end to end (issue 28; docs/cluster.md, "A game reached from any
// node"): real server nodes on a throwaway PostgreSQL and Redis. A player who resumes on a
// node that does not run their game is served by the game's owner through the bus: they
// play from there, their opponent on the owner sees it, and leaving there is leaving the
// game. When the owner dies, the relay ends and the game goes on wherever it was taken
// over, with the two players on two different nodes. Redis killed and restarted: play
// resumes within seconds, nothing acknowledged lost.
#include <gtest/gtest.h>

#include "cluster_nodes.hpp"
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
  static std::string metric(ServerProcess& server, const std::string& name) {
    const auto page = http_get(server.port(), "/metrics");
    const auto at = page.body.find("\n" + name + " ");
    if (at == std::string::npos) return "";
    const auto from = at + name.size() + 2;
    return page.body.substr(from, page.body.find('\n', from) - from);
  }
};

TEST_F(RelayTest, APlayerOnAnotherNodePlaysTheirGameThroughItsOwner) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "r", 2);
  ASSERT_FALSE(g->id.empty());
  // The second player's connection to n1 drops; they come back through n2.
  g->players[1]->close();
  ASSERT_TRUE(g->players[0]->take("player_left"));
  ASSERT_TRUE(resume_seat(*n2, *g, 1, Clock::now() + 10s)) << n2->log();
  auto state = g->players[1]->take("game_state", [&](const json& m) { return m["state"]["game_id"] == g->id; });
  ASSERT_TRUE(state) << n2->log();
  EXPECT_EQ((*state)["state"]["moves"], json(g->acknowledged));
  EXPECT_TRUE(g->players[0]->take("player_returned")) << n1->log();
  // Plies 3 to 6, alternately on n1 and through n2.
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(play_and_see(*g)) << "ply " << g->acknowledged.size() + 1;
  EXPECT_EQ(stored_moves(g->id), g->acknowledged);
  EXPECT_EQ(metric(*n2, "boardhall_relayed_connections"), "1");
  EXPECT_EQ(metric(*n1, "boardhall_remote_connections"), "1");
  EXPECT_EQ(metric(*n1, "boardhall_cluster_bus_up"), "1");
  // Other requests go to the owner too: the player's own profile, a ping.
  g->players[1]->send({{"type", "ping"}, {"id", 9}});
  EXPECT_TRUE(g->players[1]->take("pong"));
}

TEST_F(RelayTest, APlayerWhoLeavesANodeThatRelaysThemIsAwayOnTheOwner) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "l", 1);
  ASSERT_FALSE(g->id.empty());
  g->players[0]->close();
  ASSERT_TRUE(g->players[1]->take("player_left"));
  ASSERT_TRUE(resume_seat(*n2, *g, 0, Clock::now() + 10s)) << n2->log();
  ASSERT_TRUE(g->players[1]->take("player_returned"));
  g->players[0]->close();  // the relayed connection ends on n2
  auto left = g->players[1]->take("player_left", nullptr, 10s);
  ASSERT_TRUE(left) << n1->log();
  EXPECT_EQ((*left)["player"], g->names[0]);
  EXPECT_EQ(metric(*n1, "boardhall_remote_connections"), "0");
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
  auto state = g->players[0]->take("game_state", [&](const json& m) { return m["state"]["game_id"] == g->id; });
  ASSERT_TRUE(state);
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

}  // namespace
}  // namespace bh::test
