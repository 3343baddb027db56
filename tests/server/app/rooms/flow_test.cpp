// Reconnection, abandonment, clocks, matches, the lobby, the archive through the
// protocol and HTTP, and a failed archive write.
#include "harness.hpp"

namespace bh::app::test {
namespace {

const std::vector<std::string> kTablutWin = {"f9-f8", "d5-d4", "i6-g6", "d4-d7", "f8-g8", "e5-d5", "d1-c1", "d5-d1"};

TEST_F(AppTest, ReconnectWithinGraceGetsTheFullStateAndGoesOn) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8", "d5-d4"});
  b.close();
  json left = a.next("player_left");
  ASSERT_FALSE(left.is_null());
  EXPECT_EQ(left["player"], "bob");
  EXPECT_EQ(left["side"], "second");
  EXPECT_GT(left["deadline_ms"].get<std::int64_t>(), 0);
  Client& b2 = client();
  // A wrong token changes nothing.
  EXPECT_EQ(b2.error_of({{"type", "resume"}, {"token", "ffffffffffffffffffffffffffffffff"}}, 1), "auth_failed");
  b2.send({{"type", "resume"}, {"token", tokens_["bob"]}, {"id", 2}});
  EXPECT_EQ(b2.reply(2)["player"], "bob");
  json state = b2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["ply"], 2);
  EXPECT_EQ(state["state"]["you"], "second");
  EXPECT_EQ(state["state"]["moves"], json({"f9-f8", "d5-d4"}));
  EXPECT_EQ(a.next("player_returned")["player"], "bob");
  // The game goes on past the grace period.
  play(a, b2, game, {"i6-g6", "d4-d7"}, 2);
  std::this_thread::sleep_for(400ms);
  play(a, b2, game, {"f8-g8", "e5-d5", "d1-c1", "d5-d1"}, 4);
  EXPECT_EQ(a.next("game_over")["reason"], "king_escaped");
}

TEST_F(AppTest, AbsentPastTheGracePeriodLosesByAbandonment) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "draughts"}});
  a.close();
  EXPECT_FALSE(b.next("player_left").is_null());
  json over = b.next("game_over", 3s);
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["reason"], "abandonment");
  EXPECT_EQ(over["winner"], "bob");
  // The absent player's token still works afterwards, with no seat to return to.
  Client& a2 = client();
  a2.send({{"type", "resume"}, {"token", tokens_["alice"]}, {"id", 1}});
  EXPECT_EQ(a2.reply(1)["type"], "identity");
}

TEST_F(AppTest, NewestConnectionWinsTheSeat) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  Client& a2 = client();
  a2.send({{"type", "resume"}, {"token", tokens_["alice"]}, {"id", 1}});
  EXPECT_EQ(a2.reply(1)["type"], "identity");
  EXPECT_FALSE(a.next("session_replaced").is_null());
  EXPECT_TRUE(a.connection()->closed());
  EXPECT_EQ(a2.next("game_state")["state"]["you"], "first");
  a.close();  // the old connection's close does not drop the seat
  play(a2, b, game, {"f9-f8"});
  EXPECT_TRUE(b.next("player_left", 100ms).is_null());
}

TEST_F(AppTest, ClockRunsOutAndTheSideToMoveLosesOnTime) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game =
      start_game(a, b, {{"game", "draughts"}, {"clock", {{"initial_s", 0.2}, {"increment_s", 0}}}});
  // The clocks run from each side's first move on (issue 15).
  auto events = play(a, b, game, {"c3-d4", "b6-a5"});
  ASSERT_EQ(events.size(), 2u);
  ASSERT_TRUE(events[1]["clocks"].is_object());
  EXPECT_EQ(events[1]["clocks"]["first_ms"].get<int>(), 200);
  EXPECT_EQ(events[1]["clocks"]["running"], "first");
  const auto t0 = std::chrono::steady_clock::now();
  json over = a.next("game_over", 3s);
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["reason"], "time");
  EXPECT_EQ(over["result"], "second");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s);
  auto record = json::parse(http("/api/games/" + over["game_id"].get<std::string>()).body);
  EXPECT_EQ(record["clock"]["initial_ms"], 200);
  EXPECT_TRUE(record["moves"][0]["first_ms"].is_number());
}

