// Play the computer (docs/protocol.md, "Play the computer"): a bot account's login, the
// private casual room with the seat kept for the bot, its challenge, the cancel when it
// does not come, the choice between bots, the marks everywhere a game is shown, and a
// restart.
#include <future>

#include "app/players/passwords.hpp"
#include "harness.hpp"

namespace bh::app::test {
namespace {

const char* kBotPassword = "a bot's long secret";

class ComputerTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.computer_join_ms = join_ms_;
    return c;
  }
  // The operator's bot account (what --create-bot writes), logged in.
  Client& bot(const std::string& name) {
    std::promise<storage::StoreError> saved;
    store_->save_bot_account(make_pbkdf2_account(name, kBotPassword, 1000),
                             [&](storage::StoreError e) { saved.set_value(std::move(e)); });
    EXPECT_TRUE(saved.get_future().get().ok());
    return login(name, kBotPassword);
  }
  Client& login(const std::string& name, const std::string& password) {
    Client& c = client();
    c.send({{"type", "login"}, {"name", name}, {"password", password}, {"id", 1}});
    json r = c.reply(1, 30s);
    EXPECT_EQ(r["type"], "identity") << r.dump();
    tokens_[name] = r.value("token", "");
    identities_[name] = r;
    return c;
  }
  Client& registered(const std::string& name) {
    Client& c = client();
    c.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
    json r = c.reply(1, 30s);
    EXPECT_EQ(r["type"], "identity") << r.dump();
    identities_[name] = r;
    return c;
  }
  // `player` asks for a game against the computer; the reply.
  json ask(Client& player, json spec, int id = 50) {
    spec["type"] = "play_computer";
    spec["id"] = id;
    player.send(spec);
    return player.reply(id);
  }
  // `player` (first) against `robot`, which takes its challenge; the game's state as the
  // player sees it at the start.
  json versus(Client& player, Client& robot, json spec) {
    if (!spec.contains("side")) spec["side"] = "first";
    json created = ask(player, spec);
    EXPECT_EQ(created["type"], "room_created") << created.dump();
    last_room_ = created["room"].value("room_id", "");
    json challenge = robot.next("challenge");
    EXPECT_EQ(challenge["room_id"], last_room_);
    robot.send({{"type", "join_room"}, {"room_id", last_room_}, {"id", 60}});
    EXPECT_FALSE(robot.next("game_started").is_null());
    return player.next("game_started")["state"];
  }
  void finish(Client& resigner, Client& other, const std::string& game) {
    resigner.send({{"type", "resign"}, {"game_id", game}});
    ASSERT_FALSE(resigner.next("match_over").is_null());
    ASSERT_FALSE(other.next("match_over").is_null());
  }

  std::int64_t join_ms_ = 5000;
  std::map<std::string, json> identities_;
};

TEST_F(ComputerTest, NoBotConnectedIsNoComputer) {
  Client& a = guest("alice");
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}}, 2), "no_computer");
  // A bot that has left is not there either.
  Client& robot = bot("robo");
  robot.close();
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}}, 3), "no_computer");
  // The refusal kept no seat: alice may create a room.
  EXPECT_EQ(ask(a, {{"game", "tablut"}}, 4)["type"], "error");
  json created = a.error_of({{"type", "create_room"}, {"game", "tablut"}}, 5);
  EXPECT_EQ(created, "<room_created>");
}

TEST_F(ComputerTest, BadLevelsOptionsAndStrangersAreRefused) {
  Client& stranger = client();
  EXPECT_EQ(stranger.error_of({{"type", "play_computer"}, {"game", "tablut"}}, 1), "not_authenticated");
  Client& a = guest("alice");
  bot("robo");
  for (int level : {0, 9, -1, 1000000})
    EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}, {"level", level}}, 2), "bad_request") << level;
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "chess"}}, 3), "bad_options");
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}, {"side", "up"}}, 4), "bad_options");
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}, {"clock", {{"initial_s", 0}}}}, 5),
            "bad_options");
  // Seated elsewhere: already_seated.
  ASSERT_EQ(a.error_of({{"type", "create_room"}, {"game", "tablut"}}, 6), "<room_created>");
  EXPECT_EQ(a.error_of({{"type", "play_computer"}, {"game", "tablut"}}, 7), "already_seated");
}

