// The network layer's checks that need the real application: the real binary on a
// loopback port with a temporary database.
#include <gtest/gtest.h>
#include <signal.h>

#include <nlohmann/json.hpp>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

class RealServer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty());
    ASSERT_TRUE(server.start()) << server.log();
  }
  void TearDown() override {
    if (server.running()) {
      EXPECT_EQ(server.stop(), 0) << server.log();
    }
  }

  ServerProcess server{{"--max-frame", "8k"}};
};

TEST_F(RealServer, HealthzIs200) {
  const auto result = http_get(server.port(), "/healthz");
  ASSERT_EQ(result.status, 200) << result.error;
  EXPECT_EQ(json::parse(result.body)["status"], "ok");
}

TEST_F(RealServer, UnknownPathIs404WithJsonAndPostIs405) {
  const auto missing = http_get(server.port(), "/no/such/thing");
  EXPECT_EQ(missing.status, 404);
  EXPECT_FALSE(json::parse(missing.body, nullptr, false).is_discarded()) << missing.body;
  const auto post = http_request(server.port(), "POST", "/healthz", "{}");
  EXPECT_EQ(post.status, 405);
  EXPECT_FALSE(json::parse(post.body, nullptr, false).is_discarded()) << post.body;
  EXPECT_EQ(http_get(server.port(), "/metrics").status, 200);
}

// Issue 12.8: /metrics counts HTTP answers by route and status; a path the server does
// not know counts as "other", so no client can grow the table.
TEST_F(RealServer, MetricsCountHttpAnswersByRouteAndStatus) {
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  EXPECT_EQ(http_get(server.port(), "/api/games?game=chess").status, 400);
  EXPECT_EQ(http_get(server.port(), "/api/games/g-none").status, 404);
  EXPECT_EQ(http_get(server.port(), "/no/such/thing").status, 404);
  EXPECT_EQ(http_get(server.port(), "/another/unknown").status, 404);
  EXPECT_EQ(http_request(server.port(), "POST", "/api/lobby", "{}").status, 405);
  const std::string text = http_get(server.port(), "/metrics").body;
  // /healthz was also asked by the start-up's readiness probe: counted, whatever the number.
  for (const char* line : {R"(boardhall_http_responses_total{route="/healthz",status="200"} )",
                           R"(boardhall_http_responses_total{route="/api/games",status="400"} 1)",
                           R"(boardhall_http_responses_total{route="/api/games/{id}",status="404"} 1)",
                           R"(boardhall_http_responses_total{route="other",status="404"} 2)",
                           R"(boardhall_http_responses_total{route="/api/lobby",status="405"} 1)"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

TEST_F(RealServer, WelcomeFirstThenBadJsonGetsAnErrorReply) {
  WsClient ws;
  ASSERT_TRUE(ws.connect(server.port())) << ws.error();
  const auto welcome = ws.next(5s);
  ASSERT_TRUE(welcome) << ws.error();
  EXPECT_EQ((*welcome)["type"], "welcome");
  EXPECT_EQ((*welcome)["protocol"], 1);
  ASSERT_TRUE(ws.send_text("{this is not json"));
  const auto error = ws.next_of_type("error", 5s);
  ASSERT_TRUE(error) << ws.error();
  EXPECT_EQ((*error)["code"], "bad_request");
  ASSERT_TRUE(ws.send_text("[1,2,3]"));
  const auto again = ws.next_of_type("error", 5s);
  ASSERT_TRUE(again) << ws.error();
  EXPECT_EQ((*again)["code"], "bad_request");
  EXPECT_TRUE(ws.connected());
}

TEST_F(RealServer, FrameOverTheLimitIsRefusedAndOthersStayServed) {
  WsClient other;
  ASSERT_TRUE(other.connect(server.port()));
  ASSERT_TRUE(other.next_of_type("welcome", 5s));
  WsClient ws;
  ASSERT_TRUE(ws.connect(server.port()));
  ASSERT_TRUE(ws.next_of_type("welcome", 5s));
  ASSERT_TRUE(ws.send_text(json{{"type", "ping"}, {"pad", std::string(10000, 'x')}}.dump()));
  const auto error = ws.next_of_type("error", 5s);
  ASSERT_TRUE(error) << ws.error();
  EXPECT_EQ((*error)["code"], "too_large");
  ASSERT_TRUE(ws.wait_closed());
  EXPECT_EQ(ws.close_code(), 1009);
  EXPECT_TRUE(other.connected());
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

TEST_F(RealServer, SigtermExitsZeroAndTheClientGetsANoticeAndACloseFrame) {
  WsClient ws;
  ASSERT_TRUE(ws.connect(server.port()));
  ASSERT_TRUE(ws.next_of_type("welcome", 5s));
  server.signal(SIGTERM);
  EXPECT_TRUE(ws.next_of_type("shutdown", 5s)) << ws.error();
  ASSERT_TRUE(ws.wait_closed(8s));
  EXPECT_EQ(ws.close_code(), 1001);
  EXPECT_EQ(server.wait_exit(10s), 0) << server.log();
}

TEST_F(RealServer, HealthProbeModeAndRestartOnTheSameDatabase) {
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/healthz";
  EXPECT_EQ(run_command({real_server_binary(), "--health-probe", url}).status, 0);
  EXPECT_EQ(server.stop(), 0) << server.log();
  EXPECT_EQ(run_command({real_server_binary(), "--health-probe", url}).status, 1);
  ASSERT_TRUE(server.restart()) << server.log();
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

}  // namespace
}  // namespace bh::test
