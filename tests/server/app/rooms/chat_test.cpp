// Chat in a game through the application: the players' and the spectators' channels
// kept apart, the text and rate checked, strangers and finished games refused, mute.
#include "harness.hpp"

namespace bh::app::test {
namespace {

class ChatTest : public AppTest {
 protected:
  // Sends a line with `id` and returns the reply (the sender's own `chat`, or an error).
  static json say(Client& c, const std::string& game_id, const std::string& text, int id) {
    c.send({{"type", "chat"}, {"game_id", game_id}, {"text", text}, {"id", id}});
    json mine = c.next_if(
        "chat", [id](const json& m) { return m.contains("id") && m["id"] == id; }, 300ms);
    return mine.is_null() ? c.reply(id) : mine;
  }
  static std::string code_of(Client& c, const std::string& game_id, const std::string& text, int id) {
    json r = say(c, game_id, text, id);
    return r["type"] == "error" ? r["code"].get<std::string>() : "<" + r.value("type", "none") + ">";
  }
  // The next `chat` event (no id) saying `text`, or null within `timeout`.
  static json hears(Client& c, const std::string& text, std::chrono::milliseconds timeout = 2s) {
    return c.next_if(
        "chat", [&](const json& m) { return !m.contains("id") && m["text"] == text; }, timeout);
  }
  static json watch(Client& c, const std::string& game_id, int id) {
    c.send({{"type", "watch"}, {"game_id", game_id}, {"id", id}});
    return c.reply(id);
  }
};

TEST_F(ChatTest, PlayersLineReachesBothPlayersAndNoSpectator) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  Client& sam = guest("sam");
  Client& anon = client();
  ASSERT_EQ(watch(sam, game, 2)["type"], "game_state");
  ASSERT_EQ(watch(anon, game, 2)["type"], "game_state");

  json mine = say(alice, game, "  good luck  ", 3);
  ASSERT_EQ(mine["type"], "chat") << mine.dump();
  EXPECT_EQ(mine["channel"], "players");
  EXPECT_EQ(mine["from"], "alice");
  EXPECT_EQ(mine["text"], "good luck");  // trimmed
  EXPECT_EQ(mine["game_id"], game);
  EXPECT_GT(mine["at_ms"].get<std::int64_t>(), 0);
  json theirs = hears(bob, "good luck");
  ASSERT_FALSE(theirs.is_null());
  EXPECT_EQ(theirs["channel"], "players");
  EXPECT_EQ(theirs["from"], "alice");
  EXPECT_TRUE(sam.next("chat", 300ms).is_null());
  EXPECT_TRUE(anon.next("chat", 100ms).is_null());
  EXPECT_TRUE(alice.next("chat", 100ms).is_null());  // only the reply, no second copy
}

TEST_F(ChatTest, SpectatorsLineReachesSpectatorsAndNoPlayer) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  Client& sam = guest("sam");
  Client& tom = guest("tom");
  Client& anon = client();
  for (Client* c : {&sam, &tom, &anon}) ASSERT_EQ(watch(*c, game, 2)["type"], "game_state");
  ASSERT_EQ(watch(alice, game, 2)["type"], "game_state");  // a player watching too hears nothing

  json mine = say(sam, game, "what a move", 3);
  ASSERT_EQ(mine["type"], "chat") << mine.dump();
  EXPECT_EQ(mine["channel"], "spectators");
  EXPECT_EQ(mine["from"], "sam");
  for (Client* c : {&tom, &anon}) {
    json e = hears(*c, "what a move");
    ASSERT_FALSE(e.is_null());
    EXPECT_EQ(e["channel"], "spectators");
  }
  EXPECT_TRUE(alice.next("chat", 300ms).is_null());
  EXPECT_TRUE(bob.next("chat", 100ms).is_null());
  EXPECT_TRUE(sam.next("chat", 100ms).is_null());
}

TEST_F(ChatTest, AnonymousWatcherMayReadButNotWrite) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  Client& anon = client();
  ASSERT_EQ(watch(anon, game, 2)["type"], "game_state");
  EXPECT_EQ(code_of(anon, game, "hello", 3), "not_authenticated");
}

