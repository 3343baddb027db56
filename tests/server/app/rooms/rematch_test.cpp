// Rematch (docs/protocol.md, "Rematch"): the finished room stays for its two players;
// an offer accepted starts a new room with the same settings and the sides swapped.
#include "harness.hpp"

namespace bh::app::test {
namespace {

// The reply of `type` echoing `id`.
json answer(Client& c, const std::string& type, int id) {
  return c.next_if(type, [id](const json& m) { return m.contains("id") && m["id"] == id; });
}

json request(const char* type, const std::string& room) { return {{"type", type}, {"room_id", room}}; }

class RematchTest : public AppTest {
 protected:
  // `a` resigns the game: the match is over for both.
  void finish(Client& a, Client& b, const std::string& game) {
    a.send({{"type", "resign"}, {"game_id", game}});
    ASSERT_FALSE(a.next("match_over").is_null());
    ASSERT_FALSE(b.next("match_over").is_null());
  }
  // alice (first) and bob play a tablut game that alice resigns; returns the room.
  std::string finished_room(Client& a, Client& b, json spec = {{"game", "tablut"}}) {
    const std::string game = start_game(a, b, std::move(spec));
    const std::string room = last_room_;
    finish(a, b, game);
    return room;
  }
};

TEST_F(RematchTest, AcceptedOfferStartsANewRoomWithTheSameSettingsAndSidesSwapped) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string old_room =
      finished_room(a, b, {{"game", "tablut"}, {"clock", {{"initial_s", 300}, {"increment_s", 5}}}});
  a.send({{"type", "offer_rematch"}, {"room_id", old_room}, {"id", 10}});
  json mine = answer(a, "rematch_offered", 10);
  EXPECT_EQ(mine["player"], "alice");
  json theirs = b.next("rematch_offered");
  EXPECT_EQ(theirs["room_id"], old_room);
  EXPECT_EQ(theirs["player"], "alice");
  b.send({{"type", "offer_rematch"}, {"room_id", old_room}, {"id", 11}});  // the other's offer accepts
  json started_b = b.next("rematch_started");
  json started_a = a.next("rematch_started");
  ASSERT_FALSE(started_a.is_null());
  EXPECT_EQ(started_a["room_id"], old_room);
  EXPECT_NE(started_a["new_room_id"], old_room);
  EXPECT_EQ(started_a, started_b);
  json game_b = answer(b, "game_started", 11);
  json game_a = a.next("game_started");
  ASSERT_FALSE(game_b.is_null());
  ASSERT_FALSE(game_a.is_null());
  const json& state = game_a["state"];
  EXPECT_EQ(state["game_id"], started_a["game_id"]);
  EXPECT_EQ(state["room_id"], started_a["new_room_id"]);
  EXPECT_EQ(state["players"]["first"], "bob");  // alice played first; now bob does
  EXPECT_EQ(state["players"]["second"], "alice");
  EXPECT_GT(state["clocks"]["first_ms"], 299000);  // running already
  EXPECT_EQ(state["clocks"]["second_ms"], 300000);
  EXPECT_EQ(state["clocks"]["increment_ms"], 5000);
  EXPECT_EQ(state["game"], "tablut");
  EXPECT_EQ(state["match"]["games"], 1);
  // Played as any other game; the old room is gone.
  const std::string g2 = state["game_id"];
  play(b, a, g2, {"f9-f8", "d5-d4"});
  EXPECT_EQ(a.error_of(request("offer_rematch", old_room), 12), "unknown_room");
  // Both hold the new seat: neither may create elsewhere.
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "tablut"}}, 13), "already_seated");
}

TEST_F(RematchTest, AcceptRematchKeepsOptionsMatchLengthAndPrivacy) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string g1 =
      start_game(a, b, {{"game", "seatafl"}, {"options", {{"size", 11}}}, {"games", 2}, {"private", true}});
  const std::string old_room = last_room_;
  a.send({{"type", "resign"}, {"game_id", g1}});
  // A match of two: the second game first.
  json g2 = a.next("game_started");
  ASSERT_FALSE(g2.is_null());
  EXPECT_EQ(b.next("game_started")["state"]["game_id"], g2["state"]["game_id"]);
  const std::string second_game = g2["state"]["game_id"];
  // Sides alternate: bob plays first in the second game, and resigns it.
  b.send({{"type", "resign"}, {"game_id", second_game}});
  ASSERT_FALSE(a.next("match_over").is_null());
  ASSERT_FALSE(b.next("match_over").is_null());
  b.send({{"type", "offer_rematch"}, {"room_id", old_room}, {"id", 20}});
  ASSERT_FALSE(a.next("rematch_offered").is_null());
  a.send({{"type", "accept_rematch"}, {"room_id", old_room}, {"id", 21}});
  json started = answer(a, "game_started", 21);
  ASSERT_FALSE(started.is_null());
  const json& state = started["state"];
  EXPECT_EQ(state["options"]["size"], "11");
  EXPECT_EQ(state["match"]["games"], 2);
  EXPECT_EQ(state["match"]["number"], 1);
  EXPECT_EQ(g2["state"]["players"]["first"], "bob");
  EXPECT_EQ(state["players"]["first"], "alice");  // bob played first in the last game
  // Private: not among the lobby's games.
  a.send({{"type", "list_rooms"}, {"id", 22}});
  json lobby = a.reply(22);
  for (const auto& g : lobby["games"]) EXPECT_NE(g["game_id"], state["game_id"]);
}

