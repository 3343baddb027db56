// The HTTP API for programs decided without I/O (docs/api.md): tokens' scopes, labels,
// secrets and the Bearer header; which route a request takes and what it may not do;
// the push body's lines; and an API client sending each message where a program reads
// it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/api/api_client.hpp"
#include "app/api/api_routes.hpp"
#include "app/api/api_token.hpp"
#include "app/api/push_body.hpp"

namespace bh::app::api {
namespace {

using nlohmann::json;

TEST(ApiToken, ScopesAreKnownNamedOnceAndAtLeastOne) {
  auto scopes = parse_scopes({"challenge", "bot:play"});
  ASSERT_TRUE(scopes);
  EXPECT_EQ(*scopes, kBotPlay | kChallenge);
  EXPECT_EQ(scopes_text(*scopes), "bot:play,challenge");  // the table's order
  EXPECT_EQ(scopes_of("bot:play,challenge"), *scopes);
  EXPECT_EQ(scopes_of("read,fly,play"), kRead | kPlay);  // a stored name unknown now is ignored
  EXPECT_EQ(scope_names(kRead | kPlay), (std::vector<std::string>{"read", "play"}));
  EXPECT_FALSE(parse_scopes({}));
  EXPECT_FALSE(parse_scopes({"play", "play"}));
  EXPECT_FALSE(parse_scopes({"admin"}));
  EXPECT_FALSE(parse_scopes({""}));
}

TEST(ApiToken, ALabelHasAtMost64CharactersAndNoControlCharacter) {
  EXPECT_TRUE(checked_label(""));
  EXPECT_TRUE(checked_label(std::string(64, 'x')));
  EXPECT_TRUE(checked_label("движок " + std::string(57, 'x')));  // 64 code points, more bytes
  EXPECT_FALSE(checked_label(std::string(65, 'x')));
  EXPECT_FALSE(checked_label("tab\there"));
  EXPECT_FALSE(checked_label("\xff\xfe"));
}

TEST(ApiToken, ASecretIsBhpAnd64HexDigitsAndOnlyItsSha256IsKept) {
  const auto secret = new_secret();
  ASSERT_EQ(secret.size(), 68u);
  EXPECT_EQ(secret.rfind("bhp_", 0), 0u);
  EXPECT_NE(new_secret(), secret);
  EXPECT_EQ(new_token_id().size(), 13u);
  // SHA-256("abc") (FIPS 180-2, appendix B.1).
  EXPECT_EQ(secret_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(ApiToken, TheBearerHeaderIsReadInAnyCaseAndNothingElseIs) {
  const std::string secret = "bhp_" + std::string(64, 'a');
  EXPECT_EQ(bearer_secret("Bearer " + secret), secret);
  EXPECT_EQ(bearer_secret("bearer   " + secret + " "), secret);
  EXPECT_EQ(bearer_secret("BEARER " + secret), secret);
  EXPECT_FALSE(bearer_secret(""));
  EXPECT_FALSE(bearer_secret("Bearer"));
  EXPECT_FALSE(bearer_secret("Bearer " + secret.substr(1)));
  EXPECT_FALSE(bearer_secret("Basic " + secret));
  EXPECT_FALSE(bearer_secret("Bearer bhp_" + std::string(64, 'A')));  // lower-case hex only
  EXPECT_FALSE(bearer_secret("Bearer " + secret + "0"));
  EXPECT_FALSE(bearer_secret("Bearer" + secret));
}

HttpRequest request(std::string method, std::string path, std::string body = {}, std::string type = {}) {
  HttpRequest r{std::move(method), std::move(path)};
  r.body = std::move(body);
  r.content_type = std::move(type);
  return r;
}

int status(const std::optional<Route>& r) {
  if (!r) return -1;
  const auto* answer = std::get_if<HttpResponse>(&*r);
  return answer ? answer->status : 0;
}

TEST(ApiRoutes, EachRouteIsTakenWithItsMethod) {
  EXPECT_FALSE(route(request("GET", "/api/games")));  // the rest of the HTTP API's
  EXPECT_FALSE(route(request("GET", "/api/accounts")));
  EXPECT_TRUE(std::holds_alternative<Account>(*route(request("GET", "/api/account"))));
  EXPECT_TRUE(std::holds_alternative<RevokeSelf>(*route(request("DELETE", "/api/token"))));
  EXPECT_TRUE(std::holds_alternative<EventStream>(*route(request("GET", "/api/stream/event"))));
  EXPECT_TRUE(std::holds_alternative<Upgrade>(*route(request("POST", "/api/bot/account/upgrade"))));
  const auto stream = route(request("GET", "/api/bot/game/stream/g1a-2b"));
  ASSERT_TRUE(std::holds_alternative<GameStream>(*stream));
  EXPECT_TRUE(std::get<GameStream>(*stream).bot);
  EXPECT_EQ(std::get<GameStream>(*stream).game_id, "g1a-2b");
  EXPECT_FALSE(std::get<GameStream>(*route(request("GET", "/api/board/game/stream/g1"))).bot);
  EXPECT_EQ(status(route(request("POST", "/api/account"))), 405);
  EXPECT_EQ(status(route(request("GET", "/api/stream/event/x"))), -1);
  EXPECT_EQ(status(route(request("POST", "/api/stream/event"))), 405);
  EXPECT_EQ(status(route(request("GET", "/api/bot/account/upgrade"))), 405);
  EXPECT_EQ(status(route(request("POST", "/api/bot/game/stream/g1"))), 405);
  EXPECT_EQ(status(route(request("GET", "/api/board/game/g1/resign"))), 405);
  EXPECT_EQ(status(route(request("GET", "/api/bot/elsewhere"))), 404);
  EXPECT_EQ(status(route(request("GET", "/api/challenge/alice"))), 405);
  EXPECT_EQ(status(route(request("POST", "/api/challenge/r1/accept/now"))), 404);
  EXPECT_EQ(status(route(request("POST", "/api/challenge/r1/ignore"))), 404);
}

TEST(ApiRoutes, AChallengeByNameAndTheAnswersToOne) {
  auto r = route(request("POST", "/api/challenge/%D0%B1%D0%BE%D1%80%D0%B8%D1%81", "game=tablut&rated=true&clock=3d"));
  ASSERT_TRUE(r && std::holds_alternative<ChallengeName>(*r));
  const auto& c = std::get<ChallengeName>(*r).request;
  EXPECT_EQ(c.to, "борис");
  EXPECT_EQ(c.game, "tablut");
  EXPECT_EQ(c.rated, true);
  EXPECT_EQ(c.clock->days_per_move, 3);
  EXPECT_EQ(status(route(request("POST", "/api/challenge/bob"))), 400);                         // no game
  EXPECT_EQ(status(route(request("POST", "/api/challenge/bob", "game=tablut&level=3"))), 400);  // the computer's
  EXPECT_EQ(status(route(request("POST", "/api/challenge/bob", "game=tablut&rated=yes"))), 400);
  EXPECT_EQ(status(route(request("POST", "/api/challenge/%zz", "game=tablut"))), 400);
  auto accept = route(request("POST", "/api/challenge/r1-2/accept"));
  ASSERT_TRUE(accept && std::holds_alternative<ChallengeAnswer>(*accept));
  EXPECT_EQ(std::get<ChallengeAnswer>(*accept).room_id, "r1-2");
  EXPECT_EQ(std::get<ChallengeAnswer>(*accept).reply, Reply::accept);
  auto decline = route(request("POST", "/api/challenge/r1/decline", "reason=later"));
  ASSERT_TRUE(decline && std::holds_alternative<ChallengeAnswer>(*decline));
  EXPECT_EQ(std::get<ChallengeAnswer>(*decline).reply, Reply::decline);
  EXPECT_EQ(std::get<ChallengeAnswer>(*decline).reason, "later");
  EXPECT_EQ(std::get<ChallengeAnswer>(*route(request("POST", "/api/challenge/r1/cancel"))).reply, Reply::cancel);
  EXPECT_TRUE(refusal(*accept, kRead, false));
  EXPECT_FALSE(refusal(*accept, kBotPlay, true));
}

Action action(const std::string& path, std::string body = {}, std::string type = {}) {
  auto r = route(request("POST", path, std::move(body), std::move(type)));
  EXPECT_TRUE(r && std::holds_alternative<Action>(*r)) << path;
  return r && std::holds_alternative<Action>(*r) ? std::get<Action>(*r) : Action{};
}

TEST(ApiRoutes, ActionsNameTheGameAndWhatIsDone) {
  auto move = action("/api/bot/game/g1/move/c3%3Ae5%3Ag3");
  EXPECT_EQ(move.kind, ActionKind::move);
  EXPECT_EQ(move.game_id, "g1");
  EXPECT_EQ(move.text, "c3:e5:g3");
  EXPECT_EQ(action("/api/board/game/g1/move/huff%20c3%20b2-b3").text, "huff c3 b2-b3");
  EXPECT_EQ(action("/api/board/game/g1/move/a1+a2").text, "a1+a2");  // '+' is itself in a path
  EXPECT_EQ(action("/api/board/game/g1/resign").kind, ActionKind::resign);
  EXPECT_EQ(action("/api/board/game/g1/abort").kind, ActionKind::abort);
  EXPECT_EQ(action("/api/board/game/g1/draw/yes").kind, ActionKind::draw_yes);
  EXPECT_EQ(action("/api/board/game/g1/draw/no").kind, ActionKind::draw_no);
  EXPECT_EQ(action("/api/board/game/g1/takeback/yes").kind, ActionKind::takeback_yes);
  EXPECT_EQ(action("/api/board/game/g1/takeback/no").kind, ActionKind::takeback_no);
  EXPECT_EQ(action("/api/board/game/g1/chat", "text=gl+hf%21").text, "gl hf!");
  EXPECT_EQ(action("/api/board/game/g1/chat", R"({"text":"привет"})", "application/json").text, "привет");
  for (const char* bad : {"/api/board/game/g1/draw/maybe", "/api/board/game/g1/resign/now", "/api/board/game/g1/move",
                          "/api/board/game/g1", "/api/board/game/g1/fly"})
    EXPECT_EQ(status(route(request("POST", bad))), 404) << bad;
  EXPECT_EQ(status(route(request("POST", "/api/board/game/g%2f1/resign"))), 404);
  EXPECT_EQ(status(route(request("POST", "/api/board/game/" + std::string(65, 'g') + "/resign"))), 404);
  EXPECT_EQ(status(route(request("POST", "/api/board/game/g1/move/%zz"))), 400);
  EXPECT_EQ(status(route(request("POST", "/api/board/game/g1/move/" + std::string(65, 'a')))), 400);
  EXPECT_EQ(status(route(request("POST", "/api/board/game/g1/chat"))), 400);  // no text
  EXPECT_EQ(status(route(request("POST", "/api/board/game/g1/chat", "[1]", "application/json"))), 400);
  EXPECT_EQ(status(route(request("POST", "/api/board/game/g1/chat", std::string(5000, 'x')))), 413);
}

TEST(ApiRoutes, AChallengeOfTheComputerIsAPlayComputerRequest) {
  auto r =
      route(request("POST", "/api/challenge/ai", "game=seatafl&options=size%3A11&level=3&side=second&clock=300%2B5"));
  ASSERT_TRUE(r && std::holds_alternative<ChallengeAi>(*r));
  const auto& c = std::get<ChallengeAi>(*r).request;
  EXPECT_EQ(c.game, "seatafl");
  EXPECT_EQ(c.options->values.at("size"), "11");
  EXPECT_EQ(c.level, 3);
  EXPECT_EQ(c.side, "second");
  EXPECT_EQ(c.clock->initial_s, 300);
  EXPECT_EQ(c.clock->increment_s, 5);
  auto days =
      route(request("POST", "/api/challenge/ai", R"({"game":"tablut","clock":"3d","level":2})", "application/json"));
  ASSERT_TRUE(days && std::holds_alternative<ChallengeAi>(*days));
  EXPECT_EQ(std::get<ChallengeAi>(*days).request.clock->days_per_move, 3);
  EXPECT_EQ(std::get<ChallengeAi>(*days).request.level, 2);
  for (const char* bad : {"", "level=3", "game=tablut&level=x", "game=tablut&level=2.5", "game=tablut&clock=fast",
                          "game=tablut&clock=1.5d", "game=tablut&options=size", "game=tablut&colour=white"})
    EXPECT_EQ(status(route(request("POST", "/api/challenge/ai", bad))), 400) << bad;
  EXPECT_EQ(status(route(request("POST", "/api/challenge/ai", R"({"game":["tablut"]})", "application/json"))), 400);
}

TEST(ApiRoutes, ATokenTakesOnlyTheRoutesOfItsScopesAndItsKindOfAccount) {
  const Route bot_game = GameStream{true, "g1"};
  const Route board_game = Action{false, "g1", ActionKind::resign, {}};
  EXPECT_FALSE(refusal(bot_game, kBotPlay, true));
  EXPECT_TRUE(refusal(bot_game, kBotPlay, false));  // a person's account
  EXPECT_TRUE(refusal(bot_game, kPlay, true));
  EXPECT_FALSE(refusal(board_game, kPlay, false));
  EXPECT_TRUE(refusal(board_game, kPlay, true));  // a bot plays through /api/bot/
  EXPECT_TRUE(refusal(board_game, kRead | kChallenge, false));
  EXPECT_FALSE(refusal(Route{EventStream{}}, kPlay, false));
  EXPECT_FALSE(refusal(Route{EventStream{}}, kBotPlay, true));
  EXPECT_TRUE(refusal(Route{EventStream{}}, kBotPlay, false));  // a person's, before the upgrade
  EXPECT_TRUE(refusal(Route{EventStream{}}, kPlay, true));
  EXPECT_TRUE(refusal(Route{EventStream{}}, kRead | kChallenge, false));
  EXPECT_FALSE(refusal(Route{ChallengeAi{}}, kChallenge, false));
  EXPECT_TRUE(refusal(Route{ChallengeAi{}}, kRead, false));
  EXPECT_FALSE(refusal(Route{Upgrade{}}, kBotPlay, false));
  EXPECT_TRUE(refusal(Route{Upgrade{}}, kPlay, false));
  EXPECT_FALSE(refusal(Route{Account{}}, kRead, false));
  EXPECT_FALSE(refusal(Route{RevokeSelf{}}, kRead, false));
}

// What the network layer gets from a body: the pieces as they come.
struct Reader {
  std::vector<HttpBodySource::Piece> pieces;
  void ask(PushBody& body) {
    body.next([this](HttpBodySource::Piece p) { pieces.push_back(std::move(p)); });
  }
};

TEST(PushBody, LinesWaitForTheReaderAndTheEndComesAfterThem) {
  PushBody body;
  Reader reader;
  EXPECT_TRUE(body.push("a\n"));
  EXPECT_TRUE(body.push("b\n"));
  reader.ask(body);  // what is queued, at once
  ASSERT_EQ(reader.pieces.size(), 1u);
  EXPECT_EQ(reader.pieces[0].text, "a\nb\n");
  reader.ask(body);  // nothing yet: kept until a line comes
  EXPECT_EQ(reader.pieces.size(), 1u);
  EXPECT_TRUE(body.push("c\n"));
  ASSERT_EQ(reader.pieces.size(), 2u);
  EXPECT_EQ(reader.pieces[1].text, "c\n");
  body.push("d\n");
  body.end();
  EXPECT_FALSE(body.push("e\n"));
  reader.ask(body);
  ASSERT_EQ(reader.pieces.size(), 3u);
  EXPECT_EQ(reader.pieces[2].text, "d\n");
  EXPECT_TRUE(reader.pieces[2].end);
  EXPECT_FALSE(reader.pieces[2].failed);
}

TEST(PushBody, AReaderTooFarBehindIsCutOff) {
  PushBody body(10);
  EXPECT_TRUE(body.push("12345\n"));
  EXPECT_FALSE(body.push("123456\n"));
  EXPECT_TRUE(body.ended());
  Reader reader;
  reader.ask(body);
  ASSERT_EQ(reader.pieces.size(), 1u);
  EXPECT_TRUE(reader.pieces[0].failed);
}

// A stream's reader for the whole test: what was pushed since the last take. The network
// layer asks again after each piece; a request left waiting is answered into `got`.
struct Tap {
  explicit Tap(std::shared_ptr<PushBody> b) : body(std::move(b)) {}
  std::string take() {
    body->next([this](HttpBodySource::Piece p) { got += p.text; });
    return std::exchange(got, {});
  }
  std::shared_ptr<PushBody> body;
  std::string got;
};

TEST(ApiClient, EachMessageGoesWhereTheProgramReadsIt) {
  ApiClient client(1, "ann", false, "127.0.0.1");
  auto events = std::make_shared<PushBody>();
  auto game = std::make_shared<PushBody>();
  auto other = std::make_shared<PushBody>();
  client.add_event_stream("t1", events);
  client.add_game_stream("t1", "g1", game);
  client.add_game_stream("t2", "g2", other);
  Tap event_tap(events), game_tap(game), other_tap(other);
  std::string answered_type;
  const auto id = client.expect([&](const std::string&, const std::string& type) { answered_type = type; });

  client.send(make_frame(
      json{{"type", "game_started"},
           {"state", {{"game_id", "g1"}, {"room_id", "r1"}, {"game", "tablut"}, {"you", "first"}, {"ply", 0}}}}
          .dump()));
  const auto start = json::parse(event_tap.take());
  EXPECT_EQ(start["type"], "gameStart");
  EXPECT_EQ(start["game"]["game_id"], "g1");
  EXPECT_EQ(start["game"]["you"], "first");
  EXPECT_EQ(json::parse(game_tap.take())["type"], "game_started");
  EXPECT_EQ(other_tap.take(), "");
  EXPECT_EQ(client.ply("g1"), 0);

  // The answer to a request goes to it, and to the game's stream, without its id.
  client.send(make_frame(json{{"type", "move"}, {"id", id}, {"game_id", "g1"}, {"ply", 1}, {"move", "e1-e2"}}.dump()));
  EXPECT_EQ(answered_type, "move");
  const auto line = json::parse(game_tap.take());
  EXPECT_EQ(line["move"], "e1-e2");
  EXPECT_FALSE(line.contains("id"));
  EXPECT_EQ(client.ply("g1"), 1);
  EXPECT_EQ(event_tap.take(), "");  // a move is not an event

  client.send(make_frame(json{
      {"type", "game_over"},
      {"game_id", "g1"},
      {"room_id", "r1"},
      {"result", "first"},
      {"winner", "ann"},
      {"reason",
       "resignation"}}.dump()));
  const auto finish = json::parse(event_tap.take());
  EXPECT_EQ(finish["type"], "gameFinish");
  EXPECT_EQ(finish["game"]["game"], "tablut");
  EXPECT_EQ(finish["game"]["reason"], "resignation");
  EXPECT_EQ(json::parse(game_tap.take())["type"], "game_over");
  EXPECT_TRUE(game->ended());  // a game's stream ends with it
  EXPECT_FALSE(other->ended());

  // Revoking t2 ends its stream alone; closing ends the rest, and answers what waits.
  EXPECT_TRUE(client.end_streams_of("t2"));
  EXPECT_TRUE(other->ended());
  EXPECT_FALSE(events->ended());
  std::string late;
  client.expect([&](const std::string&, const std::string& type) { late = type; });
  client.close("replaced");
  EXPECT_EQ(late, "closed");
  EXPECT_TRUE(events->ended());
  EXPECT_TRUE(client.closed());
}

TEST(ApiClient, ChallengesAreToldOnTheEventStream) {
  ApiClient client(1, "rook", true, "127.0.0.1");
  auto events = std::make_shared<PushBody>();
  client.add_event_stream("t1", events);
  Tap event_tap(events);
  client.send(make_frame(json{
      {"type", "challenge_received"},
      {"room", {{"room_id", "r1"}, {"creator", "ann"}}},
      {"expires_ms", 9}}.dump()));
  const auto received = json::parse(event_tap.take());
  EXPECT_EQ(received["type"], "challenge");
  EXPECT_EQ(received["challenge"]["room_id"], "r1");
  EXPECT_EQ(received["challenge"]["creator"], "ann");
  EXPECT_EQ(received["challenge"]["expires_ms"], 9);
  client.send(make_frame(
      json{{"type", "room_cancelled"}, {"room_id", "r2"}, {"reason", "declined"}, {"decline_reason", "later"}}.dump()));
  const auto declined = json::parse(event_tap.take());
  EXPECT_EQ(declined["type"], "challengeDeclined");
  EXPECT_EQ(declined["challenge"]["decline_reason"], "later");
  client.send(make_frame(json{{"type", "room_cancelled"}, {"room_id", "r3"}, {"reason", "expired"}}.dump()));
  EXPECT_EQ(json::parse(event_tap.take())["type"], "challengeCanceled");
}

TEST(ApiClient, QuietStreamsGetAKeepAliveAndGoneOnesAreDropped) {
  ApiClient client(1, "ann", false, "127.0.0.1");
  auto events = std::make_shared<PushBody>();
  client.add_event_stream("t1", events);
  Tap event_tap(events);
  {
    auto gone = std::make_shared<PushBody>();
    client.add_game_stream("t1", "g1", gone);
  }  // its reader went away
  EXPECT_FALSE(client.idle_since(std::chrono::steady_clock::now() + std::chrono::hours(1)));
  client.keep_alive(std::chrono::steady_clock::now() + std::chrono::seconds(1));
  EXPECT_EQ(event_tap.take(), "\n");
  events->end();
  EXPECT_TRUE(client.idle_since(std::chrono::steady_clock::now() + std::chrono::hours(1)));
}

}  // namespace
}  // namespace bh::app::api
