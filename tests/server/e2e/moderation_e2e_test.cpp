// Moderation through the real binary (docs/moderation.md; docs/protocol.md,
// "Moderation"): a block refuses challenges, keeps two seekers apart and hides the chat;
// a report carries the game's chat; the operator's --grant-role makes an admin, who
// gives a role, bans a player (their connections closed within a second, their game
// lost, their login and their token refused), blocks an address (its connections
// closed, new ones and the HTTP API refused), refuses a name and its look-alikes; every
// action is in the audit log; and what a player without a role, or a moderator beyond
// their role, or a malformed action asks for is refused.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

void register_as(WsPlayer& p, const ServerProcess& server, const std::string& name, const std::string& source = {}) {
  ConnectOptions options;
  options.source = source;
  ASSERT_TRUE(p.connect(server.port(), options));
  p.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_TRUE(p.take("identity", nullptr, 30s)) << name;
}

std::optional<json> login_as(WsPlayer& p, const ServerProcess& server, const std::string& name) {
  EXPECT_TRUE(p.connect(server.port()));
  p.send({{"type", "login"}, {"name", name}, {"password", "correct horse"}, {"id", 1}});
  return p.take("identity", nullptr, 30s);
}

std::string error_code(WsPlayer& p) {
  auto e = p.take("error");
  return e ? (*e)["code"].get<std::string>() : "(none)";
}

json moderate(WsPlayer& p, json fields) {
  fields["type"] = "moderate";
  fields["id"] = 40;
  p.send(fields);
  for (int i = 0; i < 50; ++i) {
    if (auto answer = p.take("moderated", nullptr, 50ms)) return *answer;
    if (auto error = p.take("error", nullptr, 50ms)) return *error;
  }
  ADD_FAILURE() << "no answer to " << fields;
  return json::object();
}

// olga registers, is made an admin by the operator's one-shot, and the server starts
// again on its database (a running server reads roles at start).
void make_admin(ServerProcess& server, WsPlayer& olga) {
  register_as(olga, server, "olga");
  olga.close();
  const auto granted = run_command({real_server_binary(), "--db", server.db_path(), "--grant-role", "olga", "admin"});
  ASSERT_EQ(granted.status, 0) << granted.output;
  EXPECT_NE(granted.output.find("'olga' is an admin now"), std::string::npos) << granted.output;
  ASSERT_TRUE(server.restart()) << server.log();
  olga = WsPlayer();
  auto identity = login_as(olga, server, "olga");
  ASSERT_TRUE(identity);
  EXPECT_EQ((*identity)["role"], "admin");
}

TEST(ModerationE2e, ABlockRefusesChallengesKeepsSeekersApartAndHidesTheChat) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer bob, mallory, carol;
  register_as(bob, server, "bob");
  register_as(mallory, server, "mallory");
  register_as(carol, server, "carol");

  bob.send({{"type", "block_player"}, {"id", 2}, {"name", "mallory"}});
  ASSERT_TRUE(bob.take("ok"));
  bob.send({{"type", "list_blocks"}, {"id", 3}});
  auto blocks = bob.take("blocks");
  ASSERT_TRUE(blocks);
  EXPECT_EQ((*blocks)["names"], json::array({"mallory"}));

  // No challenge either way.
  mallory.send({{"type", "challenge_player"}, {"id", 4}, {"to", "bob"}, {"game", "tablut"}});
  auto refused = mallory.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "blocked");
  EXPECT_EQ((*refused)["message"], "'bob' does not take your challenges");
  bob.send({{"type", "challenge_player"}, {"id", 5}, {"to", "mallory"}, {"game", "tablut"}});
  EXPECT_EQ(error_code(bob), "blocked");

  // Two seekers of the same terms who a block keeps apart both wait; a third meets one.
  const json seek = {{"type", "seek"}, {"id", 6}, {"game", "brandubh"}, {"rated", false}};
  bob.send(seek);
  ASSERT_TRUE(bob.take("room_created"));
  mallory.send(seek);
  auto own = mallory.take("room_created");  // not bob's: a room of its own
  ASSERT_TRUE(own);
  EXPECT_FALSE(bob.take("game_started", nullptr, 300ms));
  carol.send(seek);
  auto started = carol.take("game_started");
  ASSERT_TRUE(started);
  EXPECT_TRUE(bob.take("game_started"));  // the oldest seek: bob's
  EXPECT_FALSE(mallory.take("game_started", nullptr, 300ms));
  mallory.send({{"type", "cancel_room"}, {"id", 7}, {"room_id", (*own)["room"]["room_id"]}});
  ASSERT_TRUE(mallory.take("room_cancelled"));

  // A game the two still play (a private room joined by its code): mallory's lines never
  // reach bob, and bob's never reach mallory; carol, who blocks nobody, hears both.
  WsPlayer ann;
  register_as(ann, server, "ann");
  ann.send({{"type", "block_player"}, {"id", 2}, {"name", "mallory"}});
  ASSERT_TRUE(ann.take("ok"));
  const std::string game = start_tablut(mallory, ann, "first");
  ASSERT_FALSE(game.empty());
  mallory.send({{"type", "chat"}, {"id", 7}, {"game_id", game}, {"text", "you will lose"}});
  ASSERT_TRUE(mallory.take("chat"));  // the sender's own echo
  EXPECT_FALSE(ann.take("chat", nullptr, 500ms));
  ann.send({{"type", "chat"}, {"id", 8}, {"game_id", game}, {"text", "good luck"}});
  ASSERT_TRUE(ann.take("chat"));
  EXPECT_FALSE(mallory.take("chat", nullptr, 500ms));

  bob.send({{"type", "unblock_player"}, {"id", 9}, {"name", "mallory"}});
  ASSERT_TRUE(bob.take("ok"));
  bob.send({{"type", "unblock_player"}, {"id", 10}, {"name", "mallory"}});
  EXPECT_EQ(error_code(bob), "not_found");
}

