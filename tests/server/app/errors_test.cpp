// Every error code the application sends, each provoked through the protocol.
#include "harness.hpp"

namespace bh::app::test {
namespace {

TEST_F(AppTest, WelcomeComesFirstWithTheProtocolVersion) {
  Client& c = client();
  const auto frames = c.connection()->all();
  ASSERT_FALSE(frames.empty());
  EXPECT_EQ(frames[0]["type"], "welcome");
  EXPECT_EQ(frames[0]["protocol"], 1);
  EXPECT_EQ(frames[0]["games"].size(), 7u);
}

TEST_F(AppTest, BadInputGetsErrorsAndTheConnectionGoesOn) {
  Client& c = client();
  c.send_text("{not json");
  EXPECT_EQ(c.next("error")["code"], "bad_request");
  c.send_text("[1,2]");
  EXPECT_EQ(c.next("error")["code"], "bad_request");
  c.send_text(R"({"id":3})");
  json e = c.next("error");
  EXPECT_EQ(e["code"], "bad_request");
  EXPECT_EQ(e["id"], 3);
  EXPECT_EQ(c.error_of({{"type", "dance"}}, 4), "unknown_type");
  EXPECT_EQ(c.error_of({{"type", "move"}, {"game_id", 5}, {"ply", 0}, {"move", "a1-a2"}}, 5), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", std::string(300, 'x')}}, 6), "bad_request");
  c.send({{"type", "ping"}, {"id", "s-1"}});
  EXPECT_EQ(c.next("pong")["id"], "s-1");
}

// play_computer from a hostile client: every wrong type or value is answered, no room
// is made, and the connection goes on.
TEST_F(AppTest, HostilePlayComputerRequestsAreRefused) {
  Client& c = guest("alice");
  const json decode_failures[] = {
      {{"type", "play_computer"}},                                      // no game
      {{"type", "play_computer"}, {"game", 5}},                         // not a string
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", "6"}},  // a string
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", 6.5}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", true}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", 1e20}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", 4294967297LL}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", -4294967297LL}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"level", json::array({4})}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"options", "size=9"}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"side", 1}},
      {{"type", "play_computer"}, {"game", "tablut"}, {"clock", "fast"}},
      {{"type", "play_computer"}, {"game", std::string(300, 'x')}},
  };
  int id = 10;
  for (const auto& request : decode_failures) EXPECT_EQ(c.error_of(request, id++), "bad_request") << request.dump();
  for (long long level : {0LL, 9LL, -1LL, -2147483648LL, 2147483647LL})
    EXPECT_EQ(c.error_of({{"type", "play_computer"}, {"game", "tablut"}, {"level", level}}, id++), "bad_request")
        << level;
  EXPECT_EQ(c.error_of({{"type", "play_computer"}, {"game", "Tablut"}}, id++), "bad_options");
  EXPECT_EQ(c.error_of({{"type", "play_computer"}, {"game", "tablut"}, {"options", {{"size", "99"}}}}, id++),
            "bad_options");
  // Well formed, but nobody to play: the connection still answers, and no seat was kept.
  EXPECT_EQ(c.error_of({{"type", "play_computer"}, {"game", "tablut"}, {"level", 8}}, id++), "no_computer");
  EXPECT_EQ(c.error_of({{"type", "create_room"}, {"game", "tablut"}}, id++), "<room_created>");
}

TEST_F(AppTest, IdentityErrors) {
  Client& c = client();
  EXPECT_EQ(c.error_of({{"type", "create_room"}, {"game", "tablut"}}, 1), "not_authenticated");
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", ""}}, 2), "bad_name");
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", std::string(33, 'a')}}, 3), "bad_name");
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", "tab\tname"}}, 4), "bad_name");
  EXPECT_EQ(c.error_of({{"type", "resume"}, {"token", "00112233445566778899aabbccddeeff"}}, 5), "auth_failed");
  EXPECT_EQ(c.error_of({{"type", "register"}, {"name", "zed"}, {"password", "short"}}, 6), "bad_password");
  guest("alice");
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", "alice"}}, 7), "name_taken");
  c.send({{"type", "guest"}, {"name", "carl"}, {"id", 8}});
  EXPECT_EQ(c.reply(8)["type"], "identity");
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", "carl2"}}, 9), "bad_request");  // already identified
}

TEST_F(AppTest, RegisterLoginBackOffAndNameProtection) {
  Client& a = client();
  a.send({{"type", "register"}, {"name", "carol"}, {"password", "correct horse"}, {"id", 1}});
  json id = a.reply(1);
  ASSERT_EQ(id["type"], "identity") << id.dump();
  EXPECT_EQ(id["registered"], true);
  a.close();
  // A registered name cannot be taken by a guest, even with its owner away.
  Client& g = client();
  EXPECT_EQ(g.error_of({{"type", "guest"}, {"name", "carol"}}, 2), "name_taken");
  EXPECT_EQ(g.error_of({{"type", "register"}, {"name", "carol"}, {"password", "another one"}}, 3), "name_taken");
  EXPECT_EQ(g.error_of({{"type", "login"}, {"name", "nobody"}, {"password", "whatever1"}}, 4), "auth_failed");
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(g.error_of({{"type", "login"}, {"name", "carol"}, {"password", "wrong pass"}}, 10 + i), "auth_failed");
  g.send({{"type", "login"}, {"name", "carol"}, {"password", "correct horse"}, {"id", 20}});
  json r = g.reply(20);
  EXPECT_EQ(r["code"], "too_many_attempts");  // even the right password waits
  EXPECT_GT(r["retry_after_ms"].get<int>(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(r["retry_after_ms"].get<int>() + 20));
  g.send({{"type", "login"}, {"name", "carol"}, {"password", "correct horse"}, {"id", 21}});
  json ok = g.reply(21);
  EXPECT_EQ(ok["type"], "identity") << ok.dump();
  EXPECT_EQ(ok["player"], "carol");
}

TEST_F(AppTest, LobbyErrors) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carl");
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "chess"}}, 1), "bad_options");
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"options", {{"size", 11}}}, {"id", 2}});
  json e = a.reply(2);
  EXPECT_EQ(e["code"], "bad_options");
  EXPECT_NE(e["message"].get<std::string>().find("size"), std::string::npos);  // the rules' message
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "seatafl"}, {"options", {{"size", 10}}}}, 3), "bad_options");
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "tablut"}, {"side", "white"}}, 4), "bad_options");
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "tablut"}, {"clock", {{"initial_s", 0}}}}, 5), "bad_options");
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "tablut"}, {"games", 0}}, 6), "bad_options");
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", "r-nope"}}, 7), "unknown_room");
  EXPECT_EQ(b.error_of({{"type", "cancel_room"}, {"room_id", "r-nope"}}, 8), "unknown_room");

  a.send({{"type", "create_room"}, {"game", "seatafl"}, {"options", {{"size", 11}}}, {"private", true}, {"id", 9}});
  json created = a.reply(9);
  ASSERT_EQ(created["type"], "room_created");
  const std::string room = created["room"]["room_id"];
  const std::string code = created["invite_code"];
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room}}, 10), "bad_invite");
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room}, {"invite_code", "0000"}}, 11), "bad_invite");
  EXPECT_EQ(a.error_of({{"type", "join_room"}, {"room_id", room}, {"invite_code", code}}, 12), "bad_request");
  EXPECT_EQ(b.error_of({{"type", "cancel_room"}, {"room_id", room}}, 13), "not_creator");
  b.send({{"type", "join_room"}, {"room_id", room}, {"invite_code", code}, {"id", 14}});
  EXPECT_EQ(b.reply(14)["type"], "game_started");
  EXPECT_EQ(c.error_of({{"type", "join_room"}, {"room_id", room}, {"invite_code", code}}, 15), "room_full");
  EXPECT_EQ(a.error_of({{"type", "cancel_room"}, {"room_id", room}}, 16), "room_full");

  // One seat at a time (issue 12.6): alice and bob are playing.
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "draughts"}}, 17), "already_seated");
  c.send({{"type", "create_room"}, {"game", "draughts"}, {"id", 18}});
  const std::string room2 = c.reply(18)["room"]["room_id"];
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room2}}, 19), "already_seated");
  c.send({{"type", "cancel_room"}, {"room_id", room2}, {"id", 20}});
  EXPECT_EQ(c.reply(20)["type"], "room_cancelled");
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room2}}, 21), "unknown_room");
}

