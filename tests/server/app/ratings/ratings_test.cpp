// Ratings through the application (docs/ratings.md): rated rooms between registered
// players, the figures of a first rated game in game_over, draws, matches, casual
// games, guests refused, and the HTTP routes with hostile inputs.
#include "harness.hpp"

namespace bh::app::test {
namespace {

// The attackers (first) open, the king (second) escapes: the second side wins.
const std::vector<std::string> kTablutWin = {"f9-f8", "d5-d4", "i6-g6", "d4-d7", "f8-g8", "e5-d5", "d1-c1", "d5-d1"};

class RatingsTest : public AppTest {
 protected:
  Client& registered(const std::string& name) {
    Client& c = client();
    c.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
    json r = c.reply(1, 30s);
    EXPECT_EQ(r["type"], "identity") << r.dump();
    return c;
  }
  json http_json(const std::string& path, std::map<std::string, std::string> query = {}) {
    return json::parse(http(path, std::move(query)).body);
  }
};

void expect_change(const json& c, double before, double after, double rd) {
  EXPECT_DOUBLE_EQ(c["before"].get<double>(), before) << c.dump();
  EXPECT_DOUBLE_EQ(c["after"].get<double>(), after) << c.dump();
  EXPECT_DOUBLE_EQ(c["change"].get<double>(), std::round((after - before) * 10) / 10) << c.dump();
  EXPECT_DOUBLE_EQ(c["rd"].get<double>(), rd) << c.dump();
}

TEST_F(RatingsTest, FirstRatedGameBetweenNewPlayersGivesGlickmansFigures) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});  // rated by default
  play(a, b, game, kTablutWin);                                     // bob wins
  json over = a.next("game_over");
  ASSERT_FALSE(over.is_null());
  ASSERT_TRUE(over["rating_changes"].is_object()) << over.dump();
  expect_change(over["rating_changes"]["second"], 1500.0, 1741.6, 396.8);
  expect_change(over["rating_changes"]["first"], 1500.0, 1258.4, 396.8);
  auto profile = http_json("/api/players/bob");
  EXPECT_EQ(profile["registered"], true);
  EXPECT_DOUBLE_EQ(profile["ratings"]["tablut"]["rating"].get<double>(), 1741.6);
  EXPECT_DOUBLE_EQ(profile["ratings"]["tablut"]["rd"].get<double>(), 396.8);
  EXPECT_EQ(profile["ratings"]["tablut"]["wins"], 1);
  EXPECT_EQ(profile["ratings"]["tablut"]["provisional"], true);
  EXPECT_EQ(profile["recent"].size(), 1u);
  EXPECT_EQ(profile["recent"][0]["rated"], true);
  auto history = http_json("/api/players/alice/ratings", {{"game", "tablut"}});
  ASSERT_EQ(history["history"].size(), 1u);
  EXPECT_EQ(history["history"][0]["opponent"], "bob");
  EXPECT_EQ(history["history"][0]["score"], 0.0);
  EXPECT_DOUBLE_EQ(history["history"][0]["after"].get<double>(), 1258.4);
  // Provisional players are not on the leaderboard.
  EXPECT_EQ(http_json("/api/leaderboard", {{"game", "tablut"}})["players"].size(), 0u);
}

TEST_F(RatingsTest, RatedDrawLeavesBothAt1500WithSmallerDeviation) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8"});
  b.send({{"type", "offer_draw"}, {"game_id", game}});
  a.send({{"type", "accept_draw"}, {"game_id", game}, {"id", 5}});
  json over = b.next("game_over");
  ASSERT_TRUE(over["rating_changes"].is_object()) << over.dump();
  expect_change(over["rating_changes"]["first"], 1500.0, 1500.0, 396.8);
  expect_change(over["rating_changes"]["second"], 1500.0, 1500.0, 396.8);
}

