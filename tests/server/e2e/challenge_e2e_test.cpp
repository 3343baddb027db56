// Challenges to a named player through the real binary (docs/protocol.md, "Challenge a
// player"): told at once to the challenged player, kept for them alone, declined with a
// reason, accepted into a game, withdrawn, lapsed, listed again after a reconnection; a
// program of the HTTP API challenging and being challenged (docs/api.md).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/ndjson_stream.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

void register_player(WsPlayer& p, const ServerProcess& server, const std::string& name) {
  ASSERT_TRUE(p.connect(server.port()));
  p.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_TRUE(p.take("identity", nullptr, 30s));
}

std::string challenge(WsPlayer& from, const std::string& to, int id = 10) {
  from.send({{"type", "challenge_player"},
             {"id", id},
             {"to", to},
             {"game", "tablut"},
             {"clock", {{"initial_s", 300}, {"increment_s", 3}}}});
  auto created = from.take("room_created");
  EXPECT_TRUE(created);
  if (!created) return "";
  EXPECT_EQ((*created)["room"]["challenged"], to);
  EXPECT_EQ((*created)["room"]["private"], true);
  EXPECT_TRUE((*created)["invite_code"].is_null());
  return (*created)["room"]["room_id"];
}

std::string error_code(WsPlayer& p) {
  auto e = p.take("error");
  return e ? (*e)["code"].get<std::string>() : "(none)";
}

TEST(ChallengeE2e, AChallengeByNameIsDeclinedWithAReasonThenAcceptedIntoAGame) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob, carol;
  register_player(alice, server, "alice");
  register_player(bob, server, "bob");
  ASSERT_TRUE(carol.connect(server.port()));
  carol.guest("carol");

  std::string room = challenge(alice, "bob");
  auto received = bob.take("challenge_received");
  ASSERT_TRUE(received);
  EXPECT_EQ((*received)["room"]["room_id"], room);
  EXPECT_EQ((*received)["room"]["creator"], "alice");
  EXPECT_EQ((*received)["room"]["rated"], true);
  EXPECT_GT((*received)["expires_ms"].get<std::int64_t>(), 0);

  // Kept for bob: nobody else sits down, with or without a code.
  carol.send({{"type", "join_room"}, {"id", 3}, {"room_id", room}});
  EXPECT_EQ(error_code(carol), "room_full");
  bob.send({{"type", "list_challenges"}, {"id", 4}});
  auto listed = bob.take("challenges");
  ASSERT_TRUE(listed);
  ASSERT_EQ((*listed)["incoming"].size(), 1u);
  EXPECT_EQ((*listed)["incoming"][0]["room"]["room_id"], room);
  EXPECT_TRUE((*listed)["outgoing"].empty());

  // A decline: a reason of the list, and only bob's.
  bob.send({{"type", "decline_challenge"}, {"id", 5}, {"room_id", room}, {"reason", "busy"}});
  EXPECT_EQ(error_code(bob), "bad_request");
  carol.send({{"type", "decline_challenge"}, {"id", 6}, {"room_id", room}});
  EXPECT_EQ(error_code(carol), "not_a_player");
  bob.send({{"type", "decline_challenge"}, {"id", 7}, {"room_id", room}, {"reason", "later"}});
  EXPECT_TRUE(bob.take("ok"));
  auto declined = alice.take("room_cancelled");
  ASSERT_TRUE(declined);
  EXPECT_EQ((*declined)["reason"], "declined");
  EXPECT_EQ((*declined)["decline_reason"], "later");

  // Again, accepted: the game starts for both.
  room = challenge(alice, "bob", 11);
  ASSERT_TRUE(bob.take("challenge_received"));
  bob.send({{"type", "join_room"}, {"id", 8}, {"room_id", room}});
  auto started = bob.take("game_started");
  ASSERT_TRUE(started);
  EXPECT_TRUE(alice.take("game_started"));
  EXPECT_EQ((*started)["state"]["room_id"], room);
  alice.send({{"type", "list_challenges"}, {"id", 12}});
  auto none = alice.take("challenges");
  ASSERT_TRUE(none);
  EXPECT_TRUE((*none)["outgoing"].empty());
}

