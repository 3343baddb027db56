// Cluster mode end to end (issue 28; docs/cluster.md): real server nodes on a throwaway
// PostgreSQL (support/pg_cluster). A node killed with SIGKILL: another takes its games
// over within seconds, every acknowledged move is there and the players go on with
// their tokens. A node paused (SIGSTOP) past its lease and then continued writes nothing
// of the games it lost. A node stopped with SIGTERM hands its games over at once. While
// PostgreSQL is away the clocks stand still.
#include <gtest/gtest.h>
#include <signal.h>

#include "cluster_nodes.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using FailoverTest = ClusterNodesTest;

TEST_F(FailoverTest, AKilledNodesGamesGoOnOnAnotherNodeWithEveryAcknowledgedMove) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  std::vector<std::unique_ptr<Game>> games;
  for (int i = 0; i < 6; ++i) games.push_back(start_game(*n1, "k" + std::to_string(i), 1 + i % 3));
  for (auto& g : games) ASSERT_FALSE(g->id.empty());
  // One game with a move sent just before the kill: acknowledged or not, it is the same
  // on both sides afterwards.
  Game& racing = *games[0];
  const int racing_ply = static_cast<int>(racing.acknowledged.size());
  const std::string racing_move = racing.state->rules().move_text(racing.state->legal_moves()[0]);
  racing.players[racing_ply % 2]->send(
      {{"type", "move"}, {"game_id", racing.id}, {"ply", racing_ply}, {"move", racing_move}, {"id", 77}});
  n1->kill();
  const auto killed = Clock::now();

  for (auto& g : games) {
    ASSERT_TRUE(resume_on(*n2, *g, 15s)) << g->id << "\n" << n2->log();
    auto state = g->players[0]->take("game_state", [&](const json& m) { return m["state"]["game_id"] == g->id; });
    ASSERT_TRUE(state) << g->id;
    std::vector<std::string> moves = (*state)["state"]["moves"];
    if (g.get() == &racing && moves.size() == g->acknowledged.size() + 1) {  // committed before the kill
      EXPECT_EQ(moves.back(), racing_move);
      EXPECT_TRUE(static_cast<bool>(g->state->play(racing_move)));
      g->acknowledged.push_back(racing_move);
    }
    EXPECT_EQ(moves, g->acknowledged) << g->id;
    EXPECT_EQ(stored_moves(g->id), g->acknowledged) << g->id;
    ASSERT_TRUE(play_one(*g, 90)) << g->id;  // the game goes on
  }
  const auto took = Clock::now() - killed;
  std::printf("[ figures  ] kill -9 to the last of %zu games accepting a move on the survivor: %lld ms\n", games.size(),
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(took).count()));
  EXPECT_LT(took, 10s + 6 * 2s);  // each game's first move within 10 s of the kill, resumes in turn
  for (auto& g : games) EXPECT_EQ(stored_moves(g->id), g->acknowledged) << g->id;
}

TEST_F(FailoverTest, APausedNodeWritesNothingAfterItWasReplaced) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "p", 1);
  ASSERT_FALSE(g->id.empty());
  std::array<std::unique_ptr<WsPlayer>, 2> on_n1 = {std::move(g->players[0]), std::move(g->players[1])};
  // What the second player will try on n1 once it wakes, believing the game at ply 1.
  const auto at_ply_1 = g->state->legal_moves();
  const std::string stale = g->state->rules().move_text(at_ply_1[at_ply_1.size() - 1]);
  n1->signal(SIGSTOP);
  ASSERT_TRUE(resume_on(*n2, *g, 20s)) << n2->log();
  ASSERT_TRUE(play_one(*g));  // ply 2, on n2
  const auto on_n2 = stored_moves(g->id);
  ASSERT_EQ(on_n2, g->acknowledged);

  n1->signal(SIGCONT);
  // n1 still believes it holds the game at ply 1: the second player moves there.
  on_n1[1]->send({{"type", "move"}, {"game_id", g->id}, {"ply", 1}, {"move", stale}, {"id", 5}});
  auto moved = on_n1[1]->take(
      "error", [](const json& e) { return e["code"] == "game_moved"; }, 10s);
  EXPECT_TRUE(moved) << n1->log();
  EXPECT_FALSE(on_n1[0]->take(
      "move", [](const json& m) { return m["ply"] == 2; }, 500ms));
  EXPECT_EQ(stored_moves(g->id), on_n2);  // nothing of n1's landed
  EXPECT_TRUE(play_one(*g));              // and n2 goes on
}