TEST_F(RatingsTest, MatchUpdatesAfterEachGameAndTheSecondStartsFromTheFirst) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  const std::string g1 = start_game(a, b, {{"game", "tablut"}, {"games", 2}});
  play(a, b, g1, kTablutWin);
  json over1 = a.next("game_over");
  expect_change(over1["rating_changes"]["second"], 1500.0, 1741.6, 396.8);
  json s2 = a.next("game_started");
  ASSERT_FALSE(s2.is_null());
  // The second game shows the ratings it starts from.
  EXPECT_EQ(s2["state"]["rated"], true);
  EXPECT_DOUBLE_EQ(s2["state"]["ratings"]["first"]["rating"].get<double>(), 1741.6);  // bob plays first now
  const std::string g2 = s2["state"]["game_id"];
  play(b, a, g2, {"f9-f8", "d5-d4"});  // both moved: a resignation is rated
  a.send({{"type", "resign"}, {"game_id", g2}, {"id", 9}});
  json over2 = b.next_if("game_over", [&](const json& m) { return m["game_id"] == g2; });
  ASSERT_TRUE(over2["rating_changes"].is_object()) << over2.dump();
  EXPECT_DOUBLE_EQ(over2["rating_changes"]["first"]["before"].get<double>(), 1741.6);
  EXPECT_GT(over2["rating_changes"]["first"]["after"].get<double>(), 1741.6);
  auto history = http_json("/api/players/bob/ratings", {{"game", "tablut"}});
  ASSERT_EQ(history["history"].size(), 2u);
  EXPECT_EQ(history["history"][0]["game_id"], g1);
  EXPECT_EQ(history["history"][1]["game_id"], g2);
  EXPECT_EQ(http_json("/api/players/bob")["ratings"]["tablut"]["games"], 2);
}

TEST_F(RatingsTest, CasualGameChangesNothing) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"rated", false}});
  play(a, b, game, kTablutWin);
  json over = a.next("game_over");
  EXPECT_TRUE(over["rating_changes"].is_null()) << over.dump();
  auto profile = http_json("/api/players/bob");
  EXPECT_EQ(profile["registered"], true);
  EXPECT_TRUE(profile["ratings"].empty()) << profile.dump();
  EXPECT_EQ(profile["recent"][0]["rated"], false);
}

TEST_F(RatingsTest, AnAbortedRatedGameChangesNothing) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});  // rated
  a.send({{"type", "abort"}, {"game_id", game}, {"id", 40}});
  json over = a.next("game_over");
  ASSERT_FALSE(over.is_null());
  EXPECT_EQ(over["result"], "aborted");
  EXPECT_TRUE(over["rating_changes"].is_null()) << over.dump();
  auto profile = http_json("/api/players/bob");
  EXPECT_TRUE(profile["ratings"].empty()) << profile.dump();
  auto history = http_json("/api/players/bob/ratings", {{"game", "tablut"}});
  EXPECT_TRUE(history["history"].empty()) << history.dump();
}

TEST_F(RatingsTest, GuestCannotCreateOrJoinARatedRoom) {
  Client& g = guest("gus");
  EXPECT_EQ(g.error_of({{"type", "create_room"}, {"game", "tablut"}, {"rated", true}}, 3), "account_required");
  // A guest's room is casual by default, with no rating shown.
  g.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 4}});
  json created = g.reply(4);
  EXPECT_EQ(created["room"]["rated"], false);
  EXPECT_TRUE(created["room"]["creator_rating"].is_null());
  g.send({{"type", "cancel_room"}, {"room_id", created["room"]["room_id"]}, {"id", 5}});
  g.reply(5);

  Client& a = registered("alice");
  a.send({{"type", "create_room"}, {"game", "seatafl"}, {"options", {{"size", "11"}}}, {"id", 6}});
  json rated = a.reply(6);
  EXPECT_EQ(rated["room"]["rated"], true);
  EXPECT_DOUBLE_EQ(rated["room"]["creator_rating"]["rating"].get<double>(), 1500.0);
  EXPECT_EQ(rated["room"]["creator_rating"]["provisional"], true);
  EXPECT_EQ(g.error_of({{"type", "join_room"}, {"room_id", rated["room"]["room_id"]}}, 7), "account_required");
}

