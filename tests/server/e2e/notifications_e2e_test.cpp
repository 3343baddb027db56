// Notifications against the real server (issue 30, docs/notifications.md): a player
// gives an address and a webhook, verifies the address by the mail's link, and is told
// of the opponent's move in a correspondence game by a mail read from an SMTP sink and a
// signed POST to an HTTPS receiver, both started by the test; a kill -9 right after the
// move still delivers each exactly once by its key; the unsubscribe link stops the mails;
// the end of the game is told to the player who did not end it.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <thread>

#include "notify/webhook_post.hpp"
#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"
#include "support/smtp_sink.hpp"
#include "support/webhook_receiver.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

void register_as(WsPlayer& p, const std::string& name) {
  p.send({{"type", "register"}, {"name", name}, {"password", "correct horse battery"}, {"id", 1}});
  auto identity = p.take("identity");
  ASSERT_TRUE(identity);
  ASSERT_EQ((*identity)["registered"], true) << identity->dump();
}

// The link `path` (…/notifications/verify) in a mail's text: its token.
std::string token_in(const std::string& text, const std::string& path) {
  // No <regex>: GCC 12 warns inside libstdc++'s regex under the sanitizers.
  const std::string link = path + "?token=";
  const auto at = text.find(link);
  if (at == std::string::npos) return "";
  const auto start = at + link.size();
  const auto end = text.find_first_not_of("0123456789abcdef", start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// bob asks for mail and a webhook, and opens the verification link: his webhook secret.
std::string subscribe(WsPlayer& bob, ServerProcess& server, SmtpSink& sink, WebhookReceiver& receiver) {
  bob.send(
      {{"type", "set_notifications"}, {"email", "bob@example.org"}, {"webhook_url", receiver.url("/bob")}, {"id", 5}});
  auto settings = bob.take("notification_settings");
  EXPECT_TRUE(settings);
  if (!settings) return "";
  EXPECT_EQ((*settings)["email"], "bob@example.org");
  EXPECT_EQ((*settings)["email_verified"], false);
  EXPECT_EQ((*settings)["mail_available"], true);
  const auto mails = sink.wait_for(1, 10s);
  EXPECT_EQ(mails.size(), 1u) << server.log();
  if (mails.empty()) return "";
  EXPECT_EQ(mails[0].recipients, std::vector<std::string>{"bob@example.org"});
  EXPECT_TRUE(mails[0].over_tls);
  const std::string token = token_in(mails[0].body_text(), "/notifications/verify");
  EXPECT_FALSE(token.empty()) << mails[0].body_text();
  const auto page = http_get(server.port(), "/notifications/verify?token=" + token);
  EXPECT_EQ(page.status, 200) << page.body;
  EXPECT_NE(page.body.find("Address verified"), std::string::npos);
  bob.send({{"type", "notifications"}, {"id", 6}});
  settings = bob.take("notification_settings");
  EXPECT_TRUE(settings && (*settings)["email_verified"] == true);
  return settings ? (*settings)["webhook_secret"].get<std::string>() : "";
}

// alice (attackers) and bob in a correspondence game of Tablut: its id.
std::string start_game(WsPlayer& alice, WsPlayer& bob) {
  alice.send({{"type", "create_room"},
              {"game", "tablut"},
              {"side", "attackers"},
              {"clock", {{"days_per_move", 3}}},
              {"id", 2}});
  auto created = alice.take("room_created");
  EXPECT_TRUE(created);
  if (!created) return "";
  bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = alice.take("game_started");
  EXPECT_TRUE(started && bob.take("game_started"));
  return started ? (*started)["state"]["game_id"].get<std::string>() : "";
}

// The receivers the test starts, the server sending to them (mail to the sink, trusting
// its certificate; webhooks to loopback, trusting the receiver's), and alice and bob,
// registered, bob subscribed to both: his webhook secret in `secret`.
class NotificationsE2e : public ::testing::Test {
 protected:
  void open(SmtpSinkOptions sink_options = {}) {
    if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
    sink = std::make_unique<SmtpSink>(sink_options);
    ASSERT_TRUE(sink->start()) << sink->error();
    ASSERT_TRUE(receiver.start()) << receiver.error();
    server = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--smtp-url", sink->url(), "--smtp-ca-file", sink->ca_file(), "--public-url",
                                 "https://boardhall.example", "--webhook-ca-file", receiver.ca_file(),
                                 "--webhook-private-addresses", "allow", "--correspondence-day-ms", "600000"});
    ASSERT_TRUE(server->start()) << server->log();
    ASSERT_TRUE(alice.connect(server->port()) && bob.connect(server->port()));
    register_as(alice, "alice");
    register_as(bob, "bob");
    secret = subscribe(bob, *server, *sink, receiver);
    ASSERT_FALSE(secret.empty());
  }

  std::unique_ptr<SmtpSink> sink;
  WebhookReceiver receiver;
  std::unique_ptr<ServerProcess> server;
  WsPlayer alice, bob;
  std::string secret;
};

