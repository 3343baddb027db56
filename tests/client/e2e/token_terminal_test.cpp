// The terminal's `token` against the real server (docs/api.md): a registered player
// makes a token, sees its secret once, lists it, uses it over HTTP, revokes it; a guest
// is refused, and so is a bad scope.
#include <gtest/gtest.h>

#include "client_process.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

TEST(TokenTerminal, ARegisteredPlayerMakesListsUsesAndRevokesAToken) {
  ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  TempDir config;
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  ClientProcess ann({"connect", url, "--register", "ann"},
                    {"XDG_CONFIG_HOME=" + config.path() + "/ann", "BOARDHALL_PASSWORD=correct horse battery"});
  ASSERT_NE(ann.expect("ok connect player=ann registered=yes", 30s), "") << ann.transcript();

  const std::string made = ann.command("token new engine play read", "token");
  ASSERT_TRUE(made.starts_with("ok token token_id=t")) << ann.transcript();
  const std::string secret = field(made, "secret");
  ASSERT_EQ(secret.size(), 68u) << made;
  const auto account = http_call(server.port(), "GET", "/api/account", {{"Authorization", "Bearer " + secret}});
  EXPECT_EQ(account.status, 200) << account.body;

  const std::string listed = ann.command("token", "token");
  EXPECT_TRUE(listed.starts_with("ok token tokens=1")) << ann.transcript();
  EXPECT_NE(
      ann.transcript().find("data token token_id=" + field(made, "token_id") + " label=engine scopes=\"read, play\""),
      std::string::npos)
      << ann.transcript();
  EXPECT_EQ(ann.transcript().find(secret, ann.transcript().find(made) + made.size()), std::string::npos);  // once

  EXPECT_TRUE(ann.command("token new engine fly", "token").starts_with("error token code=bad_request"))
      << ann.transcript();
  EXPECT_TRUE(ann.command("token revoke " + field(made, "token_id"), "token").starts_with("ok token"))
      << ann.transcript();
  EXPECT_EQ(http_call(server.port(), "GET", "/api/account", {{"Authorization", "Bearer " + secret}}).status, 401);
  EXPECT_TRUE(ann.command("token revoke " + field(made, "token_id"), "token").starts_with("error token code=not_found"))
      << ann.transcript();

  ClientProcess guest({"connect", url, "--name", "visitor"}, {"XDG_CONFIG_HOME=" + config.path() + "/guest"});
  ASSERT_NE(guest.expect("ok connect"), "") << guest.transcript();
  EXPECT_TRUE(guest.command("token new x play", "token").starts_with("error token code=account_required"))
      << guest.transcript();
}

}  // namespace
}  // namespace bh::test
