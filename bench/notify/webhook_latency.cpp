// bh_webhook_latency: the time from a correspondence move to its webhook POST (issue 30,
// docs/notifications.md). It starts the real server (BOARDHALL_TEST_SERVER_BIN, or the built
// one) and an HTTPS receiver on loopback, subscribes two registered players' webhooks,
// and has them play Brandubh by correspondence, each picking the first legal move; a
// move's time runs from its send to the arrival of the POST that tells the opponent.
//   bh_webhook_latency [MOVES] [burst]   (default 300 moves, each after the last POST)
// burst: the moves as fast as they are answered, the POSTs queueing behind each other
// (the worker sends one at a time). Prints one line: moves, POSTs matched (a move that
// ends a game has none), p50, p90, p99 and max in ms, and the POSTs a second.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "support/server_process.hpp"
#include "support/webhook_receiver.hpp"
#include "support/ws_player.hpp"

namespace {

using bh::test::ServerProcess;
using bh::test::WebhookReceiver;
using bh::test::WsPlayer;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

bool register_as(WsPlayer& p, const std::string& name, const std::string& hook) {
  p.send({{"type", "register"}, {"name", name}, {"password", "correct horse battery"}, {"id", 1}});
  if (!p.take("identity")) return false;
  p.send({{"type", "set_notifications"}, {"webhook_url", hook}, {"id", 2}});
  return p.take("notification_settings").has_value();
}

// A new correspondence game of alice (first) and bob: its id and the state alice sees.
std::optional<json> start(WsPlayer& alice, WsPlayer& bob) {
  alice.send({{"type", "create_room"},
              {"game", "brandubh"},
              {"side", "first"},
              {"clock", {{"days_per_move", 3}}},
              {"rated", false},
              {"id", 3}});
  auto created = alice.take("room_created");
  if (!created) return std::nullopt;
  bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 4}});
  auto started = alice.take("game_started");
  if (!started || !bob.take("game_started")) return std::nullopt;
  return (*started)["state"];
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  const int moves = argc > 1 ? std::max(1, std::atoi(argv[1])) : 300;
  const bool burst = argc > 2 && std::string(argv[2]) == "burst";
  WebhookReceiver receiver;
  if (!receiver.start()) return std::fprintf(stderr, "receiver: %s\n", receiver.error().c_str()), 1;
  ServerProcess server({"--webhook-ca-file", receiver.ca_file(), "--webhook-private-addresses", "allow",
                        "--correspondence-day-ms", "600000", "--rate", "1000"});
  if (!server.start()) return std::fprintf(stderr, "server: %s\n", server.log().c_str()), 1;
  WsPlayer alice, bob;
  if (!alice.connect(server.port()) || !bob.connect(server.port()) ||
      !register_as(alice, "alice", receiver.url("/alice")) || !register_as(bob, "bob", receiver.url("/bob")))
    return std::fprintf(stderr, "players: %s\n", server.log().c_str()), 1;

  std::map<std::string, Clock::time_point> sent;  // "game ply" of each move -> when it was sent
  int played = 0, games = 0;
  std::size_t expected = 0;  // POSTs so far: one a game's start, one a move that does not end it
  const auto began = Clock::now();
  while (played < moves) {
    ++games;
    auto state = start(alice, bob);
    if (!state) return std::fprintf(stderr, "no game: %s\n", server.log().c_str()), 1;
    const std::string game = (*state)["game_id"];
    ++expected;
    json legal = (*state)["legal"];
    int ply = 0;
    for (WsPlayer* mover = &alice; played < moves && legal.is_array() && !legal.empty(); ++played, ++ply) {
      WsPlayer* other = mover == &alice ? &bob : &alice;
      sent[game + " " + std::to_string(ply + 1)] = Clock::now();
      mover->send({{"type", "move"}, {"game_id", game}, {"ply", ply}, {"move", legal[0]}, {"id", 10}});
      auto told = other->take("move", [&](const json& j) { return j["game_id"] == game && j["ply"] == ply + 1; });
      if (!told) return std::fprintf(stderr, "move lost: %s\n", server.log().c_str()), 1;
      mover->take("move");  // its own echo
      legal = (*told)["status"]["state"] == "ongoing" ? (*told)["legal"] : json();
      if (legal.is_array()) ++expected;
      if (!burst && receiver.wait_for(expected, 10s).size() < expected)
        return std::fprintf(stderr, "POST lost: %s\n", server.log().c_str()), 1;
      mover = other;
    }
  }
  const auto posts = receiver.wait_for(expected, 60s);
  const double seconds = std::chrono::duration<double>(Clock::now() - began).count();
  std::vector<double> ms;
  for (const auto& post : posts) {
    const json body = json::parse(post.body, nullptr, false);
    if (!body.is_object() || body.value("move", "").empty()) continue;  // a game's start
    const auto at = sent.find(body.value("game_id", "") + " " + std::to_string(body.value("ply", 0)));
    if (at != sent.end()) ms.push_back(std::chrono::duration<double, std::milli>(post.arrived - at->second).count());
  }
  std::printf("moves %d games %d posts %zu p50 %.2f ms p90 %.2f ms p99 %.2f ms max %.2f ms, %.0f POSTs/s\n", moves,
              games, ms.size(), percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 0.99), percentile(ms, 1.0),
              static_cast<double>(posts.size()) / seconds);
  server.stop();
  return posts.size() == expected ? 0 : 1;
}
