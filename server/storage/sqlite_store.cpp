#include "storage/sqlite_store.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_set>
#include <utility>

#include "storage/archive_sql.hpp"
#include "storage/backup.hpp"
#include "storage/explorer_sql.hpp"
#include "storage/live_sql.hpp"
#include "storage/moderation_sql.hpp"
#include "storage/name_keys.hpp"
#include "storage/notify_sql.hpp"
#include "storage/rating_sql.hpp"
#include "storage/schema.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/store_queues.hpp"
#include "storage/store_thread.hpp"
#include "storage/token_sql.hpp"
#include "storage/tournament_sql.hpp"
#include "storage/write_health.hpp"

namespace bh::storage {

namespace {

// What a write changes and a read observes: a read waits for the writes queued before
// it of its kinds only (sqlite_store.hpp).
enum Kind : unsigned { kLive = 1u, kFinished = 2u, kAccounts = 4u, kNotify = 8u, kTournaments = 16u };
constexpr std::size_t kKinds = 5;

// A queued unit of work. A write runs inside the batch's transaction and returns its
// own result; `write_done` gets it after the transaction ended. A read runs alone and
// calls its own completion; given a null Db it reports `rejected` instead.
struct Job {
  std::function<StoreError(sql::Db&)> write;
  // False for writes that change nothing when they fail with their own error (not the
  // storage's): they need no savepoint of their own, which saves two statements a move.
  bool needs_savepoint = true;
  std::function<void(StoreError)> write_done;
  std::function<void(sql::Db*, const StoreError& rejected)> read;
  // What the write, once committed, tells of live game headers (Impl::live_headers).
  std::string header_stored, header_deleted;
  // A write: the kinds it changes; a read: the kinds it observes. 0: a read that stays
  // on the writer (run_sql, run_after_writes).
  unsigned kinds = 0;
  // Completed in order with the writes, and reads queued after it wait for it as for a
  // write of every kind (run_after_writes: an injected write failure).
  bool ordered_as_write = false;
  // The write may add outbox rows: once committed, the outbox's listener is called.
  bool wakes_outbox = false;
  std::uint64_t seq = 0;    // a write: its number in queue order (from 1)
  std::uint64_t after = 0;  // a read on a reader: the last write it must see

  bool is_write() const { return static_cast<bool>(write); }
  void reject(const StoreError& error) {
    if (is_write()) {
      write_done(error);
    } else {
      read(nullptr, error);
    }
  }
};

}  // namespace

struct SqliteStore::Impl {
  Impl(std::string p, SqliteOptions o)
      : options(std::move(o)), path(std::move(p)), queues(options.max_queued, "the disk"), health(path, options.log) {}

  sql::Db db;
  SqliteOptions options;
  std::string path;
  // The writer's queue (with readers = 0, the reads too) and the readers'.
  StoreQueues<Job, kKinds> queues;
  WriteHealth health;
  // Worker only: live games whose header a committed transaction holds, so a move's
  // write skips looking it up. Changed only after a commit, by the jobs it held; a game
  // not here (restored, or evicted) is looked up as before.
  std::unordered_set<std::string> live_headers;
  std::int64_t collect_after = 0;  // worker only: where collect_live_moves goes on
  std::atomic<std::uint64_t> reads_run{0};
  // Notifications::on_outbox_written; set before the first write that needs it.
  std::mutex outbox_mutex;
  std::function<void()> outbox_listener;

  std::vector<sql::Db> reader_dbs;  // each handed to its reader thread at start
  StoreThreads threads;

  std::size_t reader_count = 0;  // set before any thread starts
  bool has_readers() const { return reader_count > 0; }

  void submit(Job job) {
    Route route = Route::read_on_writer;
    if (job.ordered_as_write) route = Route::ordered_as_write;
    else if (job.is_write()) route = Route::write;
    else if (job.kinds != 0 && has_readers()) route = Route::read;
    if (auto error = queues.push(job, route)) job.reject(*error);
  }
  // A reader: runs the reads whose writes have completed, in the order they came, each
  // in one read transaction (one snapshot, however many statements it takes).
  void serve_reads(sql::Db& conn) {
    mark_store_thread();
    while (auto job = queues.next_read()) {  // none: closing and drained
      ++reads_run;
      const bool began = conn.exec_cached("BEGIN") == SQLITE_OK;
      health.guarded("a read", [&] { job->read(&conn, StoreError{}); });
      if (began && conn.in_transaction()) conn.exec_cached("COMMIT");
    }
    conn.close();
  }

