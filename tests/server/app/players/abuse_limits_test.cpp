// What one address, or one pair of accounts, may do to everyone (issue 26): open rooms
// and seeks per address, new guests per address, an open room whose creator has gone,
// the lobby's answer capped with its totals, rating farming (a rated game resigned at
// once, rated games per pair a day), repeated draw offers.
#include "harness.hpp"

namespace bh::app::test {
namespace {

class AbuseLimitsTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.open_rooms_per_address = 3;
    c.lobby_list_limit = 2;
    c.rated_games_per_pair_per_day = 2;
    return c;
  }
  Client& guest_at(const std::string& name, const std::string& address) {
    Client& c = client_at(address);
    c.send({{"type", "guest"}, {"name", name}, {"id", 1}});
    EXPECT_EQ(c.reply(1)["type"], "identity") << name;
    return c;
  }
  Client& registered(const std::string& name) {
    Client& c = client();
    c.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
    EXPECT_EQ(c.reply(1, 30s)["type"], "identity") << name;
    return c;
  }
  static json create(const std::string& game = "tablut") {
    return {{"type", "create_room"}, {"game", game}, {"private", false}};
  }
};

TEST_F(AbuseLimitsTest, OneAddressHoldsAtMostItsOpenRoomsAndSeeks) {
  std::vector<std::pair<Client*, std::string>> flood;  // each with its room
  for (int i = 0; i < 3; ++i) {
    Client& c = guest_at("flood" + std::to_string(i), "10.0.0.1");
    json room = create();
    room["id"] = 2;
    c.send(room);
    const json created = c.reply(2);
    ASSERT_EQ(created["type"], "room_created");
    flood.emplace_back(&c, created["room"]["room_id"]);
  }
  Client& fourth = guest_at("flood3", "10.0.0.1");
  EXPECT_EQ(fourth.error_of(create(), 3), "too_many_rooms");
  EXPECT_EQ(fourth.error_of({{"type", "seek"}, {"game", "tablut"}}, 4), "too_many_rooms");
  // Another address is not held back.
  Client& other = guest_at("carol", "10.0.0.2");
  EXPECT_EQ(other.error_of(create(), 5), "<room_created>");
  // A room that is cancelled gives its place back, and so does one that starts.
  EXPECT_EQ(flood[0].first->error_of({{"type", "cancel_room"}, {"room_id", flood[0].second}}, 6), "<room_cancelled>");
  EXPECT_EQ(fourth.error_of(create(), 7), "<room_created>");
  EXPECT_EQ(guest_at("flood4", "10.0.0.1").error_of(create(), 8), "too_many_rooms");
  Client& joiner = guest_at("dave", "10.0.0.3");
  EXPECT_EQ(joiner.error_of({{"type", "join_room"}, {"room_id", flood[1].second}}, 9), "<game_started>");
  EXPECT_EQ(guest_at("flood5", "10.0.0.1").error_of(create(), 10), "<room_created>");
}

TEST_F(AbuseLimitsTest, AnOpenRoomWhoseCreatorLeftIsCancelledWithinItsOwnShortGrace) {
  // The game's grace is long; the open room's is its own (300 ms in these tests).
  Client& watcher = client();
  watcher.send({{"type", "subscribe_lobby"}, {"id", 1}});
  watcher.reply(1);
  Client& a = guest_at("alice", "10.0.0.1");
  json room = create();
  room["id"] = 2;
  a.send(room);
  ASSERT_EQ(a.reply(2)["type"], "room_created");
  a.close();
  EXPECT_EQ(watcher.next("room_closed", 3s)["reason"], "abandoned");
  // Its place is free again.
  Client& b = guest_at("bob", "10.0.0.1");
  EXPECT_EQ(b.error_of(create(), 3), "<room_created>");
}

TEST_F(AbuseLimitsTest, TheLobbyListsItsLimitWithTheTotals) {
  for (int i = 0; i < 3; ++i) {
    Client& c = guest_at("p" + std::to_string(i), "10.0.1." + std::to_string(i));
    json room = create();
    room["id"] = 2;
    c.send(room);
    ASSERT_EQ(c.reply(2)["type"], "room_created");
  }
  Client& viewer = client();
  viewer.send({{"type", "subscribe_lobby"}, {"id", 3}});
  json lobby = viewer.reply(3);
  ASSERT_EQ(lobby["type"], "lobby");
  EXPECT_EQ(lobby["rooms"].size(), 2u);
  EXPECT_EQ(lobby["rooms_total"], 3);
  EXPECT_EQ(lobby["games_total"], 0);
  // The oldest first: ids carry the wall clock's millisecond, which this machine's clock
  // may move backwards under load, so only that the listed ones are rooms made here.
  for (const auto& room : lobby["rooms"])
    EXPECT_NE(room["creator"].get<std::string>().rfind('p', 0), std::string::npos);
  auto page = json::parse(http("/api/lobby").body);
  EXPECT_EQ(page["rooms"].size(), 2u);
  EXPECT_EQ(page["rooms_total"], 3);
}

