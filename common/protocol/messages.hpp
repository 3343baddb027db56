// The Boardhall protocol (docs/protocol.md): every message as a typed struct, and its
// JSON form. Requests (client → server) live in `client`, replies and events
// (server → client) in `server`. The server decodes a frame once, here, into a
// `client::Request`; rooms and rules see only these structs, never JSON.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/option_map.hpp"

namespace bh::protocol {

inline constexpr int kProtocolVersion = 1;

// Every error code a server reply can carry (docs/protocol.md, "Errors").
enum class ErrorCode {
  bad_request,
  unknown_type,
  not_authenticated,
  bad_name,
  bad_password,
  name_taken,
  auth_failed,
  too_many_attempts,
  bad_options,
  unknown_room,
  room_full,
  already_seated,
  room_closed,
  bad_invite,
  not_creator,
  unknown_game,
  not_a_player,
  not_your_turn,
  stale_ply,
  illegal_move,
  game_over,
  no_draw_offer,
  not_found,
  bad_query,
  storage_unavailable,
  server_busy,
  shutting_down,
  too_large,
  rate_limited,
  bad_chat,
  nothing_to_take_back,
  takeback_pending,
  no_takeback_request,
  too_late_to_abort,
  no_rematch_offer,
  rematch_unavailable,
  account_required,
  no_computer,
  too_many_rooms,
  rated_pair_limit,
  game_moved,
  too_many_games,
  unknown_tournament,
  tournament_started,
  tournament_full,
  not_eligible,
  already_joined,
  not_joined,
  too_few_players,
  blocked,
  forbidden,
  suspended,
  banned,
  internal,
};
inline constexpr int kErrorCodeCount = static_cast<int>(ErrorCode::internal) + 1;
std::string_view to_string(ErrorCode);
std::optional<ErrorCode> error_code_from_string(std::string_view);

// A request id: absent, an integer or a string; echoed in the direct reply.
// A string id longer than kMaxIdLength is ignored (the request counts as having none).
inline constexpr std::size_t kMaxIdLength = 256;
struct RequestId {
  std::variant<std::monostate, std::int64_t, std::string> value;
  bool empty() const { return value.index() == 0; }
  friend bool operator==(const RequestId&, const RequestId&) = default;
};

// Shared pieces.
struct SidePair {  // player names or side names by side
  std::string first, second;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("first", s.first);
    v("second", s.second);
  }
};
struct PointPair {
  double first = 0, second = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("first", s.first);
    v("second", s.second);
  }
};
struct ClockMs {
  std::int64_t initial_ms = 0, increment_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("initial_ms", s.initial_ms);
    v("increment_ms", s.increment_ms);
  }
};
// A correspondence game's time control (docs/protocol.md, "Correspondence games"): days
// per move (each move within N days), or a time bank (bank_days to start, increment_hours
// added after each move, at least minimum_hours for any move).
struct Correspondence {
  std::optional<int> days_per_move;
  std::optional<int> bank_days, increment_hours, minimum_hours;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("days_per_move", s.days_per_move);
    v("bank_days", s.bank_days);
    v("increment_hours", s.increment_hours);
    v("minimum_hours", s.minimum_hours);
  }
  friend bool operator==(const Correspondence&, const Correspondence&) = default;
};
// A player's rating as shown (one decimal each); provisional while rd > 110.
struct RatingView {
  double rating = 1500, rd = 500;
  bool provisional = true;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("rating", s.rating);
    v("rd", s.rd);
    v("provisional", s.provisional);
  }
  friend bool operator==(const RatingView&, const RatingView&) = default;
};
// Each side's rating (null: a guest).
struct RatingPair {
  std::optional<RatingView> first, second;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("first", s.first);
    v("second", s.second);
  }
  friend bool operator==(const RatingPair&, const RatingPair&) = default;
};

namespace client {

struct Ping {
  static constexpr const char* type = "ping";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct Guest {
  static constexpr const char* type = "guest";
  std::string name;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
  }
};
struct Register {
  static constexpr const char* type = "register";
  std::string name, password;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("password", s.password);
  }
};
struct Login {
  static constexpr const char* type = "login";
  std::string name, password;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("password", s.password);
  }
};
struct Resume {
  static constexpr const char* type = "resume";
  std::string token;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("token", s.token);
  }
};
struct ListRooms {
  static constexpr const char* type = "list_rooms";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct SubscribeLobby {
  static constexpr const char* type = "subscribe_lobby";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct UnsubscribeLobby {
  static constexpr const char* type = "unsubscribe_lobby";
  template <class S, class V>
  static void fields(S&, V&) {}
};
// A live clock (initial_s, increment_s) or a correspondence game's time control
// (days_per_move; or bank_days, increment_hours, minimum_hours): one kind, never mixed.
struct ClockSeconds {
  std::optional<double> initial_s;
  std::optional<double> increment_s;
  std::optional<int> days_per_move;
  std::optional<int> bank_days, increment_hours, minimum_hours;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("initial_s", s.initial_s);
    v("increment_s", s.increment_s);
    v("days_per_move", s.days_per_move);
    v("bank_days", s.bank_days);
    v("increment_hours", s.increment_hours);
    v("minimum_hours", s.minimum_hours);
  }
};
struct CreateRoom {
  static constexpr const char* type = "create_room";
  std::string game;
  std::optional<OptionMap> options;
  std::optional<std::string> side;  // first, second, a side name, random (default)
  std::optional<ClockSeconds> clock;
  std::optional<int> games;        // default 1
  std::optional<bool> is_private;  // "private", default false
  // Default: rated when the creator is registered, casual for a guest.
  std::optional<bool> rated;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("options", s.options);
    v("side", s.side);
    v("clock", s.clock);
    v("games", s.games);
    v("private", s.is_private);
    v("rated", s.rated);
  }
};
struct JoinRoom {
  static constexpr const char* type = "join_room";
  std::string room_id;
  std::optional<std::string> invite_code;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("invite_code", s.invite_code);
  }
};
struct CancelRoom {
  static constexpr const char* type = "cancel_room";
  std::string room_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
  }
};
// Requests naming only a room (rematch: docs/protocol.md, "Rematch").
template <const char* Type>
struct RoomRequest {
  static constexpr const char* type = Type;
  std::string room_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
  }
};
inline constexpr char kOfferRematch[] = "offer_rematch";
inline constexpr char kAcceptRematch[] = "accept_rematch";
inline constexpr char kDeclineRematch[] = "decline_rematch";
inline constexpr char kLeaveRoom[] = "leave_room";
using OfferRematch = RoomRequest<kOfferRematch>;
using AcceptRematch = RoomRequest<kAcceptRematch>;
using DeclineRematch = RoomRequest<kDeclineRematch>;
using LeaveRoom = RoomRequest<kLeaveRoom>;
// Quick pairing: join the oldest compatible room opened by a seek, or open one.
struct Seek {
  static constexpr const char* type = "seek";
  std::string game;
  std::optional<OptionMap> options;
  std::optional<ClockSeconds> clock;
  std::optional<bool> rated;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("rated", s.rated);
  }
};
// Play the computer: a private casual room with a bot account's seat kept for it.
struct PlayComputer {
  static constexpr const char* type = "play_computer";
  std::string game;
  std::optional<OptionMap> options;
  std::optional<int> level;  // 1..8, default 4
  std::optional<ClockSeconds> clock;
  std::optional<std::string> side;  // the player's side: first, second, a side name, random (default)
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("options", s.options);
    v("level", s.level);
    v("clock", s.clock);
    v("side", s.side);
  }
};
struct Move {
  static constexpr const char* type = "move";
  std::string game_id;
  int ply = 0;
  std::string move;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("ply", s.ply);
    v("move", s.move);
  }
};
// Requests naming only a game.
template <const char* Type>
struct GameRequest {
  static constexpr const char* type = Type;
  std::string game_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
  }
};
inline constexpr char kResign[] = "resign";
inline constexpr char kOfferDraw[] = "offer_draw";
inline constexpr char kAcceptDraw[] = "accept_draw";
inline constexpr char kDeclineDraw[] = "decline_draw";
inline constexpr char kTakeback[] = "takeback";
inline constexpr char kAcceptTakeback[] = "accept_takeback";
inline constexpr char kDeclineTakeback[] = "decline_takeback";
inline constexpr char kAbort[] = "abort";
inline constexpr char kWatch[] = "watch";
inline constexpr char kUnwatch[] = "unwatch";
inline constexpr char kGetGame[] = "get_game";
using Resign = GameRequest<kResign>;
using OfferDraw = GameRequest<kOfferDraw>;
using AcceptDraw = GameRequest<kAcceptDraw>;
using DeclineDraw = GameRequest<kDeclineDraw>;
using Takeback = GameRequest<kTakeback>;
using AcceptTakeback = GameRequest<kAcceptTakeback>;
using DeclineTakeback = GameRequest<kDeclineTakeback>;
using Abort = GameRequest<kAbort>;
using Watch = GameRequest<kWatch>;
using Unwatch = GameRequest<kUnwatch>;
using GetGame = GameRequest<kGetGame>;
// A line of chat in a game (docs/protocol.md, "Chat"). The text is read with a larger
// limit than other strings (140 code points may take 560 bytes); the server checks it
// (game/chat_text.hpp).
inline constexpr std::size_t kMaxChatBytes = 2048;
struct Chat {
  static constexpr const char* type = "chat";
  std::string game_id, text;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("text", s.text, kMaxChatBytes);
  }
};
inline constexpr char kMute[] = "mute";
inline constexpr char kUnmute[] = "unmute";
using Mute = GameRequest<kMute>;
using Unmute = GameRequest<kUnmute>;
// A player's profile and a rating key's leaderboard (docs/protocol.md, "Ratings"): the
// same objects as GET /api/players/{name} and GET /api/leaderboard.
struct GetPlayer {
  static constexpr const char* type = "get_player";
  std::string name;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
  }
};
struct GetLeaderboard {
  static constexpr const char* type = "get_leaderboard";
  std::string game;          // a rating key
  std::optional<int> limit;  // 1..100, default 20
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("limit", s.limit);
  }
};
struct ListGames {
  static constexpr const char* type = "list_games";
  std::optional<std::string> game, player, result, winner;
  std::optional<std::int64_t> from, to;
  std::optional<int> limit;
  std::optional<std::string> cursor;
  std::optional<std::string> tournament;  // a tournament's games only
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("player", s.player);
    v("result", s.result);
    v("winner", s.winner);
    v("tournament", s.tournament);
    v("from", s.from);
    v("to", s.to);
    v("limit", s.limit);
    v("cursor", s.cursor);
  }
};