TEST_F(ComputerTest, BotLoginSaysBotAndRegisterNeverDoes) {
  bot("robo");
  EXPECT_EQ(identities_["robo"]["bot"], true);
  registered("newbie");
  EXPECT_TRUE(identities_["newbie"]["bot"].is_null());
  Client& g = guest("alice");
  // Neither a registered player nor a guest is picked as the computer.
  (void)g;
  Client& other = guest("carol");
  json r = ask(other, {{"game", "tablut"}});
  ASSERT_EQ(r["type"], "room_created") << r.dump();  // robo is there...
  // ...and is the one challenged, not newbie.
  EXPECT_EQ(clients_.front()->next("challenge")["opponent"], "carol");
}

TEST_F(ComputerTest, TheBotIsChallengedAndItsSeatIsKept) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  Client& b = guest("bob");
  json created = ask(
      a, {{"game", "draughts"}, {"level", 6}, {"side", "first"}, {"clock", {{"initial_s", 300}, {"increment_s", 3}}}});
  ASSERT_EQ(created["type"], "room_created") << created.dump();
  const json& room = created["room"];
  EXPECT_EQ(room["computer_level"], 6);
  EXPECT_EQ(room["private"], true);
  EXPECT_EQ(room["rated"], false);
  EXPECT_EQ(room["creator"], "alice");
  EXPECT_EQ(room["creator_side"], "first");
  EXPECT_TRUE(created["invite_code"].is_null());
  const std::string room_id = room["room_id"];

  json challenge = robot.next("challenge");
  ASSERT_FALSE(challenge.is_null());
  EXPECT_EQ(challenge, json({{"type", "challenge"},
                             {"room_id", room_id},
                             {"game", "draughts"},
                             {"options", json::object()},
                             {"clock", {{"initial_ms", 300000}, {"increment_ms", 3000}}},
                             {"level", 6},
                             {"opponent", "alice"},
                             {"correspondence", nullptr}}));
  // Not in the lobby; nobody else can sit in the bot's seat, code or none.
  json lobby = a.error_of({{"type", "list_rooms"}}, 9);
  EXPECT_EQ(lobby, "<lobby>");
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room_id}}, 10), "room_full");
  EXPECT_EQ(b.error_of({{"type", "join_room"}, {"room_id", room_id}, {"invite_code", "00000000"}}, 11), "room_full");

  robot.send({{"type", "join_room"}, {"room_id", room_id}, {"id", 12}});
  json started = robot.reply(12);
  ASSERT_EQ(started["type"], "game_started") << started.dump();
  json state = a.next("game_started")["state"];
  EXPECT_EQ(state["players"]["first"], "alice");
  EXPECT_EQ(state["players"]["second"], "robo");
  EXPECT_EQ(state["bots"], json::array({"robo"}));
  EXPECT_EQ(state["computer_level"], 6);
  EXPECT_EQ(state["rated"], false);
  EXPECT_EQ(started["state"]["computer_level"], 6);
}

TEST_F(ComputerTest, TheLevelIsFourUnlessAsked) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  json created = ask(a, {{"game", "alquerque"}});
  EXPECT_EQ(created["room"]["computer_level"], 4);
  EXPECT_EQ(robot.next("challenge")["level"], 4);
}

class ComputerAbsentTest : public ComputerTest {
 protected:
  void SetUp() override {
    join_ms_ = 200;
    ComputerTest::SetUp();
  }
};

TEST_F(ComputerAbsentTest, TheRoomIsCancelledWhenTheBotDoesNotComeAndTheSeatsAreFree) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  json created = ask(a, {{"game", "tablut"}});
  ASSERT_EQ(created["type"], "room_created");
  const std::string room_id = created["room"]["room_id"];
  ASSERT_FALSE(robot.next("challenge").is_null());
  json cancelled = a.next("room_cancelled");
  ASSERT_FALSE(cancelled.is_null());
  EXPECT_EQ(cancelled["room_id"], room_id);
  EXPECT_EQ(cancelled["reason"], "no_computer");
  // Too late for the bot; alice is free to play again, and robo is picked again.
  EXPECT_EQ(robot.error_of({{"type", "join_room"}, {"room_id", room_id}}, 5), "unknown_room");
  EXPECT_EQ(ask(a, {{"game", "tablut"}}, 6)["type"], "room_created");
  EXPECT_FALSE(robot.next("challenge").is_null());
}