TEST(ChallengeE2e, RefusedChallengesAWithdrawnOneALapsedOneAndOneSeenAfterALogin) {
  ServerProcess server({"--challenge-ms", "800"});
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  register_player(alice, server, "alice");
  register_player(bob, server, "bob");

  alice.send({{"type", "challenge_player"}, {"id", 2}, {"to", "nobody"}, {"game", "tablut"}});
  EXPECT_EQ(error_code(alice), "not_found");
  alice.send({{"type", "challenge_player"}, {"id", 3}, {"to", "alice"}, {"game", "tablut"}});
  EXPECT_EQ(error_code(alice), "bad_request");
  alice.send({{"type", "challenge_player"}, {"id", 4}, {"to", "bob"}, {"game", "chess"}});
  EXPECT_EQ(error_code(alice), "bad_options");

  // Withdrawn: bob is told.
  std::string room = challenge(alice, "bob");
  ASSERT_TRUE(bob.take("challenge_received"));
  alice.send({{"type", "cancel_room"}, {"id", 5}, {"room_id", room}});
  ASSERT_TRUE(alice.take("room_cancelled"));
  auto withdrawn = bob.take("room_cancelled");
  ASSERT_TRUE(withdrawn);
  EXPECT_EQ((*withdrawn)["reason"], "cancelled");

  // Lapsed: both are told, and alice's seat is free again.
  room = challenge(alice, "bob", 6);
  ASSERT_TRUE(bob.take("challenge_received"));
  auto lapsed = alice.take("room_cancelled", nullptr, 5s);
  ASSERT_TRUE(lapsed);
  EXPECT_EQ((*lapsed)["reason"], "expired");
  auto told = bob.take("room_cancelled", nullptr, 5s);
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["reason"], "expired");

  // An account not connected may be challenged: its owner sees the challenge after logging in.
  WsPlayer dave;
  register_player(dave, server, "dave");
  dave.close();
  WsPlayer erin;
  ASSERT_TRUE(erin.connect(server.port()));
  erin.guest("erin");
  erin.send({{"type", "challenge_player"}, {"id", 7}, {"to", "dave"}, {"game", "brandubh"}});
  auto created = erin.take("room_created");
  ASSERT_TRUE(created) << server.log();
  EXPECT_EQ((*created)["room"]["rated"], false);  // a guest's challenge is casual
  WsPlayer back;
  ASSERT_TRUE(back.connect(server.port()));
  back.send({{"type", "login"}, {"name", "dave"}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_TRUE(back.take("identity", nullptr, 30s));
  back.send({{"type", "list_challenges"}, {"id", 2}});
  auto waiting = back.take("challenges");
  ASSERT_TRUE(waiting);
  ASSERT_EQ((*waiting)["incoming"].size(), 1u);
  EXPECT_EQ((*waiting)["incoming"][0]["room"]["creator"], "erin");
}

TEST(ChallengeE2e, AProgramTakesAPersonsChallengeAndChallengesAPersonThroughTheHttpApi) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  const std::string secret_file = server.db_path() + ".bot";
  const std::string token_file = server.db_path() + ".token";
  ASSERT_EQ(
      run_command(
          {real_server_binary(), "--db", server.db_path(), "--create-bot", "rook", "--secret-file", secret_file}, 30s)
          .status,
      0);
  ASSERT_EQ(run_command({real_server_binary(), "--db", server.db_path(), "--create-token", "rook", "--scopes",
                         "bot:play", "--secret-file", token_file},
                        30s)
                .status,
            0);
  std::ifstream in(token_file);
  std::string token;
  std::getline(in, token);
  const HttpHeaders auth{{"Authorization", "Bearer " + token}, {"Content-Type", "application/x-www-form-urlencoded"}};

  NdjsonStream events;
  ASSERT_TRUE(events.open(server.port(), "/api/stream/event", token));
  ASSERT_EQ(events.status(), 200);
  WsPlayer alice;
  register_player(alice, server, "alice");

  // A person challenges the program's bot: a challenge line, declined by POST.
  std::string room = challenge(alice, "rook");
  auto line = events.next_of_type("challenge");
  ASSERT_TRUE(line);
  EXPECT_EQ((*line)["challenge"]["room_id"], room);
  EXPECT_EQ((*line)["challenge"]["creator"], "alice");
  const auto declined = http_call(server.port(), "POST", "/api/challenge/" + room + "/decline", auth, "reason=no_bot");
  EXPECT_EQ(declined.status, 200) << declined.body;
  auto told = alice.take("room_cancelled");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["decline_reason"], "no_bot");

  // Again, accepted by POST: the game starts (gameStart on the stream).
  room = challenge(alice, "rook", 11);
  ASSERT_TRUE(events.next_of_type("challenge"));
  const auto accepted = http_call(server.port(), "POST", "/api/challenge/" + room + "/accept", auth);
  EXPECT_EQ(accepted.status, 200) << accepted.body;
  auto start = events.next_of_type("gameStart");
  ASSERT_TRUE(start);
  EXPECT_EQ((*start)["game"]["room_id"], room);
  ASSERT_TRUE(alice.take("game_started"));

  // The program challenges a person by name (a bot plays any number of games at once).
  WsPlayer bob;
  register_player(bob, server, "bob");
  const auto sent = http_call(server.port(), "POST", "/api/challenge/bob", auth, "game=brandubh&rated=false");
  ASSERT_EQ(sent.status, 201) << sent.body;
  const std::string mine = json::parse(sent.body)["room_id"];
  auto received = bob.take("challenge_received");
  ASSERT_TRUE(received);
  EXPECT_EQ((*received)["room"]["creator"], "rook");
  const auto withdrawn = http_call(server.port(), "POST", "/api/challenge/" + mine + "/cancel", auth);
  EXPECT_EQ(withdrawn.status, 200) << withdrawn.body;
  EXPECT_TRUE(bob.take("room_cancelled"));
  EXPECT_EQ(http_call(server.port(), "POST", "/api/challenge/nobody", auth, "game=tablut").status, 404);
  EXPECT_EQ(http_call(server.port(), "POST", "/api/challenge/bob", auth, "game=tablut&rated=maybe").status, 400);
}

}  // namespace
}  // namespace bh::test
