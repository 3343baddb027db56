// The Store on PostgreSQL (cluster mode, docs/cluster.md): the same interface and
// semantics as the SQLite store (sqlite_store.hpp), so several servers can share one
// database. libpq stays inside the implementation.
//
// One writer thread owns a connection. Callers queue writes under a mutex and return at
// once; the writer takes everything queued and runs it as transactions of up to
// max_batch writes (group commit), strictly in queue order; a job whose own error
// (conflict) could leave a half-written row runs in a savepoint, so it fails alone.
// Every write's `done` is called on the writer after its transaction ended. A deadlock
// or serialization failure (another server locked the same rows) runs the batch again.
//
// Reads run on PgOptions::readers threads (at least one), each with its own connection,
// each read in one REPEATABLE READ READ ONLY transaction (one snapshot). Read-your-writes
// as in the SQLite store: a read waits until every write queued before it of the kinds
// it observes (live games, finished games with their ratings, accounts) has committed
// and had its `done` called. Writes another server commits are seen by any later read.
//
// Cluster mode (PgOptions::node_id): live writes carry the node's epoch and are
// refused as `fenced` once another node owns the game; healthy() is also false while
// the lease is not surely held, or since its last renewal failed (pg_node.hpp).
//
// Failures: when the server cannot be reached (or a statement fails for any reason but
// the job's own), the batch rolls back and every job in it fails with `unavailable`;
// healthy() turns false until a write transaction commits. A job is tried once more on
// a fresh connection when the connection is found lost before its COMMIT was sent
// (nothing of it can have been committed), so a server restart costs no job once it is
// back. While unhealthy and idle the writer reconnects and writes one row every
// probe_interval_ms. A lost COMMIT reply is reported as unavailable: the write may or
// may not be durable.
//
// Thread-safety: every method may be called from any thread. `done` runs on the writer
// (writes) or a reader (reads), all marked as store threads (store_thread.hpp); it must
// not throw or destroy the store; it may queue more jobs. As in the SQLite store, after
// close() or with the queues full (max_queued), `done` is called at once on the calling
// thread with `unavailable`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "storage/cluster_names.hpp"
#include "storage/cluster_seeks.hpp"
#include "storage/store.hpp"
#include "storage/tournaments.hpp"

namespace bh::storage {

struct PgOptions {
  int readers = 2;                              // reader threads and connections (at least 1)
  std::size_t max_queued = 100000;              // jobs waiting at most; beyond it calls fail at once
  std::size_t max_batch = 512;                  // write jobs per transaction at most
  int probe_interval_ms = 1000;                 // while unhealthy and idle: reconnect and write this often
  std::size_t answer_name_chars = 100;          // as SqliteOptions::answer_name_chars
  std::function<void(const std::string&)> log;  // lasting failures (on a store thread); default stderr
  // Cluster mode: what the node's lease thread did (games taken over, the lease
  // released); default: as `log`.
  std::function<void(const std::string&)> note;
  // Cluster mode (docs/cluster.md): this node's name. Each open registers a new epoch
  // for it with a lease; its live games are written fenced by that epoch and the games
  // of its earlier starts are taken over once their lease lapsed (at once after a stop;
  // open waits up to a lease after a kill, and refuses a name whose lease another
  // running process renews). Empty: a server alone, no fence.
  std::string node_id;
  int lease_ms = 5000;  // a node that has not renewed for this long loses its games
  int renew_ms = 1000;  // how often the lease is renewed and lapsed nodes' games looked for
  // False while the node must not own games (it has lost the bus): its lease is not
  // renewed then (pg_node.hpp). Empty: always renewed. Any thread.
  std::function<bool()> may_renew;
};

struct PgStoreStats {
  std::uint64_t write_jobs = 0;
  std::uint64_t transactions = 0;  // committed
  std::uint64_t failed_transactions = 0;
  std::uint64_t reads = 0;
  std::uint64_t connects = 0;  // connection attempts after the first ones (reconnections)
  std::uint64_t retries = 0;   // write batches run again (a deadlock, a connection lost early)
};

class PgStore final : public Store, public ClusterNames, public ClusterSeeks, public Tournaments {
 public:
  // Connects to `dsn` ("postgresql:///boardhall?host=/run/pg" or "host=... dbname=..."),
  // creates or migrates the schema, brings the name keys up to date and starts the
  // threads. Errors: unavailable with a message (cannot connect, schema newer...).
  static StoreResult<std::unique_ptr<PgStore>> open(const std::string& dsn, PgOptions options = {});
  ~PgStore() override;  // calls close()

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
  bool healthy() const override;
  void close() override;
  void claim_name(NameClaim claim, std::function<void(StoreResult<bool>)> done) override;
  void release_name(std::string key, std::string token, std::int64_t epoch,
                    std::function<void(StoreError)> done) override;
  void find_token(std::string token, std::function<void(StoreResult<NameHolder>)> done) override;
  void find_name(std::string key, std::function<void(StoreResult<NameHolder>)> done) override;
  void take_or_add_seek(SeekJob job, std::function<void(StoreResult<std::optional<SeekRow>>)> done) override;
  void remove_seek(std::string room_id, std::function<void(StoreError)> done) override;
  void save_tournament(TournamentWrite write, std::function<void(StoreError)> done) override;
  void load_tournaments(std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) override;
  void get_tournament(std::string id, std::function<void(StoreResult<tournament::Tournament>)> done) override;
  void list_tournaments(TournamentQuery query,
                        std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) override;
  void live_tournament_games(std::function<void(StoreResult<std::vector<std::string>>)> done) override;

  PgStoreStats stats() const;

  // Cluster mode: this start's epoch (0 without PgOptions::node_id).
  std::int64_t epoch() const;
  // Cluster mode: from now on, the live games of nodes whose lease lapsed are taken over
  // and handed to `adopt`, with their moves (on the lease's thread). Call once, when
  // they can be restored. No effect without a node_id.
  void adopt_lapsed(std::function<void(std::vector<LiveGame>)> adopt);
  // Cluster mode: after each renewal of the lease, `told` gets the epochs of the nodes
  // alive (this one's too), on the lease's thread. Empty: no more.
  void watch_nodes(std::function<void(std::vector<std::int64_t>)> told);
  // Cluster mode: ends the lease now (on the lease's thread; the caller does not wait),
  // so the other nodes take this node's games at once: a stop, once its rooms stopped.
  void hand_over();
  // Cluster mode: after close(), ends the lease now unless hand_over() did, and stops
  // renewing it. No effect without a node_id.
  void release();

  struct Impl;

 private:
  explicit PgStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// PgStore::open as the interface type.
StoreResult<std::unique_ptr<Store>> open_pg_store(const std::string& dsn, PgOptions options = {});

}  // namespace bh::storage
