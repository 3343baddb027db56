// What an outbox row says (notice_text.hpp): the mail's subject and text for each kind,
// the webhook's body, and the time left as a person reads it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "notify/notice_text.hpp"

namespace bh::notify {
namespace {

constexpr std::int64_t kHour = 3'600'000;

storage::OutboxItem turn(const std::string& kind) {
  storage::OutboxItem item;
  item.kind = kind;
  item.key = "turn.g7.3.100.email";
  item.channel = "email";
  item.address = "bob@example.org";
  item.unsubscribe_token = "u123";
  item.verify_token = "v456";
  item.payload = R"({"player":"bob","game_id":"g7","game":"seatafl","opponent":"alice","move":"d1-d3","ply":3,)"
                 R"("deadline_ms":)" +
                 std::to_string(50 * kHour) + "}";
  return item;
}

TEST(NoticeText, TimeLeftIsToTheNearestHourFromAnHourOnAndMinutesBelow) {
  EXPECT_EQ(time_left(24 * kHour - 1000), "1 day");
  EXPECT_EQ(time_left(50 * kHour + 10 * 60'000), "2 days 2 hours");
  EXPECT_EQ(time_left(23 * kHour + 20 * 60'000), "23 hours");
  EXPECT_EQ(time_left(kHour), "1 hour");
  EXPECT_EQ(time_left(40 * 60'000 + 1), "41 minutes");
  EXPECT_EQ(time_left(-5), "1 minute");
}

TEST(NoticeText, AYourTurnMailSaysWhoPlayedWhatTheTimeLeftAndLinksTheGameAndTheUnsubscribe) {
  const Mail mail = notice_mail(turn("your_turn"), "https://bh.example", 2 * kHour);
  EXPECT_EQ(mail.to, "bob@example.org");
  EXPECT_EQ(mail.subject, "Your move against alice (Sea tafl)");
  EXPECT_NE(mail.text.find("alice played d1-d3 in your Sea tafl game. It is your move; you have 2 days."),
            std::string::npos)
      << mail.text;
  EXPECT_NE(mail.text.find("https://bh.example/game/g7"), std::string::npos);
  EXPECT_EQ(mail.unsubscribe_url, "https://bh.example/notifications/unsubscribe?token=u123");
  EXPECT_NE(mail.text.find(mail.unsubscribe_url), std::string::npos);
  EXPECT_EQ(mail.message_key, "turn.g7.3.100.email");
}

TEST(NoticeText, AReminderSaysTheTimeLeftInItsSubject) {
  const Mail mail = notice_mail(turn("reminder"), "https://bh.example", 48 * kHour);
  EXPECT_EQ(mail.subject, "2 hours left for your move against alice (Sea tafl)");
}

TEST(NoticeText, AVerificationMailHasItsLinkAndAWayToCancelIt) {
  storage::OutboxItem item = turn("verify_email");
  item.payload = "{}";
  const Mail mail = notice_mail(item, "https://bh.example", 0);
  EXPECT_NE(mail.text.find("https://bh.example/notifications/verify?token=v456"), std::string::npos);
  EXPECT_NE(mail.text.find("https://bh.example/notifications/unsubscribe?token=u123"), std::string::npos);
}

TEST(NoticeText, AGameOverMailSaysTheOutcomeAndWhy) {
  storage::OutboxItem item = turn("game_over");
  item.payload = R"({"player":"bob","game_id":"g7","game":"brandubh","opponent":"alice","outcome":"won",)"
                 R"("reason":"resignation"})";
  const Mail mail = notice_mail(item, "https://bh.example", 0);
  EXPECT_EQ(mail.subject, "Your Brandubh game against alice is over: you won");
  EXPECT_NE(mail.text.find("you won (by resignation)."), std::string::npos) << mail.text;
  EXPECT_NE(mail.text.find("https://bh.example/game/g7"), std::string::npos);
  EXPECT_FALSE(mail.unsubscribe_url.empty());
}

TEST(NoticeText, TheWebhookBodyIsThePayloadWithItsKindKeyAndPage) {
  const auto body = nlohmann::json::parse(webhook_body(turn("your_turn"), "https://bh.example"));
  EXPECT_EQ(body["type"], "notification");
  EXPECT_EQ(body["kind"], "your_turn");
  EXPECT_EQ(body["key"], "turn.g7.3.100.email");
  EXPECT_EQ(body["url"], "https://bh.example/game/g7");
  EXPECT_EQ(body["move"], "d1-d3");
  storage::OutboxItem broken = turn("your_turn");
  broken.payload = "not json";
  EXPECT_EQ(nlohmann::json::parse(webhook_body(broken, "https://bh.example"))["kind"], "your_turn");
}

}  // namespace
}  // namespace bh::notify
