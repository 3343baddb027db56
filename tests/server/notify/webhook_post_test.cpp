// post_webhook against the test HTTPS receiver on 127.0.0.1: what arrives, and how
// answers, refusals and silences are sorted into "retry" and "give up".
#include <gtest/gtest.h>

#include <chrono>

#include "notify/webhook_post.hpp"
#include "webhook_receiver.hpp"

namespace bh::notify {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t t = 1700000000;
constexpr std::string_view body = R"({"a":1})";

class WebhookPost : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(receiver_.start()) << receiver_.error(); }

  WebhookOptions options() const {
    WebhookOptions o;
    o.ca_file = receiver_.ca_file();
    o.allow_private_addresses = true;  // the receiver is on loopback
    o.timeout_ms = 3000;
    return o;
  }

  SendResult post(const WebhookOptions& o, const std::string& url) {
    return post_webhook(o, url, "secret", "move:12:7", body, t);
  }
  SendResult post() { return post(options(), receiver_.url("/hook")); }

  test::WebhookReceiver receiver_;
};

TEST_F(WebhookPost, TheBodyAndHeadersArriveWithASignatureThatVerifies) {
  const SendResult result = post();
  ASSERT_TRUE(result.ok) << result.error;
  const auto requests = receiver_.wait_for(1, 2s);
  ASSERT_EQ(requests.size(), 1u);
  const auto& r = requests[0];
  EXPECT_EQ(r.method, "POST");
  EXPECT_EQ(r.target, "/hook");
  EXPECT_EQ(r.body, body);
  EXPECT_EQ(r.header("Content-Type"), "application/json");
  EXPECT_EQ(r.header("User-Agent"), "Boardhall-Webhook/1");
  EXPECT_EQ(r.header("X-Boardhall-Key"), "move:12:7");
  // printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret   (OpenSSL 3.0.19)
  EXPECT_EQ(r.header("X-Boardhall-Signature"),
            "t=1700000000,v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686");
  EXPECT_FALSE(r.header("Expect").has_value());
}

TEST_F(WebhookPost, A500IsNotOkAndNotPermanentAndTheNextTryGetsThrough) {
  receiver_.answer_next(1, 500);
  const SendResult first = post();
  EXPECT_FALSE(first.ok);
  EXPECT_FALSE(first.permanent);
  EXPECT_NE(first.error.find("500"), std::string::npos) << first.error;
  const SendResult second = post();
  EXPECT_TRUE(second.ok) << second.error;
  EXPECT_EQ(receiver_.wait_for(2, 2s).size(), 2u);
}

TEST_F(WebhookPost, A404IsPermanent) {
  receiver_.answer_next(1, 404);
  const SendResult result = post();
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent) << result.error;
}

TEST_F(WebhookPost, A408OrA429IsNotPermanent) {
  receiver_.answer_next(2, 429);
  EXPECT_FALSE(post().permanent);
  receiver_.answer_next(1, 408);
  const SendResult result = post();
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
}

TEST_F(WebhookPost, ARedirectIsNotFollowedAndIsPermanent) {
  receiver_.answer_next(1, 302);
  const SendResult result = post();
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent) << result.error;
  EXPECT_EQ(receiver_.wait_for(2, 200ms).size(), 1u);
}

TEST_F(WebhookPost, ALoopbackAddressIsRefusedUnlessAllowed) {
  WebhookOptions o = options();
  o.allow_private_addresses = false;
  const SendResult result = post(o, receiver_.url("/hook"));
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent);
  EXPECT_NE(result.error.find("127.0.0.1"), std::string::npos) << result.error;
  EXPECT_TRUE(receiver_.wait_for(1, 200ms).empty());
}

TEST_F(WebhookPost, ANameThatResolvesToLoopbackIsRefusedByItsAddress) {
  WebhookOptions o = options();
  o.allow_private_addresses = false;
  // "localhost" comes from /etc/hosts: no network. The check sees the address, not the name.
  const SendResult result = post(o, "https://localhost:" + std::to_string(receiver_.port()) + "/hook");
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent) << result.error;
  EXPECT_TRUE(receiver_.wait_for(1, 200ms).empty());
}

TEST_F(WebhookPost, AnUnansweredRequestTimesOutAndIsNotPermanent) {
  receiver_.hold_answers(true);
  WebhookOptions o = options();
  o.timeout_ms = 300;
  const auto start = std::chrono::steady_clock::now();
  const SendResult result = post(o, receiver_.url("/hook"));
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
  EXPECT_EQ(receiver_.wait_for(1, 2s).size(), 1u);  // it did arrive; the answer never came
}

TEST_F(WebhookPost, AClosedPortIsNotPermanent) {
  std::string url;
  {
    test::WebhookReceiver gone;
    ASSERT_TRUE(gone.start());
    url = gone.url("/hook");
  }
  const SendResult result = post(options(), url);
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
}

TEST_F(WebhookPost, AnUntrustedCertificateIsNotOkAndNotPermanent) {
  WebhookOptions o = options();
  o.ca_file = "";  // the system's CAs, which do not hold the receiver's certificate
  const SendResult result = post(o, receiver_.url("/hook"));
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
  EXPECT_TRUE(receiver_.requests().empty());
}

TEST_F(WebhookPost, AnUnacceptableUrlIsRefusedAsPermanentWithoutConnecting) {
  const std::string plain = "http://127.0.0.1:" + std::to_string(receiver_.port()) + "/hook";
  const SendResult result = post(options(), plain);
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent);
  EXPECT_EQ(result.error, "webhook URL must be https://...");
  EXPECT_TRUE(receiver_.wait_for(1, 200ms).empty());
}

TEST_F(WebhookPost, LineBreaksInTheKeyCannotAddAHeader) {
  ASSERT_TRUE(post_webhook(options(), receiver_.url("/hook"), "secret", "k\r\nX-Evil: 1", body, t).ok);
  const auto requests = receiver_.wait_for(1, 2s);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].header("X-Boardhall-Key"), "kX-Evil: 1");
  EXPECT_FALSE(requests[0].header("X-Evil").has_value());
}

}  // namespace
}  // namespace bh::notify