TEST_F(RematchTest, DeclinedOfferIsToldToBothAndTheRoomStays) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  EXPECT_EQ(b.error_of(request("accept_rematch", room), 30), "no_rematch_offer");
  EXPECT_EQ(b.error_of(request("decline_rematch", room), 31), "no_rematch_offer");
  a.send({{"type", "offer_rematch"}, {"room_id", room}, {"id", 32}});
  ASSERT_FALSE(b.next("rematch_offered").is_null());
  EXPECT_EQ(a.error_of(request("accept_rematch", room), 33), "no_rematch_offer");  // one's own offer
  b.send({{"type", "decline_rematch"}, {"room_id", room}, {"id", 34}});
  EXPECT_EQ(answer(b, "rematch_cancelled", 34)["reason"], "declined");
  json told = a.next("rematch_cancelled");
  EXPECT_EQ(told["reason"], "declined");
  EXPECT_EQ(told["room_id"], room);
  EXPECT_EQ(b.error_of(request("accept_rematch", room), 35), "no_rematch_offer");
  // The room stays: bob may offer in turn.
  b.send({{"type", "offer_rematch"}, {"room_id", room}, {"id", 36}});
  EXPECT_FALSE(answer(b, "rematch_offered", 36).is_null());
  EXPECT_FALSE(a.next("rematch_offered").is_null());
}

TEST_F(RematchTest, OfferLapsesWhenAPlayerDisconnects) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  a.send({{"type", "offer_rematch"}, {"room_id", room}});
  ASSERT_FALSE(b.next("rematch_offered").is_null());
  b.close();
  json lapsed = a.next("rematch_cancelled");
  EXPECT_EQ(lapsed["reason"], "left");
  EXPECT_EQ(lapsed["room_id"], room);
  EXPECT_EQ(a.error_of(request("offer_rematch", room), 40), "unknown_room");
}

TEST_F(RematchTest, APlayerLoggedInAgainElsewhereGetsTheRematchThere) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  Client& a2 = client();
  a2.send({{"type", "resume"}, {"token", tokens_["alice"]}, {"id", 44}});
  ASSERT_EQ(a2.reply(44)["type"], "identity");
  ASSERT_FALSE(a.next("session_replaced").is_null());
  b.send({{"type", "offer_rematch"}, {"room_id", room}});
  EXPECT_EQ(a2.next("rematch_offered")["player"], "bob");
  a2.send({{"type", "accept_rematch"}, {"room_id", room}, {"id", 45}});
  EXPECT_FALSE(answer(a2, "game_started", 45).is_null());
  EXPECT_FALSE(b.next("game_started").is_null());
}

TEST_F(RematchTest, LeaveRoomEndsTheChanceForBoth) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  b.send({{"type", "leave_room"}, {"room_id", room}, {"id", 41}});
  EXPECT_EQ(answer(b, "rematch_cancelled", 41)["reason"], "left");
  EXPECT_EQ(a.next("rematch_cancelled")["reason"], "left");
  EXPECT_EQ(a.error_of(request("offer_rematch", room), 42), "unknown_room");
  EXPECT_EQ(b.error_of(request("leave_room", room), 43), "unknown_room");
}

TEST_F(RematchTest, OfferLapsesWhenAPlayerSitsDownElsewhere) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  a.send({{"type", "offer_rematch"}, {"room_id", room}});
  ASSERT_FALSE(b.next("rematch_offered").is_null());
  // The seats are free at once: bob creates a room, and the offer lapses.
  b.send({{"type", "create_room"}, {"game", "draughts"}, {"id", 50}});
  EXPECT_EQ(answer(b, "room_created", 50)["type"], "room_created");
  EXPECT_EQ(a.next("rematch_cancelled")["reason"], "left");
  EXPECT_EQ(a.error_of(request("accept_rematch", room), 51), "unknown_room");
}

