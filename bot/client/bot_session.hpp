// The networked bot's session as a state machine without I/O: it is fed the server's
// frames (decoded with protocol::decode_server_message), the connection's ups and downs
// and the results of searches, and answers with Actions: the frames to send, the
// searches to start or stop, the lines to log, a token to save. The runner
// (bot_runner.hpp) carries the actions out; the tests feed recorded frames.
//
// What it does: logs in (`resume` with its token, else `login` with its password; a
// refused token falls back to the password), joins the room of each `challenge`, keeps
// one BotGame per game_id, asks for a search when it is to move and sends the move with
// the game's ply, answers draw offers through the policy, takebacks by level (accepted
// at levels <= 4), rematch offers (accepted), resigns at levels >= 5 when the policy
// says so, offers a draw at most once per 20 of its own moves, and resyncs a game whose
// move was refused (stale_ply...) by watching it once for its full state; a frame the
// server dropped for its rate (rate_limited, no id) makes it reconnect a second later.
//
// Thread-safety: none; one thread (the runner's network thread) owns it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bot_game.hpp"
#include "move_chooser.hpp"
#include "protocol/messages.hpp"

namespace bh::bot::client {

struct SessionConfig {
  std::string name;
  std::string password;              // empty: resume only
  std::optional<std::string> token;  // a token saved by an earlier run
  int default_level = 4;             // a room joined without a challenge (join_room)
  std::optional<int> max_games;      // challenges past this many live games are let lapse
  std::uint64_t seed = 1;
};

struct SearchOrder {
  std::uint64_t search_id = 0;
  std::string game_id;
  rules::GameState state;
  ChoiceLimits limits;
};

struct Actions {
  std::vector<std::string> frames;             // to send, in this order
  std::vector<SearchOrder> searches;           // to start
  std::vector<std::uint64_t> cancels;          // to stop (a late result is dropped anyway)
  std::vector<std::string> log;                // one line each
  std::vector<std::string> ended;              // games over or dropped: their choosers can go
  std::optional<std::string> save_token;       // a token to keep (the token file)
  bool reconnect = false;                      // drop this connection, come back after the back-off
  std::optional<std::int64_t> retry_after_ms;  // the server's wait before trying again
  bool fatal = false;                          // stop the bot: nothing sensible to retry
  void append(Actions&& other);
};

class BotSession {
 public:
  BotSession(SessionConfig config, std::shared_ptr<const PlayPolicy> policy);

  // A new connection is open (the server's welcome comes next).
  Actions on_connected();
  // One text frame from the server.
  Actions on_frame(std::string_view text);
  Actions on_message(const protocol::ServerFrame& frame);
  // The connection is gone: every search stops, every game waits for its game_state.
  Actions on_disconnected();
  // A search's result; dropped when the game moved on since it was ordered.
  Actions on_search_done(std::uint64_t search_id, const Choice& choice);
  // Joins a room as if challenged (the tests' and the operator's entry point).
  Actions join_room(const std::string& room_id, std::optional<std::string> invite_code, std::optional<int> level);

  bool identified() const { return identified_; }
  const std::optional<std::string>& token() const { return config_.token; }
  const std::string& player() const { return player_; }
  const BotGame* game(const std::string& game_id) const;
  std::size_t live_games() const;

 private:
  enum class Sent {
    login,
    resume,
    join,
    move,
    resign,
    draw_answer,
    offer_draw,
    takeback_answer,
    rematch,
    watch,
    other
  };
  struct Pending {
    Sent kind = Sent::other;
    std::string subject;  // the game or room id
  };

  template <class Request>
  void send(Actions& out, Request request, Sent kind, std::string subject);
  void identify(Actions& out);
  void on_identity(Actions& out, const protocol::server::Identity& m);
  void on_error(Actions& out, const protocol::server::Error& m, const std::optional<Pending>& pending);
  void on_view(Actions& out, const protocol::server::GameView& view, bool resync);
  void on_move(Actions& out, const protocol::server::Move& m);
  void answer_draw(Actions& out, BotGame& g);
  void answer_takeback(Actions& out, BotGame& g);
  void end_game(Actions& out, const std::string& game_id);
  void resync(Actions& out, BotGame& g);
  void stop_search(Actions& out, BotGame& g);
  void think(Actions& out, BotGame& g);
  void prune_unsynced(Actions& out);

  SessionConfig config_;
  std::shared_ptr<const PlayPolicy> policy_;
  bool identified_ = false;
  bool awaiting_states_ = false;  // after identity: the game_states of our seats come next
  std::string player_;
  std::int64_t next_request_ = 1;
  std::uint64_t next_search_ = 1;
  std::map<std::int64_t, Pending> pending_;
  std::map<std::string, BotGame> games_;
  std::map<std::string, int> room_levels_;  // from challenges, for the games they start
};

}  // namespace bh::bot::client
