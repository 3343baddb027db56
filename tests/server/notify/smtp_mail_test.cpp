// send_mail against the test SMTP sink on 127.0.0.1: what arrives, over which
// protocol features, and how refusals are sorted into "retry" and "give up".
#include <gtest/gtest.h>

#include <chrono>

#include "notify/smtp_mail.hpp"
#include "smtp_sink.hpp"

namespace bh::notify {
namespace {

using namespace std::chrono_literals;
using test::SmtpSink;
using test::SmtpSinkOptions;

constexpr long quick_timeout_ms = 3000;

MailServer server_for(const SmtpSink& sink) {
  MailServer server;
  server.url = sink.url();
  server.ca_file = sink.ca_file();
  server.from = "Boardhall <noreply@boardhall.example>";
  server.timeout_ms = quick_timeout_ms;
  return server;
}

Mail sample_mail() {
  Mail mail;
  mail.to = "alice@example.org";
  mail.subject = "Your move in game 12";
  mail.text = "Bob moved h2-h5.\nIt is your turn.\n";
  mail.message_key = "move:12:7";
  return mail;
}

SmtpSinkOptions no_starttls() {
  SmtpSinkOptions o;
  o.offer_starttls = false;
  return o;
}

SmtpSinkOptions tls_required() {
  SmtpSinkOptions o;
  o.require_tls = true;
  return o;
}

SmtpSinkOptions auth_required(std::string mechanisms) {
  SmtpSinkOptions o;
  o.auth_mechanisms = std::move(mechanisms);
  o.credentials = std::pair<std::string, std::string>{"mailer", "s3cret:x"};
  return o;
}

// A sink that has started, or a failed test.
std::unique_ptr<SmtpSink> started(SmtpSinkOptions options = {}) {
  auto sink = std::make_unique<SmtpSink>(std::move(options));
  EXPECT_TRUE(sink->start()) << sink->error();
  return sink;
}

TEST(SendMail, APlainMessageArrivesWithItsEnvelopeHeadersAndBody) {
  auto sink = started(no_starttls());
  const SendResult result = send_mail(server_for(*sink), sample_mail());
  ASSERT_TRUE(result.ok) << result.error;
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  const auto& m = messages[0];
  EXPECT_EQ(m.envelope_from, "noreply@boardhall.example");
  EXPECT_EQ(m.recipients, std::vector<std::string>{"alice@example.org"});
  EXPECT_FALSE(m.over_tls);
  EXPECT_EQ(m.header("From"), "Boardhall <noreply@boardhall.example>");
  EXPECT_EQ(m.header("To"), "alice@example.org");
  EXPECT_EQ(m.header("Subject"), "Your move in game 12");
  EXPECT_EQ(m.header("Message-ID"), "<move%3A12%3A7@boardhall.example>");
  EXPECT_EQ(m.header("X-Boardhall-Key"), "move:12:7");
  EXPECT_EQ(m.header("Content-Type"), "text/plain; charset=UTF-8");
  EXPECT_TRUE(m.header("Date").has_value());
  EXPECT_FALSE(m.header("List-Unsubscribe").has_value());
  EXPECT_EQ(m.body_text(), "Bob moved h2-h5.\nIt is your turn.\n");
}

TEST(SendMail, TheSameKeyGivesTheSameMessageIdSoAReceiverCanDropARepeat) {
  auto sink = started(no_starttls());
  ASSERT_TRUE(send_mail(server_for(*sink), sample_mail()).ok);
  ASSERT_TRUE(send_mail(server_for(*sink), sample_mail()).ok);
  const auto messages = sink->wait_for(2, 2s);
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0].header("Message-ID"), messages[1].header("Message-ID"));
}

TEST(SendMail, RequiredStartTlsIsUsedWhenTheServersCertificateIsTrusted) {
  auto sink = started(tls_required());
  MailServer server = server_for(*sink);
  server.require_tls = true;
  const SendResult result = send_mail(server, sample_mail());
  ASSERT_TRUE(result.ok) << result.error;
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_TRUE(messages[0].over_tls);
}

