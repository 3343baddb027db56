// The HTTP API for programs through the real binary (docs/api.md): tokens made over the
// WebSocket and by the operator's --create-token, a person's game played by a program
// (the board API) against a person on the WebSocket, a bot account's (the bot API),
// revocation ending its streams within a second, and every hostile request refused.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/ndjson_stream.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

HttpHeaders bearer(const std::string& token, std::string content_type = {}) {
  HttpHeaders h{{"Authorization", "Bearer " + token}};
  if (!content_type.empty()) h.emplace_back("Content-Type", content_type);
  return h;
}

HttpResult post(const ServerProcess& server, const std::string& token, const std::string& target,
                const std::string& body = {}) {
  return http_call(server.port(), "POST", target, bearer(token, "application/x-www-form-urlencoded"), body);
}

std::string code_of(const HttpResult& r) {
  const auto j = json::parse(r.body, nullptr, false);
  return j.is_object() ? j.value("code", "") : "";
}

// A registered player on the WebSocket.
std::string register_player(WsPlayer& p, const ServerProcess& server, const std::string& name) {
  EXPECT_TRUE(p.connect(server.port()));
  p.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
  auto identity = p.take("identity", nullptr, 30s);
  EXPECT_TRUE(identity);
  return identity ? (*identity)["token"].get<std::string>() : "";
}

// A token of the player on `p`, made with `create_token`.
std::string make_token(WsPlayer& p, const json& scopes, const std::string& label = "test") {
  p.send({{"type", "create_token"}, {"id", 7}, {"label", label}, {"scopes", scopes}});
  auto created = p.take("token_created");
  EXPECT_TRUE(created);
  if (!created) return "";
  EXPECT_EQ((*created)["token"]["label"], label);
  EXPECT_EQ((*created)["token"]["scopes"], scopes);
  return (*created)["secret"].get<std::string>();
}

TEST(ApiE2e, APersonsGameIsPlayedByAProgramWithATokenAgainstAPersonOnTheWebSocket) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  register_player(alice, server, "alice");
  register_player(bob, server, "bob");
  const std::string token = make_token(alice, {"play"});
  ASSERT_EQ(token.size(), 68u);
  ASSERT_EQ(token.rfind("bhp_", 0), 0u);

  // The game starts on the WebSocket: alice first.
  const std::string game_id = start_tablut(alice, bob, "first");
  ASSERT_FALSE(game_id.empty());

  const auto account = http_call(server.port(), "GET", "/api/account", bearer(token));
  ASSERT_EQ(account.status, 200) << account.body;
  EXPECT_EQ(json::parse(account.body)["name"], "alice");
  EXPECT_EQ(json::parse(account.body)["bot"], false);

  // The program takes over alice's session (as a second login would): her game is on
  // the event stream from the start.
  NdjsonStream events;
  ASSERT_TRUE(events.open(server.port(), "/api/stream/event", token));
  ASSERT_EQ(events.status(), 200) << events.head();
  EXPECT_NE(events.head().find("application/x-ndjson"), std::string::npos);
  auto start = events.next_of_type("gameStart");
  ASSERT_TRUE(start);
  EXPECT_EQ((*start)["game"]["game_id"], game_id);
  EXPECT_EQ((*start)["game"]["you"], "first");
  EXPECT_TRUE(alice.take("session_replaced"));

  // A bot route is not a person's; the game stream starts with the full state.
  EXPECT_EQ(http_call(server.port(), "GET", "/api/bot/game/stream/" + game_id, bearer(token)).status, 403);
  NdjsonStream game;
  ASSERT_TRUE(game.open(server.port(), "/api/board/game/stream/" + game_id, token));
  ASSERT_EQ(game.status(), 200) << game.body();
  auto full = game.next();
  ASSERT_TRUE(full);
  EXPECT_EQ((*full)["type"], "game_state");
  EXPECT_FALSE(full->contains("id"));
  EXPECT_EQ((*full)["state"]["you"], "first");
  ASSERT_TRUE((*full)["state"]["legal"].is_array());
  const std::string first_move = (*full)["state"]["legal"][0];

  // A move by POST: bob sees it; an illegal one and one out of turn are refused.
  auto moved = post(server, token, "/api/board/game/" + game_id + "/move/" + first_move);
  ASSERT_EQ(moved.status, 200) << moved.body;
  EXPECT_EQ(json::parse(moved.body)["ok"], true);
  auto echoed = game.next_of_type("move");
  ASSERT_TRUE(echoed);
  EXPECT_EQ((*echoed)["move"], first_move);
  auto seen = bob.take("move");
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["move"], first_move);
  const auto out_of_turn = post(server, token, "/api/board/game/" + game_id + "/move/a1-a2");
  EXPECT_EQ(out_of_turn.status, 400) << out_of_turn.body;
  EXPECT_EQ(code_of(out_of_turn), "not_your_turn");

  // Bob answers on the WebSocket: the program hears it with its legal moves.
  ASSERT_TRUE((*seen)["legal"].is_array());
  bob.send({{"type", "move"}, {"id", 20}, {"game_id", game_id}, {"ply", 1}, {"move", (*seen)["legal"][0]}});
  auto reply = game.next_of_type("move");
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["ply"], 2);
  ASSERT_TRUE((*reply)["legal"].is_array());
  const auto illegal = post(server, token, "/api/board/game/" + game_id + "/move/a1-i9");
  EXPECT_EQ(illegal.status, 400);
  EXPECT_EQ(code_of(illegal), "illegal_move");

  // Chat both ways; a draw offered by the program, declined by bob.
  const auto chat = post(server, token, "/api/board/game/" + game_id + "/chat", "text=good%20luck");
  ASSERT_EQ(chat.status, 200) << chat.body;
  auto heard = bob.take("chat");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["text"], "good luck");
  EXPECT_EQ((*heard)["from"], "alice");
  ASSERT_EQ(post(server, token, "/api/board/game/" + game_id + "/draw/yes").status, 200);
  ASSERT_TRUE(bob.take("draw_offered"));
  bob.send({{"type", "decline_draw"}, {"id", 21}, {"game_id", game_id}});
  EXPECT_TRUE(game.next_of_type("draw_declined"));

  // Another player's game, an unknown one: refused as the WebSocket would.
  EXPECT_EQ(post(server, token, "/api/board/game/g-nope/resign").status, 404);

  // Resignation ends the game stream after game_over; the event stream says so.
  ASSERT_EQ(post(server, token, "/api/board/game/" + game_id + "/resign").status, 200);
  auto over = game.next_of_type("game_over");
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "resignation");
  EXPECT_TRUE(game.wait_ended(5s));
  auto finish = events.next_of_type("gameFinish");
  ASSERT_TRUE(finish);
  EXPECT_EQ((*finish)["game"]["game_id"], game_id);
  EXPECT_EQ((*finish)["game"]["game"], "tablut");
  EXPECT_EQ((*finish)["game"]["result"], "second");
}

