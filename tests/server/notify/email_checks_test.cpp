// The checks before any mail exists: a player's address and the operator's credentials file.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "notify/smtp_mail.hpp"

namespace bh::notify {
namespace {

TEST(PlausibleEmail, OrdinaryAddressesArePlausible) {
  for (const char* a : {"alice@example.org", "a.b+tag@mail.example.co.uk", "x_y-z@sub-domain.example",
                        "o'brien@example.ie", "1@2.io"}) {
    EXPECT_TRUE(plausible_email(a)) << a;
  }
}

TEST(PlausibleEmail, SpacesLineBreaksBracketsAndCommasAreRefused) {
  for (const char* a : {"alice @example.org", "alice@example.org\r\nBcc: m@evil.example", "<alice@example.org>",
                        "alice@example.org,bob@example.org", "Alice <alice@example.org>", "al\"ice@example.org",
                        "alice@example.org\n", "alice;x@example.org"}) {
    EXPECT_FALSE(plausible_email(a)) << a;
  }
}

TEST(PlausibleEmail, MalformedLocalPartsAndDomainsAreRefused) {
  for (const char* a :
       {"", "@", "alice", "alice@", "@example.org", "alice@@example.org", "a@b@example.org", ".alice@example.org",
        "alice.@example.org", "al..ice@example.org", "alice@example", "alice@.example.org", "alice@example..org",
        "alice@-example.org", "alice@example-.org", "alice@[127.0.0.1]", "ålice@example.org"}) {
    EXPECT_FALSE(plausible_email(a)) << a;
  }
}

TEST(PlausibleEmail, AddressesOver254BytesOrLocalPartsOver64AreRefused) {
  const std::string domain =
      "@" + std::string(63, 'd') + "." + std::string(63, 'e') + "." + std::string(63, 'f') + ".org";
  EXPECT_TRUE(plausible_email(std::string(64, 'a') + "@example.org"));
  EXPECT_FALSE(plausible_email(std::string(65, 'a') + "@example.org"));
  EXPECT_TRUE(plausible_email(std::string(254 - domain.size(), 'a') + domain));
  EXPECT_FALSE(plausible_email(std::string(255 - domain.size(), 'a') + domain));
}

class SmtpCredentials : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "bh-creds-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    folder_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::string file(const std::string& content) {
    const std::string path = folder_ + "/credentials";
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
    return path;
  }

  std::string folder_;
  std::string why_;
};

TEST_F(SmtpCredentials, TwoLinesGiveUsernameAndPasswordAndThePasswordMayHoldAColon) {
  const auto credentials = read_smtp_credentials(file("mailer\npa:ss word\n"), why_);
  ASSERT_TRUE(credentials) << why_;
  EXPECT_EQ(credentials->first, "mailer");
  EXPECT_EQ(credentials->second, "pa:ss word");
}

TEST_F(SmtpCredentials, WindowsLineEndsAndNoFinalLineEndAreRead) {
  auto credentials = read_smtp_credentials(file("mailer\r\nsecret\r\n"), why_);
  ASSERT_TRUE(credentials) << why_;
  EXPECT_EQ(*credentials, std::make_pair(std::string("mailer"), std::string("secret")));
  credentials = read_smtp_credentials(file("mailer\nsecret"), why_);
  ASSERT_TRUE(credentials) << why_;
  EXPECT_EQ(credentials->second, "secret");
}

TEST_F(SmtpCredentials, OneLineIsSplitAtItsFirstColon) {
  const auto credentials = read_smtp_credentials(file("mailer@example.org:se:cret\n"), why_);
  ASSERT_TRUE(credentials) << why_;
  EXPECT_EQ(credentials->first, "mailer@example.org");
  EXPECT_EQ(credentials->second, "se:cret");
}

TEST_F(SmtpCredentials, AMissingFileIsAnErrorThatNamesIt) {
  EXPECT_FALSE(read_smtp_credentials(folder_ + "/absent", why_));
  EXPECT_NE(why_.find(folder_ + "/absent"), std::string::npos) << why_;
}

TEST_F(SmtpCredentials, AnEmptyUsernameOrPasswordIsAnError) {
  EXPECT_FALSE(read_smtp_credentials(file(""), why_));
  EXPECT_FALSE(read_smtp_credentials(file("mailer\n\n"), why_));
  EXPECT_FALSE(read_smtp_credentials(file(":secret\n"), why_));
  EXPECT_FALSE(read_smtp_credentials(file("mailer:\n"), why_));
  EXPECT_FALSE(read_smtp_credentials(file("just-one-word\n"), why_));
}

TEST_F(SmtpCredentials, AThirdLineOrAHugeFileIsAnError) {
  EXPECT_FALSE(read_smtp_credentials(file("mailer\nsecret\nmore\n"), why_));
  EXPECT_FALSE(read_smtp_credentials(file("mailer:" + std::string(5000, 'x')), why_));
  EXPECT_NE(why_.find("4 KiB"), std::string::npos) << why_;
}

}  // namespace
}  // namespace bh::notify
