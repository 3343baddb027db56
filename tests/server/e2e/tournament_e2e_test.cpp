// Tournaments through the real server binary (docs/tournaments.md): registered players,
// driven by the test, create, join and start a round robin and a Swiss and play every
// game they are paired for to the end, with a restart of the server mid-round; the
// standings are compared with a hand computation, and nothing is paired twice.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <tuple>

#include "e2e/tournament_players.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

TEST(TournamentE2e, ADoubleRoundRobinOfFourIsPlayedThroughARestartToTheHandComputedStandings) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  std::vector<Entrant> players(4);
  const std::vector<std::string> names{"alice", "bob", "carol", "dave"};
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = names[i];
    register_as(players[i], server.port());
  }
  auto& alice = *players[0].ws;
  alice.send({{"type", "create_tournament"},
              {"name", "Spring tablut"},
              {"format", "round_robin"},
              {"game", "tablut"},
              {"clock", {{"initial_s", 600}, {"increment_s", 5}}},
              {"id", 2}});
  auto created = alice.take("tournament");
  ASSERT_TRUE(created) << server.log();
  EXPECT_EQ((*created)["cycles"], 2);  // a tafl game: each pair plays both sides
  EXPECT_EQ((*created)["status"], "upcoming");
  const std::string id = (*created)["tournament_id"];
  for (auto& p : players) {
    p.ws->send({{"type", "join_tournament"}, {"tournament_id", id}, {"id", 3}});
    ASSERT_TRUE(p.ws->take("tournament")) << p.name;
  }
  players[1].ws->send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 4}});
  auto refused = players[1].ws->take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "not_creator");
  alice.send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 4}});
  auto started = alice.take("tournament", [](const json& t) { return t["status"] == "running"; });
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["rounds"], 6);

  // Alice beats everyone, bob everyone but alice; carol and dave draw their first game
  // and carol wins the second.
  const Decide decide = [](const std::string& first, const std::string& second, int) -> std::string {
    const std::set<std::string> pair{first, second};
    if (pair == std::set<std::string>{"carol", "dave"}) {
      static int met = 0;
      return ++met == 1 ? "draw" : (first == "carol" ? "first" : "second");
    }
    return first < second ? "first" : "second";
  };
  std::map<std::string, Paired> games;
  ASSERT_FALSE(play_until(players, games, decide, 3)) << server.log();  // rounds 1 and 2 played, round 3 paired
  const auto before = tournament_now(server.port(), id);
  ASSERT_TRUE(server.restart()) << server.log();
  for (auto& p : players) come_back(p, server.port());
  const auto after = tournament_now(server.port(), id);
  EXPECT_EQ(after["standings"], before["standings"]);
  EXPECT_EQ(after["games"], before["games"]);  // round 3 paired once, not again
  EXPECT_TRUE(play_until(players, games, decide));

  const auto final_view = tournament_now(server.port(), id);
  EXPECT_EQ(final_view["status"], "finished");
  EXPECT_EQ(final_view["winner"], "alice");
  EXPECT_EQ(final_view["games"].size(), 12u);
  // By hand: alice 6 of 6, bob 4 (both games against carol and dave), carol 1.5 (a draw
  // and a win against dave), dave 0.5.
  EXPECT_EQ(points_of(final_view),
            (std::map<std::string, double>{{"alice", 6}, {"bob", 4}, {"carol", 1.5}, {"dave", 0.5}}));
  const auto& top = final_view["standings"][0];
  EXPECT_EQ(top["player"], "alice");
  EXPECT_EQ(top["cells"], (json{"", "1 1", "1 1", "1 1"}));
  // Sonneborn-Berger, by hand: alice beat everyone twice: 2 x (4 + 1.5 + 0.5) = 12.
  EXPECT_EQ(top["sonneborn_berger"], 12.0);
  // Every game in the archive under the tournament's filter.
  auto archived = http_get(server.port(), "/api/games?tournament=" + id + "&limit=100");
  ASSERT_EQ(archived.status, 200) << archived.body;
  EXPECT_EQ(json::parse(archived.body)["games"].size(), 12u);
  auto exported = http_get(server.port(), "/api/tournaments/" + id + "/export");
  ASSERT_EQ(exported.status, 200) << exported.body;
  std::size_t records = 0;
  for (auto at = exported.body.find("[Attackers "); at != std::string::npos;
       at = exported.body.find("[Attackers ", at + 1))
    ++records;
  EXPECT_EQ(records, 12u);
  // Each record names the tournament as its event and says its round (six rounds of two).
  for (int round = 1; round <= 6; ++round)
    EXPECT_NE(exported.body.find("[Round \"" + std::to_string(round) + "\"]"), std::string::npos) << round;
  std::size_t events = 0;
  for (auto at = exported.body.find("[Event \"Spring tablut\"]"); at != std::string::npos;
       at = exported.body.find("[Event \"Spring tablut\"]", at + 1))
    ++events;
  EXPECT_EQ(events, 12u);
  auto listed = http_get(server.port(), "/api/tournaments");
  ASSERT_EQ(listed.status, 200);
  EXPECT_EQ(json::parse(listed.body)["finished"][0]["tournament_id"], id);
}

