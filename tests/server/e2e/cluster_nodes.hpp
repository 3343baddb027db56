// What the cluster's end-to-end tests share (failover_test, relay_test): a throwaway
// PostgreSQL (support/pg_cluster) and, when asked, a Redis (support/redis_process); real
// server nodes on them; games of tablut between two guests, played and resumed.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pg_cluster.hpp"
#include "redis_process.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"
#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// Polls `done` every 50 ms until it holds or `limit` passes.
inline bool wait_for(const std::function<bool()>& done, std::chrono::milliseconds limit) {
  const auto until = Clock::now() + limit;
  while (!done()) {
    if (Clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

struct Game {
  std::array<std::unique_ptr<WsPlayer>, 2> players;  // 0 plays the first side
  std::array<std::string, 2> names, tokens;
  std::string id;
  std::optional<rules::GameState> state;
  std::vector<std::string> acknowledged;
};

class ClusterNodesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    pg_ = bh::testing::PgCluster::start(error);
    ASSERT_NE(pg_, nullptr) << error;
    database_ = pg_->create_database();
    ASSERT_FALSE(database_.empty());
  }
  // With a bus: every node started from now on joins it.
  void start_bus() {
    redis_ = std::make_unique<RedisProcess>();
    ASSERT_TRUE(redis_->start()) << redis_->log();
  }
  std::unique_ptr<ServerProcess> node(const std::string& name, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args{"--cluster-db", pg_->dsn(database_),   "--node-id", name, "--grace",
                                  "120",          "--guests-per-minute", "0"};
    if (redis_) args.insert(args.end(), {"--cluster-bus", redis_->url()});
    args.insert(args.end(), extra.begin(), extra.end());
    auto server = std::make_unique<ServerProcess>(std::move(args));
    EXPECT_TRUE(server->start()) << server->log();
    return server;
  }
  std::vector<std::string> sql(const std::string& text) { return pg_->sql(database_, text); }

  // A game of tablut between two guests on `server`, `plies` moves played; `room`: more
  // of create_room's fields (a clock).
  std::unique_ptr<Game> start_game(ServerProcess& server, const std::string& tag, int plies,
                                   const json& room = json::object()) {
    auto g = std::make_unique<Game>();
    for (int s = 0; s < 2; ++s) {
      g->players[s] = std::make_unique<WsPlayer>();
      EXPECT_TRUE(g->players[s]->connect(server.port()));
      g->names[s] = tag + (s == 0 ? "a" : "b");
      g->tokens[s] = g->players[s]->guest(g->names[s]);
    }
    json create = {{"type", "create_room"}, {"game", "tablut"}, {"side", "first"}, {"id", 2}};
    create.update(room);
    g->players[0]->send(create);
    auto created = g->players[0]->take("room_created");
    EXPECT_TRUE(created);
    if (!created) return g;
    g->players[1]->send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
    auto started = g->players[0]->take("game_started");
    EXPECT_TRUE(started && g->players[1]->take("game_started"));
    if (!started) return g;
    g->id = (*started)["state"]["game_id"];
    g->state.emplace(*rules::make_ruleset("tablut", {}));
    for (int i = 0; i < plies; ++i) EXPECT_TRUE(play_one(*g));
    return g;
  }
  // The side to move plays its first legal move and takes the echo.
  static bool play_one(Game& g, int id = 0) {
    const int ply = static_cast<int>(g.acknowledged.size());
    const std::string text = g.state->rules().move_text(g.state->legal_moves()[0]);
    WsPlayer& mover = *g.players[static_cast<std::size_t>(ply % 2)];
    mover.send({{"type", "move"}, {"game_id", g.id}, {"ply", ply}, {"move", text}, {"id", id ? id : 1000 + ply}});
    auto echo = mover.take(
        "move", [&](const json& m) { return m["ply"] == ply + 1; }, 10s);
    if (!echo) return false;
    EXPECT_TRUE(static_cast<bool>(g.state->play(text)));
    g.acknowledged.push_back(text);
    return true;
  }
  // Both players connect to `server` and resume with their tokens, as soon as the
  // server knows them (after it took the game over). False after `limit`.
  static bool resume_on(ServerProcess& server, Game& g, std::chrono::milliseconds limit) {
    const auto until = Clock::now() + limit;
    for (int s = 0; s < 2; ++s)
      if (!resume_seat(server, g, s, until)) return false;
    return true;
  }
  // Seat `s`'s player connects to `server` and resumes, again until `until` if refused.
  static bool resume_seat(ServerProcess& server, Game& g, int s, Clock::time_point until) {
    for (;;) {
      if (Clock::now() > until) return false;
      auto player = std::make_unique<WsPlayer>();
      if (player->connect(server.port())) {
        player->send({{"type", "resume"}, {"token", g.tokens[static_cast<std::size_t>(s)]}, {"id", 1}});
        auto identity = player->take("identity", nullptr, 1s);
        if (identity) {
          g.players[static_cast<std::size_t>(s)] = std::move(player);
          return true;
        }
      }
      std::this_thread::sleep_for(100ms);
    }
  }
  // The moves PostgreSQL holds of a live game, in order.
  std::vector<std::string> stored_moves(const std::string& game_id) {
    return sql("SELECT text FROM live_moves WHERE game_id = '" + game_id + "' ORDER BY ply");
  }

  std::unique_ptr<bh::testing::PgCluster> pg_;
  std::string database_;
  std::unique_ptr<RedisProcess> redis_;
};

}  // namespace bh::test