TEST(ApiE2e, RevokingATokenEndsItsStreamsWithinASecondAndItIsRefusedAfter) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice;
  register_player(alice, server, "alice");
  const std::string first = make_token(alice, {"play"}, "first");
  const std::string second = make_token(alice, {"read", "play"}, "second");
  alice.send({{"type", "list_tokens"}, {"id", 8}});
  auto listed = alice.take("tokens");
  ASSERT_TRUE(listed);
  ASSERT_EQ((*listed)["tokens"].size(), 2u);
  EXPECT_EQ((*listed)["tokens"][0]["label"], "second");  // newest first
  EXPECT_FALSE((*listed)["tokens"][0].contains("secret"));

  NdjsonStream a, b;
  ASSERT_TRUE(a.open(server.port(), "/api/stream/event", first));
  ASSERT_TRUE(b.open(server.port(), "/api/stream/event", second));
  ASSERT_EQ(a.status(), 200);
  ASSERT_EQ(b.status(), 200);

  // The program revokes its own token: that token's stream ends, the other's goes on.
  const auto began = std::chrono::steady_clock::now();
  const auto revoked = http_call(server.port(), "DELETE", "/api/token", bearer(first));
  EXPECT_EQ(revoked.status, 204) << revoked.body;
  EXPECT_TRUE(a.wait_ended(1s));
  EXPECT_LT(std::chrono::steady_clock::now() - began, 1s);
  EXPECT_FALSE(b.wait_ended(300ms));
  const auto refused = http_call(server.port(), "GET", "/api/account", bearer(first));
  EXPECT_EQ(refused.status, 401);
  EXPECT_EQ(refused.header("WWW-Authenticate"), "Bearer");
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", bearer(second)).status, 200);

  // Keep-alive: an empty line within the stream's 6 s.
  EXPECT_FALSE(b.next(7s));  // nothing but empty lines
  EXPECT_GE(b.empty_lines(), 1);
}