TEST_F(FailoverTest, AStoppedNodeHandsItsGamesOverAtOnce) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto g = start_game(*n1, "s", 2);
  ASSERT_FALSE(g->id.empty());
  const auto stopping = Clock::now();
  n1->signal(SIGTERM);  // its connections stay open a while: these clients do not read
  ASSERT_TRUE(resume_on(*n2, *g, 10s)) << n2->log();
  EXPECT_LT(Clock::now() - stopping, 4s) << n2->log();  // not the lease's 5 s
  EXPECT_EQ(n1->wait_exit(15s), 0);
  EXPECT_TRUE(play_one(*g));
  EXPECT_EQ(stored_moves(g->id), g->acknowledged);
}

TEST_F(FailoverTest, WhilePostgreSQLIsAwayTheClocksStandStillAndNobodyLosesOnTime) {
  auto n1 = node("n1");
  auto g = start_game(*n1, "c", 2, {{"clock", {{"initial_s", 6}}}});
  ASSERT_FALSE(g->id.empty());
  ASSERT_TRUE(pg_->stop());
  const auto paused = [](const json& m) { return m["state"]["clocks"]["paused"] == "storage"; };
  for (auto& p : g->players) EXPECT_TRUE(p->take("game_state", paused, 5s)) << n1->log();
  EXPECT_EQ(http_get(n1->port(), "/healthz").status, 503);
  std::this_thread::sleep_for(8s);  // longer than the side to move had on its clock
  ASSERT_TRUE(pg_->restart());
  const auto running = [](const json& m) { return !m["state"]["clocks"]["running"].is_null(); };
  for (auto& p : g->players) {
    auto state = p->take("game_state", running, 15s);
    ASSERT_TRUE(state) << n1->log();
    // Stopped within a failed lease renewal and the next second, not at the lease's end.
    EXPECT_GE((*state)["state"]["clocks"]["first_ms"], 6000 - 3000) << state->dump();
    EXPECT_FALSE(p->take("game_over", nullptr, 0ms));
  }
  ASSERT_TRUE(play_one(*g));  // the side to move still had its time
  EXPECT_EQ(stored_moves(g->id), g->acknowledged);
}

TEST_F(FailoverTest, ASeekWhilePostgreSQLIsAwayIsAnsweredAndOneAfterItWaits) {
  auto n1 = node("n1");
  WsPlayer sam;
  ASSERT_TRUE(sam.connect(n1->port()));
  ASSERT_FALSE(sam.guest("sam").empty());
  ASSERT_TRUE(pg_->stop());
  // Right away (the store may not know yet) and later: an error, never silence.
  for (int id : {2, 3}) {
    sam.send({{"type", "seek"}, {"game", "tablut"}, {"id", id}});
    auto e = sam.take(
        "error", [id](const json& m) { return m["id"] == id; }, 20s);
    ASSERT_TRUE(e) << n1->log();
    EXPECT_EQ((*e)["code"], "storage_unavailable");
  }
  ASSERT_TRUE(pg_->restart());
  ASSERT_TRUE(wait_for([&] { return http_get(n1->port(), "/healthz").status == 200; }, 20s));
  sam.send({{"type", "seek"}, {"game", "tablut"}, {"id", 4}});
  EXPECT_TRUE(sam.take("room_created", nullptr, 10s)) << n1->log();
  EXPECT_EQ(sql("SELECT count(*) FROM seeks"), std::vector<std::string>{"1"});
}

}  // namespace
}  // namespace bh::test
