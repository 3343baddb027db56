// Live games: the games being played, written move by move so a restart can restore
// them, and the end of a game, which moves it from the live games to the archive in
// one transaction (with its ratings when rated, and the next game of its match).
// What a room needs of the store.
//
// Like every storage interface (store.hpp): each call queues a job and returns at once;
// `done` runs later on one of the store's threads, never the caller's, so a caller that
// needs its own strand posts from inside `done`. Writes complete in the order they were
// queued.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage {

class LiveGames {
 public:
  virtual ~LiveGames() = default;

  // `done` gets ok once the update is durable. A game's moves are written only if its
  // header is (a header-less update of an unknown game is invalid_query, so a lost
  // header is noticed and written again). On PostgreSQL a header also claims its
  // players' seats, one live game per player across every node: conflict, nothing
  // written, when one sits in another.
  virtual void save_live(LiveUpdate update, std::function<void(StoreError)> done) = 0;
  // Every live game with its moves, oldest first (at start-up, to restore them).
  virtual void load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) = 0;
  // One live game with its moves: an idle correspondence game a player opens again
  // (app/rooms/dormant_games.hpp). Errors: not_found, unavailable.
  virtual void load_live_game(std::string game_id, std::function<void(StoreResult<LiveGame>)> done) = 0;
  // The live game one of whose seats resumes with `token`, and its owner; not_found
  // when none does. (Cluster mode: a token this node does not know may be a seat of a
  // game another node runs or is taking over.)
  virtual void find_live_seat(std::string token, std::function<void(StoreResult<FoundSeat>)> done) = 0;

  // What a room calls when a game ends: writes the whole game to the archive and
  // forgets the live game of the same id, and writes the header of the match's next
  // game when there is one, all in one transaction, so a crash between the two cannot
  // lose the rest of the match. `done` gets ok once it is durable.
  void finish_live_game(GameRecord record, std::optional<LiveGame> next, std::function<void(StoreError)> done) {
    finish_game(std::move(record), std::move(next),
                [done = std::move(done)](StoreResult<GameFinish> result) { done(std::move(result.error)); });
  }
  // finish_live_game that also tells what else the transaction wrote: for a rated game
  // (record.rated) both players' new ratings, computed inside the same transaction from
  // the stored ones (rating_sql.hpp), so the rating and the record are one commit.
  virtual void finish_game(GameRecord record, std::optional<LiveGame> next,
                           std::function<void(StoreResult<GameFinish>)> done) = 0;
};

}  // namespace bh::storage
