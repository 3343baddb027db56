// Notification settings and the outbox in the SQLite store (notifications.hpp,
// docs/notifications.md): a correspondence move writes its opponent's notifications in
// its own transaction, a new address is verified before it gets any, an unsubscribe
// applies to what is queued, and the worker's marks make a row sent or due again later.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage/notifications.hpp"
#include "storage_test_util.hpp"

namespace bh::storage::testing {
namespace {

constexpr std::int64_t kHour = 3'600'000;
constexpr std::int64_t kNow = 1'000'000'000'000;

StoreResult<NotifySettings> change(SqliteStore& store, NotifyChange c) {
  static int fresh = 0;
  ++fresh;
  if (c.now_ms == 0) c.now_ms = kNow;
  c.fresh_verify_token = "verify" + std::to_string(fresh);
  c.fresh_mail_key = "key" + std::to_string(fresh);
  c.fresh_unsubscribe_token = "unsub" + std::to_string(fresh);
  c.fresh_secret = "secret" + std::to_string(fresh);
  return await<StoreResult<NotifySettings>>([&](auto done) { store.save_notify_settings(c, done); });
}
std::vector<OutboxItem> due(SqliteStore& store, std::int64_t now) {
  auto taken = await<StoreResult<std::vector<OutboxItem>>>([&](auto done) { store.take_due(now, 100, done); });
  EXPECT_TRUE(taken.error.ok()) << taken.error.message;
  return taken.value.value_or(std::vector<OutboxItem>{});
}
StoreError mark(SqliteStore& store, Delivery d) {
  return await<StoreError>([&](auto done) { store.record_delivery(d, done); });
}
StoreError save_live(Store& store, LiveUpdate update) {
  return await<StoreError>([&](auto done) { store.save_live(std::move(update), done); });
}
StoreResult<std::string> verify(SqliteStore& store, const std::string& token) {
  return await<StoreResult<std::string>>([&](auto done) { store.verify_email(token, done); });
}

// bob's settings: a verified address and a webhook.
void subscribe_bob(SqliteStore& store) {
  NotifyChange c;
  c.player = "bob";
  c.email = "bob@example.org";
  c.webhook_url = "https://hooks.example.org/bob";
  auto saved = change(store, c);
  ASSERT_TRUE(saved.error.ok()) << saved.error.message;
  const auto mails = due(store, kNow);
  ASSERT_EQ(mails.size(), 1u);  // the verification mail
  ASSERT_TRUE(verify(store, mails[0].verify_token).error.ok());
  ASSERT_TRUE(mark(store, {mails[0].id, kNow, true, 0, "", mails[0].address}).ok());
}

LiveGame correspondence_game(const std::string& id) {
  LiveGame g;
  g.game_id = id;
  g.room_id = "r-" + id;
  g.match_id = "m-" + id;
  g.game = "brandubh";
  g.creator_side = "first";
  g.seats = {LiveSeat{"ann", "tok-ann", true, 0}, LiveSeat{"bob", "tok-bob", true, 0}};
  g.correspondence = "days 3";
  g.started_ms = kNow;
  return g;
}

// ann's move in `id`, leaving bob to move until `deadline`.
LiveUpdate anns_move(const std::string& id, int ply, std::int64_t now, std::int64_t deadline) {
  LiveUpdate u{std::nullopt, id, ply, {MoveRecord{"d1-d3", -1, -1, now}}};
  u.deadline_ms = deadline;
  TurnNotice n;
  n.game_id = id;
  n.player = "bob";
  n.ply = ply;
  n.deadline_ms = deadline;
  n.now_ms = now;
  n.payload = R"({"game_id":")" + id + R"(","opponent":"ann","move":"d1-d3"})";
  u.notice = n;
  return u;
}

// The correspondence game `id` begun, and ann's first move in it: bob to move, 72 hours.
void bobs_turn(SqliteStore& store, const std::string& id) {
  ASSERT_TRUE(save_live(store, {correspondence_game(id), "", 1, {}}).ok());
  ASSERT_TRUE(save_live(store, anns_move(id, 1, kNow, kNow + 72 * kHour)).ok());
}

TEST(Outbox, AMoveWritesItsOpponentsTurnAndRemindersBeforeTheDeadline) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  ASSERT_TRUE(save_live(*store, {correspondence_game("g1"), "", 1, {}}).ok());
  const std::int64_t deadline = kNow + 72 * kHour;
  ASSERT_TRUE(save_live(*store, anns_move("g1", 1, kNow, deadline)).ok());

