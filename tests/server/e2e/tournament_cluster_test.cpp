// Tournaments in cluster mode (docs/tournaments.md, "In a cluster"): two real nodes on a
// throwaway PostgreSQL and Redis. The node with the lowest epoch directs them; players
// connected to the other one are handed to it by their first tournament request. The
// director is killed (SIGKILL) mid-round: the other node adopts the round's games,
// takes the tournaments over from the database, and the round robin is played to the
// end, nothing paired twice, the standings those of a hand computation.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "e2e/cluster_nodes.hpp"
#include "e2e/tournament_players.hpp"

namespace bh::test {
namespace {

class TournamentCluster : public ClusterNodesTest {};

// Seat by seat: a player of a game of the node gone is let back in once the other node
// took the game over (until then their resume is refused, or told to wait).
void resume_until_back(Entrant& p, std::uint16_t port, std::chrono::seconds limit) {
  const auto until = Clock::now() + limit;
  while (Clock::now() < until) {
    p.ws = std::make_unique<WsPlayer>();
    if (p.ws->connect(port)) {
      p.ws->send({{"type", "resume"}, {"token", p.token}, {"id", 1}});
      if (p.ws->take("identity", nullptr, 5s)) return;
    }
    std::this_thread::sleep_for(300ms);
  }
  ADD_FAILURE() << p.name << " not let back in";
}

TEST_F(TournamentCluster, ItsDirectorKilledMidRoundTheOtherNodeFinishesItWithNothingPairedTwice) {
  start_bus();
  auto first = node("n1");  // the lowest epoch: it directs
  auto second = node("n2");
  ASSERT_TRUE(first && second);
  std::vector<Entrant> players(4);
  const std::vector<std::string> names{"alice", "bob", "carol", "dave"};
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = names[i];
    // alice and carol on the node that does not direct: their requests go to the other.
    register_as(players[i], i % 2 == 0 ? second->port() : first->port());
  }
  // Each node knows which directs (after a lease renewal).
  ASSERT_TRUE(wait_for(
      [&] {
        return first->log().find("this node directs the tournaments") != std::string::npos &&
               second->log().find("node 1 directs the tournaments") != std::string::npos;
      },
      10s));
  auto& alice = *players[0].ws;
  alice.send({{"type", "create_tournament"},
              {"name", "Cluster tablut"},
              {"format", "round_robin"},
              {"game", "tablut"},
              {"clock", {{"initial_s", 600}, {"increment_s", 5}}},
              {"id", 2}});
  auto created = alice.take("tournament", nullptr, 20s);
  ASSERT_TRUE(created) << first->log() << second->log();
  const std::string id = (*created)["tournament_id"];
  for (auto& p : players) {
    p.ws->send({{"type", "join_tournament"}, {"tournament_id", id}, {"id", 3}});
    ASSERT_TRUE(p.ws->take("tournament", nullptr, 20s)) << p.name << first->log() << second->log();
  }
  // carol comes back on the node that does not direct, and logs in: her name leads her
  // to the directing node, where she is told of her pairings.
  players[2].ws = std::make_unique<WsPlayer>();
  ASSERT_TRUE(players[2].ws->connect(second->port()));
  players[2].ws->send({{"type", "login"}, {"name", "carol"}, {"password", "correct horse battery"}, {"id", 1}});
  auto again = players[2].ws->take("identity", nullptr, 30s);
  ASSERT_TRUE(again);
  players[2].token = (*again)["token"];
  alice.send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 4}});
  ASSERT_TRUE(alice.take(
      "tournament", [](const json& t) { return t["status"] == "running"; }, 20s));
  // The node that does not direct reads it from the database.
  EXPECT_EQ(http_get(second->port(), "/api/tournaments/" + id).status, 200);

  // The smaller name wins, but carol and dave draw their first game.
  int carol_dave = 0;
  const Decide decide = [&](const std::string& a, const std::string& b, int) -> std::string {
    if (std::set<std::string>{a, b} == std::set<std::string>{"carol", "dave"} && ++carol_dave == 1) return "draw";
    return a < b ? "first" : "second";
  };
  std::map<std::string, Paired> games;
  ASSERT_FALSE(play_until(players, games, decide, 3)) << first->log() << second->log();
  // Round 3's two games told to all four before the director goes.
  ASSERT_TRUE(wait_for(
      [&] {
        collect_pairings(players, games);
        int told = 0;
        for (const auto& [game_id, g] : games)
          if (g.round == 3 && !g.first.empty() && !g.second.empty()) ++told;
        return told == 2;
      },
      10s));
  const auto before = tournament_now(second->port(), id);
  first->kill();

  // Everyone comes back on the node left, which takes the games and the tournament over:
  // bob logs in there at once, before it took his game over (his seat is his all the
  // same when it comes), the others resume with their tokens.
  players[1].ws = std::make_unique<WsPlayer>();
  ASSERT_TRUE(players[1].ws->connect(second->port()));
  players[1].ws->send({{"type", "login"}, {"name", "bob"}, {"password", "correct horse battery"}, {"id", 1}});
  ASSERT_TRUE(players[1].ws->take("identity", nullptr, 30s)) << second->log();
  for (std::size_t i : {0, 2, 3}) resume_until_back(players[i], second->port(), 40s);
  ASSERT_TRUE(players[1].ws->take("game_state", nullptr, 30s)) << second->log();
  EXPECT_TRUE(play_until(players, games, decide)) << second->log();

  const auto view = tournament_now(second->port(), id);
  EXPECT_EQ(view["status"], "finished") << second->log();
  ASSERT_EQ(view["games"].size(), 12u);
  // Rounds 1 and 2 as they were before the director went.
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(view["games"][i], before["games"][i]);
  // By hand: alice 6, bob 4, carol 1.5 (a draw and a win against dave), dave 0.5.
  EXPECT_EQ(points_of(view), (std::map<std::string, double>{{"alice", 6}, {"bob", 4}, {"carol", 1.5}, {"dave", 0.5}}));
  // Nothing paired twice: twelve rows, twelve games, each pair once on each side.
  EXPECT_EQ(sql("SELECT count(*), count(DISTINCT game_id), count(DISTINCT (first, second)) FROM tournament_games "
                "WHERE tournament = '" +
                id + "'"),
            (std::vector<std::string>{"12|12|12"}));
  EXPECT_EQ(sql("SELECT count(*) FROM games g JOIN tournament_games tg ON tg.game_id = g.id WHERE tg.tournament = '" +
                id + "'"),
            (std::vector<std::string>{"12"}));
  EXPECT_NE(second->log().find("this node directs the tournaments"), std::string::npos);
}

