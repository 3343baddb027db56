// The archive of finished games: adding one (an import; a room ends its games through
// live_games.hpp), listing them a page at a time, fetching one. What the archive's
// views, the record export and the importer need of the store.
//
// Each call queues a job and returns at once; `done` runs later on one of the store's
// threads (store.hpp). A read sees every write queued before it (a page listed after a
// game's finish was queued holds that game).
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <string>

#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage {

class Archive {
 public:
  virtual ~Archive() = default;

  // Writes the whole game in one transaction, and forgets the live game of the same id
  // in it. `done` gets ok once it is durable; conflict when the id is archived already.
  virtual void save_game(GameRecord record, std::function<void(StoreError)> done) = 0;
  // A page of games matching the query, newest first; invalid_query for a bad one.
  virtual void list_games(ArchiveQuery query, std::function<void(StoreResult<ArchivePage>)> done) = 0;
  // not_found when there is no such game.
  virtual void get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) = 0;
  // The opening explorer's moves from one position (docs/explorer.md); invalid_query for
  // a bad filter.
  virtual void explore(ExplorerQuery query, std::function<void(StoreResult<ExplorerPosition>)> done) = 0;
  // What `boardhall-server --reindex` writes with: the explorer's index emptied, and an
  // archived game's opening line (record.opening) added to it again, filed under its
  // players' ratings before it (from their history).
  virtual void clear_explorer(std::function<void(StoreError)> done) = 0;
  virtual void index_opening(GameRecord record, std::function<void(StoreError)> done) = 0;
};

}  // namespace bh::storage
