// Correspondence games against the real server (issue 30): days per move on a test's
// short day (--correspondence-day-ms, for tests only), players away far longer than the
// live grace, a deadline that passes while the server is down, and one player holding
// several correspondence games beside a live one.
#include <gtest/gtest.h>

#include <thread>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// `creator` opens a correspondence room of Tablut (attackers, `days` per move) and
// `joiner` joins it: the game's id once both were told it started.
std::string start_correspondence(WsPlayer& creator, WsPlayer& joiner, int days) {
  creator.send({{"type", "create_room"},
                {"game", "tablut"},
                {"side", "attackers"},
                {"clock", {{"days_per_move", days}}},
                {"id", 2}});
  auto created = creator.take("room_created");
  EXPECT_TRUE(created);
  if (!created) return "";
  EXPECT_EQ(
      (*created)["room"]["correspondence"],
      json(
          {{"days_per_move", days}, {"bank_days", nullptr}, {"increment_hours", nullptr}, {"minimum_hours", nullptr}}));
  joiner.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = creator.take("game_started");
  const bool both = started && joiner.take("game_started");
  EXPECT_TRUE(both);
  if (!both) return "";
  EXPECT_TRUE((*started)["state"]["deadline_ms"].is_number());
  return (*started)["state"]["game_id"].get<std::string>();
}

// A player back with their token opens `game`: the state they are shown. Resume gives
// back the games in memory; one asleep (after a restart, or left alone for a while) is
// opened with watch, which the clients send for a correspondence game (and which wakes
// it, with the player's seat).
std::optional<json> resume(WsPlayer& player, std::uint16_t port, const std::string& token, const std::string& game) {
  if (!player.connect(port)) return std::nullopt;
  player.send({{"type", "resume"}, {"token", token}, {"id", 1}});
  if (!player.take("identity")) return std::nullopt;
  player.send({{"type", "watch"}, {"game_id", game}, {"id", 2}});
  auto state = player.take("game_state", [&](const json& j) { return j["state"]["game_id"] == game; });
  if (!state) return std::nullopt;
  return (*state)["state"];
}

TEST(CorrespondenceE2e, BothPlayersAwayLongerThanTheGraceAndTheGameWaitsForThem) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--grace", "1", "--correspondence-day-ms", "60000"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()) && bob.connect(server.port()));
  const std::string alice_token = alice.guest("alice");
  const std::string bob_token = bob.guest("bob");
  const std::string game = start_correspondence(alice, bob, 1);
  ASSERT_FALSE(game.empty());
  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 10}});
  auto moved = bob.take("move");
  ASSERT_TRUE(moved);
  EXPECT_TRUE((*moved)["deadline_ms"].is_number());

  alice.close();
  bob.close();
  std::this_thread::sleep_for(2500ms);  // past the live grace (1 s) for both

  // Bob comes back: the game is there, his turn; he moves and leaves again.
  WsPlayer bob2;
  auto state = resume(bob2, server.port(), bob_token, game);
  ASSERT_TRUE(state) << server.log();
  EXPECT_EQ((*state)["status"]["state"], "ongoing");
  EXPECT_EQ((*state)["ply"], 1);
  EXPECT_TRUE((*state)["absent"].empty()) << "no grace runs in a correspondence game";
  bob2.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 11}});
  ASSERT_TRUE(bob2.take("move"));
  bob2.close();
  std::this_thread::sleep_for(1500ms);

  // Alice comes back and is told of Bob's move: her turn, with its deadline.
  WsPlayer alice2;
  state = resume(alice2, server.port(), alice_token, game);
  ASSERT_TRUE(state) << server.log();
  EXPECT_EQ((*state)["status"]["state"], "ongoing");
  EXPECT_EQ((*state)["moves"], json({"d1-d3", "d5-d4"}));
  EXPECT_TRUE((*state)["legal"].is_array());
  EXPECT_GT((*state)["deadline_ms"].get<std::int64_t>(), (*moved)["deadline_ms"].get<std::int64_t>());
  alice2.close();
  EXPECT_EQ(server.stop(), 0);
}

TEST(CorrespondenceE2e, ADeadlineThatPassesWhileTheServerIsDownIsDecidedWhenItStarts) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--correspondence-day-ms", "3000"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()) && bob.connect(server.port()));
  const std::string alice_token = alice.guest("alice");
  bob.guest("bob");
  const std::string game = start_correspondence(alice, bob, 1);
  ASSERT_FALSE(game.empty());
  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 10}});
  ASSERT_TRUE(bob.take("move"));
  bob.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 11}});
  ASSERT_TRUE(bob.take("move", [](const json& j) { return j["ply"] == 2; }));  // durable once told
  // Alice, to move, has a "day" (3 s); the server is killed and stays down for longer.
  server.kill();
  alice.close();
  bob.close();
  std::this_thread::sleep_for(4000ms);
  ASSERT_TRUE(server.restart()) << server.log();
  // The game is over on time: Alice lost; the archive has it.
  WsPlayer viewer;
  ASSERT_TRUE(viewer.connect(server.port()));
  const auto record = archived_record(viewer, game);
  ASSERT_TRUE(record) << server.log();
  EXPECT_EQ((*record)["record"]["reason"], "time");
  EXPECT_EQ((*record)["record"]["result"], "second");
  EXPECT_EQ((*record)["record"]["correspondence"]["days_per_move"], 1);
  viewer.close();
  EXPECT_EQ(server.stop(), 0);
}