// The operator's schedule given to both nodes: the directing node alone announces each
// plan's tournament, once; the other lists it from the database; when the director is
// gone the other takes it over and announces nothing twice.
TEST_F(TournamentCluster, TheOperatorsScheduleIsAnnouncedOnceByWhicheverNodeDirects) {
  start_bus();
  const std::string plans =
      (std::filesystem::temp_directory_path() / ("bh-plans-" + std::to_string(::getpid()) + ".json")).string();
  std::ofstream(plans) << R"([{"key": "hourly-brandubh", "every_min": 60, "name": "Hourly Brandubh Arena",
                               "format": "arena", "game": "brandubh", "duration_min": 45,
                               "clock": {"initial_s": 180, "increment_s": 2}}])";
  auto first = node("n1", {"--tournament-schedule", plans});
  auto second = node("n2", {"--tournament-schedule", plans});
  ASSERT_TRUE(first && second);
  const auto announced = [&] { return sql("SELECT id FROM tournaments"); };
  ASSERT_TRUE(wait_for([&] { return announced().size() == 1; }, 30s)) << first->log() << second->log();
  const auto id = announced();
  EXPECT_EQ(id[0].rfind("thourly-brandubh-", 0), 0u);
  EXPECT_TRUE(wait_for(
      [&] {
        auto listed = http_get(second->port(), "/api/tournaments");
        return listed.status == 200 && json::parse(listed.body)["upcoming"].size() == 1;
      },
      10s));
  first->kill();
  ASSERT_TRUE(wait_for(
      [&] { return second->log().find("this node directs the tournaments (1 under way)") != std::string::npos; }, 30s))
      << second->log();
  std::this_thread::sleep_for(11s);  // the schedule's next look (every ten seconds)
  EXPECT_EQ(announced(), id);
  std::filesystem::remove(plans);
}

}  // namespace
}  // namespace bh::test