  // The writer: every write up to `seq` has completed; reads waiting for them may start.
  void writes_completed(std::uint64_t seq) {
    if (seq == 0 || !has_readers()) return;
    queues.writes_completed(seq);
  }

  void run() {
    mark_store_thread();
    std::deque<Job> taken;
    const auto interval = std::chrono::milliseconds(std::max(1, options.probe_interval_ms));
    for (;;) {
      using Wait = decltype(queues)::Wait;
      const Wait wait = queues.wait_for_writes(health.healthy() ? std::nullopt : std::optional(interval));
      if (wait == Wait::closed) break;  // and drained
      // Failing and no write tried for a while (reads alone do not tell): a small write
      // finds out whether the disk works again, so the server turns healthy by itself.
      if (health.probe_due(interval)) {
        std::vector<Job> probe(1);
        probe[0].write = [](sql::Db& conn) { return sql::probe_write(conn); };
        probe[0].write_done = [](StoreError) {};
        run_writes(probe, /*quiet=*/true);
        continue;
      }
      if (wait == Wait::idle) continue;
      // A sleep, not a wait on the queue: the writes queued meanwhile wake no one.
      if (options.commit_window_us > 0)
        std::this_thread::sleep_for(std::chrono::microseconds(options.commit_window_us));
      queues.take_all(taken);
      while (!taken.empty()) {
        if (!taken.front().is_write()) {
          Job job = std::move(taken.front());
          taken.pop_front();
          health.guarded("a read", [&] { job.read(&db, StoreError{}); });
          writes_completed(job.seq);
          continue;
        }
        // Consecutive writes share one transaction; a read between them (run_sql, or any
        // read with readers = 0) ends the batch, so it sees exactly the writes queued
        // before it.
        std::vector<Job> batch;
        while (!taken.empty() && taken.front().is_write() && batch.size() < options.max_batch) {
          batch.push_back(std::move(taken.front()));
          taken.pop_front();
        }
        run_writes(batch);
      }
    }
    db.close();
  }

  void run_writes(std::vector<Job>& batch, bool quiet = false) {
    health.trying(batch.size(), quiet);
    std::vector<StoreError> results(batch.size());
    std::optional<StoreError> failure;  // the storage failed: the whole batch is lost
    std::size_t failed_job = batch.size();
    bool any_written = false;
    auto check = [&](int rc, const char* what) {
      if (rc != SQLITE_OK && !failure) failure = sql::error_from(db, rc, what);
      return !failure;
    };
    if (check(db.exec_cached("BEGIN IMMEDIATE"), "cannot begin a transaction")) {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        const bool savepoint = batch[i].needs_savepoint;
        if (savepoint && !check(db.exec("SAVEPOINT job"), "cannot open a savepoint")) break;
        StoreError result = batch[i].write(db);
        // Forgotten at once, known only once committed: a game missing here is looked up.
        if (!batch[i].header_deleted.empty()) live_headers.erase(batch[i].header_deleted);
        if (result.ok()) {
          any_written = true;
          if (savepoint && !check(db.exec("RELEASE job"), "cannot release a savepoint")) break;
        } else if (result.code == StoreErrc::unavailable) {
          failure = std::move(result);
          failed_job = i;
          break;
        } else {  // this job's own problem (conflict, invalid): undo it alone
          results[i] = std::move(result);
          if (!savepoint) continue;
          if (!check(db.exec("ROLLBACK TO job"), "cannot roll back a savepoint")) break;
          if (!check(db.exec("RELEASE job"), "cannot release a savepoint")) break;
        }
      }
      // Moves of finished games go a little at a time, faster than they are added.
      std::optional<std::int64_t> next_collect;
      if (!failure && !quiet) {
        const auto budget = static_cast<std::int64_t>(std::max<std::size_t>(64, 2 * batch.size()));
        auto collected = sql::collect_live_moves(db, collect_after, budget);
        if (collected.error.ok()) {
          next_collect = *collected.value;
        } else {
          failure = std::move(collected.error);
        }
      }
      if (!failure) check(db.exec_cached("COMMIT"), "cannot commit");
      if (!failure && next_collect) collect_after = *next_collect;
      if (!failure) {
        bool outbox_written = false;
        for (std::size_t i = 0; i < batch.size(); ++i) {
          if (!results[i].ok()) continue;
          if (!batch[i].header_stored.empty()) live_headers.insert(batch[i].header_stored);
          outbox_written = outbox_written || batch[i].wakes_outbox;
        }
        if (outbox_written) wake_outbox();
      }
      if (failure && db.in_transaction()) db.exec("ROLLBACK");
    }
    if (failure) {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (i == failed_job) {
          results[i] = *failure;
        } else if (results[i].ok()) {
          results[i] = {StoreErrc::unavailable, "not saved, its transaction failed: " + failure->message};
        }
      }
      health.failed(failure->message, quiet);
    } else {
      health.committed(any_written, quiet);
    }
    for (std::size_t i = 0; i < batch.size(); ++i)
      health.guarded("a write's completion", [&] { batch[i].write_done(std::move(results[i])); });
    if (!quiet && !batch.empty()) writes_completed(batch.back().seq);
  }

  void log(const std::string& message) const { health.log(message); }

  void wake_outbox() {
    std::function<void()> listener;
    {
      std::lock_guard lock(outbox_mutex);
      listener = outbox_listener;
    }
    if (listener) health.guarded("the outbox's listener", listener);
  }
};

