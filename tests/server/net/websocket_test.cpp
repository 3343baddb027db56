// WebSocket limits through the real network layer, with the stub application behind it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

class WebSocket : public ::testing::Test {
 protected:
  void start(std::vector<std::string> args = {}) {
    ASSERT_FALSE(stub_server_binary().empty());
    args.insert(args.end(), {"--threads", "2"});
    server = std::make_unique<ServerProcess>(args, stub_server_binary());
    ASSERT_TRUE(server->start()) << server->log();
  }
  void TearDown() override {
    if (server) {
      EXPECT_EQ(server->stop(), 0) << server->log();
    }
  }

  // A new client that got its welcome.
  WsClient client() {
    WsClient ws;
    EXPECT_TRUE(ws.connect(server->port())) << ws.error();
    const auto welcome = ws.next();
    EXPECT_TRUE(welcome && (*welcome)["type"] == "welcome") << ws.error();
    return ws;
  }

  // The client is served: an echo comes back.
  static bool echoes(WsClient& ws, const std::string& data) {
    if (!ws.send_json({{"type", "echo"}, {"data", data}, {"id", data}})) return false;
    const auto reply = ws.next_of_type("echo", std::chrono::seconds(5));
    return reply && (*reply)["data"] == data && (*reply)["id"] == data;
  }

  json metrics() {
    const auto result = http_get(server->port(), "/metrics");
    EXPECT_EQ(result.status, 200) << result.error;
    return json::parse(result.body, nullptr, false);
  }

  // Polls /metrics until `field` reaches `value`.
  bool metric_reaches(const std::string& field, std::int64_t value, std::chrono::milliseconds timeout = 5s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      const auto m = metrics();
      if (m.is_object() && m.value(field, std::int64_t{-1}) == value) return true;
      std::this_thread::sleep_for(20ms);
    }
    return false;
  }

  std::unique_ptr<ServerProcess> server;
};

TEST_F(WebSocket, WelcomeThenEcho) {
  start();
  auto ws = client();
  EXPECT_TRUE(echoes(ws, "hello"));
  EXPECT_TRUE(echoes(ws, "again"));
}

TEST_F(WebSocket, BadJsonGetsAnErrorReplyAndTheConnectionStays) {
  start();
  auto ws = client();
  ASSERT_TRUE(ws.send_text("{not json"));
  const auto error = ws.next_of_type("error");
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["code"], "bad_request");
  EXPECT_TRUE(echoes(ws, "still here"));
}

TEST_F(WebSocket, FrameOverTheLimitGetsTooLargeAndIsClosedOthersStayServed) {
  start({"--max-frame", "4k"});
  auto other = client();
  auto ws = client();
  ASSERT_TRUE(ws.send_text(json{{"type", "echo"}, {"data", std::string(6000, 'a')}}.dump()));
  const auto error = ws.next_of_type("error");
  ASSERT_TRUE(error) << ws.error();
  EXPECT_EQ((*error)["code"], "too_large");
  ASSERT_TRUE(ws.wait_closed());
  EXPECT_EQ(ws.close_code(), 1009);
  EXPECT_TRUE(echoes(other, "unaffected"));
  // A frame under the limit is fine (the echo request carries the text twice: data and id).
  auto fresh = client();
  EXPECT_TRUE(echoes(fresh, std::string(1900, 'b')));
  EXPECT_TRUE(metric_reaches("too_large", 1));
}

TEST_F(WebSocket, FrameFarOverTheLimitIsRefusedAtOnce) {
  start({"--max-frame", "4k"});
  auto ws = client();
  // Over 16 x the limit: Beast fails the stream on the frame header (close 1009, no error frame).
  ASSERT_TRUE(ws.send_text(std::string(200 * 1024, 'a')));
  ASSERT_TRUE(ws.wait_closed());
  EXPECT_EQ(ws.close_code(), 1009);
  auto other = client();
  EXPECT_TRUE(echoes(other, "up"));
}

TEST_F(WebSocket, InvalidUtf8InATextFrameIsAProtocolErrorBeastClosesOn) {
  start();
  auto ws = client();
  ASSERT_TRUE(ws.send_text("{\"type\":\"echo\",\"data\":\"\xC3\x28\xFF\"}"));
  ASSERT_TRUE(ws.wait_closed());
  EXPECT_EQ(ws.close_code(), 1007);  // invalid frame payload data
  auto other = client();
  EXPECT_TRUE(echoes(other, "up"));
}

TEST_F(WebSocket, BinaryFramesGetBadRequest) {
  start();
  auto ws = client();
  ASSERT_TRUE(ws.send_binary("\x01\x02"));
  const auto error = ws.next_of_type("error");
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["code"], "bad_request");
  EXPECT_TRUE(echoes(ws, "text is fine"));
}

