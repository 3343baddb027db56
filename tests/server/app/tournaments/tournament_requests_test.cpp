// Tournament requests in process (docs/protocol.md, "Tournaments"): who may create and
// join, every bad field refused with its reason, hostile ids and types answered without
// harm, the creator's start, a private tournament's code, and a tournament's game that
// can be neither aborted nor rematched.
#include <future>
#include <thread>

#include "../harness.hpp"
#include "app/players/passwords.hpp"
#include "storage/tournaments.hpp"

namespace bh::app::test {
namespace {

class TournamentRequests : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.tournaments = dynamic_cast<storage::Tournaments*>(&store_->inner());
    c.tournament_bots = bots_;
    return c;
  }
  // The operator's bot account (what --create-bot writes), logged in.
  Client& bot(const std::string& name) {
    std::promise<storage::StoreError> saved;
    store_->save_bot_account(make_pbkdf2_account(name, "a bot's long secret", 1000),
                             [&](storage::StoreError e) { saved.set_value(std::move(e)); });
    EXPECT_TRUE(saved.get_future().get().ok());
    Client& c = client();
    c.send({{"type", "login"}, {"name", name}, {"password", "a bot's long secret"}, {"id", 1}});
    EXPECT_EQ(c.reply(1, 30s)["type"], "identity");
    return c;
  }
  // Each of `players` joins tournament `id`.
  void join_all(const std::string& id, std::initializer_list<Client*> players) {
    for (Client* c : players) {
      c->send({{"type", "join_tournament"}, {"tournament_id", id}, {"id", 80}});
      ASSERT_FALSE(c->next_if("tournament", [](const json& m) { return m.value("id", 0) == 80; }).is_null());
    }
  }
  bool bots_ = false;
  Client& registered(const std::string& name) {
    Client& c = client();
    c.send({{"type", "register"}, {"name", name}, {"password", "correct horse battery"}, {"id", 1}});
    json r = c.reply(1, 30s);
    EXPECT_EQ(r["type"], "identity") << r.dump();
    return c;
  }
  // A tournament made by `creator` with `fields` over a live Tablut round robin; its id.
  std::string create(Client& creator, json fields = json::object()) {
    json request = {{"type", "create_tournament"},
                    {"name", "Cup"},
                    {"format", "round_robin"},
                    {"game", "tablut"},
                    {"clock", {{"initial_s", 300}, {"increment_s", 2}}},
                    {"id", 70}};
    for (auto& [k, v] : fields.items()) request[k] = v;
    creator.send(request);
    json r = creator.next_if("tournament", [](const json& m) { return m.value("id", 0) == 70; });
    EXPECT_FALSE(r.is_null()) << creator.connection()->all().back().dump();
    return r.is_null() ? "" : r["tournament_id"].get<std::string>();
  }
  static json create_request(json fields) {
    json request = {{"type", "create_tournament"},
                    {"name", "Cup"},
                    {"format", "swiss"},
                    {"game", "tablut"},
                    {"clock", {{"initial_s", 300}, {"increment_s", 2}}}};
    for (auto& [k, v] : fields.items()) request[k] = v;
    return request;
  }
};

TEST_F(TournamentRequests, AGuestMayNeitherCreateNorJoin) {
  Client& alice = registered("alice");
  const auto id = create(alice);
  Client& guest_player = guest("gus");
  EXPECT_EQ(guest_player.error_of(create_request({}), 2), "account_required");
  EXPECT_EQ(guest_player.error_of({{"type", "join_tournament"}, {"tournament_id", id}}, 3), "account_required");
  Client& nobody = client();
  EXPECT_EQ(nobody.error_of({{"type", "join_tournament"}, {"tournament_id", id}}, 4), "not_authenticated");
}