TEST_F(RatingsTest, GuestInTheArchiveHasAnUnregisteredProfile) {
  Client& a = guest("gus");
  Client& b = registered("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});  // a guest's room: casual
  play(a, b, game, kTablutWin);
  json over = a.next("game_over");
  EXPECT_TRUE(over["rating_changes"].is_null());
  auto profile = http_json("/api/players/gus");
  EXPECT_EQ(profile["registered"], false);
  EXPECT_TRUE(profile["ratings"].empty());
  EXPECT_EQ(profile["recent"].size(), 1u);
}

TEST_F(RatingsTest, HostileHttpInputs) {
  registered("bob");
  EXPECT_EQ(http("/api/players/nobody").status, 404);
  EXPECT_EQ(http("/api/players/bob").status, 200);
  EXPECT_EQ(http("/api/players/b%6Fb").status, 200);  // percent-encoded
  EXPECT_EQ(http("/api/players/b%ZZ").status, 404);   // a bad escape
  EXPECT_EQ(http("/api/players/%00bob").status, 404);
  EXPECT_EQ(http("/api/players/" + std::string(300, 'x')).status, 404);
  EXPECT_EQ(http("/api/players/<script>").status, 404);
  EXPECT_EQ(http("/api/players/bob/other").status, 404);
  EXPECT_EQ(http("/api/players//ratings", {{"game", "tablut"}}).status, 404);
  EXPECT_EQ(http("/api/players/bob/ratings").status, 400);
  EXPECT_EQ(http("/api/players/bob/ratings", {{"game", "seatafl"}}).status, 400);
  EXPECT_EQ(http("/api/players/bob/ratings", {{"game", "tablut"}}).status, 200);
  EXPECT_EQ(http("/api/players/nobody/ratings", {{"game", "tablut"}}).status, 404);
  for (const char* limit : {"0", "101", "-1", "abc", "", "1e2", "99999999999"})
    EXPECT_EQ(http("/api/leaderboard", {{"game", "tablut"}, {"limit", limit}}).status, 400) << limit;
  EXPECT_EQ(http("/api/leaderboard").status, 400);
  EXPECT_EQ(http("/api/leaderboard", {{"game", "chess"}}).status, 400);
  EXPECT_EQ(http("/api/leaderboard", {{"game", "tablut"}, {"x", "1"}}).status, 400);
  auto board = http("/api/leaderboard", {{"game", "seatafl-11x11"}, {"limit", "100"}});
  EXPECT_EQ(board.status, 200);
  EXPECT_EQ(json::parse(board.body)["game"], "seatafl-11x11");
  EXPECT_EQ(http("/api/leaderboard", {{"game", "tablut"}}, "POST").status, 405);
}

TEST_F(RatingsTest, RatingsSurviveARestartAndShowInTheNextRoom) {
  {
    Client& a = registered("alice");
    Client& b = registered("bob");
    const std::string game = start_game(a, b, {{"game", "tablut"}});
    play(a, b, game, kTablutWin);
    ASSERT_FALSE(a.next("game_over").is_null());
  }
  clients_.clear();
  close_app();
  open_app();
  auto profile = http_json("/api/players/bob");
  EXPECT_DOUBLE_EQ(profile["ratings"]["tablut"]["rating"].get<double>(), 1741.6);
  Client& b = client();
  b.send({{"type", "login"}, {"name", "bob"}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_EQ(b.reply(1, 30s)["type"], "identity");
  b.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 2}});
  json created = b.reply(2);
  EXPECT_DOUBLE_EQ(created["room"]["creator_rating"]["rating"].get<double>(), 1741.6);
  EXPECT_DOUBLE_EQ(created["room"]["creator_rating"]["rd"].get<double>(), 396.8);
}

