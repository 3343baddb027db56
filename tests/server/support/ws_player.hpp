// A WsClient that keeps the frames it was not asked for, so a test can take messages
// by type (and predicate) in any order. Header-only; Beast stays in ws_client.cpp.
//
// Thread-safety: one thread at a time, like WsClient.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "ws_client.hpp"

namespace bh::test {

class WsPlayer {
 public:
  using json = nlohmann::json;

  // Connects (to `target`: "/ws?legal=compact" asks for the compact legal moves) and
  // takes the welcome.
  bool connect(std::uint16_t port, std::string_view target = "/ws") {
    if (!ws_.connect(port, target)) return false;
    auto welcome = take("welcome");
    return welcome && (*welcome)["protocol"] == 1;
  }
  // The same with the client's options (another loopback source address, headers).
  bool connect(std::uint16_t port, const ConnectOptions& options) {
    if (!ws_.connect(port, options)) return false;
    auto welcome = take("welcome");
    return welcome && (*welcome)["protocol"] == 1;
  }
  void send(const json& j) { EXPECT_TRUE(ws_.send_json(j)); }
  // A frame as it is, for text no JSON library would write (a lone surrogate's escape).
  void send_text(std::string_view text) { EXPECT_TRUE(ws_.send_text(text)); }
  std::optional<json> take(const std::string& type, std::function<bool(const json&)> pred = nullptr,
                           std::chrono::milliseconds timeout = 5s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      for (auto it = kept_.begin(); it != kept_.end(); ++it)
        if ((*it)["type"] == type && (!pred || pred(*it))) {
          json out = *it;
          kept_.erase(it);
          return out;
        }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left <= 0ms) return std::nullopt;
      auto next = ws_.next(left);
      if (!next) return std::nullopt;
      kept_.push_back(std::move(*next));
    }
  }
  // Reads every frame until the connection ends (or `timeout`); all stay kept.
  void read_until_closed(std::chrono::milliseconds timeout = 5s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!ws_.closed() && std::chrono::steady_clock::now() < deadline) {
      auto next = ws_.next(100ms);
      if (next) kept_.push_back(std::move(*next));
    }
  }
  // Every kept frame of `type`, taken.
  std::vector<json> take_all(const std::string& type) {
    std::vector<json> out;
    while (auto j = take(type, nullptr, 0ms)) out.push_back(std::move(*j));
    return out;
  }
  // Signs in as a guest; returns the token.
  std::string guest(const std::string& name) {
    send({{"type", "guest"}, {"name", name}, {"id", 1}});
    auto r = take("identity");
    EXPECT_TRUE(r.has_value());
    return r ? (*r)["token"].get<std::string>() : "";
  }
  void close() { ws_.close(); }
  bool closed() const { return ws_.closed(); }

 private:
  WsClient ws_;
  std::deque<json> kept_;
};

// `creator` opens a room of Tablut on `side` and `joiner` joins it: the game's id, once
// both were told it started (empty, with a failed expectation, when not).
inline std::string start_tablut(WsPlayer& creator, WsPlayer& joiner, const std::string& side) {
  creator.send({{"type", "create_room"}, {"game", "tablut"}, {"side", side}, {"id", 2}});
  auto created = creator.take("room_created");
  EXPECT_TRUE(created);
  if (!created) return "";
  joiner.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = creator.take("game_started");
  const bool both = started && joiner.take("game_started");
  EXPECT_TRUE(both);
  return both ? (*started)["state"]["game_id"].get<std::string>() : "";
}

// The archived record of `game` as `viewer` gets it (`get_game`), asked again until the
// archive has it (a game just decided is being written) or `tries` tenths of a second
// have passed.
inline std::optional<nlohmann::json> archived_record(WsPlayer& viewer, const std::string& game, int tries = 50) {
  for (int i = 0; i < tries; ++i) {
    viewer.send({{"type", "get_game"}, {"game_id", game}, {"id", 20 + i}});
    if (auto answer = viewer.take("game_record", nullptr, std::chrono::seconds(1))) return answer;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return std::nullopt;
}

}  // namespace bh::test