// The games the requester plays now, live and correspondence (docs/protocol.md, "Your
// games"), their turn first.
struct MyGames {
  static constexpr const char* type = "my_games";
  template <class S, class V>
  static void fields(S&, V&) {}
};

// The requester's notification settings (docs/notifications.md).
struct GetNotifications {
  static constexpr const char* type = "notifications";
  template <class S, class V>
  static void fields(S&, V&) {}
};

// Changes the requester's notification settings; an absent field is kept. A new email
// is sent a verification link and used once it is opened.
struct SetNotifications {
  static constexpr const char* type = "set_notifications";
  std::optional<std::string> email;  // "": none
  std::optional<bool> on_move;
  std::optional<std::vector<int>> reminder_hours;
  std::optional<std::string> webhook_url;  // "": none
  std::optional<bool> new_webhook_secret;  // true: a new secret signs the POSTs
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("email", s.email);
    v("on_move", s.on_move);
    v("reminder_hours", s.reminder_hours);
    v("webhook_url", s.webhook_url);
    v("new_webhook_secret", s.new_webhook_secret);
  }
};

// Challenge a player by name (docs/protocol.md, "Challenge a player"): a private room
// whose second seat is kept for `to`.
struct ChallengePlayer {
  static constexpr const char* type = "challenge_player";
  std::string to;
  std::string game;
  std::optional<OptionMap> options;
  std::optional<std::string> side;
  std::optional<ClockSeconds> clock;
  std::optional<int> games;
  std::optional<bool> rated;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("to", s.to);
    v("game", s.game);
    v("options", s.options);
    v("side", s.side);
    v("clock", s.clock);
    v("games", s.games);
    v("rated", s.rated);
  }
};
struct DeclineChallenge {
  static constexpr const char* type = "decline_challenge";
  std::string room_id;
  std::optional<std::string> reason;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("reason", s.reason);
  }
};
struct ListChallenges {
  static constexpr const char* type = "list_challenges";
  template <class S, class V>
  static void fields(S&, V&) {}
};

// Personal API tokens (docs/api.md): a registered player's tokens for programs.
struct CreateToken {
  static constexpr const char* type = "create_token";
  std::optional<std::string> label;
  std::vector<std::string> scopes;  // read, play, bot:play, challenge
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("label", s.label);
    v("scopes", s.scopes);
  }
};
struct ListTokens {
  static constexpr const char* type = "list_tokens";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct RevokeToken {
  static constexpr const char* type = "revoke_token";
  std::string token_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("token_id", s.token_id);
  }
};

// Moderation (docs/protocol.md, "Moderation"): what a player does about another, and
// what a moderator does.
inline constexpr std::size_t kMaxModerationText = 500;
struct BlockPlayer {
  static constexpr const char* type = "block_player";
  std::string name;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
  }
};
struct UnblockPlayer {
  static constexpr const char* type = "unblock_player";
  std::string name;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
  }
};
struct ListBlocks {
  static constexpr const char* type = "list_blocks";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct ReportPlayer {
  static constexpr const char* type = "report_player";
  std::string name, reason;
  std::optional<std::string> text, game_id;
  std::optional<int> ply;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("reason", s.reason);
    v("text", s.text, kMaxModerationText);
    v("game_id", s.game_id);
    v("ply", s.ply);
  }
};
struct ListReports {
  static constexpr const char* type = "list_reports";
  std::optional<bool> open;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("open", s.open);
  }
};
struct GetModeration {
  static constexpr const char* type = "get_moderation";
  std::optional<std::int64_t> audit_before;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("audit_before", s.audit_before);
  }
};
struct Moderate {
  static constexpr const char* type = "moderate";
  std::string action, target, reason;
  std::optional<std::string> role;
  std::optional<int> hours;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("action", s.action);
    v("target", s.target);
    v("reason", s.reason, kMaxModerationText);
    v("role", s.role);
    v("hours", s.hours);
  }
};

