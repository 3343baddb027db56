// The Store backed by one SQLite file (WAL): one writer thread, and reader threads
// beside it.
//
// The writer owns the read-write connection. Callers queue writes under a mutex and
// return at once; the writer takes everything queued and runs it as transactions of up
// to max_batch writes (group commit: one fsync for many moves, each job in its own
// savepoint so a conflict fails only that job), strictly in queue order. Every write's
// `done` is called on the writer after its transaction ended, with its own result.
//
// Reads (archive pages and games, export, profiles, leaderboards, account lookups, the
// live games at start-up) go to their own queue, served by SqliteOptions::readers
// threads, each with its own read-only connection (WAL lets them read while the writer
// commits), so a bulk export never waits in line with live-move commits, nor they with
// it. Read-your-writes is kept: a read waits until every write queued before it that it
// could observe has committed and had its `done` called (writes are of three kinds: live
// games, finished games with their ratings, accounts; a read waits only for its kinds,
// so an archive page never waits for moves). Each read runs in one read transaction,
// one snapshot. Reads start in queue order; with more than one reader they may complete
// in another order. With readers = 0 every read runs on the writer, between its
// transactions, in queue order (the store before readers).
//
// Failures: a write that fails because of the storage (disk full, read-only file, I/O
// error, busy) rolls back its whole transaction, fails every job in it with
// `unavailable`, logs once through SqliteOptions::log and makes healthy() false until
// a later write transaction commits; while unhealthy and idle the writer tries a
// one-row write every probe_interval_ms to notice that by itself. Reads keep working
// when they can.
//
// Thread-safety: every method may be called from any thread. `done` runs on the writer
// (writes, run_sql, run_after_writes) or on a reader (reads); every one of these threads
// is marked as a store thread (store_thread.hpp). `done` must not throw or destroy the
// store; it may queue more jobs. Exception to the store.hpp rule: after close(), or when
// the queues are full (SqliteOptions::max_queued), `done` is called at once on the
// calling thread with `unavailable`.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "storage/notifications.hpp"
#include "storage/store.hpp"
#include "storage/tournaments.hpp"

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
  // Read-only connections, each on its own thread, that serve the reads (--db-readers);
  // 0: the writer serves them too, in queue order between its transactions. One that
  // cannot be opened is logged and done without (the writer serves the reads when none).
  int readers = 2;
  // Page cache of each reader connection (the writer's is cache_kib).
  int reader_cache_kib = 8 * 1024;
  // Woken for a write, the writer waits this long before it takes the queue, so that
  // more writes share one commit (one fdatasync): less CPU per move at low load, each
  // write answered up to this much later (--commit-window-us). 0: off.
  int commit_window_us = 0;
  // The file held by this process alone for as long as the store is open (SQLite's
  // unix-excl VFS, sqlite_db.hpp): no fcntl lock per transaction, the WAL index in this
  // process's memory; the readers above still read beside the writer. Any other process
  // opening the file meanwhile (a one-shot command, the sqlite3 shell) is refused: a
  // backup then goes through `backup_to` (--db-lock).
  bool process_exclusive = false;
  // Where lasting failures are reported (called on a store thread). Default: stderr.
  std::function<void(const std::string&)> log;
};

struct SqliteStoreStats {
  std::uint64_t write_jobs = 0;    // write jobs run, successful or not
  std::uint64_t transactions = 0;  // write transactions committed
  std::uint64_t failed_transactions = 0;
  std::uint64_t reads = 0;  // reads run by the reader threads (none with readers = 0)
};

