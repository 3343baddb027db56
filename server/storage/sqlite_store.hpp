// The Store backed by one SQLite file (WAL), served by one worker thread.
//
// The worker owns the connection. Callers queue jobs under a mutex and return at once;
// the worker takes everything queued, runs each run of consecutive writes as one
// transaction (group commit: one fsync for many games, each job in its own savepoint so
// a conflict fails only that job), then runs the reads, strictly in queue order. Every
// `done` is called on the worker after its transaction ended, with its own result.
//
// Failures: a write that fails because of the storage (disk full, read-only file, I/O
// error, busy) rolls back its whole transaction, fails every job in it with
// `unavailable`, logs once through SqliteOptions::log and makes healthy() false until
// a later write transaction commits; while unhealthy and idle the worker tries a
// one-row write every probe_interval_ms to notice that by itself. Reads keep working
// when they can.
//
// Thread-safety: every method may be called from any thread. `done` runs on the worker
// and must not throw or destroy the store; it may queue more jobs. Exception to the
// store.hpp rule: after close(), or when the queue is full (SqliteOptions::max_queued),
// `done` is called at once on the calling thread with `unavailable`.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "storage/store.hpp"

namespace bh::storage {

struct SqliteOptions {
  // Open with SQLITE_OPEN_READONLY: reads work, every write fails with unavailable.
  // The file must exist at the current schema version.
  bool read_only = false;
  // synchronous=FULL (see schema.cpp); false gives NORMAL: never corrupt, but a power
  // cut may lose the last commits.
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;
  int cache_kib = 32 * 1024;
  // Jobs waiting at most; beyond it calls fail at once (a disk this far behind is broken).
  std::size_t max_queued = 100000;
  // Write jobs per transaction at most (bounds a commit's latency and memory).
  std::size_t max_batch = 512;
  // While unhealthy and idle, a one-row write is tried this often to detect recovery.
  int probe_interval_ms = 1000;
  // What the archive's reads (list_games, get_game, get_profile) return of a player's
  // name at most, in characters: an archive written before imports were limited may
  // hold a name of megabytes, which must not reach every listing (--record-name-chars).
  std::size_t answer_name_chars = 100;
  // Where lasting failures are reported (called on the worker). Default: stderr.
  std::function<void(const std::string&)> log;
};

struct SqliteStoreStats {
  std::uint64_t write_jobs = 0;    // write jobs run, successful or not
  std::uint64_t transactions = 0;  // write transactions committed
  std::uint64_t failed_transactions = 0;
};

class SqliteStore final : public Store {
 public:
  // Opens (creating or migrating) the file and starts the worker. Errors: unavailable
  // with a message (cannot open, not a database, schema newer than this code, WAL
  // unavailable...). Use open_sqlite_store() unless the test hooks below are needed.
  static StoreResult<std::unique_ptr<SqliteStore>> open(const std::string& path, SqliteOptions options = {});
  ~SqliteStore() override;  // calls close()

  void finish_game(GameRecord record, std::optional<LiveGame> next,
                   std::function<void(StoreResult<GameFinish>)> done) override;
  void load_ratings(std::function<void(StoreResult<std::vector<PlayerRating>>)> done) override;
  void get_profile(std::string name, std::function<void(StoreResult<PlayerProfile>)> done) override;
  void leaderboard(std::string key, int limit,
                   std::function<void(StoreResult<std::vector<PlayerRating>>)> done) override;
  void rating_history(std::string name, std::string key,
                      std::function<void(StoreResult<std::vector<RatingHistoryEntry>>)> done) override;
  void list_games(ArchiveQuery query, std::function<void(StoreResult<ArchivePage>)> done) override;
  void get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) override;
  void save_live(LiveUpdate update, std::function<void(StoreError)> done) override;
  void load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) override;
  void create_account(Account account, std::function<void(StoreError)> done) override;
  void save_bot_account(Account account, std::function<void(StoreError)> done) override;
  void find_account(std::string name, std::function<void(StoreResult<Account>)> done) override;
  void update_password_hash(Account account, std::string old_hash, std::function<void(StoreError)> done) override;
  void find_account_like(std::string name, std::function<void(StoreResult<Account>)> done) override;
  bool healthy() const override;
  void close() override;

  // Maintenance and test hook: runs one SQL statement on the worker, outside any batch,
  // and returns its rows, columns joined by '|'. E.g. "PRAGMA integrity_check",
  // "EXPLAIN QUERY PLAN ...", "PRAGMA max_page_count = N". Errors: unavailable.
  void run_sql(std::string sql, std::function<void(StoreResult<std::vector<std::string>>)> done);
  SqliteStoreStats stats() const;

  struct Impl;

 private:
  explicit SqliteStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The Store the server uses: SqliteStore::open as the interface type.
StoreResult<std::unique_ptr<Store>> open_sqlite_store(const std::string& path, SqliteOptions options = {});

}  // namespace bh::storage
