// The real `boardhall connect` over wss://, through a local TLS terminator (standing in
// for the Caddy of docker/compose.tls.yaml) to the real server's plain port: with
// --insecure, with the certificate trusted through SSL_CERT_FILE, and refused with a
// sentence a person understands when it cannot be verified.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "client_process.hpp"
#include "self_signed.hpp"
#include "support/server_process.hpp"
#include "tls_terminator.hpp"

namespace bh::test {
namespace {

class ClientTls : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
    ASSERT_TRUE(server_.start()) << server_.log();
    // For "localhost" only: 127.0.0.1 is then a name the certificate does not vouch for.
    cert_ = make_self_signed(certs_.path(), {"DNS:localhost"});
    ASSERT_FALSE(cert_.cert_pem.empty()) << "could not make a certificate";
    terminator_.emplace(server_.port(), cert_.cert_pem, cert_.key_pem);
    ASSERT_TRUE(terminator_->start()) << terminator_->error();
  }

  std::string wss(const std::string& host) const { return "wss://" + host + ":" + std::to_string(terminator_->port()); }

  // SSL_CERT_FILE always set, to an empty file unless `trusted`: the result must not
  // depend on whatever the machine's store holds.
  std::unique_ptr<ClientProcess> client(const std::string& name, const std::string& url,
                                        std::vector<std::string> extra = {}, bool trusted = false) {
    std::vector<std::string> args{"connect", url, "--name", name};
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<ClientProcess>(
        args, std::vector<std::string>{"XDG_CONFIG_HOME=" + config_.path() + "/" + name,
                                       "SSL_CERT_FILE=" + (trusted ? cert_.cert_pem : certs_.path() + "/none.pem"),
                                       "SSL_CERT_DIR=" + certs_.path() + "/none"});
  }

  ServerProcess server_;
  TempDir config_, certs_;
  CertificateFiles cert_;
  std::optional<TlsTerminator> terminator_;
};

TEST_F(ClientTls, InsecureConnectsThroughTheTerminatorAndPlaysAMove) {
  auto alice = client("alice", wss("127.0.0.1"), {"--insecure"});
  ASSERT_NE(alice->expect("ok connect"), "") << alice->transcript();
  EXPECT_EQ(terminator_->handshakes(), 1);
  // The second player comes straight to the plain port: one server, two ways in.
  auto bob = client("bob", "ws://127.0.0.1:" + std::to_string(server_.port()));
  ASSERT_NE(bob->expect("ok connect"), "") << bob->transcript();

  const std::string created = alice->command("create tablut --side first", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << alice->transcript();
  const std::string joined = bob->command("join " + field(created, "room"), "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << bob->transcript();
  const std::string game = field(joined, "game");
  ASSERT_TRUE(alice->command("wait turn 10", "wait").starts_with("ok wait")) << alice->transcript();
  const std::string moved = alice->command("a4-a3", "move");
  EXPECT_TRUE(moved.starts_with("ok move")) << alice->transcript();
  EXPECT_EQ(field(moved, "ply"), "1");
  ASSERT_TRUE(bob->command("wait turn 10", "wait").starts_with("ok wait")) << bob->transcript();
  EXPECT_NE(bob->transcript().find("event move game=" + game + " ply=1 move=a4-a3"), std::string::npos)
      << bob->transcript();

  // The WebSocket close and the TLS close_notify complete; the client does not wait for
  // its 1.5 s close timeout.
  const auto quit_at = std::chrono::steady_clock::now();
  alice->send("quit");
  EXPECT_EQ(alice->wait_exit(), 0) << alice->transcript();
  EXPECT_LT(std::chrono::steady_clock::now() - quit_at, 1s);
}

TEST_F(ClientTls, AnUnverifiedCertificateIsRefusedWithAClearMessage) {
  auto c = client("x", wss("127.0.0.1"));
  EXPECT_NE(c->wait_exit(), 0) << c->transcript();
  const std::string out = c->transcript();
  EXPECT_NE(out.find("certificate verification failed for 127.0.0.1: self-signed certificate; "
                     "use --insecure for a self-signed test server"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("ok connect"), std::string::npos) << out;
  EXPECT_EQ(terminator_->handshakes(), 0);
}

TEST_F(ClientTls, ATrustedCertificateIsAcceptedForItsHostNameOnly) {
  auto good = client("x", wss("localhost"), {}, true);
  ASSERT_NE(good->expect("ok connect"), "") << good->transcript();
  EXPECT_EQ(terminator_->handshakes(), 1);

  // Trusted, but not issued for the name the client asked for.
  auto wrong_name = client("y", wss("127.0.0.1"), {}, true);
  EXPECT_NE(wrong_name->wait_exit(), 0) << wrong_name->transcript();
  EXPECT_NE(wrong_name->transcript().find("certificate verification failed for 127.0.0.1: the certificate is not for "
                                          "this host name"),
            std::string::npos)
      << wrong_name->transcript();
}

TEST_F(ClientTls, AWssUrlOnAPlainServerSaysItIsNotTls) {
  auto c = client("x", "wss://127.0.0.1:" + std::to_string(server_.port()), {"--insecure"});
  EXPECT_NE(c->wait_exit(), 0) << c->transcript();
  EXPECT_NE(c->transcript().find("TLS handshake (is it a wss:// server?)"), std::string::npos) << c->transcript();
}

}  // namespace
}  // namespace bh::test
