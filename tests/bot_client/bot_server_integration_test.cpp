// The networked bot (the library, with the random chooser) against the real server: it
// joins a room a player made, plays, survives a kill -9 and a restart of the server on
// the same database (resuming with its token), and plays on.
#include <gtest/gtest.h>

#include <fstream>
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

// The human side: plays the first of its legal moves whenever it is to move, until
// the game reaches `target` plies (or ends). Returns the ply reached, -1 on a timeout.
struct Human {
  test::WsClient ws;
  std::string game_id, token;
  int ply = 0;
  bool over = false;

  std::optional<json> next(std::chrono::milliseconds timeout = 10s) { return ws.next(timeout); }

  void answer(const json& m, const std::string& type) {
    if (m.contains("ply")) ply = m["ply"];
    if (type == "game_state" || type == "game_started") ply = m["state"]["ply"];
    const json& legal = type == "move" ? m["legal"] : m["state"]["legal"];
    if (legal.is_array() && !legal.empty())
      ws.send_json({{"type", "move"}, {"game_id", game_id}, {"ply", ply}, {"move", legal[0]}});
  }

  int play_until(int target) {
    while (ply < target && !over) {
      auto m = next();
      if (!m) return -1;
      const std::string type = (*m)["type"];
      if (type == "game_over") over = true;
      if (type == "move" || type == "game_state") answer(*m, type);
    }
    return ply;
  }
};

bool send_and_take(test::WsClient& ws, const json& request, const std::string& type, json& reply) {
  if (!ws.send_json(request)) return false;
  for (int i = 0; i < 20; ++i) {
    auto m = ws.next(10s);
    if (!m) return false;
    if ((*m)["type"] == type) {
      reply = *m;
      return true;
    }
    if ((*m)["type"] == "error") {
      ADD_FAILURE() << m->dump();
      return false;
    }
  }
  return false;
}

TEST(BotAgainstTheRealServer, JoinsPlaysAndResumesAfterAServerCrash) {
  if (test::real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  test::ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();

  // The bot's account (made here with register: the operator's --create-bot is the
  // server helper's) and its secret.
  const std::string password = "a long bot secret";
  {
    test::WsClient ws;
    ASSERT_TRUE(ws.connect(server.port()));
    json reply;
    ASSERT_TRUE(send_and_take(ws, {{"type", "register"}, {"name", "robot"}, {"password", password}, {"id", 1}},
                              "identity", reply));
    ws.close();
  }

  Human alice;
  ASSERT_TRUE(alice.ws.connect(server.port()));
  json reply;
  ASSERT_TRUE(send_and_take(alice.ws,
                            {{"type", "register"}, {"name", "alice"}, {"password", "alice password"}, {"id", 1}},
                            "identity", reply));
  alice.token = reply["token"];
  ASSERT_TRUE(send_and_take(
      alice.ws, {{"type", "create_room"}, {"game", "tablut"}, {"side", "second"}, {"rated", false}, {"id", 2}},
      "room_created", reply));
  const std::string room_id = reply["room"]["room_id"];

  RunnerConfig config;
  config.target = cli::NetTarget{"127.0.0.1", std::to_string(server.port()), "/ws"};
  config.session.name = "robot";
  config.session.password = password;
  config.token_file = server.folder() + "/bot.token";
  config.threads = 1;
  Lines lines;
  BotRunner runner(config, std::make_shared<RandomChooserFactory>(), std::make_shared<PlaceholderPolicy>(),
                   [&lines](const std::string& line) {
                     lines.add(line);
                     std::fprintf(stderr, "bot: %s\n", line.c_str());
                   });
  int exit_code = -1;
  std::thread bot([&] { exit_code = runner.run(); });
  runner.join_room(room_id);

  // The bot is first (attackers): its move opens the game.
  ASSERT_TRUE(send_and_take(alice.ws, {{"type", "ping"}}, "game_started", reply)) << lines.all();
  alice.game_id = reply["state"]["game_id"];
  EXPECT_EQ(reply["state"]["players"]["first"], "robot");
  EXPECT_GE(alice.play_until(6), 6) << lines.all();
  EXPECT_FALSE(alice.over);
  std::ifstream token_file(*config.token_file);
  std::string saved;
  std::getline(token_file, saved);
  EXPECT_EQ(saved.size(), 32u);

  // kill -9, and the server comes back on the same database and port.
  server.kill();
  ASSERT_TRUE(server.restart_on_same_port()) << server.log();
  Human back;
  back.game_id = alice.game_id;
  back.ply = alice.ply;
  ASSERT_TRUE(back.ws.connect(server.port()));
  ASSERT_TRUE(back.ws.send_json({{"type", "resume"}, {"token", alice.token}, {"id", 3}}));
  const int before = back.ply;
  // The bot resumes with its token and answers: four more plies, its moves among them.
  EXPECT_GE(back.play_until(before + 4), before + 4) << lines.all();
  EXPECT_GE(lines.count("reconnecting in"), 1) << lines.all();
  EXPECT_GE(lines.count("logged in as robot"), 2) << lines.all();

  // Alice resigns: the bot sees the end of the game.
  ASSERT_TRUE(back.ws.send_json({{"type", "resign"}, {"game_id", back.game_id}, {"id", 4}}));
  ASSERT_TRUE(send_and_take(back.ws, {{"type", "ping"}}, "game_over", reply));
  for (int i = 0; i < 100 && lines.count("game over") == 0; ++i) std::this_thread::sleep_for(50ms);
  EXPECT_EQ(lines.count("game over"), 1) << lines.all();

  runner.stop();
  bot.join();
  EXPECT_EQ(exit_code, 0);
}

}  // namespace
}  // namespace bh::bot::client
