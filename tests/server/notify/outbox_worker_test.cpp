// The outbox's worker (outbox_worker.hpp) on a real SQLite store and the test
// receivers: a committed move's notification leaves at once, a failed POST is tried
// again later with the same key, a refusal is given up, a mail over the address's daily
// limit is not sent; and the back-off itself (delivery_of).
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>

#include "notify/outbox_worker.hpp"
#include "smtp_sink.hpp"
#include "storage/sqlite_store.hpp"
#include "webhook_receiver.hpp"

namespace bh::notify {
namespace {

using namespace std::chrono_literals;

template <class R, class Start>
R await(Start start) {
  auto promise = std::make_shared<std::promise<R>>();
  auto future = promise->get_future();
  start([promise](R result) { promise->set_value(std::move(result)); });
  return future.get();
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class OutboxWorkerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "bh-outbox-XXXXXX").string();
    ASSERT_TRUE(mkdtemp(pattern.data()));
    dir_ = pattern;
    auto opened = storage::SqliteStore::open(dir_ + "/a.db");
    ASSERT_TRUE(opened.error.ok()) << opened.error.message;
    store_ = std::move(*opened.value);
    ASSERT_TRUE(receiver_.start()) << receiver_.error();
    ASSERT_TRUE(sink_.start()) << sink_.error();
  }
  void TearDown() override {
    worker_.reset();
    if (store_) store_->close();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  OutboxOptions options() {
    OutboxOptions o;
    o.webhook.ca_file = receiver_.ca_file();
    o.webhook.allow_private_addresses = true;
    o.webhook.timeout_ms = 3000;
    MailServer mail;
    mail.url = sink_.url();
    mail.from = "Boardhall <noreply@boardhall.example>";
    mail.timeout_ms = 3000;
    mail.ca_file = sink_.ca_file();
    o.mail = mail;
    o.public_url = "https://boardhall.example";
    o.first_retry_ms = 200;
    return o;
  }
  void start(OutboxOptions o) {
    worker_ = std::make_unique<OutboxWorker>(*store_, std::move(o));
    store_->on_outbox_written(worker_->waker());
  }
  // bob's settings: a webhook (and an address, verified at once); `player`'s, at `url`.
  void subscribe(bool email, const std::string& player = "bob", std::string url = {}) {
    storage::NotifyChange c;
    c.player = player;
    c.webhook_url = url.empty() ? receiver_.url("/" + player) : std::move(url);
    if (email) c.email = "bob@example.org";
    c.now_ms = now_ms();
    c.fresh_verify_token = std::string(48, 'a');
    c.fresh_mail_key = "k1-" + player;
    c.fresh_unsubscribe_token = std::string(47, 'b') + player.substr(0, 1);
    c.fresh_secret = "s3cret";
    ASSERT_TRUE(await<storage::StoreResult<storage::NotifySettings>>([&](auto done) {
                  store_->save_notify_settings(c, done);
                }).error.ok());
    if (email) {
      ASSERT_TRUE(await<storage::StoreResult<std::string>>([&](auto done) {
                    store_->verify_email(std::string(48, 'a'), done);
                  }).error.ok());
    }
  }
  // A correspondence game of ann and bob (or `opponent`), and ann's move: their turn.
  void anns_move(const std::string& id, const std::string& opponent = "bob") {
    storage::LiveGame g;
    g.game_id = id;
    g.room_id = "r" + id;
    g.match_id = "m" + id;
    g.game = "brandubh";
    g.creator_side = "first";
    g.seats = {storage::LiveSeat{"ann", "t-ann-" + id, true, 0},
               storage::LiveSeat{opponent, "t-" + opponent + "-" + id, true, 0}};
    g.correspondence = "days 3";
    ASSERT_TRUE(await<storage::StoreError>([&](auto done) { store_->save_live({g, "", 1, {}}, done); }).ok());
    const std::int64_t now = now_ms();
    storage::LiveUpdate u{std::nullopt, id, 1, {storage::MoveRecord{"d1-d3", -1, -1, now}}};
    u.deadline_ms = now + 3 * 86'400'000LL;
    u.notice = storage::TurnNotice{id,
                                   opponent,
                                   true,
                                   1,
                                   *u.deadline_ms,
                                   now,
                                   3'600'000,
                                   R"({"game_id":")" + id + R"(","game":"brandubh","opponent":"ann","move":"d1-d3"})"};
    ASSERT_TRUE(await<storage::StoreError>([&](auto done) { store_->save_live(u, done); }).ok());
  }

  std::string dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  test::WebhookReceiver receiver_;
  test::SmtpSink sink_;
  std::unique_ptr<OutboxWorker> worker_;
};

TEST_F(OutboxWorkerTest, AFailedPostIsTriedAgainLaterWithTheSameKey) {
  subscribe(false);
  receiver_.answer_next(1, 500);
  start(options());
  anns_move("g1");
  const auto posts = receiver_.wait_for(2, 5s);
  ASSERT_EQ(posts.size(), 2u);
  EXPECT_EQ(posts[0].header("X-Boardhall-Key"), posts[1].header("X-Boardhall-Key"));
  EXPECT_EQ(posts[0].body, posts[1].body);
  EXPECT_GE(posts[1].arrived - posts[0].arrived, 150ms);  // the back-off, not at once
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(receiver_.requests().size(), 2u) << "sent: not again";
}

TEST_F(OutboxWorkerTest, ARefusedPostIsGivenUp) {
  subscribe(false);
  receiver_.answer_next(1, 404);
  start(options());
  anns_move("g1");
  ASSERT_EQ(receiver_.wait_for(1, 5s).size(), 1u);
  std::this_thread::sleep_for(700ms);
  EXPECT_EQ(receiver_.requests().size(), 1u);
}

TEST_F(OutboxWorkerTest, AMailOverItsAddressDailyLimitIsNotSent) {
  subscribe(true);
  auto o = options();
  o.mails_per_address_per_day = 1;
  start(std::move(o));
  anns_move("g1");
  ASSERT_EQ(sink_.wait_for(1, 5s).size(), 1u);  // the first turn's mail
  anns_move("g2");
  ASSERT_EQ(receiver_.wait_for(2, 5s).size(), 2u);  // both POSTs: the limit is the mails'
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(sink_.messages().size(), 1u);
}

// A webhook that never answers (a listener that accepts nothing: the TLS handshake
// waits until the timeout) holds back its own rows only: another player's POST leaves
// at once beside it.
TEST_F(OutboxWorkerTest, AReceiverThatHangsHoldsBackNoOtherPlayersNotification) {
  const int hole = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(hole, 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof at;
  ASSERT_EQ(::bind(hole, reinterpret_cast<sockaddr*>(&at), sizeof at), 0);
  ASSERT_EQ(::listen(hole, 16), 0);
  ASSERT_EQ(::getsockname(hole, reinterpret_cast<sockaddr*>(&at), &size), 0);
  subscribe(false, "bob", "https://127.0.0.1:" + std::to_string(ntohs(at.sin_port)) + "/bob");
  subscribe(false, "cat");
  anns_move("g1", "bob");  // bob's row first: due first
  anns_move("g2", "cat");
  auto o = options();
  o.webhook.timeout_ms = 3000;
  const auto started = std::chrono::steady_clock::now();
  start(std::move(o));
  const auto posts = receiver_.wait_for(1, 5s);
  ASSERT_EQ(posts.size(), 1u);
  EXPECT_EQ(posts[0].target, "/cat");
  EXPECT_LT(posts[0].arrived - started, 2s) << "not behind bob's hanging receiver";
  worker_.reset();  // waits for bob's send to time out
  ::close(hole);
}

TEST_F(OutboxWorkerTest, NotificationsWrittenWhileItWasStoppedGoWhenItStarts) {
  subscribe(false);
  anns_move("g1");  // no worker yet: as after a crash right after the commit
  start(options());
  EXPECT_EQ(receiver_.wait_for(1, 5s).size(), 1u);
}

TEST(OutboxDelivery, FailuresBackOffByDoublingUpToTheCeilingThenGiveUp) {
  OutboxOptions o;
  o.first_retry_ms = 1000;
  o.max_retry_ms = 5000;
  o.max_attempts = 5;
  storage::OutboxItem item;
  item.id = 7;
  const SendResult failed{false, false, "503"};
  std::vector<std::int64_t> waits;
  for (int attempts = 0; attempts < 4; ++attempts) {
    item.attempts = attempts;
    const auto d = delivery_of(item, failed, o, 100);
    EXPECT_FALSE(d.sent);
    EXPECT_TRUE(d.dropped.empty());
    waits.push_back(d.retry_at_ms - 100);
  }
  EXPECT_EQ(waits, (std::vector<std::int64_t>{1000, 2000, 4000, 5000}));
  item.attempts = 4;
  EXPECT_FALSE(delivery_of(item, failed, o, 100).dropped.empty());  // the fifth failure: given up
  item.attempts = 0;
  EXPECT_EQ(delivery_of(item, {false, true, "404"}, o, 100).dropped, "404");
  EXPECT_TRUE(delivery_of(item, {true, false, ""}, o, 100).sent);
}

}  // namespace
}  // namespace bh::notify
