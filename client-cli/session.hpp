// One connected client session: what the user asked, what the server said, and what
// to show. It knows nothing of sockets or terminals: frames come in through on_frame(),
// requests go out through the `send` function, and everything to show goes to a Sink.
// The connect command (connect_command.cpp) drives it from its poll() loop.
//
// State kept here: the identity, the catalogue from `welcome`, the open room, the live
// games this client plays or watches (position, clocks, last move), the archive
// listing's cursor, a replay, the commands waiting for their reply, and a log of
// server events for `wait event`.
//
// Thread-safety: none; the UI thread only.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board_view.hpp"
#include "command_line.hpp"
#include "completion.hpp"
#include "identity_store.hpp"
#include "protocol/json_fields.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"
#include "session_output.hpp"

namespace bh::cli {

using Clock = std::chrono::steady_clock;

struct SessionConfig {
  ConnectOptions options;
  std::string password;          // for --login / --register
  // Asked when a password is needed and `password` is empty (e.g. a resume failed).
  std::function<std::optional<std::string>()> ask_password;
  IdentityStore* store = nullptr;  // may be null: nothing remembered
  std::string server;              // server_key() of options.url: the store's key
  bool colour = false;
  bool script = false;            // fields for scripts rather than boards for people
  std::chrono::milliseconds reply_timeout{15000};
  // After a lost connection, stay and wait for the caller to connect again (then resume
  // with the remembered token) instead of ending. Interactive sessions do.
  bool reconnect = false;
};

class Session {
 public:
  Session(SessionConfig config, Sink& sink, std::function<void(std::string)> send);

  void on_connected();
  void on_frame(std::string_view text);
  void on_closed(const std::string& why);

  // Runs one typed line (a command or a move).
  void run_line(std::string_view line);
  // End of input (EOF on stdin, Ctrl-D): behaves like quit once nothing is pending.
  void on_end_of_input() { input_ended_ = true; }

  // Timeouts of replies and waits; call after every wake-up.
  void tick(Clock::time_point now);
  std::optional<Clock::time_point> next_deadline() const;

  bool identified() const { return !player_.empty(); }
  // The connection was lost and the caller should connect again (config.reconnect).
  bool offline() const { return offline_; }
  bool busy() const { return !pending_.empty() || wait_.has_value(); }
  bool finished() const { return finished_ || (input_ended_ && !busy()); }
  int exit_status() const;

  // The prompt, with both clocks while a game is on ("[alice 4:59 | bob 5:00*] > ").
  std::string prompt(Clock::time_point now) const;
  bool clocks_ticking() const;

  // The ids and names Tab may complete (session_board.cpp).
  KnownIds known_ids() const;

 private:
  struct LiveGame {
    protocol::server::GameView view;
    std::shared_ptr<const rules::Ruleset> rules;
    std::optional<rules::Position> position, previous;
    std::string last_move;
    Clock::time_point clocks_at;  // when view.clocks was received
    bool ended = false;
    std::string end_text;
    std::string huff;  // named with `huff SQ`: put in front of the next move
  };
  struct Pending {
    Cmd kind;
    std::string game_id;  // resign / accept: game_over of this game completes them
    Clock::time_point deadline;
  };
  struct Wait {
    WaitArgs args;
    Clock::time_point deadline;
  };
  struct Replay {
    protocol::server::Record record;
    std::shared_ptr<const rules::Ruleset> rules;
    std::vector<rules::Position> positions;  // start, then after each move replayed
    std::string problem;                      // why the replay stopped early
    int step = 0;
  };
  struct LoggedEvent {
    std::string type;
    std::string game_id;
    bool taken = false;
  };

  // Identity.
  void identify();
  void send_identity_request(bool try_resume);
  void on_identity(const protocol::server::Identity& m, const protocol::RequestId& id);
  void on_identity_error(const protocol::server::Error& e);

  // Commands.
  void run_command(const Command& c);
  std::int64_t request(Cmd kind, const protocol::client::Request& r, std::string game_id = {});
  void cmd_help(const Command& c);
  void cmd_games();
  void cmd_create(const Command& c);
  void cmd_move(const Command& c);
  void cmd_huff(const Command& c);
  // The pieces the player to move may name for a huff (from the legal moves' texts).
  static std::vector<std::string> huff_choices(const LiveGame& g);
  void cmd_game_request(const Command& c);
  void cmd_archive(const Command& c);
  void cmd_replay_step(const Command& c);
  void cmd_wait(const Command& c);
  void cmd_board();
  void cmd_moves();
  void cmd_flip();  // session_board.cpp

  // Server messages.
  void handle(const protocol::ServerFrame& frame, const protocol::Json& raw);
  void on_game_view(const protocol::server::GameView& v, bool started);
  void on_move(const protocol::server::Move& m);
  void on_game_over(const protocol::server::GameOver& m);
  void on_game_record(const protocol::server::Record& r);
  void on_lobby(const protocol::server::Lobby& l);
  void on_games(const protocol::server::Games& g);
  void log_event(const std::string& type, const std::string& game_id);
  void check_wait();

  // Replies.
  void reply_ok(Out out);
  void reply_error(std::string_view command, std::string code, std::string message);
  void complete(Cmd kind, bool ok);
  std::optional<Pending> take_pending(const protocol::RequestId& id);

  // Display.
  LiveGame* current();
  const LiveGame* current() const;
  bool is_player(const LiveGame& g) const;
  std::vector<std::string> game_lines(const LiveGame& g) const;
  std::vector<std::string> replay_lines() const;
  std::string clock_line(const LiveGame& g, Clock::time_point now) const;
  std::string side_label(const LiveGame& g, const std::string& side) const;
  void show(Out::Kind kind, std::string name, std::vector<std::string> lines);
  // How to draw a board (session_board.cpp): colour, and turned round for the second
  // player (or for a replay of a game this player played second), the whole XOR flip_.
  BoardStyle board_style(const LiveGame& g) const;
  BoardStyle board_style(const Replay& r) const;
  Out replay_step_out(std::string_view command) const;

  SessionConfig config_;
  Sink& sink_;
  std::function<void(std::string)> send_;

  std::string player_;
  bool tried_resume_ = false;
  std::vector<protocol::server::GameInfo> catalogue_;
  std::int64_t grace_ms_ = 0;

  std::optional<std::string> room_id_;
  std::map<std::string, LiveGame> games_;
  std::string current_id_;

  protocol::client::ListGames archive_query_;
  std::optional<std::string> archive_cursor_;
  std::optional<Replay> replay_;
  bool flip_ = false;  // `flip`: every board turned round from the usual view
  KnownIds listed_;    // ids of the last rooms and archive listings (rooms, live, archived)

  std::int64_t next_id_ = 1;
  std::map<std::int64_t, Pending> pending_;
  std::optional<Wait> wait_;
  std::deque<LoggedEvent> events_;

  bool finished_ = false;
  bool offline_ = false;  // lost the connection; waiting to be connected again
  bool input_ended_ = false;
  bool last_ok_ = true;
  bool connection_failed_ = false;
};

}  // namespace bh::cli