// Issue 12.6: a player holds one seat at a time, an open room or a match being played.
// The second is refused with the room held named; the seat is free again once the room
// is cancelled or the match is over (already when its end is told).
TEST_F(AppTest, APlayerHoldsOneSeatAtATime) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carl");
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 1}});
  const std::string first = a.reply(1)["room"]["room_id"];
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 2}});
  json refused = a.reply(2);
  EXPECT_EQ(refused["code"], "already_seated") << refused.dump();
  EXPECT_NE(refused["message"].get<std::string>().find(first), std::string::npos) << refused.dump();
  c.send({{"type", "create_room"}, {"game", "alquerque"}, {"id", 3}});
  const std::string carls = c.reply(3)["room"]["room_id"];
  EXPECT_EQ(a.error_of({{"type", "join_room"}, {"room_id", carls}}, 4), "already_seated");
  a.send({{"type", "cancel_room"}, {"room_id", first}, {"id", 5}});
  EXPECT_EQ(a.reply(5)["type"], "room_cancelled");
  // Free again: alice joins carl's room; now bob cannot join it, nor can carl create.
  a.send({{"type", "join_room"}, {"room_id", carls}, {"id", 6}});
  const json started = a.reply(6);
  EXPECT_EQ(started["type"], "game_started") << started.dump();
  const std::string game = started["state"]["game_id"];
  EXPECT_EQ(c.error_of({{"type", "create_room"}, {"game", "tablut"}}, 7), "already_seated");
  // Two joins in flight from one player to two rooms: one wins, one is refused.
  b.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 8}});
  const std::string bobs = b.reply(8)["room"]["room_id"];
  Client& d = guest("dora");
  Client& e = guest("emil");
  e.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 9}});
  const std::string emils = e.reply(9)["room"]["room_id"];
  d.send({{"type", "join_room"}, {"room_id", bobs}, {"id", 10}});
  d.send({{"type", "join_room"}, {"room_id", emils}, {"id", 11}});
  const json r10 = d.reply(10), r11 = d.reply(11);
  EXPECT_EQ((r10["type"] == "game_started") + (r11["type"] == "game_started"), 1) << r10.dump() << r11.dump();
  EXPECT_EQ((r10.value("code", "") == "already_seated") + (r11.value("code", "") == "already_seated"), 1);
  // The match over, the seat is free the moment the end is told.
  a.send({{"type", "resign"}, {"game_id", game}, {"id", 12}});
  ASSERT_FALSE(a.next("game_over").is_null());
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 13}});
  EXPECT_EQ(a.reply(13)["type"], "room_created");
}