TEST_F(ComputerTest, ThePlayerMayCancelWhileWaiting) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  json created = ask(a, {{"game", "tablut"}});
  const std::string room_id = created["room"]["room_id"];
  a.send({{"type", "cancel_room"}, {"room_id", room_id}, {"id", 7}});
  json cancelled = a.reply(7);
  ASSERT_EQ(cancelled["type"], "room_cancelled") << cancelled.dump();
  EXPECT_TRUE(cancelled["reason"].is_null());
  EXPECT_EQ(robot.error_of({{"type", "join_room"}, {"room_id", room_id}}, 8), "unknown_room");
}

TEST_F(ComputerTest, TheBotWithTheFewestGamesIsChallenged) {
  Client& one = bot("robo1");
  Client& two = bot("robo2");
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carol");
  // Both free: the first by name.
  versus(a, one, {{"game", "tablut"}});
  // robo1 plays one game, robo2 none.
  ASSERT_EQ(ask(b, {{"game", "tablut"}})["type"], "room_created");
  json to_two = two.next("challenge");
  ASSERT_FALSE(to_two.is_null());
  EXPECT_EQ(to_two["opponent"], "bob");
  EXPECT_TRUE(one.next("challenge", 100ms).is_null());
  // A challenge not yet answered counts too: one each, the first by name again.
  ASSERT_EQ(ask(c, {{"game", "tablut"}})["type"], "room_created");
  EXPECT_EQ(one.next("challenge")["opponent"], "carol");
}

TEST_F(ComputerTest, ABotPlaysManyGamesAtOnce) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string g1 = versus(a, robot, {{"game", "tablut"}})["game_id"];
  const std::string g2 = versus(b, robot, {{"game", "tablut"}})["game_id"];
  play(a, robot, g1, {"f9-f8", "d5-d4"});
  play(b, robot, g2, {"f9-f8", "d5-d4"});
}

TEST_F(ComputerTest, MarksInTheArchiveAndProfilesAndNeverRated) {
  Client& robot = bot("robo");
  Client& a = registered("alice");
  json state = versus(a, robot, {{"game", "tablut"}, {"level", 2}});
  const std::string game = state["game_id"];
  play(a, robot, game, {"f9-f8", "d5-d4"});
  a.send({{"type", "resign"}, {"game_id", game}});
  json over = a.next("game_over");
  ASSERT_FALSE(over.is_null());
  EXPECT_TRUE(over["rating_changes"].is_null()) << over.dump();  // two registered players, still casual
  a.send({{"type", "list_games"}, {"player", "alice"}, {"id", 20}});
  json games = a.reply(20);
  ASSERT_EQ(games["type"], "games") << games.dump();
  ASSERT_EQ(games["games"].size(), 1u);
  EXPECT_EQ(games["games"][0]["bots"], json::array({"robo"}));
  EXPECT_EQ(games["games"][0]["computer_level"], 2);
  EXPECT_EQ(games["games"][0]["rated"], false);
  // Private: not listed over HTTP; the profiles say who is a bot.
  EXPECT_EQ(json::parse(http("/api/games").body)["games"].size(), 0u);
  EXPECT_EQ(json::parse(http("/api/players/robo").body)["bot"], true);
  EXPECT_TRUE(json::parse(http("/api/players/alice").body)["bot"].is_null());
  EXPECT_TRUE(json::parse(http("/api/players/alice").body)["ratings"].empty() ||
              json::parse(http("/api/players/alice").body)["ratings"]["tablut"]["games"] == 0);
  a.send({{"type", "get_player"}, {"name", "robo"}, {"id", 21}});
  EXPECT_EQ(a.reply(21)["bot"], true);
}