TEST(ApiE2e, HostileRequestsAreRefusedWithTheRightStatus) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, guest;
  register_player(alice, server, "alice");
  const std::string read_only = make_token(alice, {"read"});
  ASSERT_TRUE(guest.connect(server.port()));
  guest.guest("visitor");

  // Tokens are for registered players; scopes and labels are checked.
  guest.send({{"type", "create_token"}, {"id", 2}, {"scopes", {"play"}}});
  auto e = guest.take("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "account_required");
  for (const json& bad : {json::array(), json{"play", "play"}, json{"root"}}) {
    alice.send({{"type", "create_token"}, {"id", 3}, {"scopes", bad}});
    auto refused = alice.take("error");
    ASSERT_TRUE(refused) << bad;
    EXPECT_EQ((*refused)["code"], "bad_request") << bad;
  }
  alice.send({{"type", "create_token"}, {"id", 4}, {"scopes", {"read"}}, {"label", std::string(65, 'x')}});
  auto long_label = alice.take("error");
  ASSERT_TRUE(long_label);
  EXPECT_EQ((*long_label)["code"], "bad_request");
  alice.send({{"type", "revoke_token"}, {"id", 5}, {"token_id", "tnothere00000"}});
  auto unknown = alice.take("error");
  ASSERT_TRUE(unknown);
  EXPECT_EQ((*unknown)["code"], "not_found");

  // No token, a malformed one, an unknown one: 401.
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", {}).status, 401);
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", {{"Authorization", "Bearer nope"}}).status, 401);
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", {{"Authorization", "Basic YWxpY2U6eA=="}}).status, 401);
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", bearer("bhp_" + std::string(64, '0'))).status, 401);
  // A token without the scope: 403 on every route that needs one.
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", bearer(read_only)).status, 200);
  EXPECT_EQ(http_call(server.port(), "GET", "/api/stream/event", bearer(read_only)).status, 403);
  EXPECT_EQ(post(server, read_only, "/api/board/game/g1/resign").status, 403);
  EXPECT_EQ(post(server, read_only, "/api/challenge/ai", "game=tablut").status, 403);
  EXPECT_EQ(post(server, read_only, "/api/bot/account/upgrade").status, 403);
  // Wrong methods, unknown routes, bad bodies.
  EXPECT_EQ(http_call(server.port(), "POST", "/api/account", bearer(read_only)).status, 405);
  EXPECT_EQ(http_call(server.port(), "GET", "/api/board/game/g1/resign", bearer(read_only)).status, 405);
  EXPECT_EQ(http_call(server.port(), "PUT", "/api/account", bearer(read_only)).status, 405);
  EXPECT_EQ(http_call(server.port(), "GET", "/api/board/whatever", bearer(read_only)).status, 404);
  EXPECT_EQ(post(server, read_only, "/api/board/game/g1/dance").status, 404);
  EXPECT_EQ(post(server, read_only, "/api/board/game/g1%2f..%2fx/resign").status, 404);
  const auto too_big = post(server, read_only, "/api/challenge/ai", "game=" + std::string(5000, 'x'));
  EXPECT_EQ(too_big.status, 413);
  // The rate per token: 60 at once, then 429 with Retry-After.
  int limited = 0;
  std::string retry_after;
  for (int i = 0; i < 80 && !limited; ++i) {
    const auto r = http_call(server.port(), "GET", "/api/account", bearer(read_only));
    if (r.status == 429) ++limited, retry_after = r.header("Retry-After");
  }
  EXPECT_EQ(limited, 1);
  EXPECT_FALSE(retry_after.empty());
}

TEST(ApiE2e, ABotAccountUpgradedByHttpPlaysTheComputerThroughTheBotApi) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  // An operator's token for an account made over the WebSocket; the account has played
  // nothing, so it may become a bot account.
  WsPlayer engine;
  register_player(engine, server, "rook-engine");
  const std::string token_file = server.db_path() + ".token";
  auto made = run_command({real_server_binary(), "--db", server.db_path(), "--create-token", "rook-engine", "--scopes",
                           "bot:play,challenge", "--label", "engine", "--secret-file", token_file},
                          30s);
  ASSERT_EQ(made.status, 0) << made.output;
  std::ifstream in(token_file);
  std::string token;
  std::getline(in, token);
  ASSERT_EQ(token.size(), 68u);
  engine.close();

  EXPECT_EQ(http_call(server.port(), "GET", "/api/stream/event", bearer(token)).status, 403);  // not a bot yet
  ASSERT_EQ(post(server, token, "/api/bot/account/upgrade").status, 200);
  EXPECT_EQ(post(server, token, "/api/bot/account/upgrade").status, 400);  // once
  const auto account = json::parse(http_call(server.port(), "GET", "/api/account", bearer(token)).body);
  EXPECT_EQ(account["bot"], true);

  // No computer is connected: no_computer is 503. A bot of the API is never the computer.
  NdjsonStream events;
  ASSERT_TRUE(events.open(server.port(), "/api/stream/event", token));
  const auto none = post(server, token, "/api/challenge/ai", "game=brandubh&level=1");
  EXPECT_EQ(none.status, 503) << none.body;
  EXPECT_EQ(code_of(none), "no_computer");
  WsPlayer person;
  register_player(person, server, "person");
  person.send({{"type", "play_computer"}, {"id", 2}, {"game", "brandubh"}});
  auto no_computer = person.take("error");
  ASSERT_TRUE(no_computer);
  EXPECT_EQ((*no_computer)["code"], "no_computer");
}

}  // namespace
}  // namespace bh::test