TEST_F(AppTest, GameErrors) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& watcher = guest("walt");
  Client& anon = client();
  const std::string game = start_game(a, b, {{"game", "draughts"}});
  auto move = [&](const std::string& text, int ply) {
    return json{{"type", "move"}, {"game_id", game}, {"ply", ply}, {"move", text}};
  };
  EXPECT_EQ(a.error_of({{"type", "move"}, {"game_id", "g-nope"}, {"ply", 0}, {"move", "c3-d4"}}, 1), "unknown_game");
  EXPECT_EQ(anon.error_of(move("c3-d4", 0), 2), "not_authenticated");
  EXPECT_EQ(watcher.error_of(move("c3-d4", 0), 3), "not_a_player");
  EXPECT_EQ(watcher.error_of({{"type", "resign"}, {"game_id", game}}, 4), "not_a_player");
  EXPECT_EQ(b.error_of(move("f6-e5", 0), 5), "not_your_turn");
  EXPECT_EQ(a.error_of(move("c3-d4", 3), 6), "stale_ply");
  json bad = move("c3-d5", 0);
  bad["id"] = 7;
  a.send(bad);
  json illegal = a.reply(7);
  EXPECT_EQ(illegal["code"], "illegal_move");
  EXPECT_FALSE(illegal["message"].get<std::string>().empty());
  EXPECT_EQ(a.error_of(move("zz", 0), 8), "illegal_move");
  EXPECT_EQ(b.error_of({{"type", "accept_draw"}, {"game_id", game}}, 9), "no_draw_offer");
  EXPECT_EQ(b.error_of({{"type", "decline_draw"}, {"game_id", game}}, 10), "no_draw_offer");
  // Draw offered, declined, not offered again by the same side at once; offered by the
  // other and accepted.
  a.send({{"type", "offer_draw"}, {"game_id", game}, {"id", 11}});
  EXPECT_EQ(a.reply(11)["type"], "draw_offered");
  EXPECT_EQ(b.next("draw_offered")["side"], "first");
  b.send({{"type", "decline_draw"}, {"game_id", game}, {"id", 12}});
  EXPECT_EQ(b.reply(12)["type"], "draw_declined");
  EXPECT_EQ(a.next("draw_declined")["player"], "bob");
  EXPECT_EQ(a.error_of({{"type", "offer_draw"}, {"game_id", game}}, 13), "rate_limited");
  b.send({{"type", "offer_draw"}, {"game_id", game}, {"id", 13}});
  EXPECT_EQ(b.reply(13)["type"], "draw_offered");
  a.send({{"type", "accept_draw"}, {"game_id", game}, {"id", 14}});
  json over = a.next("game_over");
  EXPECT_EQ(over["result"], "draw");
  EXPECT_EQ(over["reason"], "agreement");
  EXPECT_DOUBLE_EQ(over["points"]["first"].get<double>(), 0.5);
  // The game has ended: its id now belongs to no live game.
  const std::string code = a.error_of(move("c3-d4", 0), 15);
  EXPECT_TRUE(code == "game_over" || code == "unknown_game") << code;
  EXPECT_EQ(a.error_of({{"type", "get_game"}, {"game_id", "g-nope"}}, 16), "not_found");
  EXPECT_EQ(a.error_of({{"type", "list_games"}, {"limit", 101}}, 17), "bad_query");
  EXPECT_EQ(a.error_of({{"type", "list_games"}, {"result", "maybe"}}, 18), "bad_query");
}