TEST_F(ChatTest, BadTextIsRefusedWithBadChat) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  int id = 10;
  for (const std::string& bad : {std::string(141, 'x'), std::string(""), std::string("    "),
                                 std::string("ring\x07"
                                             "bell"),
                                 std::string("\x1B[2Jclear"), std::string("two\nlines"),
                                 std::string("a\xC2\x9B"
                                             "b"),
                                 std::string("\xE2\x80\xAEgnp.exe"), std::string("x\xE2\x81\xA6y")}) {
    json r = say(alice, game, bad, ++id);
    EXPECT_EQ(r["type"], "error") << r.dump();
    EXPECT_EQ(r["code"], "bad_chat") << json(bad).dump();
    EXPECT_FALSE(r.value("message", "").empty());
  }
  // 140 Cyrillic letters (280 bytes, more than other strings may have) pass.
  std::string long_line;
  for (int i = 0; i < 140; ++i) long_line += "\xD0\xB6";
  EXPECT_EQ(say(alice, game, long_line, ++id)["type"], "chat");
  EXPECT_TRUE(bob.next("chat", 1s).is_object());
  EXPECT_TRUE(hears(bob, "x", 200ms).is_null());  // nothing refused was delivered
  // Past 2048 bytes the frame is refused before the room, as any too long string.
  EXPECT_EQ(alice.error_of({{"type", "chat"}, {"game_id", game}, {"text", std::string(2049, 'x')}}, ++id),
            "bad_request");
}

TEST_F(ChatTest, BytesThatAreNotUtf8AreRefused) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  // JSON carries no invalid UTF-8: the frame is refused before the room (bad_request);
  // a lone surrogate escape likewise. The validator refuses such bytes too
  // (chat_text_test, chat_fuzz).
  alice.send_text(R"({"type":"chat","id":5,"game_id":")" + game + "\",\"text\":\"a\xFF\"}");
  EXPECT_EQ(alice.next("error")["code"], "bad_request");  // not JSON: no id to echo
  alice.send_text(R"({"type":"chat","id":6,"game_id":")" + game + R"(","text":"a\udc00"})");
  EXPECT_EQ(alice.next("error")["code"], "bad_request");
  EXPECT_TRUE(bob.next("chat", 300ms).is_null());
}

TEST_F(ChatTest, RateLimitDropsTheFourthQuickLine) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  for (int i = 0; i < 3; ++i) ASSERT_EQ(say(alice, game, "line " + std::to_string(i), 10 + i)["type"], "chat");
  json r = say(alice, game, "line 3", 13);
  EXPECT_EQ(r["code"], "rate_limited") << r.dump();
  EXPECT_GT(r.value("retry_after_ms", 0), 0);
  EXPECT_LE(r.value("retry_after_ms", 0), 2000);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(hears(bob, "line " + std::to_string(i)).is_null());
  EXPECT_TRUE(hears(bob, "line 3", 200ms).is_null());
  // Per identity: bob still has his own burst.
  EXPECT_EQ(say(bob, game, "my turn to talk", 20)["type"], "chat");
}

TEST_F(ChatTest, StrangersUnknownAndFinishedGamesAreRefused) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  Client& stranger = guest("stranger");  // neither plays nor watches
  EXPECT_EQ(code_of(stranger, game, "hi", 2), "not_a_player");
  EXPECT_EQ(stranger.error_of({{"type", "mute"}, {"game_id", game}}, 3), "not_a_player");
  Client& sam = guest("sam");  // a spectator may chat but not mute
  ASSERT_EQ(watch(sam, game, 2)["type"], "game_state");
  EXPECT_EQ(sam.error_of({{"type", "mute"}, {"game_id", game}}, 4), "not_a_player");
  EXPECT_EQ(code_of(alice, "g-nope", "hi", 5), "unknown_game");
  EXPECT_EQ(alice.error_of({{"type", "unmute"}, {"game_id", "g-nope"}}, 6), "unknown_game");
  Client& nobody = client();
  EXPECT_EQ(code_of(nobody, game, "hi", 7), "not_authenticated");
  alice.send({{"type", "resign"}, {"game_id", game}});
  ASSERT_FALSE(bob.next("match_over").is_null());
  // The finished room stays for a rematch: its players still chat, its spectators are gone.
  EXPECT_EQ(code_of(alice, game, "gg", 8), "<chat>");
  EXPECT_EQ(code_of(sam, game, "gg", 9), "not_a_player");
  alice.send({{"type", "leave_room"}, {"room_id", last_room_}});
  ASSERT_FALSE(bob.next("rematch_cancelled").is_null());
  EXPECT_EQ(code_of(alice, game, "gg", 10), "unknown_game");  // the room has closed
}

