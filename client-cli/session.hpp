// One connected client session: what the user asked, what the server said, and what
// to show. It knows nothing of sockets or terminals: frames come in through on_frame(),
// requests go out through the `send` function, and everything to show goes to a Sink.
// The connect command (connect_command.cpp) drives it from its poll() loop.
//
// State kept here: the identity, the catalogue from `welcome`, the open room, the live
// games this client plays or watches (position, clocks, last move), the archive
// listing's cursor, a replay, the commands waiting for their reply, and a log of
// server events for `wait event` (the value types are in session_state.hpp).
//
// One job per file: session.cpp (connection, identity, pending requests, waits,
// replies), session_commands.cpp (one handler per command), session_events.cpp (one
// handler per server message), session_games.cpp and session_listings.cpp (what those
// messages change), session_tournaments.cpp (the tournament commands and messages),
// session_display.cpp and session_board.cpp (what is shown), and session_format.hpp and
// tournament_text.hpp (the pure text helpers).
//
// Thread-safety: none; the UI thread only.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "board_text.hpp"
#include "command_line.hpp"
#include "completion.hpp"
#include "identity_store.hpp"
#include "protocol/json_fwd.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"
#include "session_output.hpp"
#include "session_state.hpp"

namespace bh::cli {

struct SessionConfig {
  ConnectOptions options;
  std::string password;  // for --login / --register
  // Asked when a password is needed and `password` is empty (e.g. a resume failed).
  std::function<std::optional<std::string>()> ask_password;
  IdentityStore* store = nullptr;  // may be null: nothing remembered
  std::string server;              // server_key() of options.url: the store's key
  bool colour = false;
  bool script = false;  // fields for scripts rather than boards for people
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
  // One server message's context: which request it answers, if any, and its JSON.
  struct Incoming {
    const protocol::RequestId& id;
    bool identity_reply;                        // id 0: the answer to guest/login/register/resume
    std::optional<Pending> pending;             // the command it answers, taken off pending_
    std::shared_ptr<const protocol::Json> raw;  // escaped (server_text.hpp)
  };

  // Identity.
  void identify();
  void send_identity_request(bool try_resume);
  void on_identity(const protocol::server::Identity& m, const protocol::RequestId& id);
  void on_identity_error(const protocol::server::Error& e);

  // Commands (session_commands.cpp): one handler each.
  void run_command(const Command& c);
  std::int64_t request(Cmd kind, const protocol::client::Request& r, std::string game_id = {});
  void cmd_help(const Command& c);
  void cmd_games();
  void cmd_create(const Command& c);
  void cmd_seek(const Command& c);
  void cmd_challenge(const Command& c);
  void cmd_computer(const Command& c);
  void cmd_create_tournament(const Command& c);
  void cmd_tournament(const Command& c);  // tournaments, tournament, join-, withdraw-, start-tournament
  void cmd_rematch(const Command& c);
  void cmd_move(const Command& c);
  void cmd_huff(const Command& c);
  void cmd_notify(const Command& c);
  void cmd_moderation(const Command& c);  // block, unblock, blocks, report, reports, mod, moderation
  void cmd_game_request(const Command& c);
  void cmd_say(const Command& c);
  void cmd_mute(const Command& c);
  void cmd_takeback(const Command& c);
  void cmd_archive(const Command& c);
  void cmd_replay_step(const Command& c);
  void cmd_wait(const Command& c);
  void cmd_board();
  void cmd_moves();
  void cmd_flip();  // session_board.cpp