// Nine players, three rounds of Tablut mini-matches (a game on each side, the second
// made when the first has ended): an odd field gives one bye a round, nobody meets twice,
// and the points are those of the games as listed (counted here again by hand).
TEST(TournamentE2e, ASwissOfNineInMiniMatchesPairsEachRoundOnceThroughARestart) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  std::vector<Entrant> players(9);
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = "p" + std::to_string(i + 1);
    register_as(players[i], server.port());
  }
  const json created = open_and_start(players, {{"name", "Autumn Swiss"},
                                                {"format", "swiss"},
                                                {"rounds", 3},
                                                {"clock", {{"initial_s", 600}, {"increment_s", 5}}}});
  ASSERT_FALSE(created.is_null()) << server.log();
  EXPECT_EQ(created["mini_match"], true);  // a tafl game
  const std::string id = created["tournament_id"];
  // The smaller name wins, but the second round's games are drawn.
  const Decide decide = [](const std::string& first, const std::string& second, int round) -> std::string {
    if (round == 2) return "draw";
    return first < second ? "first" : "second";
  };
  std::map<std::string, Paired> games;
  ASSERT_FALSE(play_until(players, games, decide, 2)) << server.log();  // round 1 played, round 2 paired
  const auto before = tournament_now(server.port(), id);
  ASSERT_TRUE(server.restart()) << server.log();
  for (auto& p : players) come_back(p, server.port());
  EXPECT_EQ(tournament_now(server.port(), id)["games"], before["games"]);
  EXPECT_TRUE(play_until(players, games, decide));

  const auto view = tournament_now(server.port(), id);
  EXPECT_EQ(view["status"], "finished");
  std::map<std::string, double> points;
  std::set<std::pair<std::string, std::string>> met;
  std::map<int, int> byes;  // by round
  for (const auto& g : view["games"]) {
    const std::string first = g["first"], second = g["second"], result = g["result"];
    if (result == "bye") {
      points[first] += 2;  // a round's two games' worth
      ++byes[g["round"]];
      continue;
    }
    ASSERT_FALSE(g["game_id"].get<std::string>().empty()) << g.dump();
    points[first] += result == "first" ? 1 : result == "draw" ? 0.5 : 0;
    points[second] += result == "second" ? 1 : result == "draw" ? 0.5 : 0;
    met.insert({std::min(first, second) + "/" + std::to_string(g["round"].get<int>()), std::max(first, second)});
  }
  EXPECT_EQ(view["games"].size(), 27u);  // 3 rounds of 4 mini-matches and a bye
  EXPECT_EQ(byes, (std::map<int, int>{{1, 1}, {2, 1}, {3, 1}}));
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& [round_first, second] : met)
    EXPECT_TRUE(pairs.insert({round_first.substr(0, round_first.find('/')), second}).second)
        << round_first << " met " << second << " twice";
  EXPECT_EQ(points_of(view), points);
  EXPECT_EQ(view["standings"].size(), 9u);
}