class SqliteStore final : public Store, public Notifications, public Tournaments {
 public:
  // Opens (creating or migrating) the file and starts the threads. Errors: unavailable
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
  void explore(ExplorerQuery query, std::function<void(StoreResult<ExplorerPosition>)> done) override;
  void clear_explorer(std::function<void(StoreError)> done) override;
  void index_opening(GameRecord record, std::function<void(StoreError)> done) override;
  void get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) override;
  void save_live(LiveUpdate update, std::function<void(StoreError)> done) override;
  void load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) override;
  void load_live_game(std::string game_id, std::function<void(StoreResult<LiveGame>)> done) override;
  void find_live_seat(std::string token, std::function<void(StoreResult<FoundSeat>)> done) override;
  void create_account(Account account, std::function<void(StoreError)> done) override;
  void save_bot_account(Account account, std::function<void(StoreError)> done) override;
  void find_account(std::string name, std::function<void(StoreResult<Account>)> done) override;
  void update_password_hash(Account account, std::string old_hash, std::function<void(StoreError)> done) override;
  void find_account_like(std::string name, std::function<void(StoreResult<Account>)> done) override;
  void create_token(ApiToken token, int max_per_owner, std::function<void(StoreError)> done) override;
  void list_tokens(std::string owner, std::function<void(StoreResult<std::vector<ApiToken>>)> done) override;
  void revoke_token(std::string owner, std::string id, std::int64_t now_ms,
                    std::function<void(StoreError)> done) override;
  void find_api_token(std::string hash, std::function<void(StoreResult<ApiToken>)> done) override;
  void touch_token(std::string id, std::int64_t now_ms, std::function<void(StoreError)> done) override;
  void upgrade_to_bot(std::string name, std::function<void(StoreError)> done) override;
  void load_moderation(std::int64_t now_ms, std::function<void(StoreResult<ModerationState>)> done) override;
  void save_block(std::string player, std::string blocked, bool on, int max, std::int64_t now_ms,
                  std::function<void(StoreError)> done) override;
  void save_report(Report report, std::function<void(StoreResult<std::int64_t>)> done) override;
  void list_reports(bool open_only, int limit, std::function<void(StoreResult<std::vector<Report>>)> done) override;
  void moderate(ModerationAction action, std::function<void(StoreResult<ModerationOutcome>)> done) override;
  void list_audit(std::optional<std::int64_t> before_id, int limit,
                  std::function<void(StoreResult<std::vector<AuditEntry>>)> done) override;
  void purge_report_chat(std::int64_t before_ms, std::function<void(StoreError)> done) override;
  void notify_settings(std::string player, std::function<void(StoreResult<NotifySettings>)> done) override;
  void save_notify_settings(NotifyChange change, std::function<void(StoreResult<NotifySettings>)> done) override;
  void verify_email(std::string token, std::function<void(StoreResult<std::string>)> done) override;
  void unsubscribe(std::string token, std::function<void(StoreResult<std::string>)> done) override;
  void take_due(std::int64_t now_ms, int limit,
                std::function<void(StoreResult<std::vector<OutboxItem>>)> done) override;
  void next_due(std::int64_t after_ms, std::function<void(StoreResult<std::optional<std::int64_t>>)> done) override;
  void record_delivery(Delivery delivery, std::function<void(StoreError)> done) override;
  void on_outbox_written(std::function<void()> listener) override;
  void save_tournament(TournamentWrite write, std::function<void(StoreError)> done) override;
  void load_tournaments(std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) override;
  void get_tournament(std::string id, std::function<void(StoreResult<tournament::Tournament>)> done) override;
  void list_tournaments(TournamentQuery query,
                        std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) override;
  void live_tournament_games(std::function<void(StoreResult<std::vector<std::string>>)> done) override;
  bool healthy() const override;
  void close() override;

  // Maintenance and test hook: runs one SQL statement on the writer, outside any batch,
  // and returns its rows, columns joined by '|'. E.g. "PRAGMA integrity_check",
  // "EXPLAIN QUERY PLAN ...", "PRAGMA max_page_count = N". Errors: unavailable.
  // A consistent copy of the whole database into the new file `destination`, made on a
  // reader's connection (on the writer's, between transactions, when there is none)
  // after every write submitted before: how a store opened process_exclusive is backed
  // up (--backup-dir, SIGUSR1). Errors: unavailable (destination exists or cannot be
  // written, the store closed); a partly written file is removed.
  void backup_to(std::string destination, std::function<void(StoreError)> done);
  void run_sql(std::string sql, std::function<void(StoreResult<std::vector<std::string>>)> done);
  // Calls `f` on the writer once every job queued before it on the writer has run and
  // its `done` returned: in the order of the writes' completions (FaultyStore delivers
  // an injected write failure this way). After close(), `f` runs at once on the calling
  // thread.
  void run_after_writes(std::function<void()> f);
  SqliteStoreStats stats() const;

  struct Impl;

 private:
  explicit SqliteStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The Store the server uses: SqliteStore::open as the interface type.
// Why opening the file at `path` failed, in words for an operator: `error`'s message,
// and when SQLite found the file locked, what holds it and what to do.
std::string open_failure_text(const std::string& path, const StoreError& error);

StoreResult<std::unique_ptr<Store>> open_sqlite_store(const std::string& path, SqliteOptions options = {});

}  // namespace bh::storage
