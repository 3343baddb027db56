// bh_wake_latency: what opening an asleep correspondence game costs its player (issue 30,
// docs/correspondence.md "Idle games"). It starts the real server (BOARDHALL_TEST_SERVER_BIN,
// or the built one) with a short sleep, has two guests start GAMES correspondence games
// of Tablut (one move each), lets them fall asleep, then has the second player come back
// and `watch` each: the first watch of a game wakes it (the store's read of that one
// game, its replay, its room), the second finds it awake. Prints both: p50, p90, p99 and
// max in ms, and the woken count the server reports.
//   bh_wake_latency [GAMES]   (default 150; at most 200, a player's limit)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace {

using bh::test::ServerProcess;
using bh::test::WsPlayer;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

void report(const char* what, const std::vector<double>& ms) {
  std::printf("%s: %zu watches, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n", what, ms.size(),
              percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 0.99), percentile(ms, 1.0));
}

// The time of one watch of `game`, from its send to its game_state.
std::optional<double> watch_ms(WsPlayer& p, const std::string& game, int id) {
  const auto t0 = Clock::now();
  p.send({{"type", "watch"}, {"game_id", game}, {"id", id}});
  auto state = p.take(
      "game_state", [id](const json& j) { return j.contains("id") && j["id"] == id; }, 10s);
  if (!state) return std::nullopt;
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int games = std::clamp(argc > 1 ? std::atoi(argv[1]) : 150, 1, 200);
  ServerProcess server({"--correspondence-sleep-ms", "300", "--open-rooms-per-address", "0", "--rate", "1000"});
  if (!server.start()) return std::fprintf(stderr, "the server did not start:\n%s\n", server.log().c_str()), 1;
  std::vector<std::string> ids;
  std::string bob_token;
  {
    WsPlayer alice, bob;
    if (!alice.connect(server.port()) || !bob.connect(server.port())) return 1;
    alice.guest("alice");
    bob_token = bob.guest("bob");
    for (int i = 0; i < games; ++i) {
      alice.send({{"type", "create_room"},
                  {"game", "tablut"},
                  {"side", "attackers"},
                  {"clock", {{"days_per_move", 3}}},
                  {"id", 10}});
      auto created = alice.take("room_created");
      if (!created) return std::fprintf(stderr, "game %d not created\n%s\n", i, server.log().c_str()), 1;
      bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 11}});
      auto started = alice.take("game_started");
      if (!started || !bob.take("game_started")) return std::fprintf(stderr, "game %d not started\n", i), 1;
      const std::string id = (*started)["state"]["game_id"];
      alice.send({{"type", "move"}, {"game_id", id}, {"ply", 0}, {"move", "d1-d3"}, {"id", 12}});
      if (!alice.take("move", [](const json& j) { return j.contains("id") && j["id"] == 12; }))
        return std::fprintf(stderr, "game %d: no move\n", i), 1;
      ids.push_back(id);
    }
  }
  const std::string all = std::to_string(games);
  for (int i = 0; i < 200 && bh::test::metric(server.port(), "boardhall_games_asleep") != all; ++i)
    std::this_thread::sleep_for(50ms);
  if (bh::test::metric(server.port(), "boardhall_games_asleep") != all)
    return std::fprintf(stderr, "not all asleep\n%s\n", server.log().c_str()), 1;

  WsPlayer bob;
  if (!bob.connect(server.port())) return 1;
  bob.send({{"type", "resume"}, {"token", bob_token}, {"id", 1}});
  if (!bob.take("identity")) return 1;
  std::vector<double> asleep, awake;
  int id = 100;
  for (const auto& game : ids) {
    auto first = watch_ms(bob, game, id++);
    auto second = watch_ms(bob, game, id++);
    if (!first || !second) return std::fprintf(stderr, "no state of %s\n%s\n", game.c_str(), server.log().c_str()), 1;
    asleep.push_back(*first);
    awake.push_back(*second);
  }
  report("asleep (woken by the watch)", asleep);
  report("awake", awake);
  std::printf("woken: %s\n", bh::test::metric(server.port(), "boardhall_games_woken_total").c_str());
  return server.stop() == 0 ? 0 : 1;
}
