// Takeback (issue 15): one request at a time, answered by the opponent, lapsed by a
// move; an accepted takeback puts the position, ply, clocks and a pending Alquerque huff
// back exactly, and is durable before anyone hears of it.
#include "harness.hpp"

namespace bh::app::test {
namespace {

const json kTimed = {{"game", "tablut"}, {"clock", {{"initial_s", 600}, {"increment_s", 5}}}};
const std::vector<std::string> kTablut = {"f9-f8", "d5-d4", "i6-g6", "d4-d7"};

json takeback(const std::string& type, const std::string& game_id, int id) {
  return {{"type", type}, {"game_id", game_id}, {"id", id}};
}

// The clocks `b` shows are those of `a` within the time the test took.
void expect_clocks_near(const json& a, const json& b) {
  EXPECT_NEAR(a["first_ms"].get<double>(), b["first_ms"].get<double>(), 500) << a.dump() << " vs " << b.dump();
  EXPECT_NEAR(a["second_ms"].get<double>(), b["second_ms"].get<double>(), 500) << a.dump() << " vs " << b.dump();
}

TEST_F(AppTest, TakebackOfOnePlyPutsPositionPlyAndClocksBack) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  auto events = play(a, b, game, {kTablut[0], kTablut[1], kTablut[2]});
  ASSERT_EQ(events.size(), 3u);

  a.send(takeback("takeback", game, 7));
  json offered = a.reply(7);
  EXPECT_EQ(offered["type"], "takeback_offered") << offered.dump();
  EXPECT_EQ(offered["side"], "first");
  EXPECT_EQ(offered["player"], "alice");
  EXPECT_EQ(offered["plies"], 1);
  json heard = b.next("takeback_offered");
  EXPECT_EQ(heard["plies"], 1);
  EXPECT_FALSE(heard.contains("id"));

  b.send(takeback("accept_takeback", game, 8));
  json accepted = b.reply(8);
  EXPECT_EQ(accepted["type"], "takeback_accepted") << accepted.dump();
  EXPECT_EQ(accepted["plies"], 1);
  EXPECT_EQ(accepted["ply"], 2);
  EXPECT_EQ(accepted["player"], "bob");
  EXPECT_EQ(a.next("takeback_accepted")["ply"], 2);
  json state = a.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["ply"], 2);
  EXPECT_EQ(state["state"]["position"], events[1]["position"]);
  EXPECT_EQ(state["state"]["moves"], json({kTablut[0], kTablut[1]}));
  EXPECT_EQ(state["state"]["to_move"], "first");
  EXPECT_TRUE(state["state"]["takeback_offer"].is_null());
  EXPECT_FALSE(state["state"]["legal"].is_null());
  EXPECT_EQ(state["state"]["clocks"]["running"], "first");
  expect_clocks_near(state["state"]["clocks"], events[1]["clocks"]);
  EXPECT_EQ(b.next("game_state")["state"]["ply"], 2);

  // The game goes on from there, with another move.
  play(a, b, game, {"i4-g4"}, 2);
}

TEST_F(AppTest, TakebackOfTwoPliesWhenTheOpponentHasAnswered) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  auto events = play(a, b, game, kTablut);
  ASSERT_EQ(events.size(), 4u);
  // alice's last move is ply 3, bob answered with ply 4.
  a.send(takeback("takeback", game, 7));
  EXPECT_EQ(a.reply(7)["plies"], 2);
  b.send(takeback("accept_takeback", game, 8));
  EXPECT_EQ(b.reply(8)["ply"], 2);
  json state = a.next("game_state");
  EXPECT_EQ(state["state"]["ply"], 2);
  EXPECT_EQ(state["state"]["position"], events[1]["position"]);
  expect_clocks_near(state["state"]["clocks"], events[1]["clocks"]);
  // Back to the start: alice takes back her first move and bob's answer.
  a.send(takeback("takeback", game, 9));
  EXPECT_EQ(a.reply(9)["plies"], 2);
  b.send(takeback("accept_takeback", game, 10));
  EXPECT_EQ(b.reply(10)["ply"], 0);
  json start = b.next_if("game_state", [](const json& m) { return m["state"]["ply"] == 0; });
  ASSERT_FALSE(start.is_null());
  EXPECT_EQ(start["state"]["position"], start["state"]["start_position"]);
  // Back before the first moves: the clocks stand at the initial time, waiting.
  EXPECT_EQ(start["state"]["clocks"]["first_ms"], 600000);
  EXPECT_EQ(start["state"]["clocks"]["second_ms"], 600000);
  EXPECT_TRUE(start["state"]["clocks"]["running"].is_null());
  EXPECT_FALSE(start["state"]["clocks"]["first_move_deadline_ms"].is_null());
}