TEST(ModerationE2e, AnAdminSeesAReportWithItsChatAndBansThePlayerWithinASecond) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer olga, ann, mallory;
  make_admin(server, olga);
  register_as(ann, server, "ann");
  register_as(mallory, server, "mallory");

  const std::string game = start_tablut(mallory, ann, "first");
  ASSERT_FALSE(game.empty());
  mallory.send({{"type", "chat"}, {"id", 7}, {"game_id", game}, {"text", "I know where you live"}});
  ASSERT_TRUE(ann.take("chat"));
  ann.send({{"type", "report_player"},
            {"id", 8},
            {"name", "mallory"},
            {"reason", "abuse"},
            {"text", "threats"},
            {"game_id", game},
            {"ply", 0}});
  ASSERT_TRUE(ann.take("ok"));

  olga.send({{"type", "list_reports"}, {"id", 9}});
  auto reports = olga.take("reports");
  ASSERT_TRUE(reports);
  ASSERT_EQ((*reports)["reports"].size(), 1u);
  const auto& report = (*reports)["reports"][0];
  EXPECT_EQ(report["reporter"], "ann");
  EXPECT_EQ(report["target"], "mallory");
  EXPECT_EQ(report["reason"], "abuse");
  EXPECT_EQ(report["game_id"], game);
  ASSERT_EQ(report["chat"].size(), 1u);
  EXPECT_EQ(report["chat"][0]["from"], "mallory");
  EXPECT_EQ(report["chat"][0]["text"], "I know where you live");

  // The ban: mallory's connection ends within a second, the game is lost by abandonment.
  const auto began = std::chrono::steady_clock::now();
  auto banned = moderate(olga, {{"action", "ban"}, {"target", "mallory"}, {"reason", "threats (report)"}});
  EXPECT_EQ(banned["type"], "moderated") << banned;
  auto told = mallory.take("error", nullptr, 1s);
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["code"], "banned");
  mallory.read_until_closed(1s);
  EXPECT_TRUE(mallory.closed());
  EXPECT_LT(std::chrono::steady_clock::now() - began, 1500ms);
  auto over = ann.take("game_over", nullptr, 2s);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "abandonment");
  EXPECT_EQ((*over)["winner"], "ann");

  // Her login is refused, and told why.
  WsPlayer again;
  ASSERT_TRUE(again.connect(server.port()));
  again.send({{"type", "login"}, {"name", "mallory"}, {"password", "correct horse"}, {"id", 1}});
  auto why = again.take("error", nullptr, 30s);
  ASSERT_TRUE(why);
  EXPECT_EQ((*why)["code"], "banned");
  EXPECT_EQ((*why)["message"], "this account is banned");
  EXPECT_FALSE(again.take("identity", nullptr, 200ms));
  // The connection stays, with no identity: it may still watch, or log in as another.
  again.send({{"type", "ping"}, {"id", 2}});
  EXPECT_TRUE(again.take("pong"));

  {  // the report handled
    const auto id = std::to_string(report["report_id"].get<std::int64_t>());
    auto closed = moderate(olga, {{"action", "close_report"}, {"target", id}, {"reason", "banned"}});
    EXPECT_EQ(closed["type"], "moderated") << closed;
    olga.send({{"type", "list_reports"}, {"id", 11}});
    auto open = olga.take("reports");
    ASSERT_TRUE(open);
    EXPECT_TRUE((*open)["reports"].empty());
  }

  // A lift lets her in again; the audit log has all three, newest first.
  EXPECT_EQ(moderate(olga, {{"action", "lift"}, {"target", "mallory"}, {"reason", "appeal granted"}})["type"],
            "moderated");
  WsPlayer back;
  EXPECT_TRUE(login_as(back, server, "mallory"));
  olga.send({{"type", "get_moderation"}, {"id", 12}});
  auto state = olga.take("moderation");
  ASSERT_TRUE(state);
  EXPECT_TRUE((*state)["sanctions"].empty());
  ASSERT_GE((*state)["audit"].size(), 4u);
  EXPECT_EQ((*state)["audit"][0]["action"], "lift");
  EXPECT_EQ((*state)["audit"][1]["action"], "close_report");
  EXPECT_EQ((*state)["audit"][2]["action"], "ban");
  EXPECT_EQ((*state)["audit"][2]["moderator"], "olga");
  EXPECT_EQ((*state)["audit"][2]["reason"], "threats (report)");
  EXPECT_EQ((*state)["audit"][3]["moderator"], "(operator)");  // the --grant-role
  EXPECT_EQ((*state)["staff"][0]["name"], "olga");
}

