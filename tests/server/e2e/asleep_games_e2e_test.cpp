// Idle correspondence games against the real server (issue 30, point 3): a game nobody
// is connected to or watching leaves memory (--correspondence-sleep-ms) and is loaded
// again by the first request for it; it stays asleep across a restart, and its deadline
// is still decided on time by the sweep. docs/correspondence.md, "Idle games".
#include <gtest/gtest.h>

#include <thread>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Waits (up to 10 s) for the metric to read `value`.
bool metric_becomes(const ServerProcess& server, const std::string& name, const std::string& value) {
  for (int i = 0; i < 100; ++i) {
    if (metric(server.port(), name) == value) return true;
    std::this_thread::sleep_for(100ms);
  }
  return false;
}

// A correspondence Tablut game of `creator` (attackers, 1 day a move) and `joiner`,
// its first move played by the creator: the game's id.
std::string started_and_moved(WsPlayer& creator, WsPlayer& joiner) {
  creator.send({{"type", "create_room"},
                {"game", "tablut"},
                {"side", "attackers"},
                {"clock", {{"days_per_move", 1}}},
                {"id", 2}});
  auto created = creator.take("room_created");
  if (!created) return "";
  joiner.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = creator.take("game_started");
  if (!started || !joiner.take("game_started")) return "";
  const std::string game = (*started)["state"]["game_id"];
  creator.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 4}});
  if (!joiner.take("move")) return "";
  return game;
}

TEST(AsleepGamesE2e, AnIdleGameLeavesMemoryAndWakesForTheFirstRequestForIt) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--correspondence-sleep-ms", "300"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()) && bob.connect(server.port()));
  const std::string alice_token = alice.guest("alice");
  const std::string bob_token = bob.guest("bob");
  const std::string game = started_and_moved(alice, bob);
  ASSERT_FALSE(game.empty()) << server.log();
  // While a player is here the game stays; once both are gone it sleeps.
  std::this_thread::sleep_for(600ms);
  EXPECT_EQ(metric(server.port(), "boardhall_games_asleep"), "0");
  alice.close();
  bob.close();
  ASSERT_TRUE(metric_becomes(server, "boardhall_games_asleep", "1")) << server.log();
  EXPECT_EQ(metric(server.port(), "boardhall_live_games"), "0");
  // Asleep, it is still on its players' lists, with whose turn it is.
  const auto listed = http_get(server.port(), "/api/players/bob/games");
  ASSERT_EQ(listed.status, 200);
  const json games = json::parse(listed.body)["games"];
  ASSERT_EQ(games.size(), 1u) << listed.body;
  EXPECT_EQ(games[0]["game_id"], game);
  EXPECT_EQ(games[0]["to_move_player"], "bob");

  // Alice comes back to the lobby: resume gives back no asleep game, and it stays asleep.
  WsPlayer alice2;
  ASSERT_TRUE(alice2.connect(server.port()));
  alice2.send({{"type", "resume"}, {"token", alice_token}, {"id", 1}});
  ASSERT_TRUE(alice2.take("identity"));
  std::this_thread::sleep_for(300ms);
  EXPECT_FALSE(alice2.take("game_state", nullptr, 0ms));
  EXPECT_EQ(metric(server.port(), "boardhall_games_asleep"), "1");

  // Bob comes back: his watch wakes it, with his seat.
  WsPlayer bob2;
  ASSERT_TRUE(bob2.connect(server.port()));
  bob2.send({{"type", "resume"}, {"token", bob_token}, {"id", 1}});
  ASSERT_TRUE(bob2.take("identity"));
  bob2.send({{"type", "watch"}, {"game_id", game}, {"id", 5}});
  auto state = bob2.take("game_state", [](const json& j) { return j.contains("id") && j["id"] == 5; });
  ASSERT_TRUE(state) << server.log();
  EXPECT_EQ((*state)["state"]["you"], "second");
  EXPECT_EQ((*state)["state"]["ply"], 1);
  EXPECT_EQ((*state)["state"]["moves"], json({"d1-d3"}));
  EXPECT_EQ(metric(server.port(), "boardhall_games_woken_total"), "1");
  EXPECT_EQ(metric(server.port(), "boardhall_games_asleep"), "0");
  bob2.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 6}});
  auto moved = bob2.take("move", [](const json& j) { return j["ply"] == 2; });
  ASSERT_TRUE(moved) << server.log();
  EXPECT_EQ((*moved)["id"], 6);
  // Alice, online, was seated when it woke: she hears bob's move, and nothing else (the
  // board she has on show stays hers to choose).
  ASSERT_TRUE(alice2.take("move", [](const json& j) { return j["ply"] == 2; })) << server.log();
  EXPECT_FALSE(alice2.take("game_state", nullptr, 0ms));
  EXPECT_FALSE(alice2.take("player_returned", nullptr, 0ms));
  bob2.close();
  alice2.close();

  // Asleep again; a spectator's move request is refused as ever (not the player), and
  // a spectator wakes it too, seeing the moves.
  ASSERT_TRUE(metric_becomes(server, "boardhall_games_asleep", "1")) << server.log();
  WsPlayer carol;
  ASSERT_TRUE(carol.connect(server.port()));
  carol.guest("carol");
  carol.send({{"type", "unwatch"}, {"game_id", game}, {"id", 7}});
  EXPECT_TRUE(carol.take("ok"));  // nothing to forget: not woken for it
  EXPECT_EQ(metric(server.port(), "boardhall_games_woken_total"), "1");
  carol.send({{"type", "watch"}, {"game_id", game}, {"id", 8}});
  auto seen = carol.take("game_state");
  ASSERT_TRUE(seen) << server.log();
  EXPECT_EQ((*seen)["state"]["moves"], json({"d1-d3", "d5-d4"}));
  EXPECT_TRUE((*seen)["state"]["you"].is_null());
  carol.send({{"type", "move"}, {"game_id", game}, {"ply", 2}, {"move", "d3-d2"}, {"id", 9}});
  auto refused = carol.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["id"], 9);
  // An unknown game is still said to be one.
  carol.send({{"type", "watch"}, {"game_id", "g-none"}, {"id", 10}});
  auto unknown = carol.take("error", [](const json& j) { return j["id"] == 10; });
  ASSERT_TRUE(unknown);
  EXPECT_EQ((*unknown)["code"], "unknown_game");
  carol.close();
  EXPECT_EQ(server.stop(), 0);
}