TEST(SendMail, StartTlsIsUsedWhenOfferedEvenIfNotRequired) {
  auto sink = started();
  ASSERT_TRUE(send_mail(server_for(*sink), sample_mail()).ok);
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_TRUE(messages[0].over_tls);
}

TEST(SendMail, RequiredTlsFailsWithoutSendingWhenTheServerDoesNotOfferIt) {
  auto sink = started(no_starttls());
  MailServer server = server_for(*sink);
  server.require_tls = true;
  const SendResult result = send_mail(server, sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
  EXPECT_TRUE(sink->wait_for(1, 200ms).empty());
}

TEST(SendMail, AnUntrustedCertificateFailsAndIsNotPermanent) {
  auto sink = started(tls_required());
  MailServer server = server_for(*sink);
  server.require_tls = true;
  server.ca_file = "";  // the system's CAs, which do not hold the sink's certificate
  const SendResult result = send_mail(server, sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
  EXPECT_TRUE(sink->messages().empty());
}

TEST(SendMail, AuthPlainWithTheRightCredentialsIsAccepted) {
  auto sink = started(auth_required("PLAIN"));
  MailServer server = server_for(*sink);
  server.username = "mailer";
  server.password = "s3cret:x";
  const SendResult result = send_mail(server, sample_mail());
  ASSERT_TRUE(result.ok) << result.error;
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].auth_user, "mailer");
}

TEST(SendMail, AuthLoginWithTheRightCredentialsIsAccepted) {
  auto sink = started(auth_required("LOGIN"));
  MailServer server = server_for(*sink);
  server.username = "mailer";
  server.password = "s3cret:x";
  const SendResult result = send_mail(server, sample_mail());
  ASSERT_TRUE(result.ok) << result.error;
  ASSERT_EQ(sink->wait_for(1, 2s).size(), 1u);
  EXPECT_EQ(sink->messages()[0].auth_user, "mailer");
}

TEST(SendMail, WrongCredentialsFailAndAreNotPermanent) {
  auto sink = started(auth_required("PLAIN LOGIN"));
  MailServer server = server_for(*sink);
  server.username = "mailer";
  server.password = "wrong";
  const SendResult result = send_mail(server, sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
  EXPECT_TRUE(sink->messages().empty());
}

TEST(SendMail, NoCredentialsWhereTheServerRequiresThemIsNotPermanent) {
  auto sink = started(auth_required("PLAIN LOGIN"));
  const SendResult result = send_mail(server_for(*sink), sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;  // 530: the operator's configuration
}

TEST(SendMail, ANonAsciiSubjectIsEncodedAndDecodesBack) {
  auto sink = started();
  Mail mail = sample_mail();
  mail.subject = "Ваш ход — партия №12 против Алисы ♟ (ответьте до завтра)";
  mail.text = "Ход: h2–h5. Ça va ? 日本語\n";
  ASSERT_TRUE(send_mail(server_for(*sink), mail).ok);
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_TRUE(messages[0].header("Subject")->starts_with("=?UTF-8?B?"));
  EXPECT_EQ(messages[0].decoded_header("Subject"), mail.subject);
  EXPECT_EQ(messages[0].body_text(), mail.text);
}

TEST(SendMail, BodyLinesStartingWithADotArriveIntact) {
  auto sink = started();
  Mail mail = sample_mail();
  // A lone "." would end the message early without dot-stuffing (curl's job).
  mail.text = "before\n.\n.hidden\n..two dots\nafter\n";
  ASSERT_TRUE(send_mail(server_for(*sink), mail).ok);
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].body_text(), mail.text);
}