TEST_F(NotificationsE2e, AnOpponentsMoveIsMailedAndPostedSignedToThePlayerToMove) {
  SmtpSinkOptions sink_options;
  sink_options.require_tls = true;
  ASSERT_NO_FATAL_FAILURE(open(sink_options));
  if (IsSkipped()) return;
  const std::string game = start_game(alice, bob);
  ASSERT_FALSE(game.empty());

  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 10}});
  ASSERT_TRUE(bob.take("move"));
  const auto mails = sink->wait_for(2, 10s);
  ASSERT_EQ(mails.size(), 2u) << server->log();
  const SmtpMessage& turn = mails[1];
  EXPECT_EQ(turn.recipients, std::vector<std::string>{"bob@example.org"});
  EXPECT_NE(turn.decoded_header("Subject").value_or("").find("Your move against alice"), std::string::npos);
  EXPECT_NE(turn.body_text().find("alice played d1-d3"), std::string::npos) << turn.body_text();
  EXPECT_NE(turn.body_text().find("https://boardhall.example/game/" + game), std::string::npos);
  EXPECT_TRUE(turn.header("List-Unsubscribe").has_value());
  EXPECT_TRUE(turn.header("X-Boardhall-Key").has_value());

  const auto posts = receiver.wait_for(1, 10s);
  ASSERT_EQ(posts.size(), 1u) << server->log();
  const WebhookRequest& post = posts[0];
  EXPECT_EQ(post.method, "POST");
  EXPECT_EQ(post.target, "/bob");
  const json body = json::parse(post.body);
  EXPECT_EQ(body["type"], "notification");
  EXPECT_EQ(body["kind"], "your_turn");
  EXPECT_EQ(body["player"], "bob");
  EXPECT_EQ(body["opponent"], "alice");
  EXPECT_EQ(body["game_id"], game);
  EXPECT_EQ(body["move"], "d1-d3");
  EXPECT_EQ(body["url"], "https://boardhall.example/game/" + game);
  EXPECT_TRUE(body["deadline_ms"].is_number());
  EXPECT_EQ(post.header("X-Boardhall-Key"), body["key"].get<std::string>());
  // The signature: t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>"> with bob's secret.
  const std::string signature = post.header("X-Boardhall-Signature").value_or("");
  const auto comma = signature.find(",v1=");
  ASSERT_TRUE(signature.starts_with("t=") && comma != std::string::npos) << signature;
  const std::string seconds = signature.substr(2, comma - 2), mac = signature.substr(comma + 4);
  ASSERT_TRUE(!seconds.empty() && seconds.find_first_not_of("0123456789") == std::string::npos) << signature;
  ASSERT_TRUE(mac.size() == 64 && mac.find_first_not_of("0123456789abcdef") == std::string::npos) << signature;
  EXPECT_EQ(signature, notify::webhook_signature(secret, std::stoll(seconds), post.body));

  // The unsubscribe link: its page asks, its POST stops the mails (the webhook stays).
  const std::string unsubscribe = token_in(turn.body_text(), "/notifications/unsubscribe");
  ASSERT_FALSE(unsubscribe.empty());
  const auto ask = http_get(server->port(), "/notifications/unsubscribe?token=" + unsubscribe);
  EXPECT_EQ(ask.status, 200);
  EXPECT_NE(ask.body.find("method=\"post\""), std::string::npos) << ask.body;
  RawTcp raw;
  ASSERT_TRUE(raw.connect(server->port()));
  raw.send("POST /notifications/unsubscribe?token=" + unsubscribe +
           " HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 26\r\n"
           "Connection: close\r\n\r\nList-Unsubscribe=One-Click");
  std::string answer;
  for (int i = 0; i < 20 && answer.find("</html>") == std::string::npos; ++i) answer += raw.read_some(500ms);
  EXPECT_NE(answer.find("200 OK"), std::string::npos) << answer;
  EXPECT_NE(answer.find("Unsubscribed"), std::string::npos);
  bob.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 11}});
  // Bob's move, not alice's own first (still kept): moving on that would race bob's.
  ASSERT_TRUE(alice.take("move", [](const json& j) { return j["ply"] == 2; }));
  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 2}, {"move", "d3-d2"}, {"id", 12}});
  ASSERT_TRUE(bob.take("move", [](const json& j) { return j["ply"] == 3; }));
  EXPECT_EQ(receiver.wait_for(2, 10s).size(), 2u);  // the webhook still posts
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(sink->messages().size(), 2u) << "no mail after the unsubscribe";

  // Alice resigns: bob, who won without a move of his, is told the game is over.
  alice.send({{"type", "resign"}, {"game_id", game}, {"id", 13}});
  ASSERT_TRUE(bob.take("game_over"));
  const auto all = receiver.wait_for(3, 10s);
  ASSERT_EQ(all.size(), 3u) << server->log();
  const json over = json::parse(all[2].body);
  EXPECT_EQ(over["kind"], "game_over");
  EXPECT_EQ(over["player"], "bob");
  EXPECT_EQ(over["outcome"], "won");
  EXPECT_EQ(over["reason"], "resignation");
  EXPECT_EQ(over["url"], "https://boardhall.example/game/" + game);
  EXPECT_EQ(server->stop(), 0);
}