SqliteStore::SqliteStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

SqliteStore::~SqliteStore() { close(); }

StoreResult<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path, SqliteOptions options) {
  auto impl = std::make_unique<Impl>(path, std::move(options));
  sql::Db& db = impl->db;
  StoreError error = db.open(path, impl->options.read_only, impl->options.process_exclusive);
  if (error.ok()) {
    error = sql::configure(db, impl->options.synchronous_full, impl->options.busy_timeout_ms, impl->options.cache_kib);
  }
  if (error.ok()) error = sql::migrate(db);
  if (error.ok()) error = sql::refresh_name_keys(db, [raw = impl.get()](const std::string& line) { raw->log(line); });
  if (!error.ok()) {
    error.message = path + ": " + error.message;
    return {std::move(error), std::nullopt};
  }
  if (db.read_only()) {
    impl->log("opened " + path + " read-only: every write will fail");
    impl->health.mark_unhealthy();  // known before anyone tries: no new games
  }
  // The readers' connections, opened once the schema is current. Read-only: WAL lets
  // them read while the writer commits.
  const auto readers = static_cast<std::size_t>(std::max(0, impl->options.readers));
  for (std::size_t i = 0; i < readers; ++i) {
    sql::Db reader;
    error = reader.open(path, /*read_only=*/true, impl->options.process_exclusive);
    if (error.ok()) {
      error = sql::configure(reader, impl->options.synchronous_full, impl->options.busy_timeout_ms,
                             impl->options.reader_cache_kib);
    }
    if (!error.ok()) {
      // The writer can still serve the reads: fewer readers, not no store.
      impl->log("cannot open a reader connection to " + path + " (" + error.message + "): " + std::to_string(i) +
                " reader(s) instead of " + std::to_string(readers));
      break;
    }
    impl->reader_dbs.push_back(std::move(reader));
  }
  impl->reader_count = impl->reader_dbs.size();
  // Each connection is handed to its thread here and never used by this thread again.
  Impl* raw = impl.get();
  for (sql::Db& reader : impl->reader_dbs)
    impl->threads.start_reader([raw, conn = &reader] { raw->serve_reads(*conn); });
  impl->threads.start_writer([raw] { raw->run(); });
  return {{}, std::unique_ptr<SqliteStore>(new SqliteStore(std::move(impl)))};
}

