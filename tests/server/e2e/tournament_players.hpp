// What the tournament suites through the real server share (tournament_e2e_test, the
// cluster's tournament_cluster_test): registered players driven by the test, who play
// each game they are told of (tournament_paired) to the result the test decides.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {

using nlohmann::json;

struct Entrant {
  std::string name, token;
  std::unique_ptr<WsPlayer> ws = std::make_unique<WsPlayer>();
};

// A tournament's game as its players were told (tournament_paired).
struct Paired {
  std::string first, second;
  int round = 0;
  bool decided = false;
};

// How a game ends: "first", "second" (the loser resigns) or "draw" (agreed).
using Decide = std::function<std::string(const std::string& first, const std::string& second, int round)>;

inline void register_as(Entrant& p, std::uint16_t port) {
  ASSERT_TRUE(p.ws->connect(port));
  p.ws->send({{"type", "register"}, {"name", p.name}, {"password", "correct horse battery"}, {"id", 1}});
  auto identity = p.ws->take("identity", nullptr, 30s);
  ASSERT_TRUE(identity) << p.name;
  p.token = (*identity)["token"];
}

// After a restart: a player seated in a live game resumes with their token; one who is
// not (a bye, say) logs in again, as the server forgot the token of a player without a
// seat.
inline void come_back(Entrant& p, std::uint16_t port) {
  p.ws = std::make_unique<WsPlayer>();
  ASSERT_TRUE(p.ws->connect(port));
  p.ws->send({{"type", "resume"}, {"token", p.token}, {"id", 1}});
  if (p.ws->take("identity", nullptr, 10s)) return;
  ASSERT_TRUE(p.ws->take("error")) << p.name;
  p.ws->send({{"type", "login"}, {"name", p.name}, {"password", "correct horse battery"}, {"id", 2}});
  auto identity = p.ws->take("identity", nullptr, 30s);
  ASSERT_TRUE(identity) << p.name;
  p.token = (*identity)["token"];
}

inline Entrant& named(std::vector<Entrant>& players, const std::string& name) {
  for (auto& p : players)
    if (p.name == name) return p;
  ADD_FAILURE() << "no player " << name;
  return players.front();
}

// Takes each player's tournament_paired news into `games`.
inline void collect_pairings(std::vector<Entrant>& players, std::map<std::string, Paired>& games) {
  for (auto& p : players)
    while (auto paired = p.ws->take("tournament_paired", nullptr, 20ms)) {
      auto& g = games[(*paired)["game_id"]];
      g.round = (*paired)["round"];
      ((*paired)["side"] == "first" ? g.first : g.second) = p.name;
      ((*paired)["side"] == "first" ? g.second : g.first) = (*paired)["opponent"];
    }
}

// Two moves of Tablut (so that nothing is an abort), then the result `decide` gives.
inline void play(std::vector<Entrant>& players, const std::string& game_id, const Paired& g,
                 const std::string& result) {
  auto& first = named(players, g.first);
  auto& second = named(players, g.second);
  first.ws->send({{"type", "move"}, {"game_id", game_id}, {"ply", 0}, {"move", "f9-f8"}, {"id", 50}});
  ASSERT_TRUE(second.ws->take("move", [&](const json& m) { return m["game_id"] == game_id && m["ply"] == 1; }))
      << game_id << " " << g.first << "-" << g.second;
  second.ws->send({{"type", "move"}, {"game_id", game_id}, {"ply", 1}, {"move", "d5-d4"}, {"id", 51}});
  ASSERT_TRUE(first.ws->take("move", [&](const json& m) { return m["game_id"] == game_id && m["ply"] == 2; }));
  if (result == "draw") {
    first.ws->send({{"type", "offer_draw"}, {"game_id", game_id}, {"id", 52}});
    ASSERT_TRUE(second.ws->take("draw_offered", [&](const json& m) { return m["game_id"] == game_id; }));
    second.ws->send({{"type", "accept_draw"}, {"game_id", game_id}, {"id", 53}});
  } else {
    auto& loser = result == "first" ? second : first;
    loser.ws->send({{"type", "resign"}, {"game_id", game_id}, {"id", 54}});
  }
  for (auto* p : {&first, &second}) {
    auto over = p->ws->take(
        "game_over", [&](const json& m) { return m["game_id"] == game_id; }, 10s);
    ASSERT_TRUE(over) << p->name << " " << game_id;
    EXPECT_EQ((*over)["result"], result) << over->dump();
  }
}

// Plays what is paired until the tournament is over (tournament_finished), or until
// `stop_after_round` has been paired (then returns false with its games unplayed).
inline bool play_until(std::vector<Entrant>& players, std::map<std::string, Paired>& games, const Decide& decide,
                       int stop_after_round = 0) {
  for (int idle = 0; idle < 100;) {
    collect_pairings(players, games);
    for (auto& p : players)
      if (p.ws->take("tournament_finished", nullptr, 1ms)) return true;
    bool any = false;
    for (auto& [id, g] : games) {
      if (g.decided || g.first.empty() || g.second.empty()) continue;
      if (stop_after_round && g.round >= stop_after_round) return false;
      play(players, id, g, decide(g.first, g.second, g.round));
      g.decided = true;
      any = true;
    }
    if (any) {
      idle = 0;
    } else {
      ++idle;
      std::this_thread::sleep_for(100ms);
    }
  }
  ADD_FAILURE() << "the tournament did not go on: " << games.size() << " games paired";
  return true;
}

inline json tournament_now(std::uint16_t port, const std::string& id) {
  auto answer = http_get(port, "/api/tournaments/" + id);
  EXPECT_EQ(answer.status, 200) << answer.body;
  return answer.status == 200 ? json::parse(answer.body) : json::object();
}

inline std::map<std::string, double> points_of(const json& view) {
  std::map<std::string, double> out;
  for (const auto& row : view["standings"]) out[row["player"]] = row["points"];
  return out;
}

// `players[0]` creates a tournament of Tablut with `fields`, everyone joins, and it is
// started: its creation's view (null on a failed expectation).
inline json open_and_start(std::vector<Entrant>& players, const json& fields) {
  auto& creator = *players[0].ws;
  json request = {{"type", "create_tournament"}, {"game", "tablut"}, {"id", 2}};
  for (const auto& [k, v] : fields.items()) request[k] = v;
  creator.send(request);
  auto created = creator.take("tournament");
  EXPECT_TRUE(created);
  if (!created) return json();
  const std::string id = (*created)["tournament_id"];
  for (auto& p : players) {
    p.ws->send({{"type", "join_tournament"}, {"tournament_id", id}, {"id", 3}});
    EXPECT_TRUE(p.ws->take("tournament")) << p.name;
  }
  creator.send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 4}});
  EXPECT_TRUE(creator.take("tournament", [](const json& t) { return t["status"] == "running"; }));
  return *created;
}

}  // namespace bh::test
