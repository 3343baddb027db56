// HTTP through the real network layer, with the stub application behind it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

class Http : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(stub_server_binary().empty());
    ASSERT_TRUE(server.start()) << server.log();
  }
  void TearDown() override { EXPECT_EQ(server.stop(), 0) << server.log(); }

  ServerProcess server{{"--threads", "2"}, stub_server_binary()};
};

TEST_F(Http, HealthzAnswers200) {
  const auto result = http_get(server.port(), "/healthz");
  EXPECT_EQ(result.status, 200) << result.error;
  EXPECT_EQ(nlohmann::json::parse(result.body)["status"], "ok");
  EXPECT_EQ(result.content_type, "application/json");
}

TEST_F(Http, UnknownPathIsTheApplications404) {
  const auto result = http_get(server.port(), "/nope");
  EXPECT_EQ(result.status, 404);
  EXPECT_EQ(nlohmann::json::parse(result.body)["code"], "not_found");
}

TEST_F(Http, OtherMethodsGet405WithJson) {
  for (const char* method : {"POST", "PUT", "DELETE"}) {
    const auto result = http_request(server.port(), method, "/healthz", "x");
    EXPECT_EQ(result.status, 405) << method;
    const auto body = nlohmann::json::parse(result.body, nullptr, false);
    EXPECT_EQ(body.value("code", ""), "method_not_allowed") << result.body;
  }
}

TEST_F(Http, HeadAnswersLikeGetWithoutTheBody) {
  const auto get = http_get(server.port(), "/healthz");
  const auto head = http_request(server.port(), "HEAD", "/healthz");
  EXPECT_EQ(head.status, 200) << head.error;
  EXPECT_EQ(head.body, "");
  EXPECT_EQ(head.content_type, get.content_type);
  EXPECT_EQ(head.content_length, std::to_string(get.body.size()));
  EXPECT_EQ(http_request(server.port(), "HEAD", "/nope").status, 404);
}

TEST_F(Http, QueryIsDecodedForTheApplication) {
  const auto result = http_get(server.port(), "/query?player=Ann+Lee&game=tablut%2Dsmall&page=2");
  ASSERT_EQ(result.status, 200) << result.error;
  const auto body = nlohmann::json::parse(result.body);
  EXPECT_EQ(body["path"], "/query");
  EXPECT_EQ(body["query"]["player"], "Ann Lee");
  EXPECT_EQ(body["query"]["game"], "tablut-small");
  EXPECT_EQ(body["query"]["page"], "2");
  EXPECT_EQ(http_get(server.port(), "/query?x=%zz").status, 400);
}

TEST_F(Http, AnswerFromAnotherThreadArrives) {
  const auto result = http_get(server.port(), "/slow");
  EXPECT_EQ(result.status, 200) << result.error;
  EXPECT_EQ(result.body, "slow");
}

TEST_F(Http, WsPathWithoutUpgradeIs400AndUpgradeElsewhereIs404) {
  EXPECT_EQ(http_get(server.port(), "/ws").status, 400);
  WsClient client;
  EXPECT_FALSE(client.connect(server.port(), "/elsewhere"));
}

// A streamed body (app::HttpBodySource, the bulk export's): chunks asked for one at a
// time, ended by the last chunk; a source that fails or throws cuts the transfer (no
// last chunk, the connection closed) and the server goes on.
TEST_F(Http, AStreamedBodyIsChunkedAndAFailureCutsIt) {
  const auto whole = http_get(server.port(), "/stream?count=300");
  ASSERT_EQ(whole.status, 200) << whole.error;
  EXPECT_EQ(whole.content_type, "text/plain; charset=utf-8");
  std::string expected;
  for (int i = 0; i < 300; ++i) expected += "piece " + std::to_string(i) + "\n";
  EXPECT_EQ(whole.body, expected);
  EXPECT_EQ(http_get(server.port(), "/stream?count=0").body, "");

  for (const char* target : {"/stream?count=5&fail=2", "/stream?count=5&fail=2&throw=1"}) {
    RawTcp tcp;
    ASSERT_TRUE(tcp.connect(server.port()));
    ASSERT_TRUE(tcp.send(std::string("GET ") + target + " HTTP/1.1\r\nHost: x\r\n\r\n"));
    std::string answer;
    for (int tries = 0; tries < 100 && !tcp.peer_closed(); ++tries)
      answer += tcp.read_some(std::chrono::milliseconds(100));
    EXPECT_TRUE(tcp.peer_closed()) << target;
    EXPECT_NE(answer.find("Transfer-Encoding: chunked"), std::string::npos) << answer;
    EXPECT_NE(answer.find("Content-Disposition: attachment; filename=\"stub.txt\""), std::string::npos) << answer;
    EXPECT_NE(answer.find("piece 1\n"), std::string::npos) << answer;
    EXPECT_EQ(answer.find("piece 2"), std::string::npos) << answer;
    EXPECT_EQ(answer.find("\r\n0\r\n\r\n"), std::string::npos) << "a cut transfer has no last chunk: " << answer;
  }
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

TEST_F(Http, KeepAliveServesSeveralRequestsOnOneConnection) {
  RawTcp tcp;
  ASSERT_TRUE(tcp.connect(server.port()));
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(tcp.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"));
    std::string answer;
    for (int tries = 0; tries < 50 && answer.find("{\"status\":\"ok\"}") == std::string::npos; ++tries)
      answer += tcp.read_some(std::chrono::milliseconds(100));
    EXPECT_NE(answer.find("HTTP/1.1 200"), std::string::npos) << answer;
    EXPECT_FALSE(tcp.peer_closed());
  }
}

TEST_F(Http, OversizedBodyGets413AndGarbageGets400) {
  const auto big = http_request(server.port(), "POST", "/healthz", std::string(100 * 1024, 'x'));
  EXPECT_EQ(big.status, 413) << big.error;

  RawTcp tcp;
  ASSERT_TRUE(tcp.connect(server.port()));
  ASSERT_TRUE(tcp.send("THIS IS NOT HTTP\r\n\r\n"));
  std::string answer;
  for (int tries = 0; tries < 50 && !tcp.peer_closed(); ++tries)
    answer += tcp.read_some(std::chrono::milliseconds(100));
  EXPECT_NE(answer.find("400"), std::string::npos) << answer;
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

// The network layer's last line of defence: an application that throws or drops a
// request (a bug) costs that one request a 500 or an `internal` error frame, never the
// process. The stub application has such bugs on purpose (/throw, /drop, "throw").
TEST_F(Http, AnHttpHandlerThatThrowsIsAnswered500) {
  for (int i = 0; i < 3; ++i) {
    const auto result = http_get(server.port(), "/throw");
    ASSERT_EQ(result.status, 500) << result.error;
    EXPECT_EQ(nlohmann::json::parse(result.body)["code"], "internal");
  }
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  EXPECT_TRUE(server.running());
}

TEST_F(Http, AnHttpRequestTheApplicationDropsIsAnswered500) {
  const auto result = http_get(server.port(), "/drop");
  ASSERT_EQ(result.status, 500) << result.error;
  EXPECT_EQ(nlohmann::json::parse(result.body)["code"], "internal");
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

TEST_F(Http, AMessageHandlerThatThrowsIsAnsweredAndTheConnectionGoesOn) {
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