TEST_F(NotificationsE2e, AKillRightAfterAMoveDeliversItsNotificationsExactlyOnceByKey) {
  ASSERT_NO_FATAL_FAILURE(open());
  if (IsSkipped()) return;
  const std::string game = start_game(alice, bob);
  ASSERT_FALSE(game.empty());
  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 10}});
  ASSERT_TRUE(alice.take("move"));  // acknowledged: durable, and its notifications with it
  server->kill();
  alice.close();
  bob.close();
  ASSERT_TRUE(server->restart()) << server->log();

  // Each channel's notification arrives; whatever was repeated has the same key.
  std::set<std::string> mail_keys, post_keys;
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while ((mail_keys.size() < 1 || post_keys.size() < 1) && std::chrono::steady_clock::now() < deadline) {
    mail_keys.clear();
    post_keys.clear();
    for (const auto& m : sink->messages())
      if (m.header("X-Boardhall-Key").value_or("").starts_with("turn.")) mail_keys.insert(*m.header("X-Boardhall-Key"));
    for (const auto& r : receiver.requests())
      if (r.header("X-Boardhall-Key")) post_keys.insert(*r.header("X-Boardhall-Key"));
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(mail_keys.size(), 1u) << server->log();
  EXPECT_EQ(post_keys.size(), 1u) << server->log();
  std::this_thread::sleep_for(1s);
  // Sent and marked: at most one repeat (a send the kill cut before its mark), by key.
  std::size_t turn_mails = 0;
  for (const auto& m : sink->messages()) turn_mails += m.header("X-Boardhall-Key").value_or("").starts_with("turn.");
  EXPECT_GE(turn_mails, 1u);
  EXPECT_LE(turn_mails, 2u);
  EXPECT_GE(receiver.requests().size(), 1u);
  EXPECT_LE(receiver.requests().size(), 2u);
  EXPECT_EQ(server->stop(), 0);
}

