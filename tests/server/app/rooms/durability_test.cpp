// Live games across restarts and storage faults (issue 8): moves are durable before
// they are told, games come back with their tokens and paused clocks, a store that
// cannot write stops new games but not live ones, and everything is caught up once it
// can write again. The SIGKILL test against the real binary is in e2e/.
#include "harness.hpp"

namespace bh::app::test {
namespace {

class DurabilityTest : public AppTest {
 protected:
  // A graceful restart on the same database file: the server stops its rooms, then its
  // connections close (a player cut off by the stop was there when it stopped).
  void restart(std::chrono::milliseconds down = 0ms) {
    close_app();
    clients_.clear();
    std::this_thread::sleep_for(down);
    open_app();
  }
  Client& resume(const std::string& name) {
    Client& c = client();
    c.send({{"type", "resume"}, {"token", tokens_.at(name)}, {"id", 1}});
    json r = c.reply(1);
    EXPECT_EQ(r["type"], "identity") << name << ": " << r.dump();
    return c;
  }
  json archived(const std::string& game_id) {
    auto response = http("/api/games/" + game_id);
    return response.status == 200 ? json::parse(response.body) : json();
  }
};

TEST_F(DurabilityTest, LiveGameComesBackAfterRestartWithTokensAndPausedClocks) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"clock", {{"initial_s", 600}, {"increment_s", 5}}}});
  auto events = play(a, b, game, {"f9-f8", "d5-d4", "i6-g6"});
  ASSERT_EQ(events.size(), 3u);
  const json clocks_before = events.back()["clocks"];

  restart();
  EXPECT_NE(http("/metrics").body.find("boardhall_games_restored_total 1"), std::string::npos);
  Client& a2 = resume("alice");
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["game_id"], game);
  EXPECT_EQ(state["state"]["ply"], 3);
  EXPECT_EQ(state["state"]["moves"], json({"f9-f8", "d5-d4", "i6-g6"}));
  EXPECT_EQ(state["state"]["you"], "first");
  // Paused while the server was down and while bob is still away.
  EXPECT_TRUE(state["state"]["clocks"]["running"].is_null()) << state.dump();
  EXPECT_EQ(state["state"]["clocks"]["first_ms"], clocks_before["first_ms"]);
  EXPECT_EQ(state["state"]["clocks"]["second_ms"], clocks_before["second_ms"]);

  Client& b2 = resume("bob");
  json bob_state = b2.next("game_state");
  EXPECT_EQ(bob_state["state"]["clocks"]["running"], "second");
  // alice hears that the clocks run again.
  json again = a2.next_if("game_state", [](const json& m) { return !m["state"]["clocks"]["running"].is_null(); });
  EXPECT_FALSE(again.is_null());

  play(a2, b2, game, {"d4-d7", "f8-g8", "e5-d5", "d1-c1", "d5-d1"}, 3);
  json over = a2.next("game_over");
  EXPECT_EQ(over["reason"], "king_escaped");
  json record = archived(game);
  ASSERT_FALSE(record.is_null());
  EXPECT_EQ(record["moves"].size(), 8u);
}

TEST_F(DurabilityTest, MatchPointsAndPrivateRoomsSurviveARestart) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string g1 = start_game(a, b, {{"game", "tablut"}, {"games", 2}, {"private", true}});
  a.send({{"type", "resign"}, {"game_id", g1}});
  ASSERT_FALSE(a.next("game_over").is_null());
  json second = a.next("game_started");
  ASSERT_FALSE(second.is_null());
  const std::string g2 = second["state"]["game_id"];
  EXPECT_EQ(second["state"]["you"], "second");  // sides alternate

  restart();
  Client& a2 = resume("alice");
  Client& b2 = resume("bob");
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["game_id"], g2);
  EXPECT_EQ(state["state"]["you"], "second");
  EXPECT_EQ(state["state"]["match"]["number"], 2);
  EXPECT_EQ(state["state"]["match"]["totals"]["bob"], 1.0);
  play(b2, a2, g2, {"f9-f8"});
  b2.send({{"type", "resign"}, {"game_id", g2}});
  json match = a2.next("match_over");
  ASSERT_FALSE(match.is_null());
  EXPECT_EQ(match["totals"]["alice"], 1.0);
  EXPECT_EQ(match["totals"]["bob"], 1.0);
  EXPECT_EQ(archived(g2)["moves"].size(), 1u);
}