// The room checks a move against the moves it listed for that position (Room::play_checked).
// A hostile or illegal text is still the rules' to refuse, and after a takeback the list
// of the later position checks nothing: a move legal there but not here is refused.
TEST_F(AppTest, MovesCheckedAgainstTheListedMovesAreStillOnlyTheRulesMoves) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  auto events = play(a, b, game, kTablut);  // alice (attackers) to move at ply 4, her list sent
  ASSERT_EQ(events.size(), 4u);
  ASSERT_NE(std::find(events[3]["legal"].begin(), events[3]["legal"].end(), "g6-g7"), events[3]["legal"].end());
  auto move = [&](const std::string& text, int ply) {
    return json{{"type", "move"}, {"game_id", game}, {"ply", ply}, {"move", text}};
  };
  // Garbage, the opponent's piece, no move, off the line, bytes that are not UTF-8, a
  // huff or a jump in tafl, and the longest text a frame may carry.
  int id = 20;
  for (const std::string& text :
       {std::string("zz"), std::string("d7-d8"), std::string("g6-g6"), std::string("g6-a1"), std::string("\xff\xfe-g7"),
        std::string("huff g6 g6-g7"), std::string("g6:g8"), std::string(250, 'g')}) {
    // Written by hand, so the bytes that are not UTF-8 reach the server as they are.
    a.send_text(R"({"type":"move","game_id":")" + game + R"(","ply":4,"move":")" + text + R"(","id":)" +
                std::to_string(++id) + "}");
    // Bytes that are not UTF-8 make the frame unreadable JSON: refused without its id.
    const bool bytes = text[0] == '\xff';
    const json refused = bytes ? a.next("error") : a.reply(id);
    ASSERT_FALSE(refused.is_null()) << text;
    EXPECT_TRUE(refused["code"] == "illegal_move" || (bytes && refused["code"] == "bad_request"))
        << text << ": " << refused.dump();
  }
  // Back two plies: g6 is empty again, so the listed g6-g7 is not a move there.
  a.send(takeback("takeback", game, 40));
  EXPECT_EQ(a.reply(40)["plies"], 2);
  b.send(takeback("accept_takeback", game, 41));
  EXPECT_EQ(b.reply(41)["ply"], 2);
  EXPECT_EQ(a.error_of(move("g6-g7", 2), 42), "illegal_move");
  play(a, b, game, {kTablut[2], kTablut[3], "g6-g7"}, 2);  // and the game goes on
}

TEST_F(AppTest, TakebackPutsAPendingAlquerqueHuffBack) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "alquerque"}});
  // White moved without capturing although it could (ply 5): Black must huff first.
  auto events = play(a, b, game, {"d2-c3", "b4:d2", "b2-c3", "b3-b2", "e2-d2", "huff b1 a5-b4"});
  ASSERT_EQ(events.size(), 6u);
  const std::string pending = events[4]["position"];
  ASSERT_NE(pending.substr(pending.rfind(' ') + 1), "-") << pending;
  b.send(takeback("takeback", game, 7));
  EXPECT_EQ(b.reply(7)["plies"], 1);
  a.send(takeback("accept_takeback", game, 8));
  EXPECT_EQ(a.reply(8)["ply"], 5);
  json state = b.next("game_state");
  EXPECT_EQ(state["state"]["position"], pending);
  // The choice is pending again: a move without the huff is refused, with it played.
  EXPECT_EQ(b.error_of({{"type", "move"}, {"game_id", game}, {"ply", 5}, {"move", "a5-b4"}}, 9), "illegal_move");
  play(a, b, game, {"huff b1 a5-b4"}, 5);
}

TEST_F(AppTest, TakebackRequestsFromOthersOrForOtherGamesAreRefused) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& watcher = guest("carol");
  Client& stranger = guest("dave");
  const std::string game = start_game(a, b, kTimed);
  watcher.send({{"type", "watch"}, {"game_id", game}, {"id", 3}});
  ASSERT_EQ(watcher.reply(3)["type"], "game_state");
  // Nothing to take back before one's own first move.
  EXPECT_EQ(a.error_of(takeback("takeback", game, 4), 4), "nothing_to_take_back");
  play(a, b, game, {kTablut[0]});
  EXPECT_EQ(b.error_of(takeback("takeback", game, 5), 5), "nothing_to_take_back");
  EXPECT_EQ(watcher.error_of(takeback("takeback", game, 6), 6), "not_a_player");
  EXPECT_EQ(stranger.error_of(takeback("takeback", game, 7), 7), "not_a_player");
  EXPECT_EQ(watcher.error_of(takeback("accept_takeback", game, 8), 8), "not_a_player");
  EXPECT_EQ(a.error_of(takeback("takeback", "g-nope", 9), 9), "unknown_game");
  EXPECT_EQ(a.error_of({{"type", "takeback"}}, 10), "bad_request");
  // Accept or decline with no request.
  EXPECT_EQ(b.error_of(takeback("accept_takeback", game, 11), 11), "no_takeback_request");
  EXPECT_EQ(b.error_of(takeback("decline_takeback", game, 12), 12), "no_takeback_request");
  // One request at a time, either side's; the asker cannot answer its own.
  a.send(takeback("takeback", game, 13));
  EXPECT_EQ(a.reply(13)["type"], "takeback_offered");
  EXPECT_EQ(watcher.next("takeback_offered")["player"], "alice");
  EXPECT_EQ(a.error_of(takeback("takeback", game, 14), 14), "takeback_pending");
  EXPECT_EQ(a.error_of(takeback("accept_takeback", game, 15), 15), "no_takeback_request");
  // The view shows the request.
  watcher.send({{"type", "watch"}, {"game_id", game}, {"id", 16}});
  EXPECT_EQ(watcher.reply(16)["state"]["takeback_offer"], json({{"side", "first"}, {"plies", 1}}));
  // A finished game.
  a.send({{"type", "resign"}, {"game_id", game}});
  ASSERT_FALSE(b.next("game_over").is_null());
  const std::string code = b.error_of(takeback("accept_takeback", game, 17), 17);
  EXPECT_TRUE(code == "game_over" || code == "unknown_game") << code;
}