TEST_F(TournamentRequests, EveryBadSettingIsRefusedWithItsReason) {
  Client& alice = registered("alice");
  const std::vector<json> bad = {
      {{"format", "knockout"}},
      {{"clock", nullptr}},
      {{"clock", {{"bank_days", 3}, {"increment_hours", 1}, {"minimum_hours", 1}}}},
      {{"clock", {{"initial_s", 0.5}}}},
      {{"clock", {{"initial_s", 60}, {"increment_s", 1000}}}},
      {{"rounds", 0}},
      {{"rounds", 31}},
      {{"name", ""}},
      {{"name", std::string(81, 'x')}},
      {{"game", "chess"}},
      {{"options", {{"size", 99}}}},
      {{"starts_ms", 1}},
      {{"bye_points", 0.3}},
      {{"max_players", 1}},
      {{"max_players", 100000}},
      {{"min_rating", -5}},
      {{"format", "round_robin"}, {"group_size", 2}},
      {{"format", "round_robin"}, {"max_players", 40}},
      {{"format", "round_robin"}, {"mini_match", true}},
      {{"format", "arena"}, {"clock", {{"days_per_move", 2}}}},
      {{"format", "arena"}, {"duration_min", 0}},
  };
  int id = 10;
  for (const auto& fields : bad) {
    auto request = create_request(fields);
    if (fields.contains("clock") && fields["clock"].is_null()) request.erase("clock");
    EXPECT_EQ(alice.error_of(request, ++id), "bad_options") << fields.dump();
  }
  // Ill-typed fields never reach the checks.
  EXPECT_EQ(alice.error_of(create_request({{"rounds", "five"}}), ++id), "bad_request");
  EXPECT_EQ(alice.error_of(create_request({{"rounds", 1e12}}), ++id), "bad_request");
  EXPECT_EQ(alice.error_of(create_request({{"private", "yes"}}), ++id), "bad_request");
  EXPECT_EQ(alice.error_of({{"type", "create_tournament"}}, ++id), "bad_request");
}

TEST_F(TournamentRequests, UnknownAndHostileIdsAreAnsweredAndTheServerGoesOn) {
  Client& alice = registered("alice");
  const std::string long_id(300, 't');
  EXPECT_EQ(alice.error_of({{"type", "join_tournament"}, {"tournament_id", "t-none"}}, 2), "unknown_tournament");
  EXPECT_EQ(alice.error_of({{"type", "join_tournament"}, {"tournament_id", long_id}}, 3), "bad_request");
  EXPECT_EQ(alice.error_of({{"type", "join_tournament"}, {"tournament_id", 5}}, 4), "bad_request");
  EXPECT_EQ(alice.error_of({{"type", "withdraw_tournament"}, {"tournament_id", "t-none"}}, 5), "unknown_tournament");
  EXPECT_EQ(alice.error_of({{"type", "start_tournament"}, {"tournament_id", "t-none"}}, 6), "unknown_tournament");
  EXPECT_EQ(alice.error_of({{"type", "get_tournament"}, {"tournament_id", "t-none"}}, 7), "unknown_tournament");
  EXPECT_EQ(alice.error_of({{"type", "get_tournament"}, {"tournament_id", "x\u202e"}}, 8), "unknown_tournament");
  EXPECT_EQ(alice.error_of({{"type", "list_tournaments"}, {"status", "soon"}}, 9), "bad_query");
  EXPECT_EQ(http("/api/tournaments/t-none").status, 404);
  EXPECT_EQ(http("/api/tournaments/" + std::string(100, 'a')).status, 404);
  EXPECT_EQ(http("/api/tournaments", {{"x", "1"}}).status, 400);
  EXPECT_EQ(http("/api/tournaments/t-none/export", {{"tournament", "t2"}}).status, 400);
  EXPECT_EQ(http("/api/games", {{"tournament", "t-none"}}).status, 200);
  alice.send({{"type", "list_tournaments"}, {"id", 10}});
  EXPECT_FALSE(alice.next_if("tournaments", [](const json& m) { return m.value("id", 0) == 10; }).is_null());
}

TEST_F(TournamentRequests, OnlyItsCreatorStartsItAndAPrivateOneIsJoinedWithItsCode) {
  Client& alice = registered("alice");
  Client& bob = registered("bob");
  const auto id = create(alice, {{"private", true}});
  const auto view = alice.connection()->all().back();
  ASSERT_TRUE(view["invite_code"].is_string()) << view.dump();
  EXPECT_EQ(bob.error_of({{"type", "join_tournament"}, {"tournament_id", id}}, 2), "bad_invite");
  EXPECT_EQ(bob.error_of({{"type", "join_tournament"}, {"tournament_id", id}, {"invite_code", "nope"}}, 3),
            "bad_invite");
  bob.send({{"type", "join_tournament"}, {"tournament_id", id}, {"invite_code", view["invite_code"]}, {"id", 4}});
  json joined = bob.next_if("tournament", [](const json& m) { return m.value("id", 0) == 4; });
  ASSERT_FALSE(joined.is_null());
  EXPECT_TRUE(joined["invite_code"].is_null());  // only its creator's view has it
  EXPECT_EQ(bob.error_of({{"type", "join_tournament"}, {"tournament_id", id}, {"invite_code", view["invite_code"]}}, 5),
            "already_joined");
  EXPECT_EQ(bob.error_of({{"type", "start_tournament"}, {"tournament_id", id}}, 6), "not_creator");
  EXPECT_EQ(alice.error_of({{"type", "start_tournament"}, {"tournament_id", id}}, 7), "too_few_players");
  EXPECT_EQ(alice.error_of({{"type", "withdraw_tournament"}, {"tournament_id", id}}, 8), "not_joined");
  // Not listed.
  const auto listed = json::parse(http("/api/tournaments").body);
  EXPECT_TRUE(listed["upcoming"].empty()) << listed.dump();
}

