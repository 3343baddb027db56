// A program's connection through the HTTP API (docs/api.md): to the application it is a
// connection like a WebSocket's, logged in as the token's player, so every request a
// program makes takes the WebSocket's own path and checks (a POST becomes the request
// it stands for), and every message the application sends the player comes here. This
// sends each one where the program reads it: the answer to a pending request to that
// request's HTTP answer, a game's messages to the streams of that game, the starts and
// ends of games to the event streams.
//
// Thread-safety: every method may be called from any thread (a mutex guards the state;
// streams and callbacks are reached outside it).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/api/push_body.hpp"
#include "app/connection.hpp"

namespace bh::app::api {

class ApiClient final : public Connection {
 public:
  ApiClient(std::uint64_t id, std::string player, bool bot, std::string address);

  // Connection
  void send(Frame frame) override;
  void close(std::string reason) override;
  std::uint64_t id() const override { return id_; }
  const std::string& remote() const override { return remote_; }
  const std::string& address() const override { return address_; }
  bool through_http_api() const override { return true; }

  const std::string& player() const { return player_; }
  bool bot() const { return bot_; }
  bool closed() const { return closed_.load(); }

  // A request id for a frame this client sends, and what to do with the one answer to
  // it (the frame's text and its "type"). A request that may end the game `ends_game`
  // (resign, abort, a draw agreed) is answered by that game's `game_over` too: the room
  // tells the end to both players once it is archived, with no request id.
  using Answered = std::function<void(const std::string& frame, const std::string& type)>;
  std::int64_t expect(Answered answered, std::string ends_game = {});

  // The streams a program reads. `token_id`: the token that opened it (revoking it ends
  // the stream).
  void add_event_stream(const std::string& token_id, std::shared_ptr<PushBody> body);
  void add_game_stream(const std::string& token_id, const std::string& game_id, std::shared_ptr<PushBody> body);
  // Ends the streams opened with `token_id`; true if any was.
  bool end_streams_of(const std::string& token_id);
  // An empty line on each stream quiet since `before`; drops the streams that ended.
  void keep_alive(std::chrono::steady_clock::time_point before);
  // No stream open, no request waiting, nothing asked since `before`.
  bool idle_since(std::chrono::steady_clock::time_point before);
  void touch();
  // The game's ply as last heard (what a move must be made at), if heard of.
  std::optional<int> ply(const std::string& game_id) const;

 private:
  // The network layer holds a stream's body while its client reads it: once the
  // client has gone (a write failed), the body is gone too.
  struct Stream {
    std::string token_id, game_id;  // game_id empty: the event stream
    std::weak_ptr<PushBody> body;
  };
  void drop_ended();  // under the mutex
  void end_all(const std::string& last_line);

  const std::uint64_t id_;
  const std::string player_;
  const bool bot_;
  const std::string address_, remote_;
  std::atomic<bool> closed_{false};
  mutable std::mutex mutex_;
  std::int64_t next_request_ = 1;
  struct Pending {
    Answered answered;
    std::string ends_game;
  };
  std::map<std::int64_t, Pending> pending_;
  std::vector<Stream> streams_;
  std::map<std::string, int> plies_;          // by game id
  std::map<std::string, std::string> games_;  // the game's name ("tablut"), by game id
  std::chrono::steady_clock::time_point last_used_ = std::chrono::steady_clock::now();
};

}  // namespace bh::app::api