class GuestLimitTest : public AbuseLimitsTest {
 protected:
  AppConfig config() override {
    AppConfig c = AbuseLimitsTest::config();
    c.guests_per_minute = 5;
    return c;
  }
};

TEST_F(GuestLimitTest, OneAddressTakesAtMostItsGuestsAMinute) {
  for (int i = 0; i < 5; ++i) guest_at("g" + std::to_string(i), "10.0.0.1");
  Client& sixth = client_at("10.0.0.1");
  sixth.send({{"type", "guest"}, {"name", "g5"}, {"id", 1}});
  json refused = sixth.reply(1);
  EXPECT_EQ(refused["code"], "too_many_attempts") << refused.dump();
  EXPECT_GT(refused.value("retry_after_ms", 0), 0);
  guest_at("elsewhere", "10.0.0.2");  // another address is not held back
}

TEST_F(AbuseLimitsTest, ARatedGameResignedBeforeBothSidesMovedIsAbortedNotRated) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  std::string game = start_game(a, b, {{"game", "tablut"}});
  a.send({{"type", "resign"}, {"game_id", game}});
  json over = b.next("game_over");
  EXPECT_EQ(over["result"], "aborted") << over.dump();
  EXPECT_TRUE(over["rating_changes"].is_null()) << over.dump();
  // After one move each, a resignation is a resignation.
  ASSERT_FALSE(a.next("match_over").is_null());
  game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8", "d5-d4"});
  a.send({{"type", "resign"}, {"game_id", game}});
  over = b.next("game_over");
  EXPECT_EQ(over["reason"], "resignation") << over.dump();
  EXPECT_TRUE(over["rating_changes"].is_object()) << over.dump();
}

TEST_F(AbuseLimitsTest, APairStartsAtMostItsRatedGamesADayCasualOnesStillGo) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  for (int i = 0; i < 2; ++i) {
    const std::string game = start_game(a, b, {{"game", "tablut"}});
    play(a, b, game, {"f9-f8", "d5-d4"});
    a.send({{"type", "resign"}, {"game_id", game}});
    ASSERT_FALSE(a.next("match_over").is_null());
  }
  a.send({{"type", "create_room"}, {"game", "tablut"}, {"side", "first"}, {"id", 5}});
  const json room = a.reply(5);
  ASSERT_EQ(room["type"], "room_created");
  const json join = {{"type", "join_room"}, {"room_id", room["room"]["room_id"]}};
  EXPECT_EQ(b.error_of(join, 6), "rated_pair_limit");
  // Someone else may still join it, and the pair may play a casual game.
  Client& c = registered("carol");
  EXPECT_EQ(c.error_of(join, 7), "<game_started>");
  a.send({{"type", "resign"}, {"game_id", a.next("game_started")["state"]["game_id"]}});
  ASSERT_FALSE(a.next("match_over").is_null());
  EXPECT_FALSE(start_game(a, b, {{"game", "tablut"}, {"rated", false}}).empty());
}

TEST_F(AbuseLimitsTest, ARepeatedDrawOfferIsToldOnceAndOffersAreSpacedOut) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play_legal(a, b, game, 2);
  const json offer = {{"type", "offer_draw"}, {"game_id", game}};
  for (int i = 0; i < 15; ++i) EXPECT_EQ(a.error_of(offer, 20 + i), "<draw_offered>");
  std::this_thread::sleep_for(100ms);
  int told = 0;
  for (const json& f : b.connection()->all()) told += f["type"] == "draw_offered";
  EXPECT_EQ(told, 1);
  EXPECT_EQ(b.error_of({{"type", "decline_draw"}, {"game_id", game}}, 40), "<draw_declined>");
  // Again only six plies after the last offer (made at ply 2).
  play_legal(a, b, game, 2, 2);
  EXPECT_EQ(a.error_of(offer, 41), "rate_limited");
  play_legal(a, b, game, 4, 4);
  EXPECT_EQ(a.error_of(offer, 42), "<draw_offered>");
}

}  // namespace
}  // namespace bh::app::test