  // Server messages (session_events.cpp): one handler per message type; handle()
  // only works out the context and dispatches.
  void handle(const protocol::ServerFrame& frame, std::shared_ptr<const protocol::Json> raw);
  Out event(const Incoming& in, std::string type) const;  // an event record carrying the raw message
  void answer(const Incoming& in, Out out);               // the ok reply to in.pending
  void emit(const Incoming& in, Out out);                 // the reply if one is pending, else an event
  void on(const protocol::server::Welcome& m, const Incoming& in);
  void on(const protocol::server::Pong& m, const Incoming& in);
  void on(const protocol::server::Ok& m, const Incoming& in);
  void on(const protocol::server::TokenCreated& m, const Incoming& in);
  void on(const protocol::server::ChallengeReceived& m, const Incoming& in);
  void on(const protocol::server::Challenges& m, const Incoming& in);
  void on(const protocol::server::Tokens& m, const Incoming& in);
  // Moderation (docs/protocol.md, "Moderation").
  void on(const protocol::server::Blocks& m, const Incoming& in);
  void on(const protocol::server::Reports& m, const Incoming& in);
  void on(const protocol::server::ModerationReply& m, const Incoming& in);
  void on(const protocol::server::Moderated& m, const Incoming& in);
  void on(const protocol::server::Error& m, const Incoming& in);
  void on(const protocol::server::Identity& m, const Incoming& in);
  void on(const protocol::server::SessionReplaced& m, const Incoming& in);
  void on(const protocol::server::Shutdown& m, const Incoming& in);
  void on(const protocol::server::Lobby& m, const Incoming& in);
  void on(const protocol::server::RoomOpened& m, const Incoming& in);
  void on(const protocol::server::RoomClosed& m, const Incoming& in);
  void on(const protocol::server::LiveGameListed& m, const Incoming& in);
  void on(const protocol::server::LiveGameEnded& m, const Incoming& in);
  void on(const protocol::server::RoomCreated& m, const Incoming& in);
  void on(const protocol::server::RoomCancelled& m, const Incoming& in);
  void on(const protocol::server::GameStarted& m, const Incoming& in);
  void on(const protocol::server::GameState& m, const Incoming& in);
  void on(const protocol::server::Move& m, const Incoming& in);
  void on(const protocol::server::GameOver& m, const Incoming& in);
  void on(const protocol::server::MatchOver& m, const Incoming& in);
  void on(const protocol::server::DrawOffered& m, const Incoming& in);
  void on(const protocol::server::DrawDeclined& m, const Incoming& in);
  void on(const protocol::server::TakebackOffered& m, const Incoming& in);
  void on(const protocol::server::TakebackDeclined& m, const Incoming& in);
  void on(const protocol::server::TakebackAccepted& m, const Incoming& in);
  void on(const protocol::server::PlayerReturned& m, const Incoming& in);
  void on(const protocol::server::PlayerLeft& m, const Incoming& in);
  void on(const protocol::server::Spectators& m, const Incoming& in);
  void on(const protocol::server::Games& m, const Incoming& in);
  void on(const protocol::server::GameRecord& m, const Incoming& in);
  void on(const protocol::server::Chat& m, const Incoming& in);
  void on(const protocol::server::RematchOffered& m, const Incoming& in);
  void on(const protocol::server::RematchStarted& m, const Incoming& in);
  void on(const protocol::server::RematchCancelled& m, const Incoming& in);
  void on(const protocol::server::Player& m, const Incoming& in);
  void on(const protocol::server::LeaderboardReply& m, const Incoming& in);
  void on(const protocol::server::ExplorerReply& m, const Incoming& in);
  void on(const protocol::server::Challenge& m, const Incoming& in);
  void on(const protocol::server::PlayerGames& m, const Incoming& in);
  void on(const protocol::server::NotificationSettings& m, const Incoming& in);
  // Tournaments (session_tournaments.cpp).
  void on(const protocol::server::TournamentReply& m, const Incoming& in);
  void on(const protocol::server::TournamentUpdated& m, const Incoming& in);
  void on(const protocol::server::TournamentFinished& m, const Incoming& in);
  void on(const protocol::server::TournamentPaired& m, const Incoming& in);
  void on(const protocol::server::TournamentList& m, const Incoming& in);
  // What the messages change (session_events.cpp).
  void on_game_view(const protocol::server::GameView& v, bool started);
  void on_move(const protocol::server::Move& m);
  void on_game_over(const protocol::server::GameOver& m);
  void on_game_record(const protocol::server::ArchivedGame& r);
  void on_export(const protocol::server::ArchivedGame& r);  // `export GAME [FILE]`
  void on_lobby(const protocol::server::Lobby& l);
  // After a reconnection: our public open room missing from a complete list of the
  // lobby's rooms closed while we were away (its grace passed, or its node died).
  void check_room_listed(const protocol::server::Lobby& l);
  void on_games(const protocol::server::Games& g);
  void on_profile(const protocol::server::Profile& p);
  void remember_player(const std::string& name);
  void on_leaderboard(const protocol::server::Leaderboard& l);
  void on_explorer(const protocol::server::Explorer& e);
  void on_my_games(const protocol::server::PlayerGames& games);
  void on_notifications(const protocol::server::NotificationSettings& settings);
  // A tournament's reply to one of the commands, and its changes while followed
  // (session_tournaments.cpp).
  void on_tournament_reply(const protocol::server::TournamentView& v, Cmd kind);
  void on_tournament_changed(const protocol::server::TournamentView& v, const Incoming& in);
  void remember_tournament(const protocol::server::TournamentSummary& t);
  // After a reconnection: the server forgot what this connection followed.
  void follow_tournaments_again();
  void log_event(const std::string& type, const std::string& game_id);
  void check_wait();

