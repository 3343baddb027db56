// The networked bot (the library, with the random chooser) as "the computer" of a
// tournament on the real server: its creator adds it (add_computer), the round robin
// starts, and the bot plays its games there by itself, at the level chosen, until the
// tournament ends.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include "bot_lines.hpp"
#include "bot_runner.hpp"
#include "random_chooser.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

namespace bh::bot::client {
namespace {

using namespace std::chrono_literals;
using json = nlohmann::json;

// A registered player who makes two moves in each game, then resigns it.
struct Player {
  test::WsClient ws;
  std::map<std::string, int> moved;  // game id -> own moves made
  std::optional<json> finished;      // tournament_finished

  bool ask(const json& request, const std::string& type, json& reply) {
    if (!ws.send_json(request)) return false;
    for (int i = 0; i < 50; ++i) {
      auto m = ws.next(10s);
      if (!m) return false;
      react(*m);
      if ((*m)["type"] == type && (*m).value("id", 0) == request.value("id", -1)) {
        reply = *m;
        return true;
      }
      if ((*m)["type"] == "error" && (*m).value("id", 0) == request.value("id", -1)) {
        ADD_FAILURE() << m->dump();
        return false;
      }
    }
    return false;
  }
  // Plays what came (waits a little for it).
  void step() {
    if (auto m = ws.next(100ms)) react(*m);
  }
  void react(const json& m) {
    const std::string type = m.value("type", "");
    if (type == "tournament_finished") finished = m;
    if (type != "game_started" && type != "game_state" && type != "move") return;
    const json& legal = type == "move" ? m["legal"] : m["state"]["legal"];
    const std::string game = type == "move" ? m.value("game_id", "") : m["state"].value("game_id", "");
    const int ply = type == "move" ? m.value("ply", 0) : m["state"].value("ply", 0);
    if (!legal.is_array() || legal.empty()) return;
    if (moved[game]++ < 2) {
      ws.send_json({{"type", "move"}, {"game_id", game}, {"ply", ply}, {"move", legal[0]}});
    } else {
      ws.send_json({{"type", "resign"}, {"game_id", game}});
    }
  }
};

TEST(BotInATournament, TheComputerAddedByTheCreatorPlaysItsRoundRobinGamesToTheEnd) {
  if (test::real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  test::ServerProcess server({"--tournament-bots"});
  const std::string secret = server.folder() + "/robo.secret";
  const auto made = test::run_command(
      {test::real_server_binary(), "--db", server.db_path(), "--create-bot", "robo", "--secret-file", secret});
  ASSERT_EQ(made.status, 0) << made.output;
  ASSERT_TRUE(server.start()) << server.log();
  std::ifstream secret_file(secret);
  std::string password;
  std::getline(secret_file, password);

  RunnerConfig config;
  config.target = cli::NetTarget{"127.0.0.1", std::to_string(server.port()), "/ws"};
  config.session.name = "robo";
  config.session.password = password;
  config.threads = 1;
  Lines lines;
  BotRunner runner(config, std::make_shared<RandomChooserFactory>(), std::make_shared<PlaceholderPolicy>(),
                   [&lines](const std::string& line) {
                     lines.add(line);
                     std::fprintf(stderr, "bot: %s\n", line.c_str());
                   });
  int exit_code = -1;
  std::thread bot([&] { exit_code = runner.run(); });
  for (int i = 0; i < 200 && lines.count("logged in as robo") == 0; ++i) std::this_thread::sleep_for(50ms);
  ASSERT_EQ(lines.count("logged in as robo (bot account)"), 1) << lines.all();

  Player alice, bob;
  json reply;
  int id = 1;
  for (auto [p, name] : {std::pair{&alice, "alice"}, std::pair{&bob, "bob"}}) {
    ASSERT_TRUE(p->ws.connect(server.port()));
    ASSERT_TRUE(p->ask({{"type", "register"}, {"name", name}, {"password", "a long password"}, {"id", ++id}},
                       "identity", reply));
  }
  ASSERT_TRUE(alice.ask({{"type", "create_tournament"},
                         {"name", "Cup with the computer"},
                         {"format", "round_robin"},
                         {"game", "brandubh"},
                         {"cycles", 1},
                         {"rated", false},
                         {"clock", {{"initial_s", 120}, {"increment_s", 2}}},
                         {"id", ++id}},
                        "tournament", reply));
  const std::string tid = reply["tournament_id"];
  EXPECT_TRUE(reply["bots"].get<bool>()) << reply.dump();
  ASSERT_TRUE(
      alice.ask({{"type", "add_computer"}, {"tournament_id", tid}, {"level", 1}, {"id", ++id}}, "tournament", reply));
  ASSERT_EQ(reply["entrants"].size(), 1u);
  EXPECT_EQ(reply["entrants"][0]["level"], 1);
  for (auto* p : {&alice, &bob})
    ASSERT_TRUE(p->ask({{"type", "join_tournament"}, {"tournament_id", tid}, {"id", ++id}}, "tournament", reply));
  ASSERT_TRUE(alice.ask({{"type", "start_tournament"}, {"tournament_id", tid}, {"id", ++id}}, "tournament", reply));

  // Three rounds, each with a bye: both players meet the computer once, and each other.
  const auto deadline = std::chrono::steady_clock::now() + 3min;
  while ((!alice.finished || !bob.finished) && std::chrono::steady_clock::now() < deadline) {
    alice.step();
    bob.step();
  }
  ASSERT_TRUE(alice.finished) << lines.all() << server.log();
  EXPECT_EQ(lines.count("game started"), 2) << lines.all();
  EXPECT_EQ(lines.count("game over"), 2) << lines.all();
  // The two players resigned to it after their two moves: it won both.
  const auto& standings = (*alice.finished)["standings"];
  ASSERT_FALSE(standings.empty()) << alice.finished->dump();
  EXPECT_EQ(standings[0]["player"], "robo") << alice.finished->dump();
  EXPECT_EQ(standings[0]["points"], 2) << alice.finished->dump();

  runner.stop();
  bot.join();
  EXPECT_EQ(exit_code, 0);
}

}  // namespace
}  // namespace bh::bot::client
