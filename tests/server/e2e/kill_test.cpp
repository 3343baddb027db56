// Issue 8's crash test against the real binary: many live games, a SIGKILL while moves
// are in flight, a restart. Every move any client saw acknowledged must come back,
// every game announced as finished must be in the archive, the file must pass
// PRAGMA integrity_check, and the players go on with their tokens.
#include <gtest/gtest.h>

#include <array>
#include <future>
#include <iostream>
#include <random>
#include <thread>

#include "rules/game_state.hpp"
#include "rules/registry.hpp"
#include "storage/sqlite_store.hpp"
#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

struct LiveGame {
  std::array<WsPlayer, 2> players;  // 0 plays the first side
  std::array<std::string, 2> tokens;
  std::string id;
  std::optional<rules::GameState> state;  // as acknowledged by the server
  std::vector<std::string> acknowledged;
  std::string in_flight;  // sent just before the kill, not acknowledged
  bool over = false;      // game_over seen
  std::mt19937 rng;
};

std::string random_move(LiveGame& g) {
  const auto moves = g.state->legal_moves();
  std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
  return g.state->rules().move_text(moves[pick(g.rng)]);
}

int ply_of(const LiveGame& g) { return static_cast<int>(g.acknowledged.size()); }

// Plays one move and waits for its echo; false once the game is over.
bool play_one(LiveGame& g) {
  if (g.over || g.state->status().over()) return false;
  const int ply = ply_of(g);
  const std::string text = random_move(g);
  WsPlayer& mover = g.players[static_cast<std::size_t>(ply % 2)];
  mover.send({{"type", "move"}, {"game_id", g.id}, {"ply", ply}, {"move", text}, {"id", 1000 + ply}});
  auto echo = mover.take("move", [&](const json& m) { return m["ply"] == ply + 1; });
  EXPECT_TRUE(echo.has_value()) << g.id << " ply " << ply << " " << text;
  if (!echo) return false;
  EXPECT_TRUE(static_cast<bool>(g.state->play(text)));
  g.acknowledged.push_back(text);
  if (g.state->status().over()) g.over = mover.take("game_over").has_value();
  return !g.over;
}