// Tournaments (docs/tournaments.md). A tournament is created by a registered player (or
// the operator); the format's fields apply to it alone.
struct CreateTournament {
  static constexpr const char* type = "create_tournament";
  std::string name;
  std::string format;  // round_robin, swiss, arena
  std::string game;
  std::optional<OptionMap> options;
  std::optional<ClockSeconds> clock;  // live (initial_s, increment_s) or days_per_move
  std::optional<bool> rated;          // default true
  std::optional<int> rounds;          // swiss
  std::optional<int> cycles;          // round robin: 1 or 2 (default: 2 in the tafl games)
  std::optional<int> group_size;      // round robin: groups of at most this many
  std::optional<int> duration_min;    // arena
  std::optional<std::int64_t> starts_ms;
  std::optional<int> max_players, min_rating;
  std::optional<bool> is_private;  // "private"
  std::optional<bool> mini_match;  // swiss in a tafl game: each round a game on each side
  std::optional<double> bye_points;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("format", s.format);
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("rated", s.rated);
    v("rounds", s.rounds);
    v("cycles", s.cycles);
    v("group_size", s.group_size);
    v("duration_min", s.duration_min);
    v("starts_ms", s.starts_ms);
    v("max_players", s.max_players);
    v("min_rating", s.min_rating);
    v("private", s.is_private);
    v("mini_match", s.mini_match);
    v("bye_points", s.bye_points);
  }
};
struct JoinTournament {
  static constexpr const char* type = "join_tournament";
  std::string tournament_id;
  std::optional<std::string> invite_code;  // a private tournament's
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
    v("invite_code", s.invite_code);
  }
};
// Its creator enters the computer (a connected bot account) before the start, playing
// at `level` (1..8; 4 by default), when the tournament lets bots in.
struct AddComputer {
  static constexpr const char* type = "add_computer";
  std::string tournament_id;
  std::optional<int> level;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
    v("level", s.level);
  }
};
// The sender withdraws; or, with `player`, its creator takes out the computer it added
// (before the start).
struct WithdrawTournament {
  static constexpr const char* type = "withdraw_tournament";
  std::string tournament_id;
  std::optional<std::string> player;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
    v("player", s.player);
  }
};
struct StartTournament {
  static constexpr const char* type = "start_tournament";
  std::string tournament_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
  }
};
struct ListTournaments {
  static constexpr const char* type = "list_tournaments";
  std::optional<std::string> status;  // upcoming, running, finished; none: all three
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("status", s.status);
  }
};
// The tournament; the connection follows it (tournament_updated, tournament_finished)
// unless `follow` is false.
struct GetTournament {
  static constexpr const char* type = "get_tournament";
  std::string tournament_id;
  std::optional<bool> follow;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
    v("follow", s.follow);
  }
};

// The opening explorer (docs/explorer.md): the moves played from the position `moves`
// lead to, in the archive's games the filters keep. The same as GET /api/explorer.
struct Explore {
  static constexpr const char* type = "explore";
  std::string game;
  std::optional<OptionMap> options;               // none: the game's defaults
  std::optional<std::vector<std::string>> moves;  // from the start, as the rules write them; none: the start
  std::optional<std::string> source;              // all (default), here, imported
  std::optional<std::string> rating;              // "1600-2000", "1600-", "-2000"
  std::optional<std::string> since, until;        // months, "2024-03"
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("options", s.options);
    v("moves", s.moves);
    v("source", s.source);
    v("rating", s.rating);
    v("since", s.since);
    v("until", s.until);
  }
};

using Request =
    std::variant<Ping, Guest, Register, Login, Resume, ListRooms, SubscribeLobby, UnsubscribeLobby, CreateRoom,
                 JoinRoom, CancelRoom, Move, Resign, OfferDraw, AcceptDraw, DeclineDraw, Watch, Unwatch, ListGames,
                 GetGame, Chat, Mute, Unmute, Takeback, AcceptTakeback, DeclineTakeback, Abort, OfferRematch,
                 AcceptRematch, DeclineRematch, LeaveRoom, Seek, GetPlayer, GetLeaderboard, PlayComputer, MyGames,
                 GetNotifications, SetNotifications, CreateTournament, JoinTournament, WithdrawTournament,
                 StartTournament, ListTournaments, GetTournament, AddComputer, Explore, CreateToken, ListTokens,
                 RevokeToken, ChallengePlayer, DeclineChallenge, ListChallenges, BlockPlayer, UnblockPlayer, ListBlocks,
                 ReportPlayer, ListReports, GetModeration, Moderate>;

}  // namespace client

namespace server {

struct OptionInfo {
  std::string name, description;
  std::vector<int> allowed;
  std::optional<int> fallback;  // "default"
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("description", s.description);
    v("allowed", s.allowed);
    v("default", s.fallback);
  }
};
struct GameInfo {
  std::string id, name, first_side, second_side;
  std::vector<OptionInfo> options;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("id", s.id);
    v("name", s.name);
    v("first_side", s.first_side);
    v("second_side", s.second_side);
    v("options", s.options);
  }
};
struct Welcome {
  static constexpr const char* type = "welcome";
  int protocol = kProtocolVersion;
  std::string server;
  std::int64_t reconnect_grace_ms = 0;
  std::vector<GameInfo> games;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("protocol", s.protocol);
    v("server", s.server);
    v("reconnect_grace_ms", s.reconnect_grace_ms);
    v("games", s.games);
  }
};
struct Pong {
  static constexpr const char* type = "pong";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct Ok {
  static constexpr const char* type = "ok";
  template <class S, class V>
  static void fields(S&, V&) {}
};
struct Error {
  static constexpr const char* type = "error";
  std::string code, message;
  std::optional<std::int64_t> retry_after_ms;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("code", s.code);
    v("message", s.message);
    v("retry_after_ms", s.retry_after_ms);
  }
};
struct Identity {
  static constexpr const char* type = "identity";
  std::string player, token;
  bool registered = false;
  std::optional<bool> bot;          // true for an operator-made bot account; null otherwise
  std::optional<std::string> role;  // moderator or admin (docs/protocol.md, "Moderation"); null otherwise
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("player", s.player);
    v("token", s.token);
    v("registered", s.registered);
    v("bot", s.bot);
    v("role", s.role);
  }
};
struct SessionReplaced {
  static constexpr const char* type = "session_replaced";
  std::string message;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("message", s.message);
  }
};
struct Shutdown {
  static constexpr const char* type = "shutdown";
  std::string message;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("message", s.message);
  }
};

