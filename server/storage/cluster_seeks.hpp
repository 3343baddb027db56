// Cluster mode: the seeks (quick pairing) waiting on every node, and the join-or-open
// decision of a new seeker made in one transaction (docs/cluster.md, "Seeks across the
// nodes"). A single node pairs its seeks in memory (app/rooms/seeks.hpp); on PostgreSQL
// (PgStore) a waiting seek is a row, and two seekers of the same terms on two nodes
// decide one after the other, so they never both wait and never both take one seek.
//
// Thread-safety: as the store's: any thread; `done` and the job's callbacks run on a
// store thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "storage/store_result.hpp"

namespace bh::storage {

struct SeekRow {
  std::string room_id;
  std::string terms;       // what two seeks must share to be paired, as one key
  std::string player_key;  // names::name_key of the seeker: one waiting seek each
  std::optional<double> rating;
  std::int64_t epoch = 0;      // the node whose room waits
  std::int64_t waited_ms = 0;  // of a row read: how long it has waited, by PostgreSQL's clock
};

struct SeekJob {
  SeekRow mine;
  // Picks among the seeks of `mine.terms` waiting on nodes alive (not the seeker's own),
  // oldest first: the index of the one to take, or nullopt to add `mine`. Pure and
  // quick: it runs inside the transaction, maybe more than once (a transaction retried).
  std::function<std::optional<std::size_t>(const std::vector<SeekRow>&)> choose;
  // Runs when `mine` is added, before the transaction commits (so before any other
  // seeker can take it): it must only post. Maybe more than once, as `choose`.
  std::function<void()> when_added;
};

class ClusterSeeks {
 public:
  virtual ~ClusterSeeks() = default;
  // One transaction, with every other seek of the same terms waiting for it: the seek
  // `job.choose` picks, taken out; or, when it picks none, `job.mine` added (replacing a
  // seek of the same player left by a node gone). `done`: the seek taken, or nullopt
  // when `mine` was added; conflict when the player's seek already waits elsewhere.
  virtual void take_or_add_seek(SeekJob job, std::function<void(StoreResult<std::optional<SeekRow>>)> done) = 0;
  // The room stopped waiting (joined, cancelled, closed): its row goes, if still there.
  virtual void remove_seek(std::string room_id, std::function<void(StoreError)> done) = 0;
};

}  // namespace bh::storage
