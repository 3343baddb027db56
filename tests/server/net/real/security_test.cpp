// The real binary against what one hostile client can send or do (issue 19): requests
// that once ended the process, floods of logins and registrations, connections held
// from one address, silent WebSockets, ping floods, forwarded addresses and origins.
// On loopback, clients bound to 127.0.0.2 and 127.0.0.3 stand for two addresses.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"
#include "support/ws_ask.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::uint64_t metric(std::uint16_t port, const std::string& name) {
  const auto text = http_get(port, "/metrics").body;
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? 0 : std::stoull(text.substr(at + name.size() + 2));
}

TEST(Security, TheRequestsThatEndedTheProcessAreAnswered) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  // A cursor of bytes that are not UTF-8.
  const auto cursor = http_get(server.port(), "/api/games?cursor=%ff%fe");
  EXPECT_EQ(cursor.status, 400) << cursor.error;
  EXPECT_TRUE(json::accept(cursor.body)) << cursor.body;
  // A raw 0xff byte in a game id.
  RawTcp raw;
  ASSERT_TRUE(raw.connect(server.port()));
  ASSERT_TRUE(raw.send("GET /api/games/\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  std::string answer;
  for (int i = 0; i < 50 && !raw.peer_closed(); ++i) answer += raw.read_some(100ms);
  EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << answer;
  EXPECT_TRUE(json::accept(answer.substr(answer.find("\r\n\r\n") + 4))) << answer;
  // A long non-ASCII message type: answered, cut between characters.
  auto ws = open_ws(server.port());
  ASSERT_TRUE(ws);
  std::string type;
  for (int i = 0; i < 60; ++i) type += "\xd0\x96";  // Ж
  const json reply = ask(*ws, {{"type", type}});
  EXPECT_EQ(reply.value("code", ""), "unknown_type") << reply.dump();
  // Bytes that are not UTF-8 in every query parameter and in the path.
  for (const char* target : {"/api/games?game=%c3", "/api/games?player=%ed%a0%80", "/api/games?result=%80",
                             "/api/games?%ff=1", "/%ff%ff", "/api/games/%e2%82"}) {
    const auto result = http_get(server.port(), target);
    EXPECT_NE(result.status, 0) << target << ": " << result.error;
    EXPECT_NE(result.status, 500) << target;
    EXPECT_TRUE(json::accept(result.body)) << target << ": " << result.body;
    std::printf("[ answer   ] %s -> %d %s\n", target, result.status, result.body.substr(0, 100).c_str());
  }
  ws->close();
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  EXPECT_TRUE(server.running());
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, ConnectionsPerAddressAreCapped) {
  ServerProcess server({"--max-connections-per-address", "8"});
  ASSERT_TRUE(server.start()) << server.log();
  std::vector<WsClient> held;
  for (int i = 0; i < 8; ++i) {
    auto ws = open_ws(server.port(), "127.0.0.2");
    ASSERT_TRUE(ws) << "connection " << i;
    held.push_back(std::move(*ws));
  }
  int refused = 0;
  for (int i = 0; i < 20; ++i) refused += open_ws(server.port(), "127.0.0.2") ? 0 : 1;
  EXPECT_EQ(refused, 20);
  const auto answer = http_get_from("127.0.0.2", server.port(), "/healthz");
  EXPECT_TRUE(answer.status == 429 || answer.status == 0) << answer.status;  // 429, or reset before it is read
  // Another address is not affected.
  EXPECT_TRUE(open_ws(server.port(), "127.0.0.3"));
  EXPECT_EQ(http_get_from("127.0.0.3", server.port(), "/healthz").status, 200);
  // A connection closed gives its place back.
  held.back().close();
  held.pop_back();
  bool again = false;
  for (int i = 0; i < 50 && !again; ++i) {
    again = open_ws(server.port(), "127.0.0.2").has_value();
    if (!again) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(again);
  EXPECT_GE(metric(server.port(), "boardhall_connections_refused_total"), 20u);
  std::printf("[ figures  ] 8 connections held from 127.0.0.2, %d of 20 more refused\n", refused);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, AWebSocketThatNeverSaysWhoItIsIsClosed) {
  ServerProcess server({"--identify-timeout", "1"});
  ASSERT_TRUE(server.start()) << server.log();
  auto silent = open_ws(server.port());
  auto named = open_ws(server.port());
  ASSERT_TRUE(silent && named);
  EXPECT_EQ(ask(*named, {{"type", "guest"}, {"name", "nadia"}}).value("type", ""), "identity");
  const auto started = Clock::now();
  const auto notice = silent->next_of_type("error", 5s);
  ASSERT_TRUE(notice) << silent->error();
  EXPECT_EQ((*notice)["code"], "not_authenticated");
  EXPECT_TRUE(silent->wait_closed(5s));
  EXPECT_LT(Clock::now() - started, 4s);
  EXPECT_EQ(ask(*named, {{"type", "ping"}}).value("type", ""), "pong");  // still served
  EXPECT_EQ(server.stop(), 0) << server.log();
}

// A spectator needs no name: following the lobby (or watching a game) keeps a connection
// that never says who it is, while a silent one beside it is closed.
TEST(Security, AnAnonymousLobbyFollowerOutlivesTheIdentifyTimeout) {
  ServerProcess server({"--identify-timeout", "1"});
  ASSERT_TRUE(server.start()) << server.log();
  auto follower = open_ws(server.port());
  auto silent = open_ws(server.port());
  ASSERT_TRUE(follower && silent);
  EXPECT_EQ(ask(*follower, {{"type", "subscribe_lobby"}}).value("type", ""), "lobby");
  EXPECT_TRUE(silent->wait_closed(5s));
  std::this_thread::sleep_for(1500ms);  // past another sweep
  EXPECT_EQ(ask(*follower, {{"type", "ping"}}).value("type", ""), "pong");
  EXPECT_FALSE(follower->next_of_type("error", 0ms).has_value());
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, APingFloodIsClosedLikeAMessageFlood) {
  ServerProcess server({"--rate", "5", "--burst", "10"});
  ASSERT_TRUE(server.start()) << server.log();
  auto ws = open_ws(server.port());
  ASSERT_TRUE(ws);
  int sent = 0;
  while (sent < 2'000 && ws->send_ping(1s)) ++sent;
  EXPECT_TRUE(ws->wait_closed(5s));
  EXPECT_EQ(ws->close_code(), 1008) << "after " << sent << " pings: " << ws->error();
  EXPECT_EQ(ws->close_reason(), "rate_limited");
  EXPECT_GE(metric(server.port(), "boardhall_flood_disconnects_total"), 1u);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

// Registers `name` from `source`; the identity reply, or what came instead.
json register_from(std::uint16_t port, const std::string& source, const std::string& name) {
  auto ws = open_ws(port, source);
  if (!ws) return json();
  return ask(*ws, {{"type", "register"}, {"name", name}, {"password", "correct horse"}});
}

TEST(Security, ARegisterFloodFromOneAddressDoesNotKeepAnotherFromLoggingIn) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  ASSERT_EQ(register_from(server.port(), "127.0.0.3", "victor").value("type", ""), "identity");

  std::atomic<bool> flooding{true};
  std::atomic<int> floods{0}, refused{0}, accepted{0};
  std::vector<std::thread> flooders;
  for (int t = 0; t < 3; ++t)
    flooders.emplace_back([&, t] {
      for (int i = 0; flooding.load() && i < 200; ++i) {
        const json reply =
            register_from(server.port(), "127.0.0.2", "flood" + std::to_string(t) + "x" + std::to_string(i));
        ++floods;
        if (reply.value("type", "") == "identity") ++accepted;
        if (reply.value("code", "") == "too_many_attempts" || reply.value("code", "") == "server_busy") {
          ++refused;
          EXPECT_GT(reply.value("retry_after_ms", 0), 0) << reply.dump();
        }
      }
    });
  std::this_thread::sleep_for(300ms);
  std::vector<double> latencies;
  for (int i = 0; i < 3; ++i) {
    auto ws = open_ws(server.port(), "127.0.0.3");
    ASSERT_TRUE(ws);
    const auto sent = Clock::now();
    const json reply = ask(*ws, {{"type", "login"}, {"name", "victor"}, {"password", "correct horse"}});
    latencies.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
    EXPECT_EQ(reply.value("type", ""), "identity") << reply.dump();
    std::this_thread::sleep_for(100ms);
  }
  flooding = false;
  for (auto& t : flooders) t.join();
  std::printf(
      "[ figures  ] flood from 127.0.0.2: %d registrations, %d accepted, %d refused; "
      "logins from 127.0.0.3 took %.0f, %.0f, %.0f ms\n",
      floods.load(), accepted.load(), refused.load(), latencies[0], latencies[1], latencies[2]);
  EXPECT_LE(accepted.load(), 10);  // the accounts an address may create in an hour
  // The figure asked of the server is 0.5 s; the sanitizers slow everything several
  // times over, and there the point is that the logins succeed at all.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  const double bound_ms = 5000;
#else
  const double bound_ms = 500;
#endif
  EXPECT_LT(*std::max_element(latencies.begin(), latencies.end()), bound_ms);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, ForwardedAddressesAreBelievedFromTrustedProxiesOnly) {
  ServerProcess server({"--trusted-proxy", "127.0.0.1/32", "--max-connections-per-address", "2"});
  ASSERT_TRUE(server.start()) << server.log();
  const std::pair<std::string, std::string> alice{"X-Forwarded-For", "198.51.100.7"};
  // Through the trusted proxy (127.0.0.1) each forwarded client has its own count.
  auto a1 = open_ws(server.port(), "127.0.0.1", {alice});
  auto a2 = open_ws(server.port(), "127.0.0.1", {alice});
  ASSERT_TRUE(a1 && a2);
  EXPECT_FALSE(open_ws(server.port(), "127.0.0.1", {alice}));
  EXPECT_TRUE(open_ws(server.port(), "127.0.0.1", {{"Forwarded", "for=\"[2001:db8::7]:4711\""}}));
  EXPECT_TRUE(open_ws(server.port(), "127.0.0.1", {{"X-Forwarded-For", "198.51.100.8"}}));
  // The client's address is what the audit log names.
  EXPECT_EQ(ask(*a1, {{"type", "login"}, {"name", "mallory"}, {"password", "not it at all"}}).value("code", ""),
            "auth_failed");
  EXPECT_TRUE(server.wait_log("login failed for \"mallory\" from 198.51.100.7", 3s)) << server.log();
  // From an address that is not trusted the header is ignored: counted as 127.0.0.2.
  auto b1 = open_ws(server.port(), "127.0.0.2", {{"X-Forwarded-For", "203.0.113.1"}});
  auto b2 = open_ws(server.port(), "127.0.0.2", {{"X-Forwarded-For", "203.0.113.2"}});
  ASSERT_TRUE(b1 && b2);
  EXPECT_FALSE(open_ws(server.port(), "127.0.0.2", {{"X-Forwarded-For", "203.0.113.3"}}));
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, OriginsOutsideTheAllowListCannotOpenAWebSocket) {
  ServerProcess server({"--allowed-origins", "https://good.example"});
  ASSERT_TRUE(server.start()) << server.log();
  EXPECT_FALSE(open_ws(server.port(), {}, {{"Origin", "https://evil.example"}}));
  EXPECT_TRUE(open_ws(server.port(), {}, {{"Origin", "https://good.example"}}));
  EXPECT_TRUE(open_ws(server.port()));  // no Origin: not a browser
  const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
  EXPECT_TRUE(open_ws(server.port(), {}, {{"Origin", own}}));  // the server's own pages
  EXPECT_GE(metric(server.port(), "boardhall_origins_refused_total"), 1u);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, FailedLoginsAndResumesAreLoggedWithoutSecrets) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  auto ws = open_ws(server.port());
  ASSERT_TRUE(ws);
  EXPECT_EQ(
      ask(*ws, {{"type", "login"}, {"name", "eve\nforged line"}, {"password", "hunter2-secret"}}).value("code", ""),
      "auth_failed");
  const std::string token = "0123456789abcdef0123456789abcdef";
  EXPECT_EQ(ask(*ws, {{"type", "resume"}, {"token", token}}).value("code", ""), "auth_failed");
  EXPECT_TRUE(server.wait_log("login failed for \"eve\\nforged line\" from 127.0.0.1", 3s)) << server.log();
  EXPECT_TRUE(server.wait_log("resume failed (unknown or expired token) from 127.0.0.1", 3s)) << server.log();
  EXPECT_EQ(server.log().find("hunter2-secret"), std::string::npos);
  EXPECT_EQ(server.log().find(token), std::string::npos);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, ALoginForAnUnknownNameTakesAsLongAsForAKnownOne) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  ASSERT_EQ(register_from(server.port(), "127.0.0.3", "karen").value("type", ""), "identity");
  auto timed_login = [&](const std::string& name) {
    auto ws = open_ws(server.port(), "127.0.0.2");
    const auto sent = Clock::now();
    EXPECT_EQ(ask(*ws, {{"type", "login"}, {"name", name}, {"password", "wrong password"}}).value("code", ""),
              "auth_failed");
    return std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
  };
  std::vector<double> known, unknown;
  for (int i = 0; i < 3; ++i) {
    known.push_back(timed_login("karen"));
    unknown.push_back(timed_login("nobody" + std::to_string(i)));
  }
  std::sort(known.begin(), known.end());
  std::sort(unknown.begin(), unknown.end());
  std::printf("[ figures  ] failed login, median: known name %.1f ms, unknown name %.1f ms\n", known[1], unknown[1]);
  // A hash costs tens of ms; without the dummy hash an unknown name answers in about 1 ms.
  EXPECT_GT(unknown[1], 0.5 * known[1]);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST(Security, RunningOutOfFileDescriptorsIsLoggedRarelyAndSurvived) {
#if defined(__SANITIZE_ADDRESS__)
  // UBSan checks an object's type at each virtual call by probing its memory through a
  // pipe; with no descriptor left it reports every call as one on an invalid object
  // ("<memory cannot be printed>") and stops the process. Nothing here can run under it,
  // so this test runs in the normal build (and under TSan), where it passes.
  GTEST_SKIP() << "no descriptor left for the sanitizer's own memory probe";
#endif
  // The server under a low open-file limit (a wrapper lowers it; the server cannot
  // raise its soft limit above the hard one), flooded with connections.
  const std::string wrapper =
      (std::filesystem::temp_directory_path() / ("bh_low_nofile_" + std::to_string(::getpid()) + ".sh")).string();
  {
    std::ofstream out(wrapper);
    out << "#!/bin/sh\nulimit -n 40\nexec '" << real_server_binary() << "' \"$@\"\n";
  }
  ::chmod(wrapper.c_str(), 0755);
  ServerProcess server({"--max-connections-per-address", "1000"}, wrapper);
  ASSERT_TRUE(server.start()) << server.log();
  std::vector<RawTcp> flood(60);
  for (auto& tcp : flood) tcp.connect(server.port());  // the kernel's backlog takes them
  std::this_thread::sleep_for(1500ms);
  const std::string log = server.log();
  std::size_t lines = 0;
  for (auto at = log.find("accept: "); at != std::string::npos; at = log.find("accept: ", at + 1)) ++lines;
  EXPECT_GE(lines, 1u) << log;
  EXPECT_LE(lines, 2u) << "one line per 10 s at most:\n" << log;
  flood.clear();  // the descriptors come back; the server serves again
  bool served = false;
  for (int i = 0; i < 50 && !served; ++i) {
    served = http_get(server.port(), "/healthz", 1s).status == 200;
    if (!served) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(served) << server.log();
  EXPECT_EQ(server.stop(), 0) << server.log();
  std::filesystem::remove(wrapper);
}

}  // namespace
}  // namespace bh::test