struct RoomInfo {
  std::string room_id, game;
  OptionMap options;
  std::string creator, creator_side;  // first, second or random
  std::optional<ClockMs> clock;
  int games = 1;
  bool is_private = false;
  std::optional<bool> seek;  // true: opened by `seek` (quick pairing); null otherwise
  // Always sent by this server; optional only to read an older one (as `spectators`).
  std::optional<bool> rated;
  std::optional<RatingView> creator_rating;      // for the room's rating key; null: a guest
  std::optional<int> computer_level;             // a room of play_computer: the bot's level
  std::optional<Correspondence> correspondence;  // a correspondence game's time control; null: none
  std::optional<std::string> challenged;         // challenge_player: the player the second seat is kept for
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("game", s.game);
    v("options", s.options);
    v("creator", s.creator);
    v("creator_side", s.creator_side);
    v("clock", s.clock);
    v("games", s.games);
    v("private", s.is_private);
    v("seek", s.seek);
    v("rated", s.rated);
    v("creator_rating", s.creator_rating);
    v("computer_level", s.computer_level);
    v("correspondence", s.correspondence);
    v("challenged", s.challenged);
  }
};
struct LiveGameInfo {
  std::string game_id, room_id, game;
  OptionMap options;
  std::optional<ClockMs> clock;  // null: the game has no clock
  SidePair players;
  int ply = 0;  // as of the snapshot: subscribers are not told of each move
  std::int64_t started_ms = 0;
  // Always sent by this server; optional only to read an older one.
  std::optional<bool> rated;
  std::optional<RatingPair> ratings;             // each player's rating when the game started
  std::optional<std::vector<std::string>> bots;  // the players that are bot accounts; null: none
  std::optional<int> computer_level;             // a game against the computer: its level
  std::optional<Correspondence> correspondence;  // a correspondence game's time control; null: none
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("room_id", s.room_id);
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("players", s.players);
    v("ply", s.ply);
    v("started_ms", s.started_ms);
    v("rated", s.rated);
    v("ratings", s.ratings);
    v("bots", s.bots);
    v("computer_level", s.computer_level);
    v("correspondence", s.correspondence);
  }
};
struct Lobby {
  static constexpr const char* type = "lobby";
  std::vector<RoomInfo> rooms;  // the oldest first, at most the server's lobby limit
  std::vector<LiveGameInfo> games;
  // How many there are in all (more than listed when past the limit).
  std::optional<int> rooms_total;
  std::optional<int> games_total;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("rooms", s.rooms);
    v("games", s.games);
    v("rooms_total", s.rooms_total);
    v("games_total", s.games_total);
  }
};
struct RoomOpened {
  static constexpr const char* type = "room_opened";
  RoomInfo room;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room", s.room);
  }
};
struct RoomClosed {
  static constexpr const char* type = "room_closed";
  std::string room_id, reason;  // started, cancelled, abandoned, shutdown
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("reason", s.reason);
  }
};
// A game gone live, for the lobby's list of live games (type "live_game"; LiveGameEnded takes it off).
struct LiveGameListed {
  static constexpr const char* type = "live_game";
  LiveGameInfo game;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
  }
};
struct LiveGameEnded {
  static constexpr const char* type = "live_game_ended";
  std::string game_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
  }
};
struct RoomCreated {
  static constexpr const char* type = "room_created";
  RoomInfo room;
  std::optional<std::string> invite_code;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room", s.room);
    v("invite_code", s.invite_code);
  }
};
struct RoomCancelled {
  static constexpr const char* type = "room_cancelled";
  std::string room_id;
  std::optional<std::string> reason;  // null: its creator cancelled it; "no_computer": the bot never came
  // A challenge declined (reason "declined"): why, as the challenged player said.
  std::optional<std::string> decline_reason;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("reason", s.reason);
    v("decline_reason", s.decline_reason);
  }
};
// To a player challenged by name (challenge_player): the room kept for them, and when
// the challenge lapses (unix ms).
struct ChallengeReceived {
  static constexpr const char* type = "challenge_received";
  RoomInfo room;
  std::int64_t expires_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room", s.room);
    v("expires_ms", s.expires_ms);
  }
};
struct ChallengeEntry {
  RoomInfo room;
  std::int64_t expires_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room", s.room);
    v("expires_ms", s.expires_ms);
  }
};
struct Challenges {
  static constexpr const char* type = "challenges";
  std::vector<ChallengeEntry> incoming, outgoing;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("incoming", s.incoming);
    v("outgoing", s.outgoing);
  }
};
// To a bot account: a player asked for a game against the computer in this room.
struct Challenge {
  static constexpr const char* type = "challenge";
  std::string room_id, game;
  OptionMap options;
  std::optional<ClockMs> clock;
  int level = 4;
  std::string opponent;
  std::optional<Correspondence> correspondence;  // a correspondence game's time control; null: none
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("level", s.level);
    v("opponent", s.opponent);
    v("correspondence", s.correspondence);
  }
};

