// Abort (issue 15): a player may end a game without result before both sides have
// moved; the server does so when a side does not make its first move in time. Aborted
// games are archived with result "aborted" and left out of listings unless asked for.
#include "harness.hpp"

namespace bh::app::test {
namespace {

const json kTimed = {{"game", "tablut"}, {"clock", {{"initial_s", 600}, {"increment_s", 5}}}};

json abort_request(const std::string& game_id, int id) { return {{"type", "abort"}, {"game_id", game_id}, {"id", id}}; }

void expect_aborted(const json& over, const std::string& reason) {
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["result"], "aborted") << over.dump();
  EXPECT_EQ(over["reason"], reason);
  EXPECT_TRUE(over["winner"].is_null());
  EXPECT_EQ(over["points"]["first"], 0);
  EXPECT_EQ(over["points"]["second"], 0);
}

TEST_F(AppTest, AbortBeforeAnyMoveEndsTheGameWithoutResult) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  a.send(abort_request(game, 5));
  expect_aborted(b.next("game_over"), "aborted");
  expect_aborted(a.next("game_over"), "aborted");
  EXPECT_FALSE(a.next("match_over").is_null());
  // Archived as aborted; out of the default listing, there when asked for.
  auto record = http("/api/games/" + game);
  ASSERT_EQ(record.status, 200);
  EXPECT_EQ(json::parse(record.body)["result"], "aborted");
  auto listed = json::parse(http("/api/games").body);
  EXPECT_TRUE(listed["games"].empty()) << listed.dump();
  auto aborted = json::parse(http("/api/games", {{"result", "aborted"}}).body);
  ASSERT_EQ(aborted["games"].size(), 1u) << aborted.dump();
  EXPECT_EQ(aborted["games"][0]["game_id"], game);
  EXPECT_EQ(http("/api/games", {{"result", "lost"}}).status, 400);
  // The same over WebSocket.
  a.send({{"type", "list_games"}, {"id", 6}});
  EXPECT_TRUE(a.reply(6)["games"].empty());
  a.send({{"type", "list_games"}, {"result", "aborted"}, {"id", 7}});
  EXPECT_EQ(a.reply(7)["games"].size(), 1u);
}

TEST_F(AppTest, AbortAfterOneMoveStillAllowedAfterTwoTooLate) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& watcher = guest("carol");
  const std::string game = start_game(a, b, kTimed);
  watcher.send({{"type", "watch"}, {"game_id", game}, {"id", 3}});
  ASSERT_EQ(watcher.reply(3)["type"], "game_state");
  EXPECT_EQ(watcher.error_of(abort_request(game, 4), 4), "not_a_player");
  EXPECT_EQ(a.error_of(abort_request("g-nope", 5), 5), "unknown_game");
  play(a, b, game, {"f9-f8", "d5-d4"});
  EXPECT_EQ(a.error_of(abort_request(game, 6), 6), "too_late_to_abort");
  EXPECT_EQ(b.error_of(abort_request(game, 7), 7), "too_late_to_abort");
}

TEST_F(AppTest, AbortAfterTheFirstSideMovedByTheSecond) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  play(a, b, game, {"f9-f8"});
  b.send(abort_request(game, 5));
  expect_aborted(a.next("game_over"), "aborted");
  const std::string code = b.error_of(abort_request(game, 6), 6);
  EXPECT_TRUE(code == "game_over" || code == "unknown_game") << code;
}

TEST_F(AppTest, AnAbortEndsTheMatch) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  json spec = kTimed;
  spec["games"] = 3;
  const std::string game = start_game(a, b, spec);
  play(a, b, game, {"f9-f8", "d5-d4"});
  a.send({{"type", "resign"}, {"game_id", game}});
  const json first_over = a.next("game_over");
  ASSERT_FALSE(first_over.is_null());
  json next = a.next("game_started");
  ASSERT_FALSE(next.is_null());
  const std::string game2 = next["state"]["game_id"];
  b.send(abort_request(game2, 5));
  expect_aborted(a.next_if("game_over", [&](const json& m) { return m["game_id"] == game2; }), "aborted");
  json match = a.next("match_over");
  ASSERT_FALSE(match.is_null());
  EXPECT_EQ(match["games"], 3);
  EXPECT_TRUE(a.next("game_started", 300ms).is_null());
}

TEST_F(AppTest, TheClocksWaitForEachSidesFirstMove) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  a.send({{"type", "watch"}, {"game_id", game}, {"id", 3}});
  json clocks = a.reply(3)["state"]["clocks"];
  EXPECT_TRUE(clocks["running"].is_null()) << clocks.dump();
  EXPECT_EQ(clocks["first_ms"], 600000);
  EXPECT_GT(clocks["first_move_deadline_ms"].get<std::int64_t>(), 0);
  auto events = play(a, b, game, {"f9-f8", "d5-d4"});
  // No time spent before a first move; each got its increment.
  EXPECT_EQ(events[0]["clocks"]["first_ms"], 605000);
  EXPECT_FALSE(events[0]["clocks"]["first_move_deadline_ms"].is_null());
  EXPECT_EQ(events[1]["clocks"]["second_ms"], 605000);
  EXPECT_TRUE(events[1]["clocks"]["first_move_deadline_ms"].is_null());
  EXPECT_EQ(events[1]["clocks"]["running"], "first");
}

class FirstMoveTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.first_move_ms = 400;
    return c;
  }
};

TEST_F(FirstMoveTest, NoFirstMoveInTimeAbortsTheGame) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  expect_aborted(b.next("game_over", 3s), "no_first_move");
  EXPECT_EQ(json::parse(http("/api/games/" + game).body)["reason"], "no_first_move");
}

TEST_F(FirstMoveTest, TheSecondSideMustMakeItsFirstMoveInTimeToo) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});  // untimed games too
  play(a, b, game, {"f9-f8"});
  expect_aborted(a.next("game_over", 3s), "no_first_move");
}

TEST_F(FirstMoveTest, BothFirstMovesMadeNoAbort) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  play(a, b, game, {"f9-f8", "d5-d4"});
  EXPECT_TRUE(a.next("game_over", 900ms).is_null());
}

TEST_F(FirstMoveTest, ARestoredGameWaitingForAFirstMoveGetsItsTimeAgain) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  play(a, b, game, {"f9-f8"});
  clients_.clear();
  close_app();
  open_app();
  Client& a2 = client();
  a2.send({{"type", "resume"}, {"token", tokens_.at("alice")}, {"id", 1}});
  ASSERT_EQ(a2.reply(1)["type"], "identity");
  Client& b2 = client();
  b2.send({{"type", "resume"}, {"token", tokens_.at("bob")}, {"id", 1}});
  ASSERT_EQ(b2.reply(1)["type"], "identity");
  json state = b2.next("game_state");
  EXPECT_EQ(state["state"]["ply"], 1);
  EXPECT_FALSE(state["state"]["clocks"]["first_move_deadline_ms"].is_null()) << state.dump();
  expect_aborted(a2.next_if(
                     "game_over", [&](const json& m) { return m["game_id"] == game; }, 3s),
                 "no_first_move");
}

}  // namespace
}  // namespace bh::app::test
