// Tournaments in the database (docs/tournaments.md): each step of a tournament
// (tournament/tournament.hpp) written in one transaction (its own row, and the players'
// and games' rows the step changed), so that a restart finds it as it was: the rounds
// paired stay paired, none is paired twice. A played game's result is read back from the
// archive (the games table), not from the tournament's rows, so the standings are
// rebuilt from the archive alone, also when the server stopped between a game's archive
// and the tournament's own write.
//
// Like every storage interface (store.hpp): each call queues a job and returns at once;
// `done` runs later on one of the store's threads.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "storage/store_result.hpp"
#include "tournament/tournament.hpp"

namespace bh::storage {

// One step's rows: the tournament's own (all of it: settings, status, round, times), and
// the players and games it changed.
struct TournamentWrite {
  tournament::Tournament header;  // its players and games are not read: only the lists below
  std::vector<tournament::Player> players;
  std::vector<tournament::Game> games;
};

struct TournamentQuery {
  std::optional<tournament::Status> status;  // none: every status
  int limit = 50;                            // 1..100, newest first
};

class Tournaments {
 public:
  virtual ~Tournaments() = default;

  virtual void save_tournament(TournamentWrite write, std::function<void(StoreError)> done) = 0;
  // Every tournament not finished, whole (at start-up).
  virtual void load_tournaments(std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) = 0;
  // One, whole; not_found when there is none.
  virtual void get_tournament(std::string id, std::function<void(StoreResult<tournament::Tournament>)> done) = 0;
  // Whole tournaments, newest created first (a finished one's standings are computed
  // from its games). Private ones are left out.
  virtual void list_tournaments(TournamentQuery query,
                                std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) = 0;
  // The ids of the live games (any node's, in a cluster) paired by the tournaments not
  // finished: a director taking over tells a paired game made from one never made.
  virtual void live_tournament_games(std::function<void(StoreResult<std::vector<std::string>>)> done) = 0;
};

}  // namespace bh::storage