TEST_F(AppTest, IncrementIsAddedAfterEachMove) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "draughts"}, {"clock", {{"initial_s", 10}, {"increment_s", 2}}}});
  auto events = play(a, b, game, {"c3-d4", "f6-e5"});
  ASSERT_EQ(events.size(), 2u);
  const int first = events[0]["clocks"]["first_ms"];
  EXPECT_GT(first, 11'000);
  EXPECT_LE(first, 12'000);
}

TEST_F(AppTest, MatchOfTwoGamesAlternatesSidesAndAnnouncesTotals) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string g1 = start_game(a, b, {{"game", "tablut"}, {"games", 2}});
  play(a, b, g1, kTablutWin);  // alice attacks, bob's king escapes
  json over1 = a.next("game_over");
  EXPECT_EQ(over1["winner"], "bob");
  EXPECT_EQ(over1["match"]["totals"]["bob"], 1.0);
  json s2 = a.next("game_started");
  ASSERT_FALSE(s2.is_null());
  EXPECT_EQ(s2["state"]["you"], "second");  // sides alternate
  EXPECT_EQ(s2["state"]["players"]["first"], "bob");
  EXPECT_EQ(s2["state"]["match"]["number"], 2);
  const std::string g2 = s2["state"]["game_id"];
  EXPECT_NE(g1, g2);
  EXPECT_FALSE(b.next("game_started").is_null());
  play(b, a, g2, {"f9-f8"});
  a.send({{"type", "offer_draw"}, {"game_id", g2}});
  b.send({{"type", "accept_draw"}, {"game_id", g2}, {"id", 5}});
  json over2 = b.next_if("game_over", [&](const json& m) { return m["game_id"] == g2; });
  EXPECT_EQ(over2["result"], "draw");
  json match = a.next("match_over");
  ASSERT_FALSE(match.is_null());
  EXPECT_EQ(match["totals"]["bob"], 1.5);
  EXPECT_EQ(match["totals"]["alice"], 0.5);
  EXPECT_EQ(match["winner"], "bob");
  auto record = json::parse(http("/api/games/" + g2).body);
  EXPECT_EQ(record["first_player"], "bob");
  EXPECT_EQ(record["match_game"], 2);
  EXPECT_EQ(record["match_id"], match["match_id"]);
}

TEST_F(AppTest, LobbySubscribersSeeRoomsOpenAndStart) {
  Client& watcher = client();
  watcher.send({{"type", "subscribe_lobby"}, {"id", 1}});
  EXPECT_EQ(watcher.reply(1)["type"], "lobby");
  Client& a = guest("alice");
  Client& b = guest("bob");
  a.send({{"type", "create_room"}, {"game", "alquerque"}, {"side", "black"}, {"id", 2}});
  json created = a.reply(2);
  EXPECT_EQ(created["room"]["creator_side"], "second");
  json opened = watcher.next("room_opened");
  EXPECT_EQ(opened["room"]["room_id"], created["room"]["room_id"]);
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"private", true}, {"id", 3}});
  a.reply(3);
  EXPECT_TRUE(watcher.next("room_opened", 100ms).is_null());  // private rooms are not listed
  auto lobby = json::parse(http("/api/lobby").body);
  EXPECT_EQ(lobby["rooms"].size(), 1u);
  b.send({{"type", "join_room"}, {"room_id", created["room"]["room_id"]}});
  EXPECT_EQ(watcher.next("room_closed")["reason"], "started");
  json live = watcher.next("live_game");
  EXPECT_EQ(live["game"]["players"]["first"], "bob");
  EXPECT_TRUE(live["game"].contains("clock") && live["game"]["clock"].is_null()) << live.dump();
  b.send({{"type", "list_rooms"}, {"id", 4}});
  json listed = b.reply(4);
  EXPECT_EQ(listed["rooms"].size(), 0u);
  EXPECT_EQ(listed["games"].size(), 1u);
  watcher.send({{"type", "unsubscribe_lobby"}, {"id", 5}});
  EXPECT_EQ(watcher.reply(5)["type"], "ok");
}

TEST_F(AppTest, OpenRoomOfAnAbsentCreatorCloses) {
  Client& watcher = client();
  watcher.send({{"type", "subscribe_lobby"}, {"id", 1}});
  watcher.reply(1);
  Client& a = guest("alice");
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 2}});
  const std::string room = a.reply(2)["room"]["room_id"];
  a.close();
  EXPECT_EQ(watcher.next("room_closed", 3s)["reason"], "abandoned");
  Client& b = guest("bob");
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room}}, 3), "unknown_room");
}