TEST_F(ChatTest, EarlierGameOfAMatchIsOverNextGameChats) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string g1 = start_game(alice, bob, {{"game", "tablut"}, {"games", 2}});
  alice.send({{"type", "resign"}, {"game_id", g1}});
  json s2 = alice.next("game_started");
  ASSERT_FALSE(s2.is_null());
  const std::string g2 = s2["state"]["game_id"];
  EXPECT_EQ(code_of(alice, g1, "hi", 2), "game_over");
  EXPECT_EQ(say(alice, g2, "again", 3)["type"], "chat");
  EXPECT_FALSE(hears(bob, "again").is_null());
}

// The directory routes every game of a live match to its room (an earlier game answers
// game_over), and only while the match lasts: a finished room kept for a rematch
// routes its last game only, and a closed room none. Those routes were the only
// state that grew with finished games under bh_loadgen (issue 27, docs/performance.md,
// "Soak"); a route left behind would grow the server with every game.
TEST_F(ChatTest, AFinishedMatchLeavesARouteToItsLastGameOnlyAndNoneOnceItsRoomCloses) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  std::vector<std::string> games{start_game(alice, bob, {{"game", "tablut"}, {"games", 3}})};
  for (int i = 0; i < 2; ++i) {
    alice.send({{"type", "resign"}, {"game_id", games.back()}});
    json next = alice.next("game_started");
    ASSERT_FALSE(next.is_null());
    games.push_back(next["state"]["game_id"]);
  }
  EXPECT_EQ(code_of(alice, games[0], "hi", 2), "game_over");
  EXPECT_EQ(code_of(alice, games[1], "hi", 3), "game_over");
  alice.send({{"type", "resign"}, {"game_id", games[2]}});
  ASSERT_FALSE(alice.next("match_over").is_null());
  ASSERT_FALSE(bob.next("match_over").is_null());
  EXPECT_EQ(code_of(alice, games[0], "hi", 4), "unknown_game");
  EXPECT_EQ(code_of(alice, games[1], "hi", 5), "unknown_game");
  EXPECT_EQ(code_of(alice, games[2], "gg", 6), "<chat>");
  // alice opens her next room, as the load generator does: the finished room closes.
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 7}});
  EXPECT_EQ(alice.reply(7)["type"], "room_created");
  ASSERT_FALSE(bob.next("rematch_cancelled").is_null());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(code_of(bob, games[static_cast<std::size_t>(i)], "hi", 8 + i), "unknown_game");
}

TEST_F(ChatTest, MuteStopsDeliveryToTheMuterOnlyAndUnmuteRestores) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  json ok = alice.reply((alice.send({{"type", "mute"}, {"game_id", game}, {"id", 2}}), 2));
  ASSERT_EQ(ok["type"], "ok") << ok.dump();
  EXPECT_EQ(say(bob, game, "you will lose", 3)["type"], "chat");  // bob is not told
  EXPECT_TRUE(hears(alice, "you will lose", 300ms).is_null());
  EXPECT_EQ(say(alice, game, "muted you", 4)["type"], "chat");  // alice still reaches bob
  EXPECT_FALSE(hears(bob, "muted you").is_null());
  ASSERT_EQ(alice.error_of({{"type", "unmute"}, {"game_id", game}}, 5), "<ok>");
  EXPECT_EQ(say(bob, game, "sorry", 6)["type"], "chat");
  EXPECT_FALSE(hears(alice, "sorry").is_null());
}

TEST_F(ChatTest, FloodFromOnePlayerDoesNotStopTheRoom) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game = start_game(alice, bob, {{"game", "tablut"}});
  for (int i = 0; i < 300; ++i)
    bob.send({{"type", "chat"}, {"game_id", game}, {"text", "spam " + std::to_string(i)}, {"id", 1000 + i}});
  // The room goes on: a move, and the other player's line, while the flood is answered.
  auto events = play(alice, bob, game, {"f9-f8"});
  EXPECT_EQ(events.size(), 1u);
  EXPECT_EQ(say(alice, game, "stop it", 5)["type"], "chat");
  EXPECT_FALSE(hears(bob, "stop it").is_null());
  int delivered = 0;
  for (const json& frame : alice.connection()->all())
    if (frame["type"] == "chat" && frame["from"] == "bob") ++delivered;
  EXPECT_LE(delivered, 4);  // the burst of 3 (and one more if 2 s passed)
  EXPECT_EQ(bob.reply(1299)["code"], "rate_limited");
}

}  // namespace
}  // namespace bh::app::test