void SqliteStore::finish_game(GameRecord record, std::optional<LiveGame> next,
                              std::function<void(StoreResult<GameFinish>)> done) {
  Job job;
  job.kinds = kLive | kFinished;
  job.header_deleted = record.id;
  if (next) job.header_stored = next->game_id;
  if (!record.correspondence.empty()) {  // its "game over" notices (notify_sql.hpp)
    job.kinds |= kNotify;
    job.wakes_outbox = true;
  }
  auto finish = std::make_shared<GameFinish>();  // written by `write`, read by `write_done`
  job.write = [record = std::move(record), next = std::move(next), finish](sql::Db& db) {
    StoreError error = sql::insert_game(db, record);
    if (error.ok()) {
      auto rated = sql::apply_ratings(db, record);
      error = rated.error;
      if (error.ok()) *finish = std::move(*rated.value);
    }
    if (error.ok()) error = sql::index_opening(db, record, average_before(*finish));
    if (error.ok()) error = sql::delete_live(db, record.id);
    if (error.ok() && !record.correspondence.empty()) error = sql::drop_pending_reminders(db, record.id);
    if (error.ok() && !record.correspondence.empty() && !record.imported)
      error = sql::write_end_notices(db, record, record.ended_ms);
    if (error.ok() && next) error = sql::save_live(db, LiveUpdate{next, next->game_id, 1, {}});
    return error;
  };
  job.write_done = [finish, done = std::move(done)](StoreError error) {
    // A failed transaction wrote no rating: the changes are told only with ok.
    if (!error.ok()) return done({std::move(error), std::nullopt});
    done({{}, std::move(*finish)});
  };
  impl_->submit(std::move(job));
}

namespace {
template <class T, class F>
std::function<void(sql::Db*, const StoreError&)> read_job(F run, std::function<void(StoreResult<T>)> done) {
  return [run = std::move(run), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? run(*db) : StoreResult<T>{rejected, std::nullopt});
  };
}
}  // namespace

