// The network layer's last line of defence: an application that throws or drops a
// request (a bug) costs that one request a 500 or an `internal` error frame, never the
// process. The stub application has such bugs on purpose (/throw, /drop, "throw").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

class LastDefence : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(stub_server_binary().empty());
    ASSERT_TRUE(server.start()) << server.log();
  }
  void TearDown() override { EXPECT_EQ(server.stop(), 0) << server.log(); }

  ServerProcess server{{"--threads", "2"}, stub_server_binary()};
};

TEST_F(LastDefence, AnHttpHandlerThatThrowsIsAnswered500) {
  for (int i = 0; i < 3; ++i) {
    const auto result = http_get(server.port(), "/throw");
    ASSERT_EQ(result.status, 500) << result.error;
    EXPECT_EQ(nlohmann::json::parse(result.body)["code"], "internal");
  }
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  EXPECT_TRUE(server.running());
}

TEST_F(LastDefence, AnHttpRequestTheApplicationDropsIsAnswered500) {
  const auto result = http_get(server.port(), "/drop");
  ASSERT_EQ(result.status, 500) << result.error;
  EXPECT_EQ(nlohmann::json::parse(result.body)["code"], "internal");
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

TEST_F(LastDefence, AMessageHandlerThatThrowsIsAnsweredAndTheConnectionGoesOn) {
  WsClient ws;
  ASSERT_TRUE(ws.connect(server.port())) << ws.error();
  ASSERT_TRUE(ws.next_of_type("welcome", 5s));
  ASSERT_TRUE(ws.send_json({{"type", "throw"}}));
  const auto error = ws.next_of_type("error", 5s);
  ASSERT_TRUE(error) << ws.error();
  EXPECT_EQ((*error)["code"], "internal");
  ASSERT_TRUE(ws.send_json({{"type", "echo"}, {"data", 7}}));
  const auto echo = ws.next_of_type("echo", 5s);
  ASSERT_TRUE(echo) << ws.error();
  EXPECT_EQ((*echo)["data"], 7);
  EXPECT_TRUE(server.running());
}

}  // namespace
}  // namespace bh::test
