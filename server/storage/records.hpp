// What the archive stores: finished games with every move, and registered accounts.
// Plain values, no SQLite or JSON here.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bh::storage {

struct ClockSpec {
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  friend bool operator==(const ClockSpec&, const ClockSpec&) = default;
};

struct MoveRecord {
  std::string text;                  // the rules module's move text, e.g. "c3:e5:g3"
  std::int64_t first_clock_ms = -1;  // clocks after the move; -1 without a clock
  std::int64_t second_clock_ms = -1;
  std::int64_t at_ms = 0;  // unix time in milliseconds
  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

// The opening explorer's line of a game (docs/explorer.md): its variant, and the key of
// the position before each of its first kExplorerPlies moves. The store knows no rules:
// whoever makes a record computes it (explorer/opening_line.hpp); empty: not indexed.
inline constexpr int kExplorerPlies = 40;
struct OpeningLine {
  std::string variant;
  std::vector<std::int64_t> positions;
  friend bool operator==(const OpeningLine&, const OpeningLine&) = default;
};

// A finished game. `result` is "first", "second", "draw" or "aborted" (ended before
// both sides moved: no points); `reason` is the rules module's EndReason code (e.g.
// "king_captured", "resignation", "aborted", "no_first_move").
struct GameRecord {
  std::string id;    // server-wide game id, e.g. "g000123"
  std::string game;  // rules id: tavlei, tablut, seatafl, copenhagen, brandubh, draughts, alquerque
  std::map<std::string, std::string> options;  // as given when the room was created
  std::string start_position;                  // position string of the start
  std::string first_player;                    // who played the first side
  std::string second_player;
  std::string result;
  std::string reason;
  double first_points = 0;
  double second_points = 0;
  std::optional<ClockSpec> clock;
  std::string correspondence;  // a correspondence game's time control ("days 3", "bank 7 12 2"); empty: none
  std::string match_id;        // empty for a single game
  int match_game = 1;          // 1-based number in its match
  std::int64_t started_ms = 0;
  std::int64_t ended_ms = 0;
  std::vector<MoveRecord> moves;
  bool is_private = false;  // played in a private room: listed to its players only
  bool rated = false;       // a rated game: finishing it updates both players' ratings
  // Which players were bot accounts, and the computer's level in a game of play_computer.
  bool first_bot = false, second_bot = false;
  std::optional<int> computer_level;
  // A historical game added by `boardhall-server --import` (version 7): played nowhere
  // here, its players' names as the file wrote them (no accounts), its file's other tags
  // (Event, Site, Date...), and the SHA-256 of its content (records/import.hpp's
  // content_key, in hex), unique in the archive, so importing a file twice adds nothing.
  bool imported = false;
  std::map<std::string, std::string> tags;
  std::string content_hash;  // empty for a game played here
  // A tournament's game: its name and the game's round, read from the tournament's rows
  // (load_game; never written with the game). Empty, 0 otherwise.
  std::string tournament_name;
  int tournament_round = 0;
  // Written to the explorer's index with the game, never read back with it.
  OpeningLine opening;
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// One line of an archive listing (a record without its moves).
struct GameSummary {
  std::string id, game, first_player, second_player, result, reason;
  std::map<std::string, std::string> options;
  std::optional<ClockSpec> clock;
  std::string correspondence;  // GameRecord::correspondence
  double first_points = 0, second_points = 0;
  std::int64_t started_ms = 0, ended_ms = 0;
  int move_count = 0;
  bool rated = false;
  bool first_bot = false, second_bot = false;  // the players that were bot accounts
  std::optional<int> computer_level;           // a game of play_computer: the bot's level
  bool imported = false;                       // added by --import (GameRecord::imported)
};

struct ArchiveQuery {
  std::optional<std::string> game;    // rules id
  std::optional<std::string> player;  // either side
  // "first", "second", "draw" or "aborted"; none: every result but aborted.
  std::optional<std::string> result;
  std::optional<std::string> winner;    // the player who won
  std::optional<std::int64_t> from_ms;  // ended_ms >= from_ms
  std::optional<std::int64_t> to_ms;    // ended_ms < to_ms
  int limit = 20;                       // 1..100
  std::optional<std::string> cursor;    // opaque, from the previous page
  // Who asks: private games are listed only when this is one of their players (none:
  // public games only, as for HTTP).
  std::optional<std::string> viewer;
  // A tournament's games only (docs/tournaments.md).
  std::optional<std::string> tournament;
};

struct ArchivePage {
  std::vector<GameSummary> games;          // newest first (ended_ms, then id, descending)
  std::optional<std::string> next_cursor;  // absent on the last page
};

// An explorer lookup (docs/explorer.md): the moves played from one position of one
// variant in the archived games the filters keep.
struct ExplorerQuery {
  std::string variant;
  std::int64_t position = 0;
  std::optional<bool> imported;    // none: both the games played here and the imported ones
  std::optional<int> min_rating;   // the players' average rating before the game, rated games
  std::optional<int> max_rating;   // only; in steps of kExplorerBand (rounded outwards)
  std::optional<int> since_month;  // yyyymm (UTC), inclusive
  std::optional<int> until_month;
  int examples = 8;  // newest games through the position, at most
};
inline constexpr int kExplorerBand = 100;
struct ExplorerMove {
  std::string move;
  std::int64_t games = 0, first = 0, draws = 0, second = 0;
  std::int64_t rated_games = 0;  // those with a rating, of which rating_sum is the sum
  double rating_sum = 0;
  std::string last_game;  // the newest game with this move
  std::int64_t last_ms = 0;
};
struct ExplorerPosition {
  std::vector<ExplorerMove> moves;    // most played first
  std::vector<GameSummary> examples;  // newest first
};

// A game being played, kept so that it comes back after a crash or a restart: the
// room around it (seats, match so far) and its moves. A seat's token lets its player
// resume after the restart, as before it.
struct LiveSeat {
  std::string player;
  std::string token;
  bool registered = false;
  double match_points = 0;  // points from earlier games of the match
  bool bot = false;         // a bot account (docs/protocol.md, "Play the computer")
  friend bool operator==(const LiveSeat&, const LiveSeat&) = default;
};

// A correspondence game's standing offers (LiveGame::offers), kept so that a restart
// keeps them until they are answered or the next move: the side (0 first, 1 second)
// that offered a draw, and the side that asked to take back `takeback_plies`; -1: none.
struct LiveOffers {
  int draw = -1;
  int takeback = -1;
  int takeback_plies = 0;
  friend bool operator==(const LiveOffers&, const LiveOffers&) = default;
};

struct LiveGame {
  std::string game_id;
  std::string room_id;
  std::string match_id;
  std::string game;  // rules id
  std::map<std::string, std::string> options;
  std::optional<ClockSpec> clock;
  std::string correspondence;  // GameRecord::correspondence
  // A correspondence game: when its side to move loses on time (unix ms; 0: none),
  // written with each move (LiveUpdate::deadline_ms), found by the deadline sweep.
  std::int64_t deadline_ms = 0;
  std::string creator_side;  // first, second or random
  bool is_private = false;
  std::string invite_code;
  int games = 1;                  // games in the match
  int game_number = 1;            // 1-based
  std::array<LiveSeat, 2> seats;  // 0: the room's creator, 1: the joiner
  int first_seat = 0;             // the seat playing the first side
  bool rated = false;
  std::optional<int> computer_level;  // a game of play_computer: the bot's level
  std::int64_t started_ms = 0;
  std::vector<MoveRecord> moves;  // ply 1 first
  // Until when each seat's player, absent, may come back (unix ms; 0: present). Kept so
  // that a grace running when the server stopped ends when it would have, not later.
  std::array<std::int64_t, 2> absent_until_ms{};
  LiveOffers offers;  // a correspondence game's standing offers
  friend bool operator==(const LiveGame&, const LiveGame&) = default;
};

// Where a seat of a live game is (LiveGames::find_live_seat).
struct FoundSeat {
  std::string game_id;
  // Cluster mode: the epoch of the node that runs the game; 0 when none does (a single
  // server's store, or a game being taken over).
  std::int64_t owner_epoch = 0;
};

// A correspondence game's turn changed hands (LiveUpdate::notice): what the outbox gets
// in the same transaction (notifications.hpp).
struct TurnNotice {
  std::string game_id;
  std::string player;  // the one to move now
  bool moved = true;   // after a move ("your turn"); false: a takeback, the reminders only
  int ply = 0;         // the game's length after the write
  std::int64_t deadline_ms = 0;
  std::int64_t now_ms = 0;
  std::int64_t hour_ms = 3'600'000;  // a reminder's hour (shorter in tests)
  std::string payload;               // JSON: what the mail and the POST say
  friend bool operator==(const TurnNotice&, const TurnNotice&) = default;
};

// One write for a live game: its header when the game starts (or when an earlier write
// failed), then moves from `first_ply` on. Writing a ply again replaces it.
struct LiveUpdate {
  std::optional<LiveGame> header;  // its `moves` are ignored
  std::string game_id;
  int first_ply = 1;  // the ply of moves[0]
  std::vector<MoveRecord> moves;
  // Moves were taken back: the plies after the last of this update, up to this one,
  // are dropped (in the same write), so the game loads as it is now. 0: none.
  int erase_through = 0;
  // The seats' absence deadlines (LiveGame::absent_until_ms), written with this update
  // when set; with nothing else in the update, a game not stored is left alone.
  std::optional<std::array<std::int64_t, 2>> absent_until_ms = std::nullopt;
  // A correspondence game's deadline after this update (LiveGame::deadline_ms), when set.
  std::optional<std::int64_t> deadline_ms = std::nullopt;
  // A correspondence game's standing offers after this update, when set.
  std::optional<LiveOffers> offers = std::nullopt;
  // The notifications this write causes, written with it (notifications.hpp).
  std::optional<TurnNotice> notice = std::nullopt;
  // A correspondence game's: its moves are indexed, to be read back alone (load_live_game).
  bool correspondence = false;
};

// A registered player. The password is kept only as a salted slow hash: Argon2id in
// libsodium's string form ("$argon2id$v=19$m=...", salt and parameters inside; `salt`
// empty, `iterations` 0), or, for accounts made before it, hex PBKDF2-HMAC-SHA256 with
// a hex `salt` and its `iterations` (app/players/passwords.hpp).
struct Account {
  std::string name;
  std::string salt;
  std::string hash;
  int iterations = 0;
  std::int64_t created_ms = 0;
  // An operator-made bot account (Store::save_bot_account); create_account never sets it.
  bool bot = false;
};

// A player's rating for one rating key (glicko2.hpp), with the games it counts.
struct PlayerRating {
  std::string player;
  std::string key;  // tavlei, tablut, seatafl-9x9, seatafl-11x11, copenhagen, brandubh, draughts, alquerque
  double rating = 1500, rd = 500, volatility = 0.09;
  int games = 0, wins = 0, draws = 0, losses = 0;
  friend bool operator==(const PlayerRating&, const PlayerRating&) = default;
};

// One player's rating before and after a rated game.
struct RatingChange {
  double before = 0, after = 0, rd = 0, volatility = 0;
  friend bool operator==(const RatingChange&, const RatingChange&) = default;
};
struct RatingChanges {
  std::string key;
  RatingChange first, second;  // by side
  friend bool operator==(const RatingChanges&, const RatingChanges&) = default;
};

// What finishing a game wrote besides the record: the rating changes of a rated game.
struct GameFinish {
  std::optional<RatingChanges> rating_changes;  // none: a casual game
};
// The players' average rating before a rated game (what the explorer files it under).
inline std::optional<double> average_before(const GameFinish& finish) {
  if (!finish.rating_changes) return std::nullopt;
  return (finish.rating_changes->first.before + finish.rating_changes->second.before) / 2;
}

// One row of a player's rating history: a rated game, oldest first.
struct RatingHistoryEntry {
  std::string game_id;
  std::int64_t at_ms = 0;
  double before = 0, after = 0, rd = 0;
  std::string opponent;
  double score = 0;  // 1, 0.5 or 0
};

// A player's public profile: registered or only seen in the archive (as a guest).
struct PlayerProfile {
  std::string name;
  bool registered = false;
  bool bot = false;                   // a bot account
  std::vector<PlayerRating> ratings;  // in rating_keys() order; empty for a guest
  std::vector<GameSummary> recent;    // newest first, public games only
};

}  // namespace bh::storage