TEST_F(WebSocket, AFloodIsRateLimitedAndOthersAreNotAffected) {
  start({"--rate", "5", "--burst", "5"});
  auto calm = client();
  auto noisy = client();
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(noisy.send_json({{"type", "echo"}, {"data", i}}));
  int echoed = 0, limited = 0;
  while (echoed + limited < 30) {
    const auto message = noisy.next(std::chrono::seconds(5));
    ASSERT_TRUE(message) << "after " << echoed << " echoes and " << limited << " errors";
    if ((*message)["type"] == "echo") ++echoed;
    if ((*message)["type"] == "error") {
      EXPECT_EQ((*message)["code"], "rate_limited");
      ++limited;
    }
  }
  EXPECT_GE(echoed, 5);
  EXPECT_LE(echoed, 7);  // the burst, and what refilled while the frames were in flight
  EXPECT_TRUE(echoes(calm, "calm"));

  // Far beyond the limit: disconnected (policy violation), the calm client unaffected.
  for (int i = 0; i < 200 && noisy.send_json({{"type", "echo"}, {"data", i}}); ++i) {
  }
  ASSERT_TRUE(noisy.wait_closed());
  EXPECT_EQ(noisy.close_code(), 1008);
  EXPECT_TRUE(echoes(calm, "still calm"));
}

TEST_F(WebSocket, AClientThatNeverReadsIsDroppedWithBoundedMemory) {
  start({"--queue", "64", "--queue-bytes", "1M"});
  auto reader = client();
  WsClient sleeper;
  ASSERT_TRUE(sleeper.connect(server->port()));
  [[maybe_unused]] const long rss_before = server->rss_kib();
  // 20000 distinct frames of 10 kB: 200 MB if the server buffered them.
  ASSERT_TRUE(sleeper.send_json({{"type", "spam"}, {"count", 20000}, {"size", 10000}}));
  EXPECT_TRUE(metric_reaches("slow_clients_dropped", 1, 10s)) << metrics().dump();
  EXPECT_TRUE(echoes(reader, "served"));
  [[maybe_unused]] const long rss_after = server->rss_kib();
#if !defined(__SANITIZE_ADDRESS__)  // ASan's quarantine keeps freed frames resident
  EXPECT_LT(rss_after - rss_before, 64 * 1024) << "KiB before " << rss_before << ", after " << rss_after;
#endif
  ASSERT_TRUE(sleeper.wait_closed(10s));
  EXPECT_LT(sleeper.frames_received(), 20000u);
  EXPECT_TRUE(metric_reaches("open_connections", 1));
}

TEST_F(WebSocket, HundredsOfHalfOpenConnectionsDoNotStopANewClient) {
  // All from one address here, so its cap is raised above them (the cap has its own
  // tests in net/real/security_test.cpp).
  start({"--max-connections-per-address", "1000"});
  std::vector<RawTcp> idle(300);
  for (auto& tcp : idle) ASSERT_TRUE(tcp.connect(server->port()));
  std::vector<RawTcp> partial(50);
  for (auto& tcp : partial) {
    ASSERT_TRUE(tcp.connect(server->port()));
    ASSERT_TRUE(tcp.send("GET /ws HTTP/1.1\r\nHost: x\r\n"));
  }
  const auto start_time = std::chrono::steady_clock::now();
  auto ws = client();
  EXPECT_TRUE(echoes(ws, "served"));
  EXPECT_EQ(http_get(server->port(), "/healthz").status, 200);
  EXPECT_LT(std::chrono::steady_clock::now() - start_time, 3s);
  EXPECT_GE(metrics().value("accepted_connections", 0), 350) << metrics().dump();
}

TEST_F(WebSocket, OnCloseRunsExactlyOnceHoweverTheConnectionEnds) {
  start();
  std::vector<WsClient> clients;
  for (int i = 0; i < 12; ++i) clients.push_back(client());
  for (int i = 0; i < 12; ++i) {
    switch (i % 4) {
      case 0:
        clients[i].close();
        break;
      case 1:
        clients[i].disconnect();
        break;
      case 2:
        ASSERT_TRUE(clients[i].send_json({{"type", "close"}}));
        EXPECT_TRUE(clients[i].wait_closed());
        EXPECT_EQ(clients[i].close_code(), 1000);
        EXPECT_EQ(clients[i].close_reason(), "bye");
        break;
      case 3:
        ASSERT_TRUE(clients[i].send_text(std::string(100 * 1024, 'x')));
        break;
    }
  }
  EXPECT_TRUE(metric_reaches("on_close", 12)) << metrics().dump();
  EXPECT_TRUE(metric_reaches("open_connections", 0)) << metrics().dump();
  const auto m = metrics();
  EXPECT_EQ(m["on_open"], 12);
  EXPECT_EQ(m["double_close"], 0);
}

TEST_F(WebSocket, ManyClientsAtOnceAreAllServed) {
  start();
  std::vector<std::thread> threads;
  std::atomic<int> served{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        WsClient ws;
        if (!ws.connect(server->port()) || !ws.next_of_type("welcome")) continue;
        if (echoes(ws, std::to_string(t * 100 + i))) ++served;
        ws.close();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(served.load(), 40);
}

}  // namespace
}  // namespace bh::test