TEST_F(TournamentRequests, ATournamentGameCannotBeAbortedAndOffersNoRematch) {
  Client& alice = registered("alice");
  Client& bob = registered("bob");
  const auto id = create(alice, {{"cycles", 1}});
  join_all(id, {&alice, &bob});
  alice.send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 81}});
  json paired = alice.next("tournament_paired");
  ASSERT_FALSE(paired.is_null());
  json started = alice.next("game_started");
  ASSERT_FALSE(started.is_null());
  ASSERT_FALSE(bob.next("game_started").is_null());
  const std::string game = paired["game_id"];
  EXPECT_EQ(started["state"]["game_id"], game);
  EXPECT_EQ(alice.error_of({{"type", "abort"}, {"game_id", game}}, 82), "too_late_to_abort");
  Client& first = paired["side"] == "first" ? alice : bob;
  Client& second = &first == &alice ? bob : alice;
  play(first, second, game, {"f9-f8", "d5-d4"});
  second.send({{"type", "resign"}, {"game_id", game}, {"id", 83}});
  ASSERT_FALSE(first.next("game_over").is_null());
  json over = first.next("match_over");
  ASSERT_FALSE(over.is_null());
  // Its room closes with the game: there is nothing to rematch in (refused while it is
  // closing, unknown once closed), and the opponent hears of no offer.
  const auto refused = first.error_of({{"type", "offer_rematch"}, {"room_id", over["room_id"]}}, 84);
  EXPECT_TRUE(refused == "unknown_room" || refused == "rematch_unavailable") << refused;
  EXPECT_TRUE(second.next("rematch_offered", 200ms).is_null());
  json finished = alice.next("tournament_finished");
  ASSERT_FALSE(finished.is_null());
  EXPECT_EQ(finished["winner"], &first == &alice ? "alice" : "bob");
}

}  // namespace
}  // namespace bh::app::test

namespace bh::app::test {
namespace {

// A player who waits in an open room of theirs when paired is not forfeited: the room is
// cancelled (room_cancelled, reason "tournament") and the tournament's game starts.
TEST_F(TournamentRequests, APlayerWaitingInAnOpenRoomHasItCancelledWhenPaired) {
  Client& alice = registered("alice");
  Client& bob = registered("bob");
  const auto id = create(alice, {{"cycles", 1}});
  join_all(id, {&alice, &bob});
  bob.send({{"type", "create_room"}, {"game", "brandubh"}, {"id", 81}});
  json room = bob.next("room_created");
  ASSERT_FALSE(room.is_null());
  alice.send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 82}});
  json cancelled = bob.next("room_cancelled");
  ASSERT_FALSE(cancelled.is_null());
  EXPECT_EQ(cancelled["room_id"], room["room"]["room_id"]);
  EXPECT_EQ(cancelled["reason"], "tournament");
  json started = bob.next("game_started");
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(started["state"]["tournament_id"], id);
  ASSERT_FALSE(alice.next("game_started").is_null());
  // Each player hears of the pairing before the game starts (a client knows it is a
  // tournament's game when it starts).
  for (Client* c : {&alice, &bob}) {
    std::vector<std::string> order;
    for (const auto& m : c->connection()->all()) {
      const std::string type = m.value("type", "");
      if (type == "tournament_paired" || type == "game_started") order.push_back(type);
    }
    EXPECT_EQ(order, (std::vector<std::string>{"tournament_paired", "game_started"}));
  }
}

class TournamentsWithBots : public TournamentRequests {
 protected:
  TournamentsWithBots() { bots_ = true; }
};

TEST_F(TournamentRequests, TheComputerIsNotAddedWhereBotsMayNotEnter) {
  Client& alice = registered("alice");
  const auto id = create(alice);
  bot("robo");
  EXPECT_EQ(alice.error_of({{"type", "add_computer"}, {"tournament_id", id}}, 2), "not_eligible");
}