struct Clocks {
  std::int64_t first_ms = 0, second_ms = 0, increment_ms = 0;
  std::optional<std::string> running;
  // While the side to move has not made its first move: when the server aborts the
  // game (unix ms); its clock does not run meanwhile.
  std::optional<std::int64_t> first_move_deadline_ms = std::nullopt;
  // Why the clocks stand still in a game under way: "players" (back after a restart or a
  // node's loss, until both players are), "storage" (the server cannot save moves).
  std::optional<std::string> paused = std::nullopt;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("first_ms", s.first_ms);
    v("second_ms", s.second_ms);
    v("increment_ms", s.increment_ms);
    v("running", s.running);
    v("first_move_deadline_ms", s.first_move_deadline_ms);
    v("paused", s.paused);
  }
};
// A pending takeback request: the asking side and how many plies it takes back.
struct TakebackOffer {
  std::string side;
  int plies = 1;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("side", s.side);
    v("plies", s.plies);
  }
};
struct GameStatus {
  std::string state = "ongoing";      // ongoing, win, draw, aborted
  std::optional<std::string> winner;  // first or second
  std::optional<std::string> reason;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("state", s.state);
    v("winner", s.winner);
    v("reason", s.reason);
  }
};
struct Absent {
  std::string side, player;
  std::int64_t deadline_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("side", s.side);
    v("player", s.player);
    v("deadline_ms", s.deadline_ms);
  }
};
struct MatchInfo {
  std::string match_id;
  int games = 1, number = 1;
  std::map<std::string, double> totals;  // by player name
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("match_id", s.match_id);
    v("games", s.games);
    v("number", s.number);
    v("totals", s.totals);
  }
};
// The drawing of a game's board (docs/protocol.md, "Games"): what the rules module says
// of its squares, lines and pieces. It depends on the game and its options only, so it
// is the same in every state of one game and in its archived record.
struct BoardPiece {
  std::string letter;  // as the position string writes it (one character)
  std::string side;    // first or second
  std::string kind;    // man, king (a crowned man) or royal
  std::string name;    // attacker, defender, king, white, black, white-king, black-king
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("letter", s.letter);
    v("side", s.side);
    v("kind", s.kind);
    v("name", s.name);
  }
  friend bool operator==(const BoardPiece&, const BoardPiece&) = default;
};
struct Board {
  int files = 0, ranks = 0;
  std::map<std::string, std::string> marked;  // square -> throne, exit or light
  // Pairs of points joined by a line; null for a board of squares.
  std::optional<std::vector<std::vector<std::string>>> lines;
  std::vector<BoardPiece> pieces;
  std::optional<std::string> note;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("files", s.files);
    v("ranks", s.ranks);
    v("marked", s.marked);
    v("lines", s.lines);
    v("pieces", s.pieces);
    v("note", s.note);
  }
  friend bool operator==(const Board&, const Board&) = default;
};
struct GameView {
  std::string game_id, room_id, game;
  OptionMap options;
  SidePair players, sides;
  std::optional<std::string> you;
  std::string start_position, position;
  int ply = 0;
  std::string to_move;
  // The receiver's legal moves, sorted: only for the player to move in a game going on.
  std::optional<std::vector<std::string>> legal;
  std::vector<std::string> moves;
  std::optional<Clocks> clocks;
  GameStatus status;
  std::optional<std::string> draw_offer;
  std::optional<TakebackOffer> takeback_offer;
  std::vector<Absent> absent;
  // Connections watching the game, the players' own not counted. Always sent; optional
  // only to read an older server.
  std::optional<int> spectators;
  MatchInfo match;
  std::optional<Board> board;                    // always sent; optional only to read an older server
  std::optional<bool> rated;                     // always sent; optional only to read an older server
  std::optional<RatingPair> ratings;             // each player's rating when the game started (always sent)
  std::optional<std::vector<std::string>> bots;  // the players that are bot accounts; null: none
  std::optional<int> computer_level;             // a game against the computer: its level
  std::optional<Correspondence> correspondence;  // a correspondence game's time control; null: none
  // A correspondence game under way: when the side to move loses on time (unix ms).
  std::optional<std::int64_t> deadline_ms;
  std::optional<std::string> tournament_id;  // a tournament's game: its tournament; null: none
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("room_id", s.room_id);
    v("game", s.game);
    v("options", s.options);
    v("players", s.players);
    v("sides", s.sides);
    v("you", s.you);
    v("start_position", s.start_position);
    v("position", s.position);
    v("ply", s.ply);
    v("to_move", s.to_move);
    v("legal", s.legal);
    v("moves", s.moves);
    v("clocks", s.clocks);
    v("status", s.status);
    v("draw_offer", s.draw_offer);
    v("takeback_offer", s.takeback_offer);
    v("absent", s.absent);
    v("spectators", s.spectators);
    v("match", s.match);
    v("rated", s.rated);
    v("ratings", s.ratings);
    v("board", s.board);
    v("bots", s.bots);
    v("computer_level", s.computer_level);
    v("correspondence", s.correspondence);
    v("deadline_ms", s.deadline_ms);
    v("tournament_id", s.tournament_id);
  }
};
struct GameStarted {
  static constexpr const char* type = "game_started";
  GameView state;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("state", s.state);
  }
};
struct GameState {
  static constexpr const char* type = "game_state";
  GameView state;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("state", s.state);
  }
};
struct Move {
  static constexpr const char* type = "move";
  std::string game_id;
  int ply = 0;  // after the move
  std::string move, side, position, to_move;
  std::optional<Clocks> clocks;
  GameStatus status;
  // A correspondence game under way: when the side to move loses on time (unix ms).
  std::optional<std::int64_t> deadline_ms;
  // The legal moves of the receiver, sorted, when it is the player to move (the event
  // is encoded once for that player and once for everyone else); null otherwise.
  std::optional<std::vector<std::string>> legal;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("ply", s.ply);
    v("move", s.move);
    v("side", s.side);
    v("position", s.position);
    v("to_move", s.to_move);
    v("clocks", s.clocks);
    v("status", s.status);
    v("deadline_ms", s.deadline_ms);
    v("legal", s.legal);
  }
};
// One player's rating before and after a rated game (one decimal each).
struct RatingChange {
  double before = 0, after = 0, change = 0, rd = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("before", s.before);
    v("after", s.after);
    v("change", s.change);
    v("rd", s.rd);
  }
};
struct RatingChanges {
  RatingChange first, second;  // by side
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("first", s.first);
    v("second", s.second);
  }
};
struct GameOver {
  static constexpr const char* type = "game_over";
  std::string game_id, room_id, result;  // first, second, draw, aborted
  std::optional<std::string> winner;     // player name
  std::string reason;
  PointPair points;
  bool archived = false;
  MatchInfo match;
  std::optional<RatingChanges> rating_changes;  // null: a casual game (or not archived)
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("room_id", s.room_id);
    v("result", s.result);
    v("winner", s.winner);
    v("reason", s.reason);
    v("points", s.points);
    v("archived", s.archived);
    v("match", s.match);
    v("rating_changes", s.rating_changes);
  }
};
struct MatchOver {
  static constexpr const char* type = "match_over";
  std::string room_id, match_id;
  int games = 1;
  std::map<std::string, double> totals;
  std::optional<std::string> winner;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("match_id", s.match_id);
    v("games", s.games);
    v("totals", s.totals);
    v("winner", s.winner);
  }
};
// draw_offered / draw_declined / player_returned: who did it in which game.
template <const char* Type>
struct SideEvent {
  static constexpr const char* type = Type;
  std::string game_id, side, player;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("side", s.side);
    v("player", s.player);
  }
};
inline constexpr char kDrawOffered[] = "draw_offered";
inline constexpr char kDrawDeclined[] = "draw_declined";
inline constexpr char kPlayerReturned[] = "player_returned";
using DrawOffered = SideEvent<kDrawOffered>;
using DrawDeclined = SideEvent<kDrawDeclined>;
using PlayerReturned = SideEvent<kPlayerReturned>;
inline constexpr char kTakebackDeclined[] = "takeback_declined";
using TakebackDeclined = SideEvent<kTakebackDeclined>;
// A player asks to take back `plies` plies (1 or 2: its own last move, and the
// opponent's answer when there is one).
struct TakebackOffered {
  static constexpr const char* type = "takeback_offered";
  std::string game_id, side, player;
  int plies = 1;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("side", s.side);
    v("player", s.player);
    v("plies", s.plies);
  }
};
// The opponent (`side`, `player`) accepted: the game is back at ply `ply`; a
// game_state follows.
struct TakebackAccepted {
  static constexpr const char* type = "takeback_accepted";
  std::string game_id, side, player;
  int plies = 1, ply = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("side", s.side);
    v("player", s.player);
    v("plies", s.plies);
    v("ply", s.ply);
  }
};
// Rematch (after match_over, while the finished room stays for its two players).
struct RematchOffered {
  static constexpr const char* type = "rematch_offered";
  std::string room_id, player;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("player", s.player);
  }
};
struct RematchStarted {
  static constexpr const char* type = "rematch_started";
  std::string room_id, new_room_id, game_id;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("new_room_id", s.new_room_id);
    v("game_id", s.game_id);
  }
};
struct RematchCancelled {
  static constexpr const char* type = "rematch_cancelled";
  std::string room_id, reason;  // declined, left, expired
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("room_id", s.room_id);
    v("reason", s.reason);
  }
};
struct PlayerLeft {
  static constexpr const char* type = "player_left";
  std::string game_id, side, player;
  std::int64_t deadline_ms = 0, grace_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("side", s.side);
    v("player", s.player);
    v("deadline_ms", s.deadline_ms);
    v("grace_ms", s.grace_ms);
  }
};
// The number of spectators of a game changed (at most one a second per game).
struct Spectators {
  static constexpr const char* type = "spectators";
  std::string game_id;
  int count = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("count", s.count);
  }
};

// A line of chat: "players" (the two players) or "spectators" (those watching).
struct Chat {
  static constexpr const char* type = "chat";
  std::string game_id, channel, from, text;
  std::int64_t at_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("channel", s.channel);
    v("from", s.from);
    v("text", s.text);
    v("at_ms", s.at_ms);
  }
};