TEST_F(AppTest, ErrorsInAMatchBetweenGamesAreGameOver) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"games", 2}});
  a.send({{"type", "resign"}, {"game_id", game}});
  json next = a.next("game_started");
  ASSERT_FALSE(next.is_null());
  EXPECT_EQ(a.error_of({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "e1-e2"}}, 1), "game_over");
}

TEST_F(AppTest, StorageUnavailableIsReported) {
  Client& a = guest("alice");
  store_->fail_all_reads(true);
  EXPECT_EQ(a.error_of({{"type", "list_games"}}, 1), "storage_unavailable");
  EXPECT_EQ(a.error_of({{"type", "get_game"}, {"game_id", "g1"}}, 2), "storage_unavailable");
  Client& c = client();
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", "bob"}}, 3), "storage_unavailable");
  store_->fail_all_reads(false);
  store_->fail_all_writes(true);  // no new games, the computer's neither
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}}, 4), "storage_unavailable");
  store_->fail_all_writes(false);
}

TEST_F(AppTest, ShutdownTellsClientsAndRefusesNewWork) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  start_game(a, b, {{"game", "tablut"}, {"clock", {{"initial_s", 60}}}});
  std::promise<void> done;
  app_->shutdown([&] { done.set_value(); });
  ASSERT_EQ(done.get_future().wait_for(5s), std::future_status::ready);
  EXPECT_FALSE(a.next("shutdown").is_null());
  EXPECT_FALSE(b.next("shutdown").is_null());
  EXPECT_EQ(a.error_of({{"type", "create_room"}, {"game", "tablut"}}, 1), "shutting_down");
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}}, 3), "shutting_down");
  Client& c = client();
  EXPECT_EQ(c.error_of({{"type", "guest"}, {"name", "carl"}}, 2), "shutting_down");
  EXPECT_EQ(http("/healthz").status, 503);
  // The live game was left unfinished: nothing archived.
  auto page = json::parse(http("/api/games").body);
  EXPECT_TRUE(page["games"].empty());
}

}  // namespace
}  // namespace bh::app::test
