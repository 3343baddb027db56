// Quick pairing (docs/protocol.md, "Quick pairing"): `seek` joins the oldest compatible
// open room made by a seek, or opens one and waits.
#include <thread>

#include "harness.hpp"

namespace bh::app::test {
namespace {

json answer(Client& c, const std::string& type, int id) {
  return c.next_if(type, [id](const json& m) { return m.contains("id") && m["id"] == id; });
}

json seek(const std::string& game, double initial_s = 300, double increment_s = 3) {
  return {{"type", "seek"}, {"game", game}, {"clock", {{"initial_s", initial_s}, {"increment_s", increment_s}}}};
}

json with_id(json j, int id) {
  j["id"] = id;
  return j;
}

TEST_F(AppTest, SeekWithNoneWaitingOpensAListedSeekRoom) {
  Client& a = guest("alice");
  Client& watcher = guest("walt");
  watcher.send({{"type", "subscribe_lobby"}, {"id", 1}});
  ASSERT_EQ(watcher.reply(1)["type"], "lobby");
  a.send(with_id(seek("tablut"), 2));
  json created = answer(a, "room_created", 2);
  ASSERT_FALSE(created.is_null());
  EXPECT_EQ(created["room"]["seek"], true);
  EXPECT_EQ(created["room"]["games"], 1);
  EXPECT_EQ(created["room"]["creator_side"], "random");
  EXPECT_EQ(created["room"]["private"], false);
  EXPECT_EQ(created["room"]["clock"]["initial_ms"], 300000);
  EXPECT_EQ(watcher.next("room_opened")["room"]["seek"], true);
  // One seat at a time: a second seek is refused.
  EXPECT_EQ(a.error_of(seek("tablut"), 3), "already_seated");
}

TEST_F(AppTest, SecondCompatibleSeekerJoinsTheWaitingRoom) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  a.send(with_id(seek("tablut"), 2));
  const std::string room = answer(a, "room_created", 2)["room"]["room_id"];
  b.send(with_id(seek("tablut"), 3));
  json started = answer(b, "game_started", 3);
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(started["state"]["room_id"], room);
  json theirs = a.next("game_started");
  EXPECT_EQ(theirs["state"]["game_id"], started["state"]["game_id"]);
  EXPECT_EQ(theirs["state"]["match"]["games"], 1);
}

TEST_F(AppTest, SeekIgnoresIncompatibleAndOrdinaryRoomsAndOpensItsOwn) {
  Client& a = guest("alice");
  Client& c = guest("carol");
  Client& d = guest("dave");
  Client& e = guest("erin");
  Client& b = guest("bob");
  a.send(with_id(seek("tablut", 180, 2), 2));  // another clock
  ASSERT_FALSE(answer(a, "room_created", 2).is_null());
  c.send({{"type", "create_room"}, {"game", "tablut"}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}, {"id", 3}});
  ASSERT_FALSE(answer(c, "room_created", 3).is_null());  // not made by a seek
  d.send({{"type", "create_room"},
          {"game", "tablut"},
          {"clock", {{"initial_s", 300}, {"increment_s", 3}}},
          {"private", true},
          {"id", 4}});
  ASSERT_FALSE(answer(d, "room_created", 4).is_null());
  e.send(with_id(json{{"type", "seek"}, {"game", "tablut"}}, 5));  // no clock
  ASSERT_FALSE(answer(e, "room_created", 5).is_null());
  b.send(with_id(seek("tablut"), 6));
  json mine = answer(b, "room_created", 6);
  ASSERT_FALSE(mine.is_null());
  EXPECT_EQ(mine["room"]["creator"], "bob");
  // A rated seek is for registered players, and does not meet a casual one.
  Client& f = guest("frank");
  json rated = seek("tablut");
  rated["rated"] = true;
  f.send(with_id(rated, 7));
  EXPECT_EQ(answer(f, "error", 7)["code"], "account_required");
  Client& g = client();
  g.send({{"type", "register"}, {"name", "gina"}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_EQ(g.reply(1, 30s)["type"], "identity");
  g.send(with_id(rated, 8));
  json gina = answer(g, "room_created", 8);
  EXPECT_EQ(gina["room"]["creator"], "gina");
  EXPECT_EQ(gina["room"]["rated"], true);
  // Two new registered players (both 1500) are within the range at once.
  Client& h = client();
  h.send({{"type", "register"}, {"name", "hank"}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_EQ(h.reply(1, 30s)["type"], "identity");
  h.send(with_id(rated, 9));
  json started = answer(h, "game_started", 9);
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(started["state"]["rated"], true) << started.dump();
}

TEST_F(AppTest, SeekJoinsTheOldestCompatibleRoom) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carol");
  Client& d = guest("dave");
  a.send(with_id(seek("draughts"), 2));
  ASSERT_FALSE(answer(a, "room_created", 2).is_null());
  b.send(with_id(seek("draughts"), 3));  // pairs with alice
  ASSERT_FALSE(answer(b, "game_started", 3).is_null());
  c.send(with_id(seek("draughts"), 4));
  const std::string carols = answer(c, "room_created", 4)["room"]["room_id"];
  d.send(with_id(seek("draughts"), 5));
  EXPECT_EQ(answer(d, "game_started", 5)["state"]["room_id"], carols);
}

TEST_F(AppTest, CancelRoomWithdrawsASeek) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  a.send(with_id(seek("tablut"), 2));
  const std::string room = answer(a, "room_created", 2)["room"]["room_id"];
  a.send({{"type", "cancel_room"}, {"room_id", room}, {"id", 3}});
  ASSERT_EQ(a.reply(3)["type"], "room_cancelled");
  b.send(with_id(seek("tablut"), 4));
  EXPECT_EQ(answer(b, "room_created", 4)["room"]["creator"], "bob");
}

TEST_F(AppTest, SeekRoomJoinedFromTheLobbyIsNoLongerSought) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carol");
  a.send(with_id(seek("tablut"), 2));
  const std::string room = answer(a, "room_created", 2)["room"]["room_id"];
  b.send({{"type", "join_room"}, {"room_id", room}, {"id", 3}});
  ASSERT_EQ(b.reply(3)["type"], "game_started");
  c.send(with_id(seek("tablut"), 4));
  EXPECT_EQ(answer(c, "room_created", 4)["room"]["creator"], "carol");
}

TEST_F(AppTest, SeekErrorsAreThoseOfCreateRoom) {
  Client& anonymous = client();
  Client& a = guest("alice");
  EXPECT_EQ(anonymous.error_of(seek("tablut"), 2), "not_authenticated");
  EXPECT_EQ(a.error_of(seek("chess"), 3), "bad_options");
  EXPECT_EQ(a.error_of(seek("tablut", -1), 4), "bad_options");
  EXPECT_EQ(a.error_of({{"type", "seek"}}, 5), "bad_request");
  EXPECT_EQ(a.error_of({{"type", "seek"}, {"game", "seatafl"}, {"options", {{"size", 10}}}}, 6), "bad_options");
}

TEST_F(AppTest, TwoSeekersAtOnceMakeOneRoomAndOneGame) {
  for (int round = 0; round < 20; ++round) {
    Client& a = guest("a" + std::to_string(round));
    Client& b = guest("b" + std::to_string(round));
    std::thread ta([&] { a.send(with_id(seek("alquerque"), 2)); });
    std::thread tb([&] { b.send(with_id(seek("alquerque"), 2)); });
    ta.join();
    tb.join();
    json ga = a.next("game_started");
    json gb = b.next("game_started");
    ASSERT_FALSE(ga.is_null()) << "round " << round;
    ASSERT_FALSE(gb.is_null()) << "round " << round;
    EXPECT_EQ(ga["state"]["game_id"], gb["state"]["game_id"]);
    // Exactly one of them opened the room, and heard of it before the game; the other's
    // seek was answered by the game.
    int created = 0;
    for (Client* c : {&a, &b}) {
      const auto frames = c->connection()->all();
      int room_at = -1, game_at = -1;
      for (int i = 0; i < static_cast<int>(frames.size()); ++i) {
        if (frames[i]["type"] == "room_created") room_at = i;
        if (frames[i]["type"] == "game_started" && game_at < 0) game_at = i;
      }
      if (room_at >= 0) {
        ++created;
        EXPECT_LT(room_at, game_at) << "round " << round;
      }
    }
    EXPECT_EQ(created, 1) << "round " << round;
  }
}

}  // namespace
}  // namespace bh::app::test