TEST_F(RematchTest, StrangersSpectatorsAndUnfinishedMatchesAreRefused) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& carol = guest("carol");
  Client& anonymous = client();
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  const std::string room = last_room_;
  carol.send({{"type", "watch"}, {"game_id", game}, {"id", 60}});
  ASSERT_EQ(carol.reply(60)["type"], "game_state");
  // The game goes on: not yet.
  EXPECT_EQ(a.error_of(request("offer_rematch", room), 61), "rematch_unavailable");
  EXPECT_EQ(a.error_of(request("leave_room", room), 62), "rematch_unavailable");
  finish(a, b, game);
  EXPECT_EQ(carol.error_of(request("offer_rematch", room), 63), "not_a_player");  // a spectator
  EXPECT_EQ(carol.error_of(request("accept_rematch", room), 64), "not_a_player");
  EXPECT_EQ(carol.error_of(request("leave_room", room), 65), "not_a_player");
  EXPECT_EQ(anonymous.error_of(request("offer_rematch", room), 66), "not_authenticated");
  EXPECT_EQ(a.error_of(request("offer_rematch", "r-nope"), 67), "unknown_room");
  EXPECT_EQ(a.error_of({{"type", "offer_rematch"}}, 68), "bad_request");
  // An open room is no finished match either.
  carol.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 69}});
  const std::string open = answer(carol, "room_created", 69)["room"]["room_id"];
  EXPECT_EQ(carol.error_of(request("offer_rematch", open), 70), "rematch_unavailable");
  // The finished game is out of the games: no watching, no moves.
  EXPECT_EQ(carol.error_of({{"type", "watch"}, {"game_id", game}}, 71), "unknown_game");
}

TEST_F(RematchTest, FloodOfOffersTellsTheOpponentOnce) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  for (int i = 0; i < 50; ++i) a.send({{"type", "offer_rematch"}, {"room_id", room}, {"id", 100 + i}});
  EXPECT_FALSE(answer(a, "rematch_offered", 149).is_null());
  EXPECT_FALSE(b.next("rematch_offered").is_null());
  EXPECT_TRUE(b.next("rematch_offered", 200ms).is_null());
  // Accepted once: one new game.
  b.send({{"type", "accept_rematch"}, {"room_id", room}, {"id", 200}});
  b.send({{"type", "accept_rematch"}, {"room_id", room}, {"id", 201}});
  EXPECT_FALSE(answer(b, "game_started", 200).is_null());
  EXPECT_EQ(b.error_of(request("accept_rematch", room), 202), "unknown_room");
  EXPECT_TRUE(a.next("game_started").is_object());
  EXPECT_TRUE(a.next("game_started", 200ms).is_null());
}

class ShortRematchWindow : public RematchTest {
 protected:
  AppConfig config() override {
    AppConfig c = RematchTest::config();
    c.rematch_window_ms = 1500;  // long enough for the offer under load, short for a test
    return c;
  }
};

TEST_F(ShortRematchWindow, OfferExpiresAfterTheWindow) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  a.send({{"type", "offer_rematch"}, {"room_id", room}});
  ASSERT_FALSE(b.next("rematch_offered").is_null());
  EXPECT_EQ(a.next("rematch_cancelled")["reason"], "expired");
  EXPECT_EQ(b.next("rematch_cancelled")["reason"], "expired");
  EXPECT_EQ(b.error_of(request("accept_rematch", room), 80), "unknown_room");
}

TEST_F(RematchTest, RematchGameIsRestoredAfterARestartWithSidesSwapped) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string room = finished_room(a, b);
  a.send({{"type", "offer_rematch"}, {"room_id", room}});
  ASSERT_FALSE(b.next("rematch_offered").is_null());
  b.send({{"type", "accept_rematch"}, {"room_id", room}, {"id", 90}});
  json started = answer(b, "game_started", 90);
  ASSERT_FALSE(started.is_null());
  const std::string game = started["state"]["game_id"];
  clients_.clear();
  close_app();
  open_app();
  Client& a2 = client();
  a2.send({{"type", "resume"}, {"token", tokens_["alice"]}, {"id", 91}});
  EXPECT_EQ(a2.reply(91)["type"], "identity");
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["game_id"], game);
  EXPECT_EQ(state["state"]["players"]["first"], "bob");
  EXPECT_EQ(state["state"]["players"]["second"], "alice");
}

}  // namespace
}  // namespace bh::app::test