TEST_F(AppTest, FailedArchiveWriteIsAnnouncedAsNotArchived) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  store_->fail_next_writes(1);
  a.send({{"type", "resign"}, {"game_id", game}});
  json over = b.next("game_over");
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["archived"], false);
  EXPECT_EQ(over["winner"], "bob");
  EXPECT_EQ(http("/healthz").status, 503);
  EXPECT_NE(http("/metrics").body.find("boardhall_archive_failures_total 1"), std::string::npos);
}

TEST_F(AppTest, ArchiveFiltersAndPagingThroughProtocolAndHttp) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carl");
  std::vector<std::string> ids;
  auto finish = [&](Client& first, Client& second, const std::string& game, bool draw) {
    const std::string id = start_game(first, second, {{"game", game}});
    if (draw) {
      first.send({{"type", "offer_draw"}, {"game_id", id}});
      second.send({{"type", "accept_draw"}, {"game_id", id}, {"id", 77}});
    } else {
      first.send({{"type", "resign"}, {"game_id", id}});
    }
    EXPECT_FALSE(first.next("game_over").is_null());
    second.next("game_over");
    ids.push_back(id);
    std::this_thread::sleep_for(3ms);  // distinct end times
  };
  finish(a, b, "tablut", false);     // bob wins
  finish(a, c, "draughts", true);    // draw
  finish(b, c, "tablut", false);     // carl wins
  finish(c, a, "alquerque", false);  // alice wins
  finish(a, b, "draughts", false);   // bob wins

  a.send({{"type", "list_games"}, {"limit", 2}, {"id", 1}});
  json page1 = a.reply(1);
  ASSERT_EQ(page1["type"], "games");
  ASSERT_EQ(page1["games"].size(), 2u);
  EXPECT_EQ(page1["games"][0]["game_id"], ids[4]);  // newest first
  EXPECT_EQ(page1["games"][1]["game_id"], ids[3]);
  ASSERT_TRUE(page1["next_cursor"].is_string());
  a.send({{"type", "list_games"}, {"limit", 2}, {"cursor", page1["next_cursor"]}, {"id", 2}});
  json page2 = a.reply(2);
  ASSERT_EQ(page2["games"].size(), 2u);
  EXPECT_EQ(page2["games"][0]["game_id"], ids[2]);
  a.send({{"type", "list_games"}, {"limit", 2}, {"cursor", page2["next_cursor"]}, {"id", 3}});
  json page3 = a.reply(3);
  ASSERT_EQ(page3["games"].size(), 1u);
  EXPECT_TRUE(page3["next_cursor"].is_null());

  a.send({{"type", "list_games"}, {"player", "carl"}, {"id", 4}});
  EXPECT_EQ(a.reply(4)["games"].size(), 3u);
  a.send({{"type", "list_games"}, {"game", "tablut"}, {"id", 5}});
  EXPECT_EQ(a.reply(5)["games"].size(), 2u);
  a.send({{"type", "list_games"}, {"result", "draw"}, {"id", 6}});
  json draws = a.reply(6);
  ASSERT_EQ(draws["games"].size(), 1u);
  EXPECT_EQ(draws["games"][0]["game_id"], ids[1]);

  // The same through HTTP, with the time filters.
  auto all = json::parse(http("/api/games", {{"limit", "100"}}).body);
  ASSERT_EQ(all["games"].size(), 5u);
  const std::int64_t t2 = all["games"][2]["ended_ms"];
  auto from = json::parse(http("/api/games", {{"from", std::to_string(t2)}}).body);
  EXPECT_EQ(from["games"].size(), 3u);
  auto to = json::parse(http("/api/games", {{"to", std::to_string(t2)}}).body);
  EXPECT_EQ(to["games"].size(), 2u);
  auto bob_tablut = json::parse(http("/api/games", {{"player", "bob"}, {"game", "tablut"}}).body);
  EXPECT_EQ(bob_tablut["games"].size(), 2u);
  auto p1 = json::parse(http("/api/games", {{"limit", "3"}}).body);
  auto p2 = json::parse(http("/api/games", {{"limit", "3"}, {"cursor", p1["next_cursor"]}}).body);
  EXPECT_EQ(p2["games"].size(), 2u);
  EXPECT_EQ(http("/api/games", {{"limit", "0"}}).status, 400);
  EXPECT_EQ(http("/api/games", {{"limit", "x"}}).status, 400);
  EXPECT_EQ(http("/api/games", {{"colour", "red"}}).status, 400);

  // The winner filter (issue 12.8), alone and with a player.
  auto bob_won = json::parse(http("/api/games", {{"winner", "bob"}}).body);
  ASSERT_EQ(bob_won["games"].size(), 2u);
  EXPECT_EQ(bob_won["games"][0]["game_id"], ids[4]);
  EXPECT_EQ(bob_won["games"][1]["game_id"], ids[0]);
  EXPECT_EQ(json::parse(http("/api/games", {{"winner", "carl"}, {"player", "bob"}}).body)["games"].size(), 1u);
  EXPECT_EQ(json::parse(http("/api/games", {{"winner", "bob"}, {"player", "carl"}}).body)["games"].size(), 0u);
  EXPECT_EQ(json::parse(http("/api/games", {{"winner", "bob"}, {"game", "tablut"}}).body)["games"].size(), 1u);
  a.send({{"type", "list_games"}, {"winner", "alice"}, {"id", 7}});
  json alice_won = a.reply(7);
  ASSERT_EQ(alice_won["games"].size(), 1u);
  EXPECT_EQ(alice_won["games"][0]["game_id"], ids[3]);
}

