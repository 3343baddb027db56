// The server's durable storage: the live games, the archive of finished games, the
// accounts and the ratings, each behind its own interface (live_games.hpp, archive.hpp,
// accounts.hpp, ratings.hpp), so code that needs one concern can take just that one.
// A Store is all four over one database, with its health and its shutdown.
//
// Every call queues a job and returns at once, never blocking network or room threads;
// `done` runs later on one of the store's own threads (storage/store_thread.hpp), so a
// caller that needs its own strand posts from inside `done`. Writes run and complete in
// the order they were queued. A read sees every write queued before it that it could
// observe (a page listed after a game's finish was queued holds the game; a login after
// an account's creation was queued finds it), and completes after that write's `done`
// ran; reads do not wait for later writes, nor writes for reads. The SQLite
// implementation (sqlite_store.hpp) writes on one thread, batching queued writes into
// transactions, and reads on other connections beside it; a fault-injecting one
// (tests, faulty_store.hpp) shares this interface.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <optional>
#include <utility>

#include "storage/accounts.hpp"
#include "storage/api_tokens.hpp"
#include "storage/archive.hpp"
#include "storage/live_games.hpp"
#include "storage/moderation.hpp"
#include "storage/ratings.hpp"
#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage {

class Store : public LiveGames, public Archive, public Accounts, public Ratings, public ApiTokens, public Moderation {
 public:
  ~Store() override = default;

  // An archived game is a live game finished with no next one: one transaction, the
  // same as a room's (live_games.hpp).
  void save_game(GameRecord record, std::function<void(StoreError)> done) final {
    finish_live_game(std::move(record), std::nullopt, std::move(done));
  }

  // False after a write failed (disk full, read-only file...) until a write succeeds;
  // the store retries a small write by itself meanwhile, so it recovers when idle too.
  virtual bool healthy() const = 0;
  // Runs every job already queued, then stops the threads. Later calls fail with
  // unavailable. Idempotent.
  virtual void close() = 0;
};

}  // namespace bh::storage
