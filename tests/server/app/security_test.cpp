// What one client can do to the server and to others: text that is not UTF-8 echoed in
// replies, limits per address on password hashing, the identify timeout, names freed on
// time. The real binary's side of the same points is in tests/server/net/real/security_test.cpp.
#include "harness.hpp"

namespace bh::app::test {
namespace {

// Every reply is valid JSON (the harness's FakeConnection parses each frame strictly,
// so a reply that is not would fail the test there).

TEST_F(AppTest, LongNonAsciiTypeIsAnsweredAndCutBetweenCharacters) {
  Client& c = client();
  std::string type;
  for (int i = 0; i < 50; ++i) type += "\xc3\xa9";  // é: two bytes, 100 in all
  c.send({{"type", type}, {"id", 1}});
  json e = c.reply(1);
  ASSERT_EQ(e["type"], "error") << e.dump();
  EXPECT_EQ(e["code"], "unknown_type");
  const std::string message = e["message"];
  EXPECT_NE(message.find("\xc3\xa9\xc3\xa9"), std::string::npos) << message;
  EXPECT_EQ(message.find("\xef\xbf\xbd"), std::string::npos) << "cut inside a character: " << message;
}

TEST_F(AppTest, HttpAnswersForBytesThatAreNotUtf8AreJson) {
  HttpResponse bad_cursor = http("/api/games", {{"cursor", "\xff\xfe"}});
  EXPECT_EQ(bad_cursor.status, 400) << bad_cursor.body;
  EXPECT_TRUE(json::accept(bad_cursor.body)) << bad_cursor.body;
  HttpResponse bad_id = http("/api/games/\xff");
  EXPECT_EQ(bad_id.status, 404) << bad_id.body;
  EXPECT_TRUE(json::accept(bad_id.body)) << bad_id.body;
  HttpResponse bad_path = http("/nowhere/\xc3");
  EXPECT_EQ(bad_path.status, 404);
  EXPECT_TRUE(json::accept(bad_path.body)) << bad_path.body;
  HttpResponse bad_game = http("/api/games", {{"game", "\xe2\x82"}});
  EXPECT_TRUE(json::accept(bad_game.body)) << bad_game.body;
  // And the application still serves.
  EXPECT_EQ(http("/healthz").status, 200);
}

TEST_F(AppTest, AnUnknownGameOrResultInAnArchiveFilterIsABadQuery) {
  HttpResponse chess = http("/api/games", {{"game", "chess"}});
  EXPECT_EQ(chess.status, 400) << chess.body;
  EXPECT_NE(chess.body.find("unknown game 'chess'"), std::string::npos) << chess.body;
  EXPECT_EQ(http("/api/games", {{"result", "win"}}).status, 400);
  EXPECT_EQ(http("/api/games", {{"game", "tablut"}}).status, 200);
  Client& c = client();
  EXPECT_EQ(c.error_of({{"type", "list_games"}, {"game", "chess"}}, 1), "bad_query");
}

// The winner filter (issue 12.8) as an attacker sends it: the wrong type, too long, bytes
// that are not UTF-8, SQL. Each is answered (JSON, never a crash) and matches nothing.
TEST_F(AppTest, HostileWinnerFiltersAreAnsweredAndMatchNothing) {
  Client& c = client();
  EXPECT_EQ(c.error_of({{"type", "list_games"}, {"winner", 5}}, 1), "bad_request");
  EXPECT_EQ(c.error_of({{"type", "list_games"}, {"winner", std::string(300, 'w')}}, 2), "bad_request");
  c.send({{"type", "list_games"}, {"winner", "x' OR 1=1 --"}, {"id", 3}});
  EXPECT_EQ(c.reply(3)["games"].size(), 0u);
  HttpResponse huge = http("/api/games", {{"winner", std::string(300, 'w')}});
  EXPECT_EQ(huge.status, 400) << huge.body;
  EXPECT_NE(huge.body.find("winner is too long"), std::string::npos) << huge.body;
  for (const std::string& bad : {std::string("\xff\xfe"), std::string("a\xc3"), std::string("x' OR 1=1 --")}) {
    HttpResponse r = http("/api/games", {{"winner", bad}, {"player", bad}});
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_TRUE(json::accept(r.body)) << r.body;
    EXPECT_EQ(json::parse(r.body)["games"].size(), 0u);
  }
}

// Issue 12.7: a private game is listed to its players only, and fetched by its id.
TEST_F(AppTest, APrivateGameIsListedToItsPlayersOnly) {
  Client& ann = guest("ann");
  Client& bob = guest("bob");
  const std::string game = start_game(ann, bob, {{"game", "tablut"}, {"private", true}});
  ann.send({{"type", "resign"}, {"game_id", game}, {"id", 5}});
  ASSERT_FALSE(bob.next_if("game_over", [](const json& m) { return m.value("archived", false); }).is_null());
  EXPECT_EQ(json::parse(http("/api/games").body)["games"].size(), 0u);
  EXPECT_EQ(json::parse(http("/api/games", {{"player", "ann"}}).body)["games"].size(), 0u);
  EXPECT_EQ(http("/api/games/" + game).status, 200);  // an unlisted link still works
  bob.send({{"type", "list_games"}, {"id", 6}});
  EXPECT_EQ(bob.reply(6)["games"].size(), 1u);
  Client& cid = guest("cid");
  cid.send({{"type", "list_games"}, {"player", "ann"}, {"id", 7}});
  EXPECT_EQ(cid.reply(7)["games"].size(), 0u);
}

class LimitedAppTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.auth_rate = 1;
    c.auth_burst = 3;
    c.accounts_per_hour = 2;
    c.identify_timeout_ms = 1'000;
    return c;
  }
};