TEST_F(TournamentsWithBots, ItsCreatorAddsTheComputerWhoseGamesSayItsLevel) {
  Client& alice = registered("alice");
  Client& bob = registered("bob");
  Client& carol = registered("carol");
  const auto id = create(alice, {{"cycles", 1}});
  EXPECT_EQ(alice.error_of({{"type", "add_computer"}, {"tournament_id", id}}, 2), "no_computer");
  Client& robo = bot("robo");
  EXPECT_EQ(bob.error_of({{"type", "add_computer"}, {"tournament_id", id}}, 3), "not_creator");
  EXPECT_EQ(alice.error_of({{"type", "add_computer"}, {"tournament_id", id}, {"level", 9}}, 4), "bad_request");
  EXPECT_EQ(alice.error_of({{"type", "add_computer"}, {"tournament_id", id}, {"level", "two"}}, 5), "bad_request");
  EXPECT_EQ(alice.error_of({{"type", "add_computer"}, {"tournament_id", "t-none"}}, 6), "unknown_tournament");
  alice.send({{"type", "add_computer"}, {"tournament_id", id}, {"level", 2}, {"id", 7}});
  json added = alice.next_if("tournament", [](const json& m) { return m.value("id", 0) == 7; });
  ASSERT_FALSE(added.is_null()) << alice.connection()->all().back().dump();
  ASSERT_EQ(added["entrants"].size(), 1u) << added.dump();
  EXPECT_EQ(added["entrants"][0]["name"], "robo");
  EXPECT_EQ(added["entrants"][0]["bot"], true);
  EXPECT_EQ(added["entrants"][0]["level"], 2);
  EXPECT_EQ(alice.error_of({{"type", "add_computer"}, {"tournament_id", id}}, 8), "no_computer");  // robo is in
  // Taken out by its creator only, and added again.
  EXPECT_EQ(bob.error_of({{"type", "withdraw_tournament"}, {"tournament_id", id}, {"player", "robo"}}, 9),
            "not_creator");
  EXPECT_EQ(alice.error_of({{"type", "withdraw_tournament"}, {"tournament_id", id}, {"player", "bob"}}, 10),
            "not_joined");
  alice.send({{"type", "withdraw_tournament"}, {"tournament_id", id}, {"player", "robo"}, {"id", 11}});
  json out = alice.next_if("tournament", [](const json& m) { return m.value("id", 0) == 11; });
  ASSERT_FALSE(out.is_null());
  EXPECT_TRUE(out["entrants"].empty()) << out.dump();  // out before the start: not an entrant
  alice.send({{"type", "add_computer"}, {"tournament_id", id}, {"level", 2}, {"id", 12}});
  ASSERT_FALSE(alice.next_if("tournament", [](const json& m) { return m.value("id", 0) == 12; }).is_null());
  join_all(id, {&alice, &bob, &carol});
  alice.send({{"type", "start_tournament"}, {"tournament_id", id}, {"id", 81}});
  // The computer is told of its pairing and seated: its game says the level chosen.
  ASSERT_FALSE(robo.next("tournament_paired").is_null());
  json started = robo.next("game_started");
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(started["state"]["computer_level"], 2) << started.dump();
  EXPECT_EQ(started["state"]["tournament_id"], id);
}

// A player in a tournament under way is kept while away past the grace: their token
// resumes them (and, in a cluster, their name leads a login on any node back to the
// directing node, where their pairings are told). Another player is forgotten.
TEST_F(TournamentRequests, APlayerInATournamentIsKeptWhileAwayAndResumesWithTheirToken) {
  Client& alice = registered("alice");
  Client& bob = registered("bob");
  auto token_of = [](Client& c) {
    for (const auto& m : c.connection()->all())
      if (m.value("type", "") == "identity") return m["token"].get<std::string>();
    return std::string();
  };
  const auto alice_token = token_of(alice), bob_token = token_of(bob);
  const auto id = create(alice);
  join_all(id, {&alice});
  alice.close();
  bob.close();
  std::this_thread::sleep_for(1500ms);  // the grace (300 ms) and a housekeeping sweep
  Client& back = client();
  back.send({{"type", "resume"}, {"token", alice_token}, {"id", 5}});
  EXPECT_EQ(back.reply(5)["type"], "identity");
  EXPECT_EQ(client().error_of({{"type", "resume"}, {"token", bob_token}}, 6), "auth_failed");
}

}  // namespace
}  // namespace bh::app::test