TEST(AsleepGamesE2e, AnAsleepGameStaysAsleepAcrossARestartAndItsDeadlineIsStillDecided) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  // A "day" of 4 s: alice, to move after each side's first move, loses on time 4 s
  // after bob's (before it, the game would be aborted instead).
  ServerProcess server({"--correspondence-sleep-ms", "200", "--correspondence-day-ms", "4000"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()) && bob.connect(server.port()));
  alice.guest("alice");
  bob.guest("bob");
  const std::string game = started_and_moved(alice, bob);
  ASSERT_FALSE(game.empty()) << server.log();
  bob.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 5}});
  ASSERT_TRUE(bob.take("move", [](const json& j) { return j["ply"] == 2; }));  // durable once told
  alice.close();
  bob.close();
  ASSERT_TRUE(metric_becomes(server, "boardhall_games_asleep", "1")) << server.log();
  ASSERT_TRUE(server.restart()) << server.log();
  // Brought back asleep: no room, its deadline still ahead.
  EXPECT_EQ(metric(server.port(), "boardhall_games_asleep"), "1") << server.log();
  EXPECT_EQ(metric(server.port(), "boardhall_live_games"), "0");
  // The sweep wakes it at its deadline and its room decides it: alice lost on time.
  WsPlayer viewer;
  ASSERT_TRUE(viewer.connect(server.port()));
  const auto record = archived_record(viewer, game, 100);
  ASSERT_TRUE(record) << server.log();
  EXPECT_EQ((*record)["record"]["reason"], "time");
  EXPECT_EQ((*record)["record"]["result"], "second");
  EXPECT_EQ(metric(server.port(), "boardhall_games_asleep"), "0");
  EXPECT_EQ(metric(server.port(), "boardhall_games_woken_total"), "1");
  viewer.close();
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
