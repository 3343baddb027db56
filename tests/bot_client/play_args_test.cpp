#include <gtest/gtest.h>

#include "play_command.hpp"

namespace bh::bot::client {
namespace {

TEST(PlayArgs, ReadsEveryOption) {
  auto parsed = parse_play_args({"--server", "wss://play.example.org:8443/ws", "--name", "Bot", "--secret-file", "/s",
                                 "--token-file", "/t", "--max-games", "3", "--insecure"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  const auto& o = *parsed;
  EXPECT_EQ(o.target.host, "play.example.org");
  EXPECT_EQ(o.target.port, "8443");
  EXPECT_EQ(o.target.path, "/ws");
  EXPECT_TRUE(o.target.tls);
  EXPECT_FALSE(o.target.verify_certificate);
  EXPECT_EQ(o.name, "Bot");
  EXPECT_EQ(o.secret_file, "/s");
  EXPECT_EQ(o.token_file, "/t");
  EXPECT_EQ(o.max_games, 3);
}

TEST(PlayArgs, NameAndSecretFileAreRequired) {
  EXPECT_FALSE(parse_play_args({"--server", "ws://h:1/ws", "--name", "b"}).ok());
  EXPECT_FALSE(parse_play_args({"--server", "ws://h:1/ws", "--secret-file", "s"}).ok());
}

TEST(PlayArgs, ServerUrlNeedsAWebSocketScheme) {
  EXPECT_FALSE(parse_server_url("http://h:1/ws").ok());
  auto t = parse_server_url("ws://127.0.0.1:8080");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->path, "/ws");
  EXPECT_EQ(t->port, "8080");
  auto v6 = parse_server_url("ws://[::1]:9000/ws");
  ASSERT_TRUE(v6.ok());
  EXPECT_EQ(v6->host, "::1");
}

}  // namespace
}  // namespace bh::bot::client