TEST(ModerationE2e, AnAddressBlockClosesItsConnectionsAndRefusesNewOnesAndARefusedNameItsLookAlikes) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer olga, far;
  make_admin(server, olga);
  register_as(far, server, "far", "127.0.0.9");

  auto blocked = moderate(olga, {{"action", "block_address"}, {"target", "127.0.0.8/31"}, {"reason", "a spam run"}});
  EXPECT_EQ(blocked["type"], "moderated") << blocked;
  EXPECT_EQ(blocked["target"], "127.0.0.8/31");
  auto told = far.take("error", nullptr, 1s);
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["code"], "forbidden");
  far.read_until_closed(1s);
  EXPECT_TRUE(far.closed());
  WsClient fresh;
  ConnectOptions from_there;
  from_there.source = "127.0.0.8";
  ASSERT_TRUE(fresh.connect(server.port(), from_there));
  auto first = fresh.next(2s);
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["code"], "forbidden");
  EXPECT_EQ(http_get_from("127.0.0.9", server.port(), "/api/games").status, 403);
  EXPECT_EQ(http_get_from("127.0.0.10", server.port(), "/api/games").status, 200);
  EXPECT_EQ(moderate(olga, {{"action", "unblock_address"}, {"target", "127.0.0.8/31"}, {"reason", "over"}})["type"],
            "moderated");
  EXPECT_EQ(http_get_from("127.0.0.9", server.port(), "/api/games").status, 200);

  // A refused name, and one that looks like it (a Cyrillic а), are refused to guests and
  // to new accounts.
  EXPECT_EQ(moderate(olga, {{"action", "refuse_name"}, {"target", "Admin"}, {"reason", "impersonation"}})["type"],
            "moderated");
  for (const std::string name : {"admin",
                                 "\xD0\xB0"
                                 "dmin"}) {
    WsPlayer guest;
    ASSERT_TRUE(guest.connect(server.port()));
    guest.send({{"type", "guest"}, {"name", name}, {"id", 1}});
    EXPECT_EQ(error_code(guest), "bad_name") << name;
    guest.send({{"type", "register"}, {"name", name}, {"password", "correct horse"}, {"id", 2}});
    EXPECT_EQ(error_code(guest), "bad_name") << name;
  }
}

