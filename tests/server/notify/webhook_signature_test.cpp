// The webhook's signature against values computed outside this code, and the URL check
// a player's webhook URL goes through.
#include <gtest/gtest.h>

#include "notify/webhook_post.hpp"

namespace bh::notify {
namespace {

TEST(WebhookSignature, MatchesOpensslsHmacOfTimestampDotBody) {
  // printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret   (OpenSSL 3.0.19)
  EXPECT_EQ(webhook_signature("secret", 1700000000, R"({"a":1})"),
            "t=1700000000,v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686");
}

TEST(WebhookSignature, AnEmptyBodyIsSignedWithItsTimestamp) {
  // printf '%s' '1700000000.' | openssl dgst -sha256 -hmac secret
  EXPECT_EQ(webhook_signature("secret", 1700000000, ""),
            "t=1700000000,v1=4bc5f74d868b97888288889c5d9d65df02526f94c1592a79fdf4fe8b26e311e5");
}

TEST(WebhookSignature, ADifferentTimestampGivesADifferentSignature) {
  EXPECT_NE(webhook_signature("secret", 1700000000, "{}").substr(16),
            webhook_signature("secret", 1700000001, "{}").substr(16));
}

TEST(WebhookUrl, AnHttpsUrlWithAHostIsAccepted) {
  std::string why;
  EXPECT_TRUE(webhook_url_acceptable("https://example.org/x", why)) << why;
  EXPECT_TRUE(webhook_url_acceptable("https://example.org:8443/hooks/boardhall?player=7", why)) << why;
}

TEST(WebhookUrl, PlainHttpIsRefused) {
  std::string why;
  EXPECT_FALSE(webhook_url_acceptable("http://example.org/x", why));
  EXPECT_EQ(why, "webhook URL must be https://...");
  EXPECT_FALSE(webhook_url_acceptable("ftp://example.org/x", why));
  EXPECT_FALSE(webhook_url_acceptable("example.org/x", why));
}

TEST(WebhookUrl, UserAndPasswordInTheUrlAreRefused) {
  std::string why;
  EXPECT_FALSE(webhook_url_acceptable("https://user:pass@example.org/x", why));
  EXPECT_NE(why.find("password"), std::string::npos) << why;
  EXPECT_FALSE(webhook_url_acceptable("https://user@example.org/x", why));
}

TEST(WebhookUrl, AUrlLongerThan500BytesIsRefused) {
  std::string why;
  const std::string base = "https://example.org/";
  EXPECT_TRUE(webhook_url_acceptable(base + std::string(500 - base.size(), 'a'), why)) << why;
  EXPECT_FALSE(webhook_url_acceptable(base + std::string(501 - base.size(), 'a'), why));
}

TEST(WebhookUrl, AUrlWithoutAHostIsRefused) {
  std::string why;
  EXPECT_FALSE(webhook_url_acceptable("https:///x", why));
  EXPECT_FALSE(webhook_url_acceptable("https://", why));
}

TEST(WebhookUrl, SpacesControlCharactersAndNonAsciiAreRefused) {
  std::string why;
  EXPECT_FALSE(webhook_url_acceptable("https://example.org/a b", why));
  EXPECT_FALSE(webhook_url_acceptable("https://example.org/a\r\nX-Evil: 1", why));
  EXPECT_FALSE(webhook_url_acceptable("https://exämple.org/", why));
}

}  // namespace
}  // namespace bh::notify