TEST_F(ComputerTest, ABotInAnOrdinaryRoomIsMarkedInTheLobbyAndTheArchive) {
  Client& robot = bot("robo");
  Client& b = guest("bob");
  Client& watcher = guest("wendy");
  watcher.send({{"type", "subscribe_lobby"}, {"id", 3}});
  ASSERT_EQ(watcher.reply(3)["type"], "lobby");
  const std::string game = start_game(robot, b, {{"game", "tablut"}, {"rated", false}});
  json live = watcher.next("live_game");
  ASSERT_FALSE(live.is_null());
  EXPECT_EQ(live["game"]["bots"], json::array({"robo"})) << live.dump();
  EXPECT_TRUE(live["game"]["computer_level"].is_null());
  json lobby = json::parse(http("/api/lobby").body);
  ASSERT_EQ(lobby["games"].size(), 1u) << lobby.dump();
  EXPECT_EQ(lobby["games"][0]["bots"], json::array({"robo"}));
  finish(robot, b, game);
  json listed = json::parse(http("/api/games").body);
  ASSERT_EQ(listed["games"].size(), 1u);
  EXPECT_EQ(listed["games"][0]["bots"], json::array({"robo"}));
  EXPECT_TRUE(listed["games"][0]["computer_level"].is_null());
}

TEST_F(ComputerTest, ARematchKeepsTheLevel) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  const std::string game = versus(a, robot, {{"game", "tablut"}, {"level", 7}})["game_id"];
  const std::string room = last_room_;
  finish(a, robot, game);
  a.send({{"type", "offer_rematch"}, {"room_id", room}});
  ASSERT_FALSE(robot.next("rematch_offered").is_null());
  robot.send({{"type", "accept_rematch"}, {"room_id", room}});
  json state = a.next("game_started")["state"];
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["computer_level"], 7);
  EXPECT_EQ(state["bots"], json::array({"robo"}));
  EXPECT_EQ(state["rated"], false);
  EXPECT_EQ(state["players"]["first"], "robo");  // sides swapped
}

TEST_F(ComputerTest, ARestartBringsTheGameBackWithItsLevelAndMarks) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  const std::string game = versus(a, robot, {{"game", "tablut"}, {"level", 5}})["game_id"];
  play(a, robot, game, {"f9-f8", "d5-d4"});
  clients_.clear();
  close_app();
  open_app();
  for (const char* name : {"alice", "robo"}) {
    Client& c = client();
    c.send({{"type", "resume"}, {"token", tokens_.at(name)}, {"id", 1}});
    json r = c.reply(1);
    ASSERT_EQ(r["type"], "identity") << r.dump();
    if (std::string(name) == "robo") {
      EXPECT_EQ(r["bot"], true);
    }
    json back = c.next("game_state");
    ASSERT_FALSE(back.is_null());
    EXPECT_EQ(back["state"]["game_id"], game);
    EXPECT_EQ(back["state"]["computer_level"], 5);
    EXPECT_EQ(back["state"]["bots"], json::array({"robo"}));
    EXPECT_EQ(back["state"]["ply"], 2);
  }
}

}  // namespace
}  // namespace bh::app::test

namespace bh::app::test {
namespace {

// The computer plays correspondence too (docs/correspondence.md): its challenge says
// so, and the game goes on beside the player's live one.
TEST_F(ComputerTest, TheComputerPlaysACorrespondenceGameBesideALiveOne) {
  Client& robot = bot("robo");
  Client& a = guest("alice");
  Client& b = guest("bob");
  ASSERT_FALSE(start_game(a, b, {{"game", "tablut"}}).empty());  // alice's live game
  json created = ask(a, {{"game", "brandubh"}, {"side", "first"}, {"clock", {{"days_per_move", 2}}}});
  ASSERT_EQ(created["type"], "room_created") << created.dump();
  json challenge = robot.next("challenge");
  EXPECT_EQ(challenge["correspondence"]["days_per_move"], 2);
  EXPECT_TRUE(challenge["clock"].is_null());
  robot.send({{"type", "join_room"}, {"room_id", challenge["room_id"]}, {"id", 60}});
  json started = a.next_if("game_started", [](const json& m) { return m["state"]["game"] == "brandubh"; });
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(started["state"]["correspondence"]["days_per_move"], 2);
  EXPECT_TRUE(started["state"]["deadline_ms"].is_number());
  EXPECT_EQ(started["state"]["computer_level"], 4);
}

}  // namespace
}  // namespace bh::app::test