// Password hashes are slow by design (and slower under the sanitizers): replies wait long.
constexpr auto kHashReply = 60s;

TEST_F(LimitedAppTest, LoginsFromOneAddressAreLimitedAndOthersAreNot) {
  // Four logins sent at once: three pass (the burst), the fourth is refused on arrival,
  // with the time to wait, whatever the hashes of the first three cost.
  std::vector<Client*> logins;
  for (int i = 0; i < 4; ++i) {
    logins.push_back(&client_at("10.0.0.1"));
    logins.back()->send(
        {{"type", "login"}, {"name", "nobody" + std::to_string(i)}, {"password", "whatever1"}, {"id", i + 1}});
  }
  json refused = logins[3]->reply(4, kHashReply);
  EXPECT_EQ(refused["code"], "too_many_attempts") << refused.dump();
  EXPECT_GT(refused.value("retry_after_ms", 0), 0) << refused.dump();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(logins[i]->reply(i + 1, kHashReply)["code"], "auth_failed");
  // Another address is not held back by the first one's flood.
  Client& other = client_at("10.0.0.2");
  other.send({{"type", "register"}, {"name", "erin"}, {"password", "long enough"}, {"id", 3}});
  EXPECT_EQ(other.reply(3, kHashReply)["type"], "identity");
}

TEST_F(LimitedAppTest, NewAccountsPerAddressAreLimited) {
  auto register_from = [&](const std::string& address, const std::string& name) {
    Client& c = client_at(address);
    c.send({{"type", "register"}, {"name", name}, {"password", "long enough"}, {"id", 1}});
    return c.reply(1, kHashReply);
  };
  EXPECT_EQ(register_from("10.0.0.3", "a1")["type"], "identity");
  EXPECT_EQ(register_from("10.0.0.3", "a2")["type"], "identity");
  json refused = register_from("10.0.0.3", "a3");
  EXPECT_EQ(refused["code"], "too_many_attempts") << refused.dump();
  EXPECT_GT(refused.value("retry_after_ms", 0), 60'000);  // about half an hour at 2 an hour
  // Another address has its own allowance.
  EXPECT_EQ(register_from("10.0.0.4", "a4")["type"], "identity");
}

TEST_F(LimitedAppTest, AConnectionWithNoIdentityIsClosedAfterTheTimeout) {
  Client& idle = client();
  Client& named = guest("nora");
  const auto deadline = std::chrono::steady_clock::now() + 4s;
  while (!idle.connection()->closed() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(idle.connection()->closed());
  json notice = idle.next("error", 0ms);
  EXPECT_EQ(notice["code"], "not_authenticated") << notice.dump();
  EXPECT_FALSE(named.connection()->closed());
}

TEST_F(AppTest, AGuestNameIsFreeAgainAfterTheGraceOnAQuietServer) {
  // The grace is 300 ms here; the housekeeping runs every second. Nobody else logs in.
  Client& first = guest("gwen");
  first.close();
  Client& again = client();
  EXPECT_EQ(again.error_of({{"type", "guest"}, {"name", "gwen"}}, 1), "name_taken");
  std::this_thread::sleep_for(1600ms);
  EXPECT_EQ(again.error_of({{"type", "guest"}, {"name", "gwen"}}, 2), "<identity>");
}

}  // namespace
}  // namespace bh::app::test