TEST(ModerationE2e, WhatIsNotAModeratorsToAskIsRefused) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer olga, mod, bob, guest;
  make_admin(server, olga);
  register_as(mod, server, "mod");
  register_as(bob, server, "bob");
  ASSERT_TRUE(guest.connect(server.port()));
  guest.guest("visitor");

  // No role: refused everything a moderator does.
  EXPECT_EQ(moderate(bob, {{"action", "ban"}, {"target", "mod"}, {"reason", "x"}})["code"], "forbidden");
  bob.send({{"type", "list_reports"}, {"id", 2}});
  EXPECT_EQ(error_code(bob), "forbidden");
  bob.send({{"type", "get_moderation"}, {"id", 3}});
  EXPECT_EQ(error_code(bob), "forbidden");
  // A guest neither blocks nor reports.
  guest.send({{"type", "block_player"}, {"id", 4}, {"name", "bob"}});
  EXPECT_EQ(error_code(guest), "account_required");
  guest.send({{"type", "report_player"}, {"id", 5}, {"name", "bob"}, {"reason", "abuse"}});
  EXPECT_EQ(error_code(guest), "account_required");

  // A moderator: no roles to give, no action on an admin.
  EXPECT_EQ(
      moderate(olga, {{"action", "grant_role"}, {"target", "mod"}, {"role", "moderator"}, {"reason", "help"}})["type"],
      "moderated");
  WsPlayer mod2;
  auto identity = login_as(mod2, server, "mod");
  ASSERT_TRUE(identity);
  EXPECT_EQ((*identity)["role"], "moderator");
  EXPECT_EQ(moderate(mod2, {{"action", "grant_role"}, {"target", "bob"}, {"role", "admin"}, {"reason", "x"}})["code"],
            "forbidden");
  EXPECT_EQ(moderate(mod2, {{"action", "ban"}, {"target", "olga"}, {"reason", "x"}})["code"], "forbidden");

  // Malformed actions.
  const std::vector<json> bad = {
      {{"action", "vanish"}, {"target", "bob"}, {"reason", "x"}},
      {{"action", "ban"}, {"target", "bob"}, {"reason", ""}},
      {{"action", "ban"}, {"target", "mod"}, {"reason", "self"}},
      {{"action", "suspend"}, {"target", "bob"}, {"reason", "x"}},
      {{"action", "suspend"}, {"target", "bob"}, {"reason", "x"}, {"hours", 0}},
      {{"action", "suspend"}, {"target", "bob"}, {"reason", "x"}, {"hours", 9000}},
      {{"action", "block_address"}, {"target", "10.0.0.0/33"}, {"reason", "x"}},
      {{"action", "block_address"}, {"target", "example.org"}, {"reason", "x"}},
  };
  for (const auto& fields : bad) EXPECT_EQ(moderate(mod2, fields)["code"], "bad_request") << fields;
  EXPECT_EQ(moderate(olga, {{"action", "grant_role"}, {"target", "bob"}, {"role", "king"}, {"reason", "x"}})["code"],
            "bad_request");
  EXPECT_EQ(moderate(mod2, {{"action", "ban"}, {"target", "nobody"}, {"reason", "x"}})["code"], "not_found");
  EXPECT_EQ(moderate(mod2, {{"action", "close_report"}, {"target", "99"}, {"reason", "x"}})["code"], "not_found");
  EXPECT_EQ(moderate(mod2, {{"action", "ban"}, {"target", "bob"}, {"reason", std::string(501, 'x')}})["code"],
            "bad_request");
  // Reports: an unknown reason, oneself, nobody; an eleventh in the hour.
  bob.send({{"type", "report_player"}, {"id", 6}, {"name", "mod"}, {"reason", "ugly"}});
  EXPECT_EQ(error_code(bob), "bad_request");
  bob.send({{"type", "report_player"}, {"id", 7}, {"name", "bob"}, {"reason", "abuse"}});
  EXPECT_EQ(error_code(bob), "bad_request");
  bob.send({{"type", "report_player"}, {"id", 8}, {"name", "nobody"}, {"reason", "abuse"}});
  EXPECT_EQ(error_code(bob), "not_found");
  for (int i = 0; i < 10; ++i) {
    bob.send({{"type", "report_player"}, {"id", 20 + i}, {"name", "mod"}, {"reason", "other"}});
    ASSERT_TRUE(bob.take("ok")) << i;
  }
  bob.send({{"type", "report_player"}, {"id", 31}, {"name", "mod"}, {"reason", "other"}});
  EXPECT_EQ(error_code(bob), "rate_limited");
}

}  // namespace
}  // namespace bh::test