// An arena of six for two minutes: free players are paired again and again, never with
// the opponent they just played; the leaderboard's points are the games' as counted here
// by hand (2 a win, 1 a draw, doubled after two wins running until a game is not won).
// By correspondence (days per move) every game of a round starts at once, a mini-match's
// two as well, and the round's last result pairs the next: a Swiss of four in Tablut
// over two rounds, started and advanced a round through the real server.
TEST(TournamentE2e, ASwissByCorrespondenceStartsARoundsGamesAtOnceAndAdvancesARound) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  std::vector<Entrant> players(4);
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = "post" + std::to_string(i + 1);
    register_as(players[i], server.port());
  }
  const json created = open_and_start(
      players, {{"name", "Postal Swiss"}, {"format", "swiss"}, {"rounds", 2}, {"clock", {{"days_per_move", 3}}}});
  ASSERT_FALSE(created.is_null()) << server.log();
  EXPECT_EQ(created["mini_match"], true);  // a tafl game: a game on each side each round
  const std::string id = created["tournament_id"];
  // Round 1: two pairs, each a mini-match of two games, the four told and made at once.
  std::map<std::string, Paired> games;
  for (int i = 0; i < 100 && games.size() < 4; ++i) {
    collect_pairings(players, games);
    std::this_thread::sleep_for(100ms);
  }
  ASSERT_EQ(games.size(), 4u) << server.log();
  for (const auto& [game_id, g] : games) EXPECT_EQ(g.round, 1) << game_id;
  auto view = tournament_now(server.port(), id);
  EXPECT_EQ(view["round"], 1);
  std::size_t live = 0;
  for (const auto& g : view["games"])
    if (!g["game_id"].get<std::string>().empty() && (!g.contains("result") || g["result"].is_null())) ++live;
  EXPECT_EQ(live, 4u) << view["games"].dump();
  // The smaller name wins each game; round 1 played, round 2 paired (and made at once).
  const Decide decide = [](const std::string& a, const std::string& b, int) -> std::string {
    return a < b ? "first" : "second";
  };
  ASSERT_FALSE(play_until(players, games, decide, 2)) << server.log();
  for (int i = 0; i < 100; ++i) {
    view = tournament_now(server.port(), id);
    if (view["round"] == 2) break;
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(view["round"], 2);
  EXPECT_EQ(view["status"], "running");
  std::size_t second_round = 0;
  for (const auto& g : view["games"])
    if (g["round"] == 2 && !g["game_id"].get<std::string>().empty()) ++second_round;
  EXPECT_EQ(second_round, 4u) << view["games"].dump();
  // Round 1: four games played, a point each.
  double total = 0;
  for (const auto& [name, points] : points_of(view)) total += points;
  EXPECT_EQ(total, 4.0);
}