TEST_F(DurabilityTest, AGameWhoseArchiveWriteFailedIsNotBroughtBackAsLive) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string g1 = start_game(a, b, {{"game", "tablut"}, {"games", 2}});
  store_->fail_next_writes(1);  // the end of g1 (and the next game's header with it)
  a.send({{"type", "resign"}, {"game_id", g1}});
  json over = a.next("game_over");
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["archived"], false);
  json second = a.next("game_started");  // announced once its own header is written
  ASSERT_FALSE(second.is_null());
  const std::string g2 = second["state"]["game_id"];

  restart();
  EXPECT_NE(http("/metrics").body.find("boardhall_games_restored_total 1"), std::string::npos);
  Client& a2 = resume("alice");
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["game_id"], g2);
  EXPECT_TRUE(a2.next("game_state", 200ms).is_null()) << "g1 must not come back";
}

TEST_F(DurabilityTest, AFailedArchiveWriteIsWrittenAgainOnceTheStoreWorks) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8"});
  store_->fail_next_writes(1);
  a.send({{"type", "resign"}, {"game_id", game}});
  json over = b.next("game_over");
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["archived"], false);
  json record;
  for (int i = 0; i < 150 && record.is_null(); ++i) {
    std::this_thread::sleep_for(20ms);
    record = archived(game);
  }
  ASSERT_FALSE(record.is_null()) << "not archived by the retry";
  EXPECT_EQ(record["moves"].size(), 1u);
  EXPECT_EQ(record["reason"], "resignation");
  EXPECT_EQ(http("/healthz").status, 200);
}

TEST_F(DurabilityTest, NobodyBackAfterRestartEndsInADrawByAbandonment) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "draughts"}});
  play(a, b, game, {"c3-d4"});
  restart();
  json record;
  for (int i = 0; i < 100 && record.is_null(); ++i) {
    std::this_thread::sleep_for(20ms);
    record = archived(game);
  }
  ASSERT_FALSE(record.is_null()) << "not archived after the grace period";
  EXPECT_EQ(record["result"], "draw");
  EXPECT_EQ(record["reason"], "abandonment");
  EXPECT_EQ(record["moves"].size(), 1u);
}

// The grace of a player who had left is kept with the live game: when it ran out while
// the server was down, the restart decides it (the player who stayed wins), instead of
// giving everyone a new grace.
TEST_F(DurabilityTest, AGraceThatRanOutWhileTheServerWasDownIsDecidedOnStart) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"creator_side", "first"}});
  play(a, b, game, {"f9-f8", "d5-d4"});
  b.close();
  ASSERT_FALSE(a.next("player_left").is_null());
  restart(500ms);  // bob's grace is 300 ms
  json record;
  for (int i = 0; i < 100 && record.is_null(); ++i) {
    std::this_thread::sleep_for(20ms);
    record = archived(game);
  }
  ASSERT_FALSE(record.is_null()) << "not decided on start";
  EXPECT_EQ(record["result"], "first");  // alice, who stayed
  EXPECT_EQ(record["reason"], "abandonment");
  EXPECT_EQ(record["moves"].size(), 2u);
}

TEST_F(DurabilityTest, StoreThatCannotWriteRefusesNewGamesKeepsLiveOnesAndCatchesUp) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carl");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8"});

  store_->fail_all_writes(true);
  play(a, b, game, {"d5-d4", "i6-g6"}, 1);  // told anyway, kept in memory
  EXPECT_EQ(http("/healthz").status, 503);
  EXPECT_EQ(c.error_of({{"type", "create_room"}, {"game", "tablut"}}, 7), "storage_unavailable");
  EXPECT_NE(http("/metrics").body.find("boardhall_live_write_failures_total 2"), std::string::npos);

  store_->fail_all_writes(false);
  EXPECT_EQ(http("/healthz").status, 200);
  EXPECT_NE(c.error_of({{"type", "create_room"}, {"game", "tablut"}}, 8), "storage_unavailable");
  play(a, b, game, {"d4-d7"}, 3);  // this write carries the two missed moves too

  restart();
  Client& a2 = resume("alice");
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["moves"], json({"f9-f8", "d5-d4", "i6-g6", "d4-d7"}));
}

TEST_F(DurabilityTest, JoiningIsRefusedWhileTheStoreCannotWrite) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  a.send({{"type", "create_room"}, {"game", "alquerque"}, {"id", 5}});
  const std::string room = a.reply(5)["room"]["room_id"];
  store_->fail_all_writes(true);
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room}}, 6), "storage_unavailable");
  store_->fail_all_writes(false);
  b.send({{"type", "join_room"}, {"room_id", room}, {"id", 7}});
  EXPECT_FALSE(b.next("game_started").is_null());
}

}  // namespace
}  // namespace bh::app::test