// Point 2: offers stand until answered or the next move, a restart or not.
TEST(CorrespondenceE2e, ADrawOfferAndATakebackRequestOutliveARestart) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--correspondence-day-ms", "600000"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()) && bob.connect(server.port()));
  const std::string alice_token = alice.guest("alice");
  const std::string bob_token = bob.guest("bob");
  const std::string game = start_correspondence(alice, bob, 3);
  ASSERT_FALSE(game.empty());
  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 10}});
  ASSERT_TRUE(bob.take("move"));
  bob.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 11}});
  ASSERT_TRUE(alice.take("move", [](const json& j) { return j["ply"] == 2; }));
  // Bob asks to take his move back and alice offers a draw; then the server dies.
  bob.send({{"type", "takeback"}, {"game_id", game}, {"id", 12}});
  ASSERT_TRUE(alice.take("takeback_offered"));
  alice.send({{"type", "offer_draw"}, {"game_id", game}, {"id", 13}});
  ASSERT_TRUE(bob.take("draw_offered"));
  std::this_thread::sleep_for(200ms);  // kept without waiting: give the write its moment
  server.kill();
  alice.close();
  bob.close();
  ASSERT_TRUE(server.restart()) << server.log();

  WsPlayer bob2, alice2;
  auto state = resume(bob2, server.port(), bob_token, game);
  ASSERT_TRUE(state) << server.log();
  EXPECT_EQ((*state)["draw_offer"], "first") << state->dump();
  EXPECT_EQ((*state)["takeback_offer"]["side"], "second") << state->dump();
  state = resume(alice2, server.port(), alice_token, game);
  ASSERT_TRUE(state) << server.log();
  // Alice declines the takeback; bob accepts the draw: the game is drawn by agreement.
  alice2.send({{"type", "decline_takeback"}, {"game_id", game}, {"id", 20}});
  ASSERT_TRUE(bob2.take("takeback_declined"));
  bob2.send({{"type", "accept_draw"}, {"game_id", game}, {"id", 21}});
  auto over = alice2.take("game_over");
  ASSERT_TRUE(over) << server.log();
  EXPECT_EQ((*over)["result"], "draw");
  EXPECT_EQ((*over)["reason"], "agreement");
  alice2.close();
  bob2.close();
  EXPECT_EQ(server.stop(), 0);
}

TEST(CorrespondenceE2e, OnePlayerHoldsThreeCorrespondenceGamesAndOneLiveGame) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--open-rooms-per-address", "0"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice;
  ASSERT_TRUE(alice.connect(server.port()));
  alice.guest("alice");
  std::vector<std::unique_ptr<WsPlayer>> opponents;
  std::vector<std::string> games;
  for (int i = 0; i < 3; ++i) {
    opponents.push_back(std::make_unique<WsPlayer>());
    ASSERT_TRUE(opponents.back()->connect(server.port()));
    opponents.back()->guest("opponent" + std::to_string(i));
    games.push_back(start_correspondence(alice, *opponents.back(), 3));
    ASSERT_FALSE(games.back().empty());
  }
  // A live game beside them.
  WsPlayer carol;
  ASSERT_TRUE(carol.connect(server.port()));
  carol.guest("carol");
  const std::string live = start_tablut(alice, carol, "attackers");
  ASSERT_FALSE(live.empty());
  // But not a second live one: the one-seat rule holds for live games.
  alice.send({{"type", "create_room"}, {"game", "brandubh"}, {"id", 40}});
  auto refused = alice.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "already_seated");
  // Each game takes its moves.
  for (std::size_t i = 0; i < games.size(); ++i) {
    alice.send({{"type", "move"}, {"game_id", games[i]}, {"ply", 0}, {"move", "d1-d3"}, {"id", 50 + i}});
    EXPECT_TRUE(opponents[i]->take("move"));
  }
  alice.send({{"type", "move"}, {"game_id", live}, {"ply", 0}, {"move", "d1-d3"}, {"id", 60}});
  EXPECT_TRUE(carol.take("move"));
  alice.close();
  EXPECT_EQ(server.stop(), 0);
}

TEST(CorrespondenceE2e, AClockMixingKindsOrOutOfRangeIsRefusedNamingTheField) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice;
  ASSERT_TRUE(alice.connect(server.port()));
  alice.guest("alice");
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"days_per_move", 4}}, "days_per_move must be 1, 2, 3, 5, 7, 10 or 14"},
      {{{"days_per_move", 3}, {"initial_s", 60}}, "one kind only"},
      {{{"bank_days", 7}}, "needs bank_days, increment_hours and minimum_hours"},
      {{{"bank_days", 31}, {"increment_hours", 1}, {"minimum_hours", 1}}, "bank_days must be from 1 to 30"},
      {{{"bank_days", 7}, {"increment_hours", 73}, {"minimum_hours", 1}}, "increment_hours must be from 0 to 72"},
      {{{"bank_days", 7}, {"increment_hours", 1}, {"minimum_hours", 0}}, "minimum_hours must be from 1 to 72"},
      {json::object(), "one kind only"},
      {{{"days_per_move", -2147483648LL}}, "days_per_move must be"},
  };
  int id = 100;
  for (const auto& [clock, message] : cases) {
    for (const char* type : {"create_room", "seek", "play_computer"}) {
      alice.send({{"type", type}, {"game", "tablut"}, {"clock", clock}, {"id", ++id}});
      auto error = alice.take("error");
      ASSERT_TRUE(error) << clock.dump();
      EXPECT_EQ((*error)["code"], "bad_options") << type << " " << clock.dump();
      EXPECT_NE((*error)["message"].get<std::string>().find(message), std::string::npos)
          << type << " " << clock.dump() << ": " << (*error)["message"];
    }
  }
  // Not a number at all: the protocol's own error.
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"clock", {{"days_per_move", "3"}}}, {"id", 300}});
  auto error = alice.take("error");
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["code"], "bad_request");
  alice.close();
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