void SqliteStore::load_ratings(std::function<void(StoreResult<std::vector<PlayerRating>>)> done) {
  Job job;
  job.kinds = kFinished;
  job.read = read_job<std::vector<PlayerRating>>([](sql::Db& db) { return sql::load_ratings(db); }, std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::get_profile(std::string name, std::function<void(StoreResult<PlayerProfile>)> done) {
  Job job;
  job.kinds = kFinished | kAccounts;
  job.read = read_job<PlayerProfile>([name = std::move(name), chars = impl_->options.answer_name_chars](
                                         sql::Db& db) { return sql::load_profile(db, name, 10, chars); },
                                     std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::leaderboard(std::string key, int limit,
                              std::function<void(StoreResult<std::vector<PlayerRating>>)> done) {
  Job job;
  job.kinds = kFinished;
  job.read = read_job<std::vector<PlayerRating>>(
      [key = std::move(key), limit](sql::Db& db) { return sql::leaderboard(db, key, limit); }, std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::rating_history(std::string name, std::string key,
                                 std::function<void(StoreResult<std::vector<RatingHistoryEntry>>)> done) {
  Job job;
  job.kinds = kFinished;
  job.read = read_job<std::vector<RatingHistoryEntry>>(
      [name = std::move(name), key = std::move(key)](sql::Db& db) { return sql::rating_history(db, name, key); },
      std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::save_live(LiveUpdate update, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kLive;
  job.header_stored = update.header ? update.header->game_id : update.game_id;
  // A notice's outbox rows come after the moves: a failure there must undo them too.
  job.needs_savepoint = update.notice.has_value();
  job.wakes_outbox = update.notice.has_value();
  if (update.notice) job.kinds |= kNotify;
  job.write = [update = std::move(update), impl = impl_.get()](sql::Db& db) {
    const std::string& id = update.header ? update.header->game_id : update.game_id;
    StoreError error = sql::save_live(db, update, impl->live_headers.contains(id));
    if (error.ok() && update.notice) error = sql::write_turn_notice(db, *update.notice);
    return error;
  };  // without a notice, its own errors come before it writes anything: no savepoint
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) {
  Job job;
  job.kinds = kLive;
  job.read = [done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_live(*db) : StoreResult<std::vector<LiveGame>>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::load_live_game(std::string game_id, std::function<void(StoreResult<LiveGame>)> done) {
  Job job;
  job.kinds = kLive;
  job.read = [game_id = std::move(game_id), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_live_game(*db, game_id) : StoreResult<LiveGame>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::find_live_seat(std::string token, std::function<void(StoreResult<FoundSeat>)> done) {
  Job job;
  job.kinds = kLive;
  job.read = [token = std::move(token), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::find_live_seat(*db, token) : StoreResult<FoundSeat>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::create_account(Account account, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [account = std::move(account)](sql::Db& db) { return sql::insert_account(db, account); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::save_bot_account(Account account, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [account = std::move(account)](sql::Db& db) { return sql::save_bot_account(db, account); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::update_password_hash(Account account, std::string old_hash, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [account = std::move(account), old_hash = std::move(old_hash)](sql::Db& db) {
    return sql::update_password_hash(db, account, old_hash);
  };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::list_games(ArchiveQuery query, std::function<void(StoreResult<ArchivePage>)> done) {
  Job job;
  job.kinds = kFinished;
  job.read = [query = std::move(query), done = std::move(done), chars = impl_->options.answer_name_chars](
                 sql::Db* db, const StoreError& rejected) {
    done(db ? sql::list_games(*db, query, chars) : StoreResult<ArchivePage>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::explore(ExplorerQuery query, std::function<void(StoreResult<ExplorerPosition>)> done) {
  Job job;
  job.kinds = kFinished;
  job.read = [query = std::move(query), done = std::move(done), chars = impl_->options.answer_name_chars](
                 sql::Db* db, const StoreError& rejected) {
    done(db ? sql::explore(*db, query, chars) : StoreResult<ExplorerPosition>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::clear_explorer(std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kFinished;
  job.write = [](sql::Db& db) { return sql::clear_explorer(db); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::index_opening(GameRecord record, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kFinished;
  job.write = [record = std::move(record)](sql::Db& db) {
    auto rating = sql::rating_before(db, record);
    if (!rating.error.ok()) return rating.error;
    return sql::index_opening(db, record, *rating.value);
  };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) {
  Job job;
  job.kinds = kFinished;
  job.read = [id = std::move(id), done = std::move(done), chars = impl_->options.answer_name_chars](
                 sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_game(*db, id, chars) : StoreResult<GameRecord>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::backup_to(std::string destination, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kLive | kFinished | kAccounts;
  job.read = [destination = std::move(destination), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? backup_connection(db->handle(), destination) : rejected);
  };
  impl_->submit(std::move(job));
}

void SqliteStore::find_account(std::string name, std::function<void(StoreResult<Account>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [name = std::move(name), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_account(*db, name) : StoreResult<Account>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::find_account_like(std::string name, std::function<void(StoreResult<Account>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [name = std::move(name), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_account_like(*db, name) : StoreResult<Account>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::create_token(ApiToken token, int max_per_owner, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [token = std::move(token), max_per_owner](sql::Db& db) {
    return sql::insert_token(db, token, max_per_owner);
  };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::list_tokens(std::string owner, std::function<void(StoreResult<std::vector<ApiToken>>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [owner = std::move(owner), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_tokens(*db, owner) : StoreResult<std::vector<ApiToken>>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::revoke_token(std::string owner, std::string id, std::int64_t now_ms,
                               std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [owner = std::move(owner), id = std::move(id), now_ms](sql::Db& db) {
    return sql::revoke_token(db, owner, id, now_ms);
  };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::find_api_token(std::string hash, std::function<void(StoreResult<ApiToken>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [hash = std::move(hash), done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::find_api_token(*db, hash) : StoreResult<ApiToken>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::touch_token(std::string id, std::int64_t now_ms, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [id = std::move(id), now_ms](sql::Db& db) { return sql::touch_token(db, id, now_ms); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::upgrade_to_bot(std::string name, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts | kFinished;
  job.write = [name = std::move(name)](sql::Db& db) { return sql::upgrade_to_bot(db, name); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::run_sql(std::string text, std::function<void(StoreResult<std::vector<std::string>>)> done) {
  Job job;
  job.read = [text = std::move(text), done = std::move(done), impl = impl_.get()](sql::Db* db,
                                                                                  const StoreError& rejected) {
    using Rows = StoreResult<std::vector<std::string>>;
    if (!db) return done(Rows{rejected, std::nullopt});
    impl->live_headers.clear();  // the statement may change anything: headers are looked up again
    // Not cached: these are one-off statements.
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v2(db->handle(), text.c_str(), static_cast<int>(text.size()), &stmt, nullptr);
    std::vector<std::string> rows;
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
      rc = sqlite3_step(stmt);
      if (rc != SQLITE_ROW) break;
      std::string row;
      for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
        if (c > 0) row += '|';
        const auto* value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
        row += value ? value : "";
      }
      rows.push_back(std::move(row));
    }
    Rows out;
    if (rc == SQLITE_DONE) {
      out.value = std::move(rows);
    } else {
      out.error = sql::error_from(*db, rc, "cannot run " + text);
    }
    sqlite3_finalize(stmt);
    done(std::move(out));
  };
  impl_->submit(std::move(job));
}

void SqliteStore::run_after_writes(std::function<void()> f) {
  Job job;  // kinds 0: stays on the writer, in queue order
  job.ordered_as_write = true;
  job.read = [f = std::move(f)](sql::Db*, const StoreError&) { f(); };
  impl_->submit(std::move(job));
}

namespace {
// A write that gives a value: `run` fills it inside the transaction, `done` gets it once
// the transaction ended (with the transaction's error when it failed).
template <class T, class F>
Job value_write(F run, std::function<void(StoreResult<T>)> done) {
  Job job;
  auto result = std::make_shared<StoreResult<T>>();
  job.write = [run = std::move(run), result](sql::Db& db) {
    *result = run(db);
    return result->error;
  };
  job.write_done = [result, done = std::move(done)](StoreError error) {
    if (!error.ok()) return done({std::move(error), std::nullopt});
    done(std::move(*result));
  };
  return job;
}

}  // namespace

void SqliteStore::load_moderation(std::int64_t now_ms, std::function<void(StoreResult<ModerationState>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [now_ms, done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_moderation(*db, now_ms) : StoreResult<ModerationState>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::save_block(std::string player, std::string blocked, bool on, int max, std::int64_t now_ms,
                             std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [player = std::move(player), blocked = std::move(blocked), on, max, now_ms](sql::Db& db) {
    return sql::save_block(db, player, blocked, on, max, now_ms);
  };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::save_report(Report report, std::function<void(StoreResult<std::int64_t>)> done) {
  Job job = value_write<std::int64_t>(
      [report = std::move(report)](sql::Db& db) { return sql::insert_report(db, report); }, std::move(done));
  job.kinds = kAccounts;
  impl_->submit(std::move(job));
}

void SqliteStore::list_reports(bool open_only, int limit, std::function<void(StoreResult<std::vector<Report>>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [open_only, limit, done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_reports(*db, open_only, limit) : StoreResult<std::vector<Report>>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::moderate(ModerationAction action, std::function<void(StoreResult<ModerationOutcome>)> done) {
  Job job = value_write<ModerationOutcome>(
      [action = std::move(action)](sql::Db& db) { return sql::moderate(db, action); }, std::move(done));
  job.kinds = kAccounts | kFinished;  // an annulment changes games and ratings
  impl_->submit(std::move(job));
}

void SqliteStore::list_audit(std::optional<std::int64_t> before_id, int limit,
                             std::function<void(StoreResult<std::vector<AuditEntry>>)> done) {
  Job job;
  job.kinds = kAccounts;
  job.read = [before_id, limit, done = std::move(done)](sql::Db* db, const StoreError& rejected) {
    done(db ? sql::load_audit(*db, before_id, limit) : StoreResult<std::vector<AuditEntry>>{rejected, std::nullopt});
  };
  impl_->submit(std::move(job));
}

void SqliteStore::purge_report_chat(std::int64_t before_ms, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kAccounts;
  job.write = [before_ms](sql::Db& db) { return sql::purge_report_chat(db, before_ms); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::notify_settings(std::string player, std::function<void(StoreResult<NotifySettings>)> done) {
  Job job;
  job.kinds = kNotify;
  job.read = read_job<NotifySettings>(
      [player = std::move(player)](sql::Db& db) { return sql::notify_settings(db, player); }, std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::save_notify_settings(NotifyChange change, std::function<void(StoreResult<NotifySettings>)> done) {
  Job job = value_write<NotifySettings>(
      [change = std::move(change)](sql::Db& db) { return sql::save_notify_settings(db, change); }, std::move(done));
  job.kinds = kNotify;
  job.wakes_outbox = true;  // a new address's verification mail
  impl_->submit(std::move(job));
}

void SqliteStore::verify_email(std::string token, std::function<void(StoreResult<std::string>)> done) {
  Job job = value_write<std::string>([token = std::move(token)](sql::Db& db) { return sql::verify_email(db, token); },
                                     std::move(done));
  job.kinds = kNotify;
  impl_->submit(std::move(job));
}

void SqliteStore::unsubscribe(std::string token, std::function<void(StoreResult<std::string>)> done) {
  Job job = value_write<std::string>([token = std::move(token)](sql::Db& db) { return sql::unsubscribe(db, token); },
                                     std::move(done));
  job.kinds = kNotify;
  impl_->submit(std::move(job));
}

void SqliteStore::take_due(std::int64_t now_ms, int limit,
                           std::function<void(StoreResult<std::vector<OutboxItem>>)> done) {
  Job job = value_write<std::vector<OutboxItem>>(
      [now_ms, limit](sql::Db& db) { return sql::take_due(db, now_ms, limit); }, std::move(done));
  job.kinds = kNotify;
  impl_->submit(std::move(job));
}

void SqliteStore::next_due(std::int64_t after_ms, std::function<void(StoreResult<std::optional<std::int64_t>>)> done) {
  Job job;
  job.kinds = kNotify;
  job.read = read_job<std::optional<std::int64_t>>([after_ms](sql::Db& db) { return sql::next_due(db, after_ms); },
                                                   std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::record_delivery(Delivery delivery, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kNotify;
  job.write = [delivery = std::move(delivery)](sql::Db& db) { return sql::record_delivery(db, delivery); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

void SqliteStore::save_tournament(TournamentWrite write, std::function<void(StoreError)> done) {
  Job job;
  job.kinds = kTournaments;
  job.write = [write = std::move(write)](sql::Db& db) { return sql::save_tournament(db, write); };
  job.write_done = std::move(done);
  impl_->submit(std::move(job));
}

// A tournament's reads join the archive (a played game's result): they wait for both.
void SqliteStore::load_tournaments(std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) {
  Job job;
  job.kinds = kTournaments | kFinished;
  job.read = read_job<std::vector<tournament::Tournament>>([](sql::Db& db) { return sql::load_tournaments(db); },
                                                           std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::get_tournament(std::string id, std::function<void(StoreResult<tournament::Tournament>)> done) {
  Job job;
  job.kinds = kTournaments | kFinished;
  job.read = read_job<tournament::Tournament>([id = std::move(id)](sql::Db& db) { return sql::get_tournament(db, id); },
                                              std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::list_tournaments(TournamentQuery query,
                                   std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) {
  Job job;
  job.kinds = kTournaments | kFinished;
  job.read = read_job<std::vector<tournament::Tournament>>(
      [query](sql::Db& db) { return sql::list_tournaments(db, query); }, std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::live_tournament_games(std::function<void(StoreResult<std::vector<std::string>>)> done) {
  Job job;
  job.kinds = kLive | kTournaments;
  job.read =
      read_job<std::vector<std::string>>([](sql::Db& db) { return sql::live_tournament_games(db); }, std::move(done));
  impl_->submit(std::move(job));
}

void SqliteStore::on_outbox_written(std::function<void()> listener) {
  std::lock_guard lock(impl_->outbox_mutex);
  impl_->outbox_listener = std::move(listener);
}

bool SqliteStore::healthy() const { return impl_->health.healthy(); }

SqliteStoreStats SqliteStore::stats() const {
  const auto& h = impl_->health;
  return {h.write_jobs.load(), h.transactions.load(), h.failed_transactions.load(), impl_->reads_run.load()};
}

void SqliteStore::close() {
  impl_->queues.close();
  impl_->threads.join();
}

std::string open_failure_text(const std::string& path, const StoreError& error) {
  std::string text = "cannot open the database " + path + ": " + error.message;
  if (error.message.find("database is locked") != std::string::npos) {
    text +=
        " (another server runs on it, or one started with --db-lock exclusive, which keeps every other "
        "process out: stop it first, or back it up with SIGUSR1)";
  }
  return text;
}

StoreResult<std::unique_ptr<Store>> open_sqlite_store(const std::string& path, SqliteOptions options) {
  auto opened = SqliteStore::open(path, std::move(options));
  if (!opened.error.ok()) return {std::move(opened.error), std::nullopt};
  return {{}, std::unique_ptr<Store>(std::move(*opened.value))};
}

}  // namespace bh::storage