  const auto now = due(*store, kNow);
  ASSERT_EQ(now.size(), 2u);  // "your turn" by mail and by webhook
  for (const auto& item : now) {
    EXPECT_EQ(item.kind, "your_turn");
    EXPECT_EQ(item.game_id, "g1");
    EXPECT_NE(item.payload.find("d1-d3"), std::string::npos);
  }
  EXPECT_EQ(now[0].channel == "email" ? now[0].address : now[1].address, "bob@example.org");
  const auto& hook = now[0].channel == "webhook" ? now[0] : now[1];
  EXPECT_EQ(hook.address, "https://hooks.example.org/bob");
  EXPECT_FALSE(hook.secret.empty());
  for (const auto& item : now) ASSERT_TRUE(mark(*store, {item.id, kNow, true, 0, "", ""}).ok());

  // The default reminders: 24 h and 2 h before the deadline, on both channels.
  EXPECT_TRUE(due(*store, deadline - 24 * kHour - 1).empty());
  EXPECT_EQ(due(*store, deadline - 24 * kHour).size(), 2u);
  const auto both = due(*store, deadline - 2 * kHour);
  ASSERT_EQ(both.size(), 4u);
  for (const auto& item : both) EXPECT_EQ(item.kind, "reminder");
}

TEST(Outbox, TheNextMoveDropsTheLastTurnsReminders) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  ASSERT_NO_FATAL_FAILURE(bobs_turn(*store, "g1"));
  for (const auto& item : due(*store, kNow)) ASSERT_TRUE(mark(*store, {item.id, kNow, true, 0, "", ""}).ok());
  // bob answers: a write with a notice for ann, who has no settings.
  LiveUpdate answer{std::nullopt, "g1", 2, {MoveRecord{"d7-d5", -1, -1, kNow + kHour}}};
  answer.notice = TurnNotice{"g1", "ann", true, 2, kNow + 73 * kHour, kNow + kHour, kHour, "{}"};
  ASSERT_TRUE(save_live(*store, answer).ok());
  EXPECT_TRUE(due(*store, kNow + 100 * kHour).empty());  // bob's reminders went with his turn
}

TEST(Outbox, AWriteThatFailsWritesNoNotification) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  // No header stored: the move is refused, and its notice with it.
  EXPECT_EQ(save_live(*store, anns_move("g9", 1, kNow, kNow + 72 * kHour)).code, StoreErrc::invalid_query);
  EXPECT_TRUE(due(*store, kNow + 100 * kHour).empty());
}

TEST(Outbox, AFinishedGameDropsItsPendingReminders) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  ASSERT_NO_FATAL_FAILURE(bobs_turn(*store, "g1"));
  for (const auto& item : due(*store, kNow)) ASSERT_TRUE(mark(*store, {item.id, kNow, true, 0, "", ""}).ok());
  GameRecord record = sample_game("g1", kNow + kHour, "brandubh");
  record.correspondence = "days 3";
  ASSERT_TRUE(save(*store, record).ok());
  for (const auto& item : due(*store, kNow + 100 * kHour)) EXPECT_NE(item.kind, "reminder");  // "game over" may be
}

// Who is told a game is over: whoever may not know (ann and bob both subscribed).
TEST(Outbox, AFinishedCorrespondenceGameIsToldToWhoeverMayNotKnow) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  NotifyChange c;
  c.player = "ann";
  c.webhook_url = "https://hooks.example.org/ann";
  ASSERT_TRUE(change(*store, c).error.ok());
  struct Case {
    std::string result, reason;
    std::vector<std::string> told;  // players, ann first
  };
  const std::vector<Case> cases = {
      {"first", "resignation", {"ann"}},    // bob resigned: ann, the winner, is told
      {"second", "time", {"ann", "bob"}},   // ann lost on time: both
      {"first", "king_captured", {"bob"}},  // ann's move won: bob is told
      {"draw", "agreement", {}},            // both agreed: nobody
      {"aborted", "no_first_move", {"ann", "bob"}},
  };
  int n = 0;
  for (const Case& k : cases) {
    ++n;
    GameRecord record = sample_game("e" + std::to_string(n), kNow + n, "brandubh");
    record.first_player = "ann";
    record.second_player = "bob";
    record.result = k.result;
    record.reason = k.reason;
    record.correspondence = "days 3";
    ASSERT_TRUE(save(*store, record).ok());
    std::vector<std::string> told;
    for (const auto& item : due(*store, kNow + 100 * kHour)) {
      EXPECT_EQ(item.kind, "game_over");
      if (told.empty() || told.back() != item.player) told.push_back(item.player);
      ASSERT_TRUE(mark(*store, {item.id, kNow, true, 0, "", ""}).ok());
    }
    std::sort(told.begin(), told.end());
    EXPECT_EQ(told, k.told) << k.result << " " << k.reason;
  }
  // A live game's end is nobody's mail.
  GameRecord live = sample_game("e9", kNow + 9, "brandubh");
  live.first_player = "ann";
  live.second_player = "bob";
  ASSERT_TRUE(save(*store, live).ok());
  EXPECT_TRUE(due(*store, kNow + 100 * kHour).empty());
}