struct GameSummary {
  std::string game_id, game;
  OptionMap options;
  std::optional<ClockMs> clock;  // null: the game had no clock
  std::string first_player, second_player, result, reason;
  double first_points = 0, second_points = 0;
  std::int64_t started_ms = 0, ended_ms = 0;
  int moves = 0;
  std::optional<bool> rated;                     // always sent; optional only to read an older server
  std::optional<std::vector<std::string>> bots;  // the players that are bot accounts; null: none
  std::optional<int> computer_level;             // a game against the computer: its level
  std::optional<Correspondence> correspondence;  // a correspondence game's time control; null: none
  std::optional<bool> imported;                  // added from a record file (--import); always sent
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("first_player", s.first_player);
    v("second_player", s.second_player);
    v("result", s.result);
    v("reason", s.reason);
    v("first_points", s.first_points);
    v("second_points", s.second_points);
    v("started_ms", s.started_ms);
    v("ended_ms", s.ended_ms);
    v("moves", s.moves);
    v("rated", s.rated);
    v("bots", s.bots);
    v("computer_level", s.computer_level);
    v("correspondence", s.correspondence);
    v("imported", s.imported);
  }
};
struct Games {
  static constexpr const char* type = "games";
  std::vector<GameSummary> games;
  std::optional<std::string> next_cursor;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("games", s.games);
    v("next_cursor", s.next_cursor);
  }
};
struct MoveEntry {
  std::string move;
  std::optional<std::int64_t> first_ms, second_ms;
  std::int64_t at_ms = 0;
  std::string position;  // after the move, by replaying the record
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("move", s.move);
    v("first_ms", s.first_ms);
    v("second_ms", s.second_ms);
    v("at_ms", s.at_ms);
    v("position", s.position);
  }
};
struct ArchivedGame {
  std::string game_id, game;
  OptionMap options;
  std::string start_position, first_player, second_player, result, reason;
  double first_points = 0, second_points = 0;
  std::optional<ClockMs> clock;
  std::string match_id;
  int match_game = 1;
  std::int64_t started_ms = 0, ended_ms = 0;
  std::vector<MoveEntry> moves;
  std::optional<Board> board;  // null only when this server cannot make the game's rules
  std::optional<bool> rated;   // always sent; optional only to read an older server
  // An imported game (--import) and its record file's tags (Event, Site, Date...);
  // always sent (false and {} for a game played here), optional to read an older server.
  std::optional<bool> imported;
  std::optional<OptionMap> tags;
  std::optional<Correspondence> correspondence;  // a correspondence game's time control; null: none
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("game", s.game);
    v("options", s.options);
    v("start_position", s.start_position);
    v("first_player", s.first_player);
    v("second_player", s.second_player);
    v("result", s.result);
    v("reason", s.reason);
    v("first_points", s.first_points);
    v("second_points", s.second_points);
    v("clock", s.clock);
    v("match_id", s.match_id);
    v("match_game", s.match_game);
    v("started_ms", s.started_ms);
    v("ended_ms", s.ended_ms);
    v("moves", s.moves);
    v("board", s.board);
    v("rated", s.rated);
    v("imported", s.imported);
    v("tags", s.tags);
    v("correspondence", s.correspondence);
  }
};
struct GameRecord {
  static constexpr const char* type = "game_record";
  ArchivedGame record;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("record", s.record);
  }
};

// HTTP bodies of the ratings (docs/protocol.md, "Ratings over HTTP").
struct ProfileRating {
  double rating = 0, rd = 0, volatility = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
  bool provisional = true;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("rating", s.rating);
    v("rd", s.rd);
    v("volatility", s.volatility);
    v("games", s.games);
    v("wins", s.wins);
    v("draws", s.draws);
    v("losses", s.losses);
    v("provisional", s.provisional);
  }
};
struct Profile {
  std::string name;
  bool registered = false;
  std::optional<bool> bot;                       // true for a bot account; null otherwise
  std::map<std::string, ProfileRating> ratings;  // by rating key
  std::vector<GameSummary> recent;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("registered", s.registered);
    v("bot", s.bot);
    v("ratings", s.ratings);
    v("recent", s.recent);
  }
};
struct LeaderboardEntry {
  std::string name;
  double rating = 0, rd = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("rating", s.rating);
    v("rd", s.rd);
    v("games", s.games);
    v("wins", s.wins);
    v("draws", s.draws);
    v("losses", s.losses);
  }
};
struct Leaderboard {
  std::string game;  // the rating key
  std::vector<LeaderboardEntry> players;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("players", s.players);
  }
};
struct RatingHistoryEntry {
  std::string game_id;
  std::int64_t at_ms = 0;
  double before = 0, after = 0, rd = 0;
  std::string opponent;
  double score = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("at_ms", s.at_ms);
    v("before", s.before);
    v("after", s.after);
    v("rd", s.rd);
    v("opponent", s.opponent);
    v("score", s.score);
  }
};
struct RatingHistory {
  std::string name, game;
  std::vector<RatingHistoryEntry> history;  // oldest first
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("game", s.game);
    v("history", s.history);
  }
};

// The explorer's answer (client::Explore, GET /api/explorer).
struct ExplorerTotals {
  std::int64_t games = 0, first = 0, draws = 0, second = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("games", s.games);
    v("first", s.first);
    v("draws", s.draws);
    v("second", s.second);
  }
};
struct ExplorerMove {
  std::string move;
  std::int64_t games = 0, first = 0, draws = 0, second = 0;
  std::optional<double> rating_avg;  // the players' average before the game, over the rated games; null: none
  std::string last_game;             // the newest game with this move
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("move", s.move);
    v("games", s.games);
    v("first", s.first);
    v("draws", s.draws);
    v("second", s.second);
    v("rating_avg", s.rating_avg);
    v("last_game", s.last_game);
  }
};
struct Explorer {
  std::string game;
  OptionMap options;
  std::vector<std::string> moves;
  int ply = 0;
  std::string position;        // the rules' text of the position the moves lead to
  std::string to_move;         // the side's name: attackers, defenders, white, black
  int indexed_plies = 0;       // positions after this many plies are not indexed
  std::optional<Board> board;  // how to draw the game's board (as a game record's)
  ExplorerTotals total;
  std::vector<ExplorerMove> played;   // most played first
  std::vector<GameSummary> examples;  // the newest games through the position
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game", s.game);
    v("options", s.options);
    v("moves", s.moves);
    v("ply", s.ply);
    v("position", s.position);
    v("to_move", s.to_move);
    v("indexed_plies", s.indexed_plies);
    v("board", s.board);
    v("total", s.total);
    v("played", s.played);
    v("examples", s.examples);
  }
};
struct ExplorerReply : Explorer {
  static constexpr const char* type = "explorer";
};

// The WebSocket replies to get_player and get_leaderboard: the HTTP bodies with a type.
struct Player : Profile {
  static constexpr const char* type = "player";
};
struct LeaderboardReply : Leaderboard {
  static constexpr const char* type = "leaderboard";
};

// One game a player plays now (my_games, GET /api/players/{name}/games).
struct PlayerGame {
  std::string game_id, room_id, game;
  OptionMap options;
  std::optional<ClockMs> clock;
  std::optional<Correspondence> correspondence;
  SidePair players;
  int ply = 0;
  std::string to_move;                      // first or second
  std::string to_move_player;               // who is to move
  std::optional<std::int64_t> deadline_ms;  // a correspondence game's: when the side to move loses on time
  bool is_private = false;
  std::int64_t started_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("game_id", s.game_id);
    v("room_id", s.room_id);
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("correspondence", s.correspondence);
    v("players", s.players);
    v("ply", s.ply);
    v("to_move", s.to_move);
    v("to_move_player", s.to_move_player);
    v("deadline_ms", s.deadline_ms);
    v("private", s.is_private);
    v("started_ms", s.started_ms);
  }
};
// A player's games in progress: those where it is their turn first (the nearest deadline
// first), then the others.
struct PlayerGames {
  static constexpr const char* type = "player_games";
  std::string player;
  std::vector<PlayerGame> games;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("player", s.player);
    v("games", s.games);
  }
};

