// A player's games in progress (docs/protocol.md, "Your games"): my_games over the
// WebSocket, their turn first, private ones to their player only; the same list over
// HTTP with public games only; kept as moves are told and games end. And the list's
// order itself (PlayerGames).
#include <gtest/gtest.h>

#include <thread>

#include "app/rooms/player_games.hpp"
#include "harness.hpp"

namespace bh::app::test {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

class PlayerGamesTest : public AppTest {};

json my_games(Client& c, int id) {
  c.send({{"type", "my_games"}, {"id", id}, {"unknown_field", 1}});  // unknown fields are ignored
  return c.reply(id);
}

std::vector<std::string> ids(const json& answer) {
  std::vector<std::string> out;
  for (const auto& g : answer["games"]) out.push_back(g["game_id"]);
  return out;
}

TEST_F(PlayerGamesTest, MyGamesListsTheRequestersGamesTheirTurnFirstAndHttpThePublicOnes) {
  Client& anonymous = client();
  EXPECT_EQ(anonymous.error_of({{"type", "my_games"}}, 1), "not_authenticated");
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  Client& carol = guest("carol");
  EXPECT_EQ(my_games(alice, 2)["games"], json::array());
  // A private correspondence game alice plays first, a public one bob plays first, and
  // a live game with carol.
  const std::string mine =
      start_game(alice, bob, {{"game", "tablut"}, {"private", true}, {"clock", {{"days_per_move", 3}}}});
  const std::string theirs = start_game(
      bob, alice, {{"game", "brandubh"}, {"clock", {{"bank_days", 7}, {"increment_hours", 12}, {"minimum_hours", 2}}}});
  std::this_thread::sleep_for(5ms);  // started a few ms later: the older of two comes first
  const std::string live = start_game(carol, alice, {{"game", "tablut"}});
  ASSERT_FALSE(mine.empty() || theirs.empty() || live.empty());

  json answer = my_games(alice, 3);
  ASSERT_EQ(answer["type"], "player_games") << answer.dump();
  EXPECT_EQ(answer["player"], "alice");
  // Her turn in `mine` only (the live game's first move is carol's).
  EXPECT_EQ(ids(answer), (std::vector<std::string>{mine, theirs, live}));
  EXPECT_EQ(answer["games"][0]["to_move_player"], "alice");
  EXPECT_TRUE(answer["games"][0]["deadline_ms"].is_number());
  EXPECT_EQ(answer["games"][0]["correspondence"]["days_per_move"], 3);
  EXPECT_TRUE(answer["games"][2]["deadline_ms"].is_null());

  // Over HTTP, anyone sees the public ones.
  auto http_answer = http("/api/players/alice/games");
  EXPECT_EQ(http_answer.status, 200);
  EXPECT_EQ(ids(json::parse(http_answer.body)), (std::vector<std::string>{theirs, live}));
  EXPECT_EQ(http("/api/players/alice/games", {{"limit", "5"}}).status, 400);
  EXPECT_EQ(http("/api/players//games").status, 404);
  EXPECT_EQ(json::parse(http("/api/players/nobody/games").body)["games"], json::array());

  // Bob moves in `theirs`: now alice has two turns, the nearer deadline first.
  play(bob, alice, theirs, {"a4-a5"});
  answer = my_games(alice, 4);
  ASSERT_EQ(answer["games"].size(), 3u);
  EXPECT_EQ(answer["games"][0]["to_move_player"], "alice");
  EXPECT_EQ(answer["games"][1]["to_move_player"], "alice");
  EXPECT_EQ(answer["games"][2]["game_id"], live);

  // A game that ends leaves the lists.
  alice.send({{"type", "resign"}, {"game_id", mine}, {"id", 5}});
  ASSERT_FALSE(bob.next("game_over").is_null());
  EXPECT_EQ(ids(my_games(alice, 6)), (std::vector<std::string>{theirs, live}));
  EXPECT_EQ(ids(my_games(bob, 7)), (std::vector<std::string>{theirs}));
}

TEST_F(PlayerGamesTest, WatchingOnesOwnGameGivesThePlayersViewNotASpectators) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}, {"clock", {{"days_per_move", 1}}}});
  ASSERT_FALSE(game.empty());
  alice.send({{"type", "watch"}, {"game_id", game}, {"id", 8}});
  json state = alice.reply(8);
  ASSERT_EQ(state["type"], "game_state") << state.dump();
  EXPECT_EQ(state["state"]["you"], "first");
  EXPECT_TRUE(state["state"]["legal"].is_array());
  EXPECT_EQ(state["state"]["spectators"], 0);
}

TEST(PlayerGames, TheirTurnFirstByDeadlineALiveGameBeforeAnyDeadlineThenTheOthersOldestFirst) {
  PlayerGames games;
  const auto game = [](std::string id, std::string to_move_player, std::optional<std::int64_t> deadline,
                       std::int64_t started) {
    protocol::server::PlayerGame g;
    g.game_id = std::move(id);
    g.players = {"alice", "bob"};
    g.to_move_player = std::move(to_move_player);
    g.to_move = g.to_move_player == "alice" ? "first" : "second";
    g.deadline_ms = deadline;
    g.started_ms = started;
    return g;
  };
  games.update(game("late", "alice", 9000, 1));
  games.update(game("soon", "alice", 5000, 2));
  games.update(game("live", "alice", std::nullopt, 3));
  games.update(game("waiting-new", "bob", 100, 5));
  games.update(game("waiting-old", "bob", 100, 4));
  std::vector<std::string> order;
  for (const auto& g : games.of("alice", true)) order.push_back(g.game_id);
  EXPECT_EQ(order, (std::vector<std::string>{"live", "soon", "late", "waiting-old", "waiting-new"}));
  // Bob's turn is alice's no more once he moves: it is hers.
  games.moved("waiting-old", 3, "first", 7000);
  EXPECT_EQ(games.of("alice", true)[2].game_id, "waiting-old");
  EXPECT_EQ(games.of("bob", true)[0].game_id, "waiting-new");  // the only one left where it is his
  games.remove("live");
  EXPECT_EQ(games.of("alice", true).size(), 4u);
  EXPECT_TRUE(games.of("carol", true).empty());
}

}  // namespace
}  // namespace bh::app::test