TEST(Outbox, AnUnverifiedAddressGetsNoTurnMail) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  NotifyChange c;
  c.player = "bob";
  c.email = "bob@example.org";
  ASSERT_TRUE(change(*store, c).error.ok());
  auto verification = due(*store, kNow);
  ASSERT_EQ(verification.size(), 1u);
  EXPECT_EQ(verification[0].kind, "verify_email");
  EXPECT_EQ(verification[0].address, "bob@example.org");
  ASSERT_TRUE(mark(*store, {verification[0].id, kNow, true, 0, "", "bob@example.org"}).ok());
  ASSERT_NO_FATAL_FAILURE(bobs_turn(*store, "g1"));
  EXPECT_TRUE(due(*store, kNow + 100 * kHour).empty());
}

TEST(NotifySettings, ANewAddressIsVerifiedByItsLatestLinkOnly) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  NotifyChange c;
  c.player = "bob";
  c.email = "old@example.org";
  ASSERT_TRUE(change(*store, c).error.ok());
  const auto first = due(*store, kNow);
  c.email = "new@example.org";
  auto saved = change(*store, c);
  ASSERT_TRUE(saved.error.ok());
  EXPECT_FALSE(saved.value->email_verified);
  // The old address's mail is dropped unsent: it no longer waits for it.
  const auto queued = due(*store, kNow);
  ASSERT_EQ(queued.size(), 1u);
  EXPECT_EQ(queued[0].address, "new@example.org");
  EXPECT_EQ(verify(*store, first[0].verify_token).error.code, StoreErrc::not_found);
  auto verified = verify(*store, queued[0].verify_token);
  ASSERT_TRUE(verified.error.ok());
  EXPECT_EQ(*verified.value, "bob");
  auto read = await<StoreResult<NotifySettings>>([&](auto done) { store->notify_settings("bob", done); });
  EXPECT_TRUE(read.value->email_verified);
  EXPECT_EQ(read.value->email, "new@example.org");
  EXPECT_EQ(verify(*store, queued[0].verify_token).error.code, StoreErrc::not_found);  // used once
}

TEST(NotifySettings, VerificationMailsToOneAddressAreLimitedADay) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  NotifyChange c;
  c.player = "mallory";
  c.verification_limit = 2;
  for (int i = 0; i < 2; ++i) {
    c.email = "victim@example.org";
    ASSERT_TRUE(change(*store, c).error.ok());
    c.email = "";
    ASSERT_TRUE(change(*store, c).error.ok());
  }
  c.email = "victim@example.org";
  EXPECT_EQ(change(*store, c).error.code, StoreErrc::conflict);
  c.now_ms = kNow + 25 * kHour;  // a day later
  EXPECT_TRUE(change(*store, c).error.ok());
}

TEST(NotifySettings, UnsubscribeForgetsTheAddressAndDropsWhatIsQueued) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  ASSERT_NO_FATAL_FAILURE(bobs_turn(*store, "g1"));
  auto read = await<StoreResult<NotifySettings>>([&](auto done) { store->notify_settings("bob", done); });
  auto gone =
      await<StoreResult<std::string>>([&](auto done) { store->unsubscribe(read.value->unsubscribe_token, done); });
  ASSERT_TRUE(gone.error.ok());
  const auto left = due(*store, kNow);
  ASSERT_EQ(left.size(), 1u);  // the webhook's stays
  EXPECT_EQ(left[0].channel, "webhook");
  read = await<StoreResult<NotifySettings>>([&](auto done) { store->notify_settings("bob", done); });
  EXPECT_EQ(read.value->email, "");
}

TEST(Outbox, AFailedAttemptIsDueAgainAtItsRetryTime) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  subscribe_bob(*store);
  ASSERT_NO_FATAL_FAILURE(bobs_turn(*store, "g1"));
  const auto first = due(*store, kNow);
  ASSERT_EQ(first.size(), 2u);
  ASSERT_TRUE(mark(*store, {first[0].id, kNow, false, kNow + 30'000, "", ""}).ok());
  ASSERT_TRUE(mark(*store, {first[1].id, kNow, false, 0, "refused", ""}).ok());
  EXPECT_TRUE(due(*store, kNow + 29'999).empty());
  const auto again = due(*store, kNow + 30'000);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].key, first[0].key);  // the same key on every attempt
  EXPECT_EQ(again[0].attempts, 1);
}

}  // namespace
}  // namespace bh::storage::testing
