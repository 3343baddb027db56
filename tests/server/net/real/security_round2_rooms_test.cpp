// The real binary under a flood of rooms from one address (issue 26, point 1): guests
// that each open a public room and leave, as fast as one address can, while a player
// at another address follows the lobby. The lobby must stay usable for everyone: every
// subscribe_lobby answered within 1 s and small. Figures are printed for the closing
// note (BOARDHALL_TEST_SERVER_BIN runs the same attack against another build).
#include <gtest/gtest.h>

#include <atomic>
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

struct Flood {
  std::atomic<int> rooms{0}, refused{0}, guests{0};
};

// `threads` loops from `source` for `seconds`: connect, guest, create a public room, close.
void flood_rooms(std::uint16_t port, const std::string& source, int threads, std::chrono::seconds seconds, Flood& out) {
  std::vector<std::thread> workers;
  const auto until = Clock::now() + seconds;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      for (int i = 0; Clock::now() < until; ++i) {
        auto ws = open_ws(port, source);
        if (!ws) continue;
        const std::string name = "f" + std::to_string(t) + "x" + std::to_string(i) + source.substr(source.size() - 1);
        if (ask(*ws, {{"type", "guest"}, {"name", name}}, 2s).value("type", "") != "identity") {
          out.refused++;
          ws->close();
          continue;
        }
        out.guests++;
        const json created = ask(*ws, {{"type", "create_room"}, {"game", "tablut"}}, 2s);
        if (created.value("type", "") == "room_created") out.rooms++;
        else out.refused++;
        ws->close();
      }
    });
  }
  for (auto& w : workers) w.join();
}

// The figure asked of the server is 1 s; the sanitizers slow everything several times
// over, and there the point is that the lobby answers at all.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr double kAnswerMs = 5000;
#else
constexpr double kAnswerMs = 1000;
#endif

TEST(SecurityRooms, AFloodOfRoomsFromOneAddressLeavesTheLobbyUsableForOthers) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  const long rss_before = server.rss_kib();
  Flood flood;
  std::thread attacker([&] { flood_rooms(server.port(), "127.0.0.2", 4, 8s, flood); });
  // Another address follows the lobby while the flood goes on: answered, and small.
  int asked = 0, answered_in_time = 0;
  std::size_t largest = 0;
  double slowest_ms = 0;
  const auto until = Clock::now() + 7s;
  while (Clock::now() < until) {
    auto ws = open_ws(server.port(), "127.0.0.3", {}, 10s);
    EXPECT_TRUE(ws) << "another address could not connect";
    if (!ws) break;  // the attacker is joined below either way
    const auto asked_at = Clock::now();
    const json lobby = ask(*ws, {{"type", "subscribe_lobby"}}, 10s);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - asked_at).count();
    ++asked;
    if (lobby.value("type", "") == "lobby" && ms <= kAnswerMs) ++answered_in_time;
    largest = std::max(largest, lobby.dump().size());
    slowest_ms = std::max(slowest_ms, ms);
    ws->close();
    std::this_thread::sleep_for(300ms);
  }
  attacker.join();
  const auto page = http_get_from("127.0.0.3", server.port(), "/api/lobby");
  std::printf(
      "[ figures  ] one address, 4 threads, 8 s: %d guests, %d rooms created, %d refused; from another address "
      "%d/%d subscribe_lobby answered within %.0f ms (slowest %.0f ms, largest %zu bytes); /api/lobby %zu bytes; "
      "RSS %ld -> %ld KiB\n",
      flood.guests.load(), flood.rooms.load(), flood.refused.load(), answered_in_time, asked, kAnswerMs, slowest_ms,
      largest, page.body.size(), rss_before, server.rss_kib());
  EXPECT_EQ(answered_in_time, asked);
  EXPECT_GT(asked, 5);
  EXPECT_EQ(page.status, 200);
  EXPECT_LT(page.body.size(), 100'000u);
  // The address's open rooms are capped (10), and they go once their creators have been
  // gone 10 s; the guests it may take are 30 a minute.
  EXPECT_LE(flood.guests.load(), 30 + 10);
  const auto rooms = json::parse(page.body, nullptr, false);
  ASSERT_TRUE(rooms.is_object());
  EXPECT_LE(rooms["rooms_total"].get<int>(), 10);
  EXPECT_EQ(server.stop(), 0) << server.log();
}

}  // namespace
}  // namespace bh::test