TEST(TournamentE2e, AnArenaOfSixForTwoMinutesPairsFreePlayersAndScoresStreaks) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  std::vector<Entrant> players(6);
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = "a" + std::to_string(i + 1);
    register_as(players[i], server.port());
  }
  const json created = open_and_start(players, {{"name", "Blitz arena"},
                                                {"format", "arena"},
                                                {"duration_min", 2},
                                                {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  ASSERT_FALSE(created.is_null()) << server.log();
  const std::string id = created["tournament_id"];
  // The smaller name wins; every fifth game is drawn.
  const Decide decide = [](const std::string& first, const std::string& second, int number) -> std::string {
    if (number % 5 == 0) return "draw";
    return first < second ? "first" : "second";
  };
  std::map<std::string, Paired> games;
  const auto began = std::chrono::steady_clock::now();
  EXPECT_TRUE(play_until(players, games, decide));
  EXPECT_GE(std::chrono::steady_clock::now() - began, std::chrono::seconds(110));

  const auto view = tournament_now(server.port(), id);
  EXPECT_EQ(view["status"], "finished");
  ASSERT_GE(view["games"].size(), 20u) << view.dump();
  std::map<std::string, int> points, streak;
  std::map<std::string, std::string> last_opponent;
  for (const auto& g : view["games"]) {  // in the order they were made
    const std::string first = g["first"], second = g["second"], result = g["result"];
    EXPECT_NE(last_opponent[first], second) << first << " met " << second << " twice running";
    EXPECT_NE(last_opponent[second], first);
    last_opponent[first] = second;
    last_opponent[second] = first;
    for (const auto& [me, won, lost] : {std::tuple{first, result == "first", result == "second"},
                                        std::tuple{second, result == "second", result == "first"}}) {
      const int factor = streak[me] >= 2 ? 2 : 1;
      if (won) {
        points[me] += 2 * factor;
        ++streak[me];
      } else {
        points[me] += lost ? 0 : factor;
        streak[me] = 0;
      }
    }
  }
  for (const auto& row : view["standings"]) {
    EXPECT_EQ(row["points"].get<double>(), points[row["player"]]) << row.dump();
    EXPECT_EQ(row["sheet"].size(), row["played"].get<std::size_t>()) << row.dump();
  }
}

}  // namespace
}  // namespace bh::test

namespace bh::test {
namespace {

// The operator's schedule through the real binary: a mistake stops the server with the
// entry and the reason; a good file announces its tournament, once, also after a restart.
TEST(TournamentSchedule, TheServerAnnouncesTheOperatorsTournamentsFromItsFile) {
  ServerProcess scratch;  // its folder holds the files
  const std::string bad = scratch.folder() + "/bad.json";
  std::ofstream(bad) << R"([{"key": "Hourly", "every_min": 60, "name": "X", "format": "arena", "game": "brandubh"}])";
  const auto refused = run_command({real_server_binary(), "--listen", "127.0.0.1:0", "--db", scratch.folder() + "/x.db",
                                    "--tournament-schedule", bad});
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.output.find("tournament 1 (Hourly): needs a \"key\""), std::string::npos) << refused.output;

  const std::string good = scratch.folder() + "/good.json";
  std::ofstream(good) << R"([{"key": "hourly-brandubh", "every_min": 60, "name": "Hourly Brandubh Arena",
                               "format": "arena", "game": "brandubh", "duration_min": 45,
                               "clock": {"initial_s": 180, "increment_s": 2}}])";
  ServerProcess server({"--tournament-schedule", good});
  ASSERT_TRUE(server.start()) << server.log();
  auto upcoming = [&] {
    WsClient ws;
    json list;
    for (int i = 0; i < 50 && ws.connect(server.port()); ++i) {
      ws.send_json({{"type", "list_tournaments"}, {"id", 1}});
      auto reply = ws.next(5s);
      while (reply && (*reply)["type"] != "tournaments") reply = ws.next(5s);  // the welcome first
      if (reply && !(*reply)["upcoming"].empty()) return (*reply)["upcoming"];
      ws.close();
      std::this_thread::sleep_for(50ms);
    }
    return json::array();
  };
  json first = upcoming();
  ASSERT_EQ(first.size(), 1u) << server.log();
  EXPECT_EQ(first[0]["name"], "Hourly Brandubh Arena");
  EXPECT_EQ(first[0]["tournament_id"].get<std::string>().rfind("thourly-brandubh-", 0), 0u);
  ASSERT_TRUE(server.restart()) << server.log();
  json again = upcoming();
  ASSERT_EQ(again.size(), 1u) << server.log();
  EXPECT_EQ(again[0]["tournament_id"], first[0]["tournament_id"]);
}

}  // namespace
}  // namespace bh::test