TEST(KillE2e, EveryAcknowledgedMoveAndEveryFinishedGameSurvivesSigkill) {
  // Sixty guests from one address within seconds: more than --guests-per-minute allows.
  ServerProcess server({"--grace", "120", "--guests-per-minute", "0"});
  ASSERT_TRUE(server.start()) << server.log();
  constexpr int kGames = 30;
  const std::array<const char*, 3> kinds = {"tablut", "draughts", "alquerque"};
  std::vector<std::unique_ptr<LiveGame>> games;
  for (int i = 0; i < kGames; ++i) {
    auto g = std::make_unique<LiveGame>();
    g->rng.seed(static_cast<unsigned>(1000 + i));
    for (int s = 0; s < 2; ++s) {
      ASSERT_TRUE(g->players[s].connect(server.port()));
      g->tokens[s] = g->players[s].guest("k" + std::to_string(i) + (s == 0 ? "a" : "b"));
    }
    json create = {{"type", "create_room"}, {"game", kinds[i % 3]}, {"side", "first"}, {"id", 2}};
    if (i % 4 == 0) create["clock"] = {{"initial_s", 600}, {"increment_s", 1}};
    g->players[0].send(create);
    auto created = g->players[0].take("room_created");
    ASSERT_TRUE(created);
    g->players[1].send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
    auto started = g->players[0].take("game_started");
    ASSERT_TRUE(started && g->players[1].take("game_started"));
    g->id = (*started)["state"]["game_id"];
    g->state.emplace(*rules::make_ruleset(kinds[i % 3], {}));
    games.push_back(std::move(g));
  }
  // Rounds of one move per game; some games are resigned half-way.
  for (int round = 0; round < 16; ++round) {
    for (int i = 0; i < kGames; ++i) {
      LiveGame& g = *games[i];
      if (round == 8 && i % 7 == 0 && !g.over) {
        g.players[1].send({{"type", "resign"}, {"game_id", g.id}});
        g.over = g.players[0].take("game_over").has_value();
        EXPECT_TRUE(g.over);
      }
      play_one(g);
    }
  }
  // Moves in flight, then the crash: the first half has a moment to be written and told,
  // the second half is sent right before the kill.
  for (std::size_t i = 0; i < games.size(); ++i) {
    auto& g = games[i];
    if (i == games.size() / 2) std::this_thread::sleep_for(5ms);
    if (g->over || g->state->status().over()) continue;
    const int ply = ply_of(*g);
    g->in_flight = random_move(*g);
    g->players[static_cast<std::size_t>(ply % 2)].send(
        {{"type", "move"}, {"game_id", g->id}, {"ply", ply}, {"move", g->in_flight}, {"id", 1000 + ply}});
  }
  server.kill();

  // What the clients saw before the connection died counts as acknowledged.
  int seen_in_flight = 0, finished = 0;
  for (auto& g : games) {
    for (auto& p : g->players) {
      p.read_until_closed(3s);
      for (const json& m : p.take_all("move"))
        if (m["game_id"] == g->id && m["ply"].get<int>() == ply_of(*g) + 1 && !g->in_flight.empty()) {
          EXPECT_EQ(m["move"], g->in_flight);
          g->acknowledged.push_back(g->in_flight);
          EXPECT_TRUE(static_cast<bool>(g->state->play(g->in_flight)));
          g->in_flight.clear();
          ++seen_in_flight;
        }
      if (!p.take_all("game_over").empty()) g->over = true;
    }
    finished += g->over ? 1 : 0;
  }

  {
    auto opened = storage::SqliteStore::open(server.db_path());
    ASSERT_TRUE(opened.error.ok()) << opened.error.message;
    std::promise<std::vector<std::string>> rows;
    (*opened.value)->run_sql("PRAGMA integrity_check", [&](auto result) {
      rows.set_value(result.value.value_or(std::vector<std::string>{}));
    });
    EXPECT_EQ(rows.get_future().get(), std::vector<std::string>{"ok"});
  }
  ASSERT_TRUE(server.restart()) << server.log();

  int survived = 0, archived = 0;
  for (auto& g : games) {
    if (g->over) {
      auto record = http_get(server.port(), "/api/games/" + g->id);
      ASSERT_EQ(record.status, 200) << g->id << " was announced as finished";
      EXPECT_EQ(json::parse(record.body)["moves"].size(), g->acknowledged.size()) << g->id;
      ++archived;
      continue;
    }
    WsPlayer first, second;
    ASSERT_TRUE(first.connect(server.port()));
    ASSERT_TRUE(second.connect(server.port()));
    first.send({{"type", "resume"}, {"token", g->tokens[0]}, {"id", 1}});
    ASSERT_TRUE(first.take("identity")) << g->id;
    auto state = first.take("game_state", nullptr, 3s);
    if (!state) {  // the in-flight move ended it; restored and archived at start-up
      auto record = http_get(server.port(), "/api/games/" + g->id);
      ASSERT_EQ(record.status, 200) << g->id << ": neither live nor archived";
      continue;
    }
    std::vector<std::string> moves = (*state)["state"]["moves"];
    ASSERT_GE(moves.size(), g->acknowledged.size()) << g->id << " lost acknowledged moves";
    EXPECT_TRUE(std::equal(g->acknowledged.begin(), g->acknowledged.end(), moves.begin())) << g->id;
    if (moves.size() > g->acknowledged.size()) {  // written, but the kill came before it was told
      ASSERT_EQ(moves.size(), g->acknowledged.size() + 1);
      EXPECT_EQ(moves.back(), g->in_flight);
      ASSERT_TRUE(static_cast<bool>(g->state->play(moves.back())));
      g->acknowledged.push_back(moves.back());
    }
    second.send({{"type", "resume"}, {"token", g->tokens[1]}, {"id", 1}});
    ASSERT_TRUE(second.take("identity"));
    ++survived;
    // And the game goes on.
    g->players[0] = std::move(first);
    g->players[1] = std::move(second);
    play_one(*g);
  }
  std::cout << "[ kill test ] " << kGames << " games: " << survived << " live games came back, " << archived
            << " finished ones archived (" << finished << " announced), " << seen_in_flight
            << " in-flight moves were told before the kill\n";
  RecordProperty("games_survived", survived);
  EXPECT_GT(survived, kGames / 2);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