// What one notification says (docs/notifications.md): a webhook's POST body, and what a
// mail is written from. The outbox keeps it without kind, key and url; the sender adds
// them.
struct Notification {
  static constexpr const char* type = "notification";
  std::string kind;    // your_turn, reminder, verify_email
  std::string key;     // the same on every attempt: a receiver drops repeats by it
  std::string player;  // to whom
  std::string game_id, game, opponent;
  std::string move;  // the opponent's last move ("" when the game just began)
  int ply = 0;
  std::int64_t deadline_ms = 0;
  std::string url;  // the game's page
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("kind", s.kind);
    v("key", s.key);
    v("player", s.player);
    v("game_id", s.game_id);
    v("game", s.game);
    v("opponent", s.opponent);
    v("move", s.move);
    v("ply", s.ply);
    v("deadline_ms", s.deadline_ms);
    v("url", s.url);
  }
};

// A player's notification settings (notifications, set_notifications).
struct NotificationSettings {
  static constexpr const char* type = "notification_settings";
  std::string email;  // "" when none
  bool email_verified = false;
  bool on_move = true;
  std::vector<int> reminder_hours;
  std::string webhook_url;
  std::string webhook_secret;   // signs the POSTs; shown to its player only
  bool mail_available = false;  // the server can send mail (--smtp-url)
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("email", s.email);
    v("email_verified", s.email_verified);
    v("on_move", s.on_move);
    v("reminder_hours", s.reminder_hours);
    v("webhook_url", s.webhook_url);
    v("webhook_secret", s.webhook_secret);
    v("mail_available", s.mail_available);
  }
};

// Tournaments (docs/tournaments.md, GET /api/tournaments...).
struct TournamentSummary {
  std::string tournament_id, name, format, game;
  OptionMap options;
  std::optional<ClockMs> clock;
  std::optional<Correspondence> correspondence;
  bool rated = false;
  std::string status;  // upcoming, running, finished
  int round = 0;       // the round being played (arena: games made so far)
  int rounds = 0;      // swiss: planned; round robin: in the schedule; arena: 0
  int players = 0;     // in it (not withdrawn)
  int max_players = 0, min_rating = 0;
  std::optional<int> duration_min;  // arena
  std::int64_t starts_ms = 0, started_ms = 0, finished_ms = 0;
  std::string creator;
  bool is_private = false;
  std::optional<std::string> winner;  // a finished one's first
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
    v("name", s.name);
    v("format", s.format);
    v("game", s.game);
    v("options", s.options);
    v("clock", s.clock);
    v("correspondence", s.correspondence);
    v("rated", s.rated);
    v("status", s.status);
    v("round", s.round);
    v("rounds", s.rounds);
    v("players", s.players);
    v("max_players", s.max_players);
    v("min_rating", s.min_rating);
    v("duration_min", s.duration_min);
    v("starts_ms", s.starts_ms);
    v("started_ms", s.started_ms);
    v("finished_ms", s.finished_ms);
    v("creator", s.creator);
    v("private", s.is_private);
    v("winner", s.winner);
  }
};
struct TournamentEntrant {
  std::string name;
  int rating = 0;
  int group = 0;  // round robin
  bool withdrawn = false, bot = false;
  std::optional<int> level;  // the computer added by the creator: its level
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("rating", s.rating);
    v("group", s.group);
    v("withdrawn", s.withdrawn);
    v("bot", s.bot);
    v("level", s.level);
  }
};
// One row of the standings: points and tie-breaks in points (1, ½, 0 a game; an arena's
// own points), the ones of its format only.
struct TournamentStanding {
  int rank = 0, group = 0;
  std::string player;
  double points = 0;
  int played = 0, wins = 0, draws = 0, losses = 0;
  std::optional<double> head_to_head, sonneborn_berger, buchholz, median_buchholz;
  int performance = 0;
  std::optional<std::vector<int>> sheet;          // arena: each game's points
  std::optional<bool> on_fire;                    // arena: two wins running
  std::optional<std::vector<std::string>> cells;  // round robin: against each row, "1", "½ 0"...
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("rank", s.rank);
    v("group", s.group);
    v("player", s.player);
    v("points", s.points);
    v("played", s.played);
    v("wins", s.wins);
    v("draws", s.draws);
    v("losses", s.losses);
    v("head_to_head", s.head_to_head);
    v("sonneborn_berger", s.sonneborn_berger);
    v("buchholz", s.buchholz);
    v("median_buchholz", s.median_buchholz);
    v("performance", s.performance);
    v("sheet", s.sheet);
    v("on_fire", s.on_fire);
    v("cells", s.cells);
  }
};
struct TournamentGame {
  int round = 0, group = 0;
  std::string game_id;                // "" for a bye or a forfeit no game was made for
  std::string first, second;          // second "" for a bye
  std::optional<std::string> result;  // first, second, draw, first_by_forfeit, second_by_forfeit, both_forfeited, bye
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("round", s.round);
    v("group", s.group);
    v("game_id", s.game_id);
    v("first", s.first);
    v("second", s.second);
    v("result", s.result);
  }
};
struct TournamentView : TournamentSummary {
  std::optional<int> cycles, group_size;  // round robin
  std::optional<bool> mini_match;         // swiss
  std::optional<double> bye_points;       // swiss
  bool bots = false;
  std::optional<std::string> invite_code;  // its creator's view of a private one
  std::vector<TournamentEntrant> entrants;
  std::vector<TournamentStanding> standings;
  std::vector<TournamentGame> games;
  template <class S, class V>
  static void fields(S& s, V& v) {
    TournamentSummary::fields(s, v);
    v("cycles", s.cycles);
    v("group_size", s.group_size);
    v("mini_match", s.mini_match);
    v("bye_points", s.bye_points);
    v("bots", s.bots);
    v("invite_code", s.invite_code);
    v("entrants", s.entrants);
    v("standings", s.standings);
    v("games", s.games);
  }
};
// The reply to create_, join_, withdraw_, start_ and get_tournament, and the event a
// follower gets when it changes.
struct TournamentReply : TournamentView {
  static constexpr const char* type = "tournament";
};
struct TournamentUpdated : TournamentView {
  static constexpr const char* type = "tournament_updated";
};
struct TournamentFinished : TournamentView {
  static constexpr const char* type = "tournament_finished";
};
// To each player of a game it made: the game starts (game_started follows on their
// connection).
struct TournamentPaired {
  static constexpr const char* type = "tournament_paired";
  std::string tournament_id, name;
  int round = 0;
  std::string game_id, opponent, side;  // side: first or second
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tournament_id", s.tournament_id);
    v("name", s.name);
    v("round", s.round);
    v("game_id", s.game_id);
    v("opponent", s.opponent);
    v("side", s.side);
  }
};
struct TournamentList {
  static constexpr const char* type = "tournaments";
  std::vector<TournamentSummary> upcoming, running, finished;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("upcoming", s.upcoming);
    v("running", s.running);
    v("finished", s.finished);
  }
};

// A personal API token as its owner sees it (never its secret, but once: TokenCreated).
struct TokenInfo {
  std::string token_id, label;
  std::vector<std::string> scopes;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> last_used_ms;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("token_id", s.token_id);
    v("label", s.label);
    v("scopes", s.scopes);
    v("created_ms", s.created_ms);
    v("last_used_ms", s.last_used_ms);
  }
};
struct TokenCreated {
  static constexpr const char* type = "token_created";
  TokenInfo token;
  std::string secret;  // shown this once; the server keeps only its hash
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("token", s.token);
    v("secret", s.secret);
  }
};
struct Tokens {
  static constexpr const char* type = "tokens";
  std::vector<TokenInfo> tokens;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("tokens", s.tokens);
  }
};