TEST(NotificationsSettingsE2e, HostileSettingsAreRefusedWithTheirReason) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server;  // no --smtp-url: no mail
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer guest, bob;
  ASSERT_TRUE(guest.connect(server.port()) && bob.connect(server.port()));
  guest.send({{"type", "set_notifications"}, {"email", "x@example.org"}, {"id", 0}});  // before any identity
  auto anonymous = guest.take("error");
  ASSERT_TRUE(anonymous);
  EXPECT_EQ((*anonymous)["code"], "not_authenticated");
  guest.guest("carol");
  guest.send({{"type", "notifications"}, {"id", 1}});
  auto refused = guest.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "account_required");
  register_as(bob, "bob");
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"email", "bob@example.org"}}, "sends no mail"},
      {{{"webhook_url", "http://example.org/hook"}}, "webhook_url"},
      {{{"webhook_url", "https://user:pw@example.org/hook"}}, "webhook_url"},
      {{{"webhook_url", "https:///x"}}, "webhook_url"},
      {{{"reminder_hours", {0}}}, "reminder_hours"},
      {{{"reminder_hours", {1, 2, 3, 4, 5}}}, "reminder_hours"},
      {{{"reminder_hours", {100000}}}, "reminder_hours"},
  };
  int id = 10;
  for (const auto& [fields, why] : cases) {
    json request = fields;
    request["type"] = "set_notifications";
    request["id"] = ++id;
    bob.send(request);
    auto error = bob.take("error");
    ASSERT_TRUE(error) << request.dump();
    EXPECT_EQ((*error)["code"], "bad_options") << request.dump();
    EXPECT_NE((*error)["message"].get<std::string>().find(why), std::string::npos) << (*error)["message"];
  }
  // Wrong types, huge values, a lone surrogate: refused whole, and the server goes on.
  const std::vector<std::string> malformed = {
      R"({"type":"set_notifications","id":99,"reminder_hours":"24"})",
      R"({"type":"set_notifications","id":99,"on_move":"yes"})",
      R"({"type":"set_notifications","id":99,"email":["a@example.org"]})",
      R"({"type":"set_notifications","id":99,"webhook_url":"https://example.org/)" + std::string(600, 'a') + R"("})",
      R"({"type":"set_notifications","id":99,"email":")" + std::string(300, 'a') + R"(@example.org"})",
      R"({"type":"set_notifications","id":99,"email":"\ud800@example.org"})",
      R"({"type":"set_notifications","id":99,"reminder_hours":[)" + std::string(3000, '1').insert(1, ",") + "]}"};
  for (const std::string& frame : malformed) {
    bob.send_text(frame);
    auto bad = bob.take("error");
    ASSERT_TRUE(bad) << frame.substr(0, 120);
    EXPECT_TRUE((*bad)["code"] == "bad_request" || (*bad)["code"] == "bad_options") << (*bad)["code"];
  }
  bob.send({{"type", "notifications"}, {"id", 98}});
  EXPECT_TRUE(bob.take("notification_settings")) << "the connection goes on";
  // A private or loopback webhook is refused by the sender, not here: the URL is well formed.
  bob.send({{"type", "set_notifications"}, {"webhook_url", "https://127.0.0.1:1/x"}, {"id", 100}});
  EXPECT_TRUE(bob.take("notification_settings"));
  // Only the unsubscribe link takes a POST; a body past the limit is refused whole.
  auto post = [&](const std::string& target, const std::string& body) {
    RawTcp raw;
    EXPECT_TRUE(raw.connect(server.port()));
    raw.send("POST " + target + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(body.size()) +
             "\r\nConnection: close\r\n\r\n" + body);
    std::string answer;
    for (int i = 0; i < 20 && !raw.peer_closed(); ++i) answer += raw.read_some(250ms);
    return answer.substr(0, answer.find("\r\n"));
  };
  EXPECT_EQ(post("/api/games", ""), "HTTP/1.1 405 Method Not Allowed");
  EXPECT_EQ(post("/notifications/verify?token=" + std::string(48, 'a'), ""), "HTTP/1.1 405 Method Not Allowed");
  EXPECT_EQ(post("/notifications/unsubscribe?token=" + std::string(48, 'a'), "List-Unsubscribe=One-Click"),
            "HTTP/1.1 404 Not Found");
  EXPECT_EQ(post("/notifications/unsubscribe?token=x", std::string(64 * 1024, 'x')), "HTTP/1.1 413 Payload Too Large");
  // The links: a forged or malformed token is a 404 page, never a crash.
  for (const std::string& target :
       {"/notifications/verify?token=" + std::string(48, 'a'), std::string("/notifications/verify?token=%00'--"),
        std::string("/notifications/unsubscribe"), std::string("/notifications/verify?token=a&x=1")}) {
    const auto page = http_get(server.port(), target);
    EXPECT_TRUE(page.status == 404 || page.status == 400) << target << " " << page.status;
  }
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