// get_player and get_leaderboard answer over WebSocket what the HTTP routes answer,
// to anyone (no identity needed), from the same fetch.
TEST_F(RatingsTest, PlayerAndLeaderboardOverWebSocketAreTheHttpBodiesWithAType) {
  Client& a = registered("alice");
  Client& b = registered("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, kTablutWin);
  ASSERT_FALSE(a.next("game_over").is_null());

  Client& anonymous = client();
  anonymous.send({{"type", "get_player"}, {"name", "bob"}, {"id", 2}});
  json player = anonymous.reply(2);
  EXPECT_EQ(player["type"], "player") << player.dump();
  EXPECT_DOUBLE_EQ(player["ratings"]["tablut"]["rating"].get<double>(), 1741.6);
  EXPECT_DOUBLE_EQ(player["ratings"]["tablut"]["rd"].get<double>(), 396.8);
  json body = player;
  body.erase("type");
  body.erase("id");
  EXPECT_EQ(body, http_json("/api/players/bob"));

  anonymous.send({{"type", "get_leaderboard"}, {"game", "tablut"}, {"limit", 100}, {"id", 3}});
  json top = anonymous.reply(3);
  EXPECT_EQ(top["type"], "leaderboard") << top.dump();
  EXPECT_EQ(top["game"], "tablut");
  EXPECT_TRUE(top["players"].empty()) << top.dump();                                // both still provisional
  anonymous.send({{"type", "get_leaderboard"}, {"game", "alquerque"}, {"id", 4}});  // default limit
  EXPECT_EQ(anonymous.reply(4)["type"], "leaderboard");

  // A guest's name from the archive: a profile, unregistered.
  Client& g = guest("gus");
  g.send({{"type", "get_player"}, {"name", "alice"}, {"id", 5}});
  EXPECT_EQ(g.reply(5)["registered"], true);
}

TEST_F(RatingsTest, HostilePlayerAndLeaderboardRequests) {
  registered("bob");
  Client& c = client();
  int id = 10;
  const std::vector<std::string> names = {"nobody",
                                          "",
                                          " bob",
                                          "bob ",
                                          "<script>",
                                          "b%6Fb",
                                          "bob/ratings",
                                          "../bob",
                                          std::string(64 + 1, 'x'),
                                          std::string("b\0ob", 5)};
  for (const std::string& name : names)
    EXPECT_EQ(c.error_of({{"type", "get_player"}, {"name", name}}, ++id), "not_found") << name;
  EXPECT_EQ(c.error_of({{"type", "get_player"}}, ++id), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "get_player"}, {"name", 5}}, ++id), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "get_player"}, {"name", {"bob"}}}, ++id), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "get_player"}, {"name", std::string(300, 'x')}}, ++id), "bad_request");
  // Unknown rating keys (the game's name alone is not one for Seatafl).
  for (const char* key : {"chess", "seatafl", "Tablut", "", "tablut ", "seatafl-13x13"})
    EXPECT_EQ(c.error_of({{"type", "get_leaderboard"}, {"game", key}}, ++id), "bad_query") << key;
  EXPECT_EQ(c.error_of({{"type", "get_leaderboard"}}, ++id), "bad_request");
  for (int limit : {0, 101, -1, 1000000})
    EXPECT_EQ(c.error_of({{"type", "get_leaderboard"}, {"game", "tablut"}, {"limit", limit}}, ++id), "bad_query")
        << limit;
  EXPECT_EQ(c.error_of({{"type", "get_leaderboard"}, {"game", "tablut"}, {"limit", "5"}}, ++id), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "get_leaderboard"}, {"game", "tablut"}, {"limit", 1.5}}, ++id), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "get_leaderboard"}, {"game", "tablut"}, {"limit", 1e12}}, ++id), "bad_request");
  // A flood of them is answered one by one, each with its own id.
  for (int i = 0; i < 50; ++i)
    c.send({{"type", "get_leaderboard"}, {"game", "draughts"}, {"limit", 1}, {"id", 500 + i}});
  for (int i = 0; i < 50; ++i) EXPECT_EQ(c.reply(500 + i)["type"], "leaderboard") << i;
}

}  // namespace
}  // namespace bh::app::test