TEST(SendMail, ALongBodyLineIsFoldedOnTheWireAndArrivesWhole) {
  auto sink = started();
  Mail mail = sample_mail();
  mail.text = std::string(300, 'x') + " = " + std::string(200, 'y') + "\n";
  ASSERT_TRUE(send_mail(server_for(*sink), mail).ok);
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].body_text(), mail.text);
  std::size_t start = 0;
  for (std::size_t end; (end = messages[0].data.find("\r\n", start)) != std::string::npos; start = end + 2) {
    EXPECT_LE(end - start, 78u);
  }
}

TEST(SendMail, LineBreaksInTheSubjectCannotAddAHeader) {
  auto sink = started();
  Mail mail = sample_mail();
  mail.subject = "Hi\r\nBcc: mallory@evil.example\r\n\r\nInjected body";
  ASSERT_TRUE(send_mail(server_for(*sink), mail).ok);
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].header_count("Bcc"), 0u);
  EXPECT_EQ(messages[0].recipients, std::vector<std::string>{"alice@example.org"});
  EXPECT_EQ(messages[0].decoded_header("Subject"),
            "HiBcc: mallory@evil.example"
            "Injected body");
  EXPECT_EQ(messages[0].body_text(), mail.text);
}

TEST(SendMail, LineBreaksInTheRecipientAreRefusedAsPermanentBeforeConnecting) {
  auto sink = started();
  Mail mail = sample_mail();
  mail.to = "alice@example.org\r\nBcc: mallory@evil.example";
  const SendResult result = send_mail(server_for(*sink), mail);
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent);
  mail.to = "alice@example.org>\r\nRCPT TO:<mallory@evil.example";
  EXPECT_TRUE(send_mail(server_for(*sink), mail).permanent);
  EXPECT_TRUE(sink->wait_for(1, 200ms).empty());
}

TEST(SendMail, ATemporaryRefusalIsNotPermanentAndALaterTryGetsThrough) {
  auto sink = started();
  sink->fail_next(1);
  const SendResult first = send_mail(server_for(*sink), sample_mail());
  EXPECT_FALSE(first.ok);
  EXPECT_FALSE(first.permanent) << first.error;
  EXPECT_EQ(sink->failed(), 1);
  const SendResult second = send_mail(server_for(*sink), sample_mail());
  EXPECT_TRUE(second.ok) << second.error;
  EXPECT_EQ(sink->wait_for(1, 2s).size(), 1u);
}

TEST(SendMail, ARecipientRefusedWith550IsPermanent) {
  auto sink = started();
  sink->refuse_recipient("alice@example.org");
  const SendResult result = send_mail(server_for(*sink), sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.permanent) << result.error;
  EXPECT_NE(result.error.find("550"), std::string::npos) << result.error;
}

TEST(SendMail, AnUnsubscribeUrlAddsListUnsubscribeHeaders) {
  auto sink = started();
  Mail mail = sample_mail();
  mail.unsubscribe_url = "https://boardhall.example/unsubscribe?t=abc\r\nX-Evil: 1";
  ASSERT_TRUE(send_mail(server_for(*sink), mail).ok);
  const auto messages = sink->wait_for(1, 2s);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].header("List-Unsubscribe"), "<https://boardhall.example/unsubscribe?t=abcX-Evil: 1>");
  EXPECT_EQ(messages[0].header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  EXPECT_EQ(messages[0].header_count("X-Evil"), 0u);
}

TEST(SendMail, AClosedPortIsNotPermanent) {
  std::string url;
  {
    SmtpSink gone;
    ASSERT_TRUE(gone.start());
    url = gone.url();
  }
  MailServer server;
  server.url = url;
  server.from = "noreply@boardhall.example";
  server.timeout_ms = quick_timeout_ms;
  const SendResult result = send_mail(server, sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.permanent) << result.error;
}

TEST(SendMail, OnlySmtpUrlsAreUsed) {
  MailServer server;
  server.url = "file:///etc/passwd";
  server.timeout_ms = quick_timeout_ms;
  const SendResult result = send_mail(server, sample_mail());
  EXPECT_FALSE(result.ok);
  EXPECT_FALSE(result.error.empty());
}

}  // namespace
}  // namespace bh::notify
