// The journal of the live game: its moves, how much of it the store has (the header,
// the first durable_plies() moves), and whether a move is made but not yet told (it is
// told only once durable, so whatever a client saw survives a crash). Replies that
// would show the untold move wait in the journal until it is told.
//
// A plain value but for the waiting replies, which are whatever the room defers.
// Thread-safety: none (the room keeps it on its strand).
#pragma once

#include <functional>
#include <vector>

#include "storage/records.hpp"

namespace bh::game {

class LiveJournal {
 public:
  // A new game, without moves; `header_durable`: its header is in the store already
  // (written with the last game's archive record).
  void start(bool header_durable);
  // A game brought back from the store: all of it durable.
  void restore(std::vector<storage::MoveRecord> moves);

  const std::vector<storage::MoveRecord>& moves() const { return moves_; }
  int plies() const { return static_cast<int>(moves_.size()); }
  bool header_durable() const { return header_durable_; }
  int durable_plies() const { return durable_plies_; }

  // What the next write of the live game carries: its header if the store lacks it,
  // and every move not yet durable, from first_ply (1-based). `plies` is the game's
  // length once written.
  struct Write {
    bool header = false;
    int first_ply = 1;
    std::vector<storage::MoveRecord> moves;
    int plies = 0;
    int erase_through = 0;  // taken back: the store drops plies after `plies` up to this
  };
  Write next_write() const;
  // The store answered a write of this game (next_write() then). A failed write is
  // done again, header and all, with the next one.
  void written(bool with_header, int plies, bool ok, int erase_through = 0);
  // Any live write's result, of this game or not: true when it is the first failure
  // after a success (failures are logged once per spell, not once per move).
  bool starts_failing(bool ok);

  // A move was made: it is being written and not yet told.
  void add(storage::MoveRecord move);
  // Moves were taken back: the game is `plies` long again. The store is told with the
  // next write (which drops the later plies); until then it is untold, like a move.
  // Precondition: !untold(), plies <= this->plies().
  void take_back(int plies);
  bool untold() const { return untold_; }
  // Runs once the move is told (a reply that would show it). Precondition: untold().
  void defer(std::function<void()> reply) { deferred_.push_back(std::move(reply)); }
  // The move is told: the replies that waited for it, to be run now, in order.
  std::vector<std::function<void()>> told();
  // The room closes: waiting replies are dropped (they hold the room).
  void drop_deferred() { deferred_.clear(); }

 private:
  std::vector<storage::MoveRecord> moves_;
  int durable_plies_ = 0;
  bool header_durable_ = false;
  bool failing_ = false;
  bool untold_ = false;
  int erase_through_ = 0;  // the longest the game was before a takeback not yet durable
  std::vector<std::function<void()>> deferred_;
};

}  // namespace bh::game
