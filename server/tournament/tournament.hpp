// A tournament as a value (issue 31, docs/tournaments.md): its settings, its players and
// its games, and the steps of its life as pure functions that return the next value and
// what the server must do (as a game session does, server/game): create these games, tell
// these players, write these rows. No clock, no store, no threads: the time is passed in
// and new game ids come from the caller, so every step is tested alone and a tournament
// read back from the database goes on as if nothing had happened.
//
// Players are names here; the pairing rules (round_robin, swiss_dutch, arena) see them
// as numbers, given in the order they joined. A game's result is known when its game
// ends (the archive's record); until then its outcome is empty.
//
// Thread-safety: a plain value.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "tournament/results.hpp"
#include "tournament/standings.hpp"

namespace bh::tournament {

enum class Status { upcoming, running, finished };

// The clock of each game: a live one (a Fischer clock) or a correspondence one (days per
// move).
struct TimeControl {
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  int days = 0;  // a correspondence game's days per move; then no live clock
  bool correspondence() const { return days > 0; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

struct Settings {
  std::string name;
  Format format = Format::swiss;
  std::string game;                            // a rules id
  std::map<std::string, std::string> options;  // the game's options, as the rules read them
  TimeControl time;
  bool rated = true;
  int rounds = 0;                // swiss: the rounds to play; round robin: none (the field decides)
  int cycles = 2;                // round robin: 1, or 2 (each pair plays both sides)
  int group_size = 0;            // round robin: groups of at most this many (0: one group)
  std::int64_t duration_ms = 0;  // arena: how long it pairs
  std::int64_t starts_ms = 0;    // when it starts by itself (0: when its creator starts it)
  int max_players = 64;          // at most this many join
  int min_rating = 0;            // a player's rating in this game to join (0: anyone)
  bool is_private = false;       // not listed; joined with its invite code
  std::string invite_code;       // a private tournament's
  bool mini_match = false;       // swiss: each round two games, one on each side
  bool bots = false;             // bot accounts may join (the operator allows it)
  int bye_points = 2;            // half-points a bye scores (swiss)
  std::string creator;           // who made it ("" for the operator)
  friend bool operator==(const Settings&, const Settings&) = default;
};

struct Player {
  std::string name;
  int number = 0;      // 1, 2... in the order they joined: the pairing rules' id
  int rating = 0;      // when they joined (seeds them)
  int group = 0;       // round robin: their group (1-based; 0 before the start)
  int withdrawn = -1;  // -1: in; 0: left before the start; k: left during round k (arena: after k games)
  bool bot = false;
  int level = 0;  // the computer, entered by the creator (add_computer): its level, 1..8
  bool in() const { return withdrawn < 0; }
  friend bool operator==(const Player&, const Player&) = default;
};

struct Game {
  int round = 0;  // arena: the game's number in the event
  int group = 0;  // round robin: the group (0 otherwise)
  int first = 0;  // players' numbers; second 0: a bye
  int second = 0;
  std::string game_id;             // "" for a bye or a forfeit no game was made for
  std::optional<Outcome> outcome;  // none while the game is played
  friend bool operator==(const Game&, const Game&) = default;
};

struct Tournament {
  std::string id;
  Settings settings;
  Status status = Status::upcoming;
  int round = 0;  // the round being played (0 before the start; arena: none)
  std::int64_t created_ms = 0, started_ms = 0, finished_ms = 0;
  std::vector<Player> players;
  std::vector<Game> games;
  friend bool operator==(const Tournament&, const Tournament&) = default;

  const Player* player(const std::string& name) const;
  const Player* number(int n) const;
  // A round robin's group's players (those who left before the start not counted).
  int group_members(int group) const;
  // The games of `round` (all formats but arena).
  std::vector<const Game*> round_games(int round) const;
};

enum class Refusal {
  not_found,       // (the caller's: no such tournament)
  started,         // it has started (or finished): too late to join or change
  finished,        // it is over
  full,            // max_players reached
  rating_too_low,  // under min_rating
  bots_not_allowed,
  already_joined,
  not_joined,
  not_creator,  // only its creator (or the operator) starts it
  too_few_players,
  bad_settings,
  no_computer,  // no bot account connected, or every one already in it
};

struct Refused {
  Refusal why;
  std::string message;
};

// What a step did: the tournament after it, and what follows.
struct Change {
  Tournament next;
  std::vector<Game> created;    // games to make now (each with its id), byes and forfeits included
  std::vector<Player> players;  // player rows written (joined, withdrawn, grouped)
  std::vector<Game> games;      // game rows written (created, or a result known)
  bool paired = false;          // a round (or arena games) paired: tell the players
  bool finished = false;        // it ended with this step
};

using Step = std::variant<Change, Refused>;

// Settings checked (format's fields, limits); the message says what is wrong.
std::optional<std::string> check_settings(const Settings& settings);

// A new tournament, not yet saved.
Tournament create(std::string id, Settings settings, std::int64_t now_ms);

Step join(const Tournament& t, const std::string& name, int rating, bool bot);
// The computer entered by its creator (`by`) before the start, when bots may enter,
// playing at `level`: the first of `bots` (the bot accounts connected, with their
// ratings, the caller's choice first) not in it. No minimum rating: the creator chose.
struct Candidate {
  std::string name;
  int rating = 0;
};
Step add_computer(const Tournament& t, const std::string& by, const std::vector<Candidate>& bots, int level);
// Before the start: they are out. During it: their games not yet made are forfeited
// (a round robin's), they are paired no more; a game in progress goes on.
Step withdraw(const Tournament& t, const std::string& name);
// Its creator (`by`) takes out the computer it added (`name`), before the start.
Step withdraw_computer(const Tournament& t, const std::string& by, const std::string& name);
// By its creator (`by`; "" for the operator or its start time): the players grouped, the
// first round paired (arena: the first pass is the caller's, `arena_pass`).
Step start(const Tournament& t, const std::string& by, std::int64_t now_ms,
           const std::function<std::string()>& new_game_id);
// A game of it ended: its outcome kept; a round complete pairs the next, or ends it.
Step game_ended(const Tournament& t, const std::string& game_id, Outcome outcome, std::int64_t now_ms,
                const std::function<std::string()>& new_game_id);
// At its start time (started by no one): started, or, with fewer than two players,
// ended with no game.
Step start_or_cancel(const Tournament& t, std::int64_t now_ms, const std::function<std::string()>& new_game_id);
// After a restart: a round whose last result came from the archive (the server stopped
// before the tournament wrote it) moves on; an arena past its time with no game left
// ends. An empty change when there is nothing to do.
Step catch_up(const Tournament& t, std::int64_t now_ms, const std::function<std::string()>& new_game_id);
// Arena: the players free now (not in a game of it, connected) paired, never two of
// `apart` (names a block keeps apart); after its duration, none, and it ends once its
// last game has.
Step arena_pass(const Tournament& t, const std::vector<std::string>& free_players, std::int64_t now_ms,
                const std::function<std::string()>& new_game_id,
                const std::vector<std::pair<std::string, std::string>>& apart = {});

// What a Swiss bye scores, in half-points: `bye_points`, twice in a mini-match (a round
// of two games).
int bye_value(const Settings& settings);

// A mini-match's first game, when `g` (a game of `t`) is its second; null otherwise.
const Game* mini_match_first(const Tournament& t, const Game& g);
// The games made (with an id) and not ended that may be played now: a live mini-match's
// second game waits for its first. After a restart, those not among the live games are
// made again.
std::vector<Game> playable_now(const Tournament& t);

// The results so far as the pairing rules and standings read them (a round robin's
// withdrawn player's results annulled when they played fewer than half their games).
std::vector<GameResult> results(const Tournament& t);
std::vector<Entrant> entrants(const Tournament& t, bool active_only);

// A game's outcome as the archive records its end: "first", "second", "draw", or
// "aborted" with the plies played (the side that never moved forfeits: the first-move
// rule is a tournament's no-show). None for anything else.
std::optional<Outcome> outcome_of_game(std::string_view result, int plies);

std::string_view outcome_text(Outcome outcome);
std::optional<Outcome> outcome_from(std::string_view text);
std::string_view status_text(Status status);
std::optional<Status> status_from(std::string_view text);
std::string_view format_text(Format format);
std::optional<Format> format_from(std::string_view text);

}  // namespace bh::tournament