TEST_F(AppTest, DeclinedTakebackChangesNothing) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  auto events = play(a, b, game, {kTablut[0]});
  a.send(takeback("takeback", game, 7));
  ASSERT_EQ(a.reply(7)["type"], "takeback_offered");
  b.send(takeback("decline_takeback", game, 8));
  json declined = b.reply(8);
  EXPECT_EQ(declined["type"], "takeback_declined");
  EXPECT_EQ(declined["side"], "second");
  EXPECT_EQ(declined["player"], "bob");
  EXPECT_EQ(a.next("takeback_declined")["player"], "bob");
  EXPECT_EQ(b.error_of(takeback("accept_takeback", game, 9), 9), "no_takeback_request");
  play(a, b, game, {kTablut[1]}, 1);
}

TEST_F(AppTest, AMoveLapsesATakebackRequest) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  play(a, b, game, {kTablut[0]});
  a.send(takeback("takeback", game, 7));
  ASSERT_EQ(a.reply(7)["type"], "takeback_offered");
  play(a, b, game, {kTablut[1]}, 1);  // bob answers with a move instead
  EXPECT_EQ(b.error_of(takeback("accept_takeback", game, 8), 8), "no_takeback_request");
  a.send({{"type", "watch"}, {"game_id", game}, {"id", 9}});
  EXPECT_TRUE(a.reply(9)["state"]["takeback_offer"].is_null());
  // A new request is possible again (now 2 plies).
  a.send(takeback("takeback", game, 10));
  EXPECT_EQ(a.reply(10)["plies"], 2);
}

TEST_F(AppTest, AFloodOfTakebackRequestsGetsOneRequestAndErrors) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  play(a, b, game, {kTablut[0], kTablut[1]});
  for (int i = 0; i < 20; ++i) a.send(takeback("takeback", game, 200 + i));
  for (int i = 0; i < 20; ++i) b.send(takeback("decline_takeback", game, 300 + i));
  int offered = 0, pending = 0, declined = 0, none = 0;
  for (int i = 0; i < 20; ++i) {
    const json r = a.reply(200 + i);
    if (r["type"] == "takeback_offered") ++offered;
    if (r["type"] == "error" && r["code"] == "takeback_pending") ++pending;
    const json d = b.reply(300 + i);
    if (d["type"] == "takeback_declined") ++declined;
    if (d["type"] == "error" && d["code"] == "no_takeback_request") ++none;
  }
  // Requests and declines interleave; every request is either one or refused.
  EXPECT_EQ(offered + pending, 20);
  EXPECT_EQ(declined + none, 20);
  EXPECT_EQ(declined, offered - (offered > declined ? 1 : 0));
  // The game is untouched.
  a.send({{"type", "watch"}, {"game_id", game}, {"id", 9}});
  EXPECT_EQ(a.reply(9)["state"]["ply"], 2);
}

class TakebackDurabilityTest : public AppTest {
 protected:
  Client& resume(const std::string& name) {
    Client& c = client();
    c.send({{"type", "resume"}, {"token", tokens_.at(name)}, {"id", 1}});
    EXPECT_EQ(c.reply(1)["type"], "identity");
    return c;
  }
};

TEST_F(TakebackDurabilityTest, ATakenBackGameComesBackAfterARestartAsTakenBack) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, kTimed);
  auto events = play(a, b, game, kTablut);
  a.send(takeback("takeback", game, 7));
  ASSERT_EQ(a.reply(7)["plies"], 2);
  b.send(takeback("accept_takeback", game, 8));
  ASSERT_EQ(b.reply(8)["ply"], 2);
  // Played again from there, then taken back once more: the stored plies follow.
  play(a, b, game, {"i4-g4"}, 2);
  b.send(takeback("takeback", game, 9));
  ASSERT_EQ(b.reply(9)["plies"], 2);
  a.send(takeback("accept_takeback", game, 10));
  ASSERT_EQ(a.reply(10)["ply"], 1);

  clients_.clear();
  close_app();
  open_app();
  Client& a2 = resume("alice");
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["ply"], 1);
  EXPECT_EQ(state["state"]["moves"], json({kTablut[0]}));
  EXPECT_EQ(state["state"]["position"], events[0]["position"]);
  Client& b2 = resume("bob");
  EXPECT_EQ(b2.next("game_state")["state"]["ply"], 1);
  play(a2, b2, game, {kTablut[1]}, 1);
}

}  // namespace
}  // namespace bh::app::test
