// The message send_mail hands to SMTP, read back with the test sink's own decoders
// (tests/server/support/mail_decoding.hpp), which share no code with the encoders.
#include "notify/mail_message.hpp"

#include <gtest/gtest.h>

#include <map>

#include "mail_decoding.hpp"
#include "notify/mail_encoding.hpp"

namespace bh::notify {
namespace {

std::vector<std::string> crlf_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find("\r\n", start)) != std::string::npos; start = end + 2) {
    lines.push_back(text.substr(start, end - start));
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

bool no_bare_line_feeds(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) || (text[i] == '\r' && text[i + 1] != '\n')) return false;
  }
  return true;
}

TEST(QuotedPrintable, LongLinesAreSoftBrokenWithin76AndDecodeBack) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "word=" + std::to_string(i) + " é ";
  text += "\nsecond line\n";
  const std::string encoded = quoted_printable(text);
  for (const auto& line : crlf_lines(encoded)) EXPECT_LE(line.size(), 76u) << line;
  EXPECT_TRUE(no_bare_line_feeds(encoded));
  std::string decoded = test::quoted_printable_decode(encoded);
  std::erase(decoded, '\r');
  EXPECT_EQ(decoded, text);
}

TEST(QuotedPrintable, TrailingWhiteSpaceIsEncodedAndLineEndsBecomeCrlf) {
  EXPECT_EQ(quoted_printable("a \r\nb\t\nc\rd"), "a=20\r\nb=09\r\nc\r\nd\r\n");
  EXPECT_EQ(quoted_printable(""), "");
}

TEST(HeaderText, ShortAsciiStaysAsItIs) { EXPECT_EQ(header_text("Your move in game 12"), "Your move in game 12"); }

TEST(HeaderText, NonAsciiBecomesFoldedEncodedWordsThatDecodeBack) {
  const std::string subject = "Ваш ход — партия №12 против Алисы ♟ (ответьте до завтра, пожалуйста)";
  const std::string encoded = header_text(subject);
  EXPECT_TRUE(encoded.starts_with("=?UTF-8?B?")) << encoded;
  for (const auto& line : crlf_lines(encoded)) EXPECT_LE(line.size(), 76u) << line;
  EXPECT_GT(crlf_lines(encoded).size(), 1u);  // long enough to need folding
  std::string unfolded = encoded;
  std::erase(unfolded, '\r');
  std::erase(unfolded, '\n');
  EXPECT_EQ(test::decode_words(unfolded), subject);
}

TEST(HeaderText, TextThatLooksLikeAnEncodedWordIsEncoded) {
  EXPECT_TRUE(header_text("=?UTF-8?B?aGk=?=").starts_with("=?UTF-8?B?"));
}

TEST(MailMessage, TheDateIsRfc5322InUtc) {
  EXPECT_EQ(rfc5322_date(0), "Thu, 01 Jan 1970 00:00:00 +0000");
  EXPECT_EQ(rfc5322_date(1700000000), "Tue, 14 Nov 2023 22:13:20 +0000");
}

TEST(MailMessage, TheKeyIsPercentEncodedInTheMessageIdSoDifferentKeysNeverCollide) {
  EXPECT_EQ(message_id_local_part("move:12:7"), "move%3A12%3A7");
  EXPECT_EQ(message_id_local_part("a.b%c"), "a%2Eb%25c");
  EXPECT_NE(message_id_local_part("a_b"), message_id_local_part("a:b"));
}

TEST(MailMessage, HasEveryRequiredHeaderAndOnlyCrlfLineEnds) {
  Mail mail{"alice@example.org", "Your move", "Bob moved.\nYour turn.\n", "", "move:12:7"};
  const std::string message = compose_message(mail, "Boardhall <noreply@boardhall.example>", 0);
  EXPECT_TRUE(no_bare_line_feeds(message));
  const auto parsed = test::parse_mail(message);
  std::map<std::string, std::string> headers(parsed.headers.begin(), parsed.headers.end());
  EXPECT_EQ(headers["Date"], "Thu, 01 Jan 1970 00:00:00 +0000");
  EXPECT_EQ(headers["From"], "Boardhall <noreply@boardhall.example>");
  EXPECT_EQ(headers["To"], "alice@example.org");
  EXPECT_EQ(headers["Subject"], "Your move");
  EXPECT_EQ(headers["Message-ID"], "<move%3A12%3A7@boardhall.example>");
  EXPECT_EQ(headers["X-Boardhall-Key"], "move:12:7");
  EXPECT_EQ(headers["MIME-Version"], "1.0");
  EXPECT_EQ(headers["Content-Type"], "text/plain; charset=UTF-8");
  EXPECT_EQ(headers["Content-Transfer-Encoding"], "quoted-printable");
  EXPECT_EQ(headers.count("List-Unsubscribe"), 0u);
  EXPECT_EQ(parsed.body, "Bob moved.\r\nYour turn.\r\n");
}

TEST(MailMessage, ANonAsciiSenderNameIsEncodedButItsAddressIsNot) {
  Mail mail{"alice@example.org", "x", "y\n", "", "k"};
  const std::string message = compose_message(mail, "Брэндубх <noreply@boardhall.example>", 0);
  const auto parsed = test::parse_mail(message);
  ASSERT_FALSE(parsed.headers.empty());
  EXPECT_EQ(test::decode_words(parsed.headers[1].second), "Брэндубх <noreply@boardhall.example>");
  EXPECT_TRUE(parsed.headers[1].second.ends_with(" <noreply@boardhall.example>"));
}

TEST(MailMessage, WithoutAKeyTheMessageIdIsRandomAndTheDomainFallsBack) {
  Mail mail{"alice@example.org", "x", "y\n", "", ""};
  const std::string a = compose_message(mail, "noreply", 0);
  const std::string b = compose_message(mail, "noreply", 0);
  EXPECT_NE(a, b);
  EXPECT_NE(a.find("@boardhall.invalid>\r\n"), std::string::npos) << a;
  EXPECT_EQ(a.find("X-Boardhall-Key"), std::string::npos);
}

}  // namespace
}  // namespace bh::notify