// Moderation (docs/protocol.md, "Moderation").
struct Blocks {
  static constexpr const char* type = "blocks";
  std::vector<std::string> names;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("names", s.names);
  }
};
struct ReportChatLine {
  std::string from, channel, text;
  std::int64_t at_ms = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("from", s.from);
    v("channel", s.channel);
    v("text", s.text);
    v("at_ms", s.at_ms);
  }
};
struct ReportInfo {
  std::int64_t report_id = 0, at_ms = 0;
  std::string reporter, target, reason, text;
  std::optional<std::string> game_id;
  std::optional<int> ply;
  std::vector<ReportChatLine> chat;
  std::optional<std::string> closed_by;
  std::optional<std::int64_t> closed_ms;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("report_id", s.report_id);
    v("at_ms", s.at_ms);
    v("reporter", s.reporter);
    v("target", s.target);
    v("reason", s.reason);
    v("text", s.text);
    v("game_id", s.game_id);
    v("ply", s.ply);
    v("chat", s.chat);
    v("closed_by", s.closed_by);
    v("closed_ms", s.closed_ms);
  }
};
struct Reports {
  static constexpr const char* type = "reports";
  std::vector<ReportInfo> reports;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("reports", s.reports);
  }
};
struct StaffInfo {
  std::string name, role;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("role", s.role);
  }
};
struct SanctionInfo {
  std::string name, kind;
  std::optional<std::int64_t> until_ms;
  std::int64_t at_ms = 0;
  std::string reason;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("kind", s.kind);
    v("until_ms", s.until_ms);
    v("at_ms", s.at_ms);
    v("reason", s.reason);
  }
};
struct AddressBlockInfo {
  std::string cidr;
  std::optional<std::int64_t> until_ms;
  std::int64_t at_ms = 0;
  std::string reason;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("cidr", s.cidr);
    v("until_ms", s.until_ms);
    v("at_ms", s.at_ms);
    v("reason", s.reason);
  }
};
struct RefusedNameInfo {
  std::string name;
  std::int64_t at_ms = 0;
  std::string reason;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("name", s.name);
    v("at_ms", s.at_ms);
    v("reason", s.reason);
  }
};
struct AuditInfo {
  std::int64_t audit_id = 0, at_ms = 0;
  std::string moderator, action, target, reason, detail;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("audit_id", s.audit_id);
    v("at_ms", s.at_ms);
    v("moderator", s.moderator);
    v("action", s.action);
    v("target", s.target);
    v("reason", s.reason);
    v("detail", s.detail);
  }
};
struct ModerationReply {
  static constexpr const char* type = "moderation";
  std::vector<StaffInfo> staff;
  std::vector<SanctionInfo> sanctions;
  std::vector<AddressBlockInfo> address_blocks;
  std::vector<RefusedNameInfo> refused_names;
  std::vector<AuditInfo> audit;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("staff", s.staff);
    v("sanctions", s.sanctions);
    v("address_blocks", s.address_blocks);
    v("refused_names", s.refused_names);
    v("audit", s.audit);
  }
};
struct Moderated {
  static constexpr const char* type = "moderated";
  std::string action, target;
  std::int64_t count = 0;
  template <class S, class V>
  static void fields(S& s, V& v) {
    v("action", s.action);
    v("target", s.target);
    v("count", s.count);
  }
};

using Message =
    std::variant<Welcome, Pong, Ok, Error, Identity, SessionReplaced, Shutdown, Lobby, RoomOpened, RoomClosed,
                 LiveGameListed, LiveGameEnded, RoomCreated, RoomCancelled, GameStarted, GameState, Move, GameOver,
                 MatchOver, DrawOffered, DrawDeclined, PlayerReturned, PlayerLeft, Spectators, Games, GameRecord, Chat,
                 TakebackOffered, TakebackDeclined, TakebackAccepted, RematchOffered, RematchStarted, RematchCancelled,
                 Player, LeaderboardReply, Challenge, PlayerGames, NotificationSettings, TournamentReply,
                 TournamentUpdated, TournamentFinished, TournamentPaired, TournamentList, ExplorerReply, TokenCreated,
                 Tokens, ChallengeReceived, Challenges, Blocks, Reports, ModerationReply, Moderated>;

}  // namespace server

// A decoded request with its id.
struct Envelope {
  RequestId id;
  client::Request request;
};
struct DecodeError {
  ErrorCode code = ErrorCode::bad_request;
  std::string message;
  RequestId id;  // when the frame could be read far enough
};
struct Limits {
  std::size_t max_string_length = 256;
};

// Decodes one client frame. Never throws: bad JSON, a non-object, a missing or unknown
// type (unknown_type), a wrong field (bad_request) come back as DecodeError.
// A `move` request of the common shape takes a hand-written scanner (move_codec.hpp);
// everything else, and every error, goes through decode_request_generic.
std::variant<Envelope, DecodeError> decode_request(std::string_view text, const Limits& limits = {});
// The same through nlohmann_json for every frame: the reference the fast path must match.
std::variant<Envelope, DecodeError> decode_request_generic(std::string_view text, const Limits& limits = {});
std::string_view request_type(const client::Request&);

// The text of a server message; `id` is echoed when not empty. Never throws for text:
// bytes that are not valid UTF-8 (a client's, echoed) become U+FFFD (protocol/utf8.hpp).
// Declared here, compiled once (encode.cpp) for every server message: a file that sends
// messages compiles no JSON serializer.
template <class T>
std::string encode(const T& message, const RequestId& id = {});
// The move event, the hottest message, is written without nlohmann (move_codec.cpp);
// the text is byte for byte that of encode_generic (json_encode.hpp).
template <>
std::string encode(const server::Move& message, const RequestId& id);
// The JSON object of a message without "type" and "id" (for the HTTP answers); compiled
// once, for every server message and the archive's ArchivedGame.
template <class T>
std::string encode_body(const T& value);
// `text` as a JSON string literal, quotes and escapes included (bytes that are not
// UTF-8 become U+FFFD): client text quoted safely in a log line.
std::string json_string(std::string_view text);

// For clients: a request as text, and a server frame decoded.
std::string encode_request(const client::Request& request, const RequestId& id = {});
struct ServerFrame {
  RequestId id;
  server::Message message;
};
std::variant<ServerFrame, DecodeError> decode_server_message(std::string_view text);

// `encoded` (the text of encode(message)) with `id` echoed: byte for byte what
// encode(message, id) writes, without encoding the message again. One encoding serves
// everyone and the requester's copy only adds the id. encode() writes "type" first and
// "id" right after it, so the id goes in after the type's value. Precondition: `encoded`
// came from encode() without an id.
std::string with_request_id(std::string_view encoded, const RequestId& id);
// `encoded` (the text of encode(event) for a move event without its legal moves, which
// ends with "legal":null) with `legal_json` in their place: byte for byte what
// encode(event) writes with event.legal set, when `legal_json` is the JSON array of those
// strings as encode writes it (no spaces). The room encodes a move event once for
// everyone and gives the player to move this copy, its list written straight from the
// moves (game/room_views.hpp, legal_moves_json).
std::string with_legal_moves(std::string_view encoded, std::string_view legal_json);

// The JSON body of an HTTP error answer: {"code":…,"message":…}. Never throws: bytes
// that are not valid UTF-8 become U+FFFD.
std::string encode_http_error(std::string_view code, std::string_view message);

}  // namespace bh::protocol