// Issue 12.8: a list entry says what was played: the options and the clock.
TEST_F(AppTest, ArchiveEntriesCarryTheirOptionsAndClock) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string id = start_game(
      a, b, {{"game", "seatafl"}, {"options", {{"size", 11}}}, {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  a.send({{"type", "resign"}, {"game_id", id}});
  ASSERT_FALSE(a.next("game_over").is_null());
  const std::string id2 = start_game(a, b, {{"game", "alquerque"}});
  b.send({{"type", "resign"}, {"game_id", id2}});
  ASSERT_FALSE(a.next_if("game_over", [&](const json& m) { return m["game_id"] == id2; }).is_null());
  auto page = json::parse(http("/api/games").body);
  ASSERT_EQ(page["games"].size(), 2u);
  const json& plain = page["games"][0];
  const json& rich = page["games"][1];
  EXPECT_EQ(rich["game_id"], id);
  EXPECT_EQ(rich["options"], (json{{"size", "11"}}));
  EXPECT_EQ(rich["clock"], (json{{"initial_ms", 180000}, {"increment_ms", 2000}}));
  EXPECT_EQ(plain["options"], json::object());
  EXPECT_TRUE(plain["clock"].is_null());
  a.send({{"type", "list_games"}, {"id", 3}});
  EXPECT_EQ(a.reply(3)["games"][1]["options"], (json{{"size", "11"}}));
}

TEST_F(AppTest, HttpEndpoints) {
  EXPECT_EQ(http("/healthz").status, 200);
  EXPECT_EQ(json::parse(http("/healthz").body)["status"], "ok");
  auto missing = http("/api/games/g-nope");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(json::parse(missing.body)["code"], "not_found");
  EXPECT_EQ(http("/nope").status, 404);
  EXPECT_EQ(http("/api/games", {}, "POST").status, 405);
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8"});
  a.error_of({{"type", "dance"}}, 1);
  const std::string metrics = http("/metrics").body;
  EXPECT_NE(metrics.find("boardhall_connections 2"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("boardhall_live_games 1"), std::string::npos);
  EXPECT_NE(metrics.find("boardhall_moves_total 1"), std::string::npos);
  EXPECT_NE(metrics.find("boardhall_errors_total{code=\"unknown_type\"} 1"), std::string::npos);
  EXPECT_NE(metrics.find("boardhall_games_finished_total 0"), std::string::npos);
  auto lobby = json::parse(http("/api/lobby").body);
  EXPECT_EQ(lobby["games"].size(), 1u);
}

TEST_F(AppTest, ArchiveSurvivesARestart) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, kTablutWin);
  ASSERT_FALSE(a.next("game_over").is_null());
  clients_.clear();
  close_app();
  open_app();
  auto record = http("/api/games/" + game);
  ASSERT_EQ(record.status, 200);
  EXPECT_EQ(json::parse(record.body)["moves"].size(), kTablutWin.size());
  Client& c = guest("alice");  // the old identity is gone with the old process
  c.send({{"type", "list_games"}, {"player", "alice"}, {"id", 2}});
  EXPECT_EQ(c.reply(2)["games"].size(), 1u);
}

}  // namespace
}  // namespace bh::app::test