  // Replies.
  void reply_ok(Out out);
  void reply_error(std::string_view command, std::string code, std::string message);
  std::optional<Pending> take_pending(const protocol::RequestId& id);

  // Display (session_display.cpp).
  FollowedGame* current();
  const FollowedGame* current() const;
  bool is_player(const FollowedGame& g) const;
  std::vector<std::string> game_lines(const FollowedGame& g) const;
  std::string clock_line(const FollowedGame& g, Clock::time_point now) const;
  std::string side_label(const FollowedGame& g, const std::string& side) const;
  // How to draw a board (session_board.cpp): colour, and turned round for the second
  // player (or for a replay of a game this player played second), the whole XOR flip_.
  BoardStyle board_style(const FollowedGame& g) const;
  BoardStyle board_style(const Replay& r) const;
  Out replay_step_out(std::string_view command) const;

  SessionConfig config_;
  Sink& sink_;
  std::function<void(std::string)> send_;

  std::string player_;
  std::string role_;          // moderator or admin, as the identity said; "" for a player
  bool reports_all_ = false;  // the last `reports` asked for the closed ones too
  bool tried_resume_ = false;
  // The server said the player's game is on another node, or being taken over by one
  // (cluster mode): the resume is sent again then, the token kept.
  std::optional<Clock::time_point> resume_again_at_;
  std::vector<protocol::server::GameInfo> catalogue_;
  std::int64_t grace_ms_ = 0;

  std::optional<std::string> room_id_;
  bool room_private_ = false;  // room_id_ has an invite code: the lobby never lists it
  // The request that asks, after a reconnection, whether our open room is still listed.
  std::optional<std::int64_t> room_check_id_;
  std::optional<std::string> rematch_room_;  // the finished match a rematch may follow
  std::map<std::string, FollowedGame> games_;
  std::string current_id_;

  protocol::client::ListGames archive_query_;
  std::optional<std::string> archive_cursor_;
  std::optional<Replay> replay_;
  std::map<std::string, std::string> export_files_;  // game id -> where `export` writes it ("" prints)
  bool flip_ = false;                                // `flip`: every board turned round from the usual view
  KnownIds listed_;  // ids of the last rooms and archive listings (rooms, live, archived)

  // Tournaments: each one shown with `tournament ID` (the server sends its changes) as
  // last seen, to say what changed; the game and format of those seen in any reply or
  // listing (at most 200), to name a player's side when a game is paired; the one shown
  // last (`tournament` without an id); the requests following them again after a
  // reconnection.
  std::map<std::string, protocol::server::TournamentView> followed_tournaments_;
  struct TournamentKind {
    std::string game, format;
  };
  std::map<std::string, TournamentKind> tournament_kinds_;
  std::string shown_tournament_;
  std::set<std::string> tournament_game_ids_;  // our games a tournament paired (no rematch after them)
  std::set<std::int64_t> refollow_ids_;

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
