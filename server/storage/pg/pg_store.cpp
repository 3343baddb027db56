#include "storage/pg/pg_store.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "storage/pg/pg_archive.hpp"
#include "storage/pg/pg_conn.hpp"
#include "storage/pg/pg_explorer.hpp"
#include "storage/pg/pg_live.hpp"
#include "storage/pg/pg_moderation.hpp"
#include "storage/pg/pg_names.hpp"
#include "storage/pg/pg_node.hpp"
#include "storage/pg/pg_ownership.hpp"
#include "storage/pg/pg_ratings.hpp"
#include "storage/pg/pg_schema.hpp"
#include "storage/pg/pg_seeks.hpp"
#include "storage/pg/pg_tokens.hpp"
#include "storage/pg/pg_tournaments.hpp"
#include "storage/store_queues.hpp"
#include "storage/store_thread.hpp"
#include "storage/write_health.hpp"

namespace bh::storage {

namespace {

// What a write changes and a read observes: a read waits for the writes queued before
// it of its kinds only (as in sqlite_store.cpp).
enum Kind : unsigned { kLive = 1u, kFinished = 2u, kAccounts = 4u, kTournaments = 8u };
constexpr std::size_t kKinds = 4;
// A batch that deadlocked with another server's is run again this many times at most.
constexpr int kRetries = 5;

struct Job {
  std::function<StoreError(pg::Conn&)> write;
  // A write whose own error can come after it wrote something runs in a savepoint.
  bool savepoint = false;
  std::function<void(StoreError)> write_done;
  // A read: given the reader's connection, or null and why it was refused.
  std::function<void(pg::Conn*, const StoreError&)> read;
  unsigned kinds = 0;       // a write: the kinds it changes; a read: those it observes
  std::uint64_t seq = 0;    // a write: its number in queue order (from 1)
  std::uint64_t after = 0;  // a read: the last write it must see

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

struct PgStore::Impl {
  Impl(std::string d, PgOptions o) : dsn(std::move(d)), options(std::move(o)) {}

  std::string dsn;
  PgOptions options;
  pg::Conn writer_conn;                                 // the writer's
  std::vector<std::unique_ptr<pg::Conn>> reader_conns;  // one per reader, handed over at start

  StoreQueues<Job, kKinds> queues{options.max_queued, "PostgreSQL"};  // the writer's and the readers'
  WriteHealth health{"PostgreSQL", options.log};
  std::atomic<std::uint64_t> reads_run{0}, connects{0}, retries{0};

  StoreThreads threads;
  pg::Epoch epoch;                       // cluster mode: this start's
  std::unique_ptr<pg::NodeLease> lease;  // cluster mode

  // Cluster mode: a new epoch and its lease, and the games of this node's earlier
  // starts (and of lapsed nodes) made this epoch's, so that load_live finds them. An
  // earlier start still holding its lease (killed just now) is waited for, up to a
  // lease; one that renews it is another process under this name: refused, rather than
  // both believing they own its games.
  StoreError join_cluster() {
    const auto give_up =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(options.lease_ms + options.renew_ms);
    for (;;) {
      auto in_use = pg::name_in_use(writer_conn, options.node_id);
      if (!in_use.error.ok()) return in_use.error;
      if (!*in_use.value) break;
      if (std::chrono::steady_clock::now() > give_up)
        return {StoreErrc::unavailable, "another running node is named " + options.node_id +
                                            " (its lease is being renewed): give each node its own --node-id"};
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    const auto sent = std::chrono::steady_clock::now();
    auto registered = pg::register_node(writer_conn, options.node_id, options.lease_ms);
    if (!registered.error.ok()) return registered.error;
    epoch = *registered.value;
    for (;;) {
      auto taken = pg::take_over(writer_conn, *epoch, 1000);
      if (!taken.error.ok()) return taken.error;
      if (taken.value->size() < 1000) break;
    }
    lease = std::make_unique<pg::NodeLease>(
        pg::NodeSettings{dsn, options.node_id, *epoch, options.lease_ms, options.renew_ms,
                         [this](const std::string& line) { log(line); },
                         [this](const std::string& line) {
                           if (options.note) return options.note(line);
                           log(line);
                         },
                         options.may_renew},
        sent);
    return {};
  }

  void submit(Job job) {
    if (auto error = queues.push(job, job.is_write() ? Route::write : Route::read)) job.reject(*error);
  }

  // A lost connection is made again on use; counted past the first.
  StoreError connected(pg::Conn& conn) {
    if (conn.connected()) return {};
    ++connects;
    return conn.connect(dsn);
  }

  // Runs `run` in one read-only snapshot; once more on a new connection when the
  // connection was lost (a read is safe to repeat).
  template <class T>
  StoreResult<T> snapshot(pg::Conn& conn, const std::function<StoreResult<T>(pg::Conn&)>& run) {
    for (int attempt = 0;; ++attempt) {
      const bool was_connected = conn.connected();
      StoreResult<T> result;
      result.error = connected(conn);
      if (result.error.ok()) result.error = conn.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      if (result.error.ok()) {
        result = run(conn);
        if (result.error.ok()) {
          if (auto error = conn.exec("COMMIT"); !error.ok()) result = {std::move(error), std::nullopt};
        } else if (conn.connected()) {
          conn.exec("ROLLBACK");
        }
      }
      if (result.error.code == StoreErrc::unavailable && was_connected && !conn.connected() && attempt == 0) continue;
      return result;
    }
  }

  void serve_reads(pg::Conn& conn) {
    mark_store_thread();
    while (auto job = queues.next_read()) {  // none: closing and drained
      ++reads_run;
      health.guarded("a read", [&] { job->read(&conn, StoreError{}); });
    }
    conn.close();
  }

  void run() {
    mark_store_thread();
    std::vector<Job> taken;
    const auto interval = std::chrono::milliseconds(std::max(1, options.probe_interval_ms));
    for (;;) {
      using Wait = decltype(queues)::Wait;
      const Wait wait = queues.wait_for_writes(health.healthy() ? std::nullopt : std::optional(interval));
      if (wait == Wait::closed) break;  // and drained
      // Failing and idle: a small write finds out whether PostgreSQL is back.
      if (wait == Wait::idle && health.probe_due(interval)) {
        std::vector<Job> probe(1);
        probe[0].write = [](pg::Conn& conn) { return pg::probe_write(conn); };
        probe[0].write_done = [](StoreError) {};
        run_writes(probe, /*quiet=*/true);
        continue;
      }
      if (wait == Wait::idle) continue;
      taken.clear();
      queues.take(taken, std::max<std::size_t>(1, options.max_batch));
      run_writes(taken);
    }
    writer_conn.close();
  }

  // One transaction for the batch. Returns the failure that lost the whole batch, if any.
  // What one try of a batch found besides its jobs' results.
  struct Try {
    bool any_written = false;
    bool commit_sent = false;
    bool retryable = false;               // a deadlock or serialization failure
    std::optional<std::size_t> poisoned;  // a job whose own error aborted the transaction
  };

  // One transaction for the batch, leaving out the jobs already `refused` (their results
  // stand). Returns the failure that lost the whole batch, if any.
  std::optional<StoreError> try_batch(std::vector<Job>& batch, const std::vector<std::optional<StoreError>>& refused,
                                      std::vector<StoreError>& results, Try& tried) {
    pg::Conn& conn = writer_conn;
    tried = Try{};
    results.assign(batch.size(), StoreError{});
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (refused[i]) results[i] = *refused[i];
    bool& any_written = tried.any_written;
    if (auto error = connected(conn); !error.ok()) return error;
    if (auto error = conn.exec("BEGIN"); !error.ok()) return error;
    std::optional<StoreError> failure;
    for (std::size_t i = 0; i < batch.size() && !failure; ++i) {
      if (refused[i]) continue;
      const bool savepoint = batch[i].savepoint;
      if (savepoint) {
        if (auto error = conn.exec("SAVEPOINT job"); !error.ok()) {
          failure = error;
          break;
        }
      }
      StoreError result = batch[i].write(conn);
      if (result.ok()) {
        any_written = true;
        if (savepoint)
          if (auto error = conn.exec("RELEASE SAVEPOINT job"); !error.ok()) failure = error;
      } else if (result.code == StoreErrc::unavailable || (!savepoint && !conn.connected())) {
        failure = std::move(result);
      } else if (!savepoint && conn.in_failed_transaction()) {
        // Refused by PostgreSQL itself, which aborted the transaction: the batch is run
        // again without this job.
        tried.poisoned = i;
        failure = std::move(result);
      } else {  // the job's own problem (conflict, invalid): undone alone
        results[i] = std::move(result);
        if (savepoint) {
          if (auto error = conn.exec("ROLLBACK TO SAVEPOINT job"); !error.ok()) failure = error;
          if (auto error = conn.exec("RELEASE SAVEPOINT job"); !error.ok() && !failure) failure = error;
        }
      }
    }
    if (!failure) {
      tried.commit_sent = true;
      if (auto error = conn.exec("COMMIT"); !error.ok()) failure = error;
    }
    // Asked before the ROLLBACK, which succeeds and clears it.
    tried.retryable = failure && conn.retryable();
    if (failure && conn.connected()) conn.exec("ROLLBACK");
    return failure;
  }

  void run_writes(std::vector<Job>& batch, bool quiet = false) {
    health.trying(batch.size(), quiet);
    std::vector<StoreError> results;
    std::vector<std::optional<StoreError>> refused(batch.size());
    std::optional<StoreError> failure;
    Try tried;
    for (int attempt = 0;;) {
      const bool was_connected = writer_conn.connected();
      failure = try_batch(batch, refused, results, tried);
      if (!failure) break;
      if (tried.poisoned) {  // that job alone fails; the others go again (not a retry)
        refused[*tried.poisoned] = failure;
        continue;
      }
      if (attempt >= kRetries) break;
      // Safe to run again: a deadlock rolled everything back; a connection lost before
      // the COMMIT was sent committed nothing (once: it may be down for good).
      const bool lost_early = was_connected && !writer_conn.connected() && !tried.commit_sent && attempt == 0;
      if (!tried.retryable && !lost_early) break;
      ++retries;
      ++attempt;
    }
    const bool any_written = tried.any_written;
    if (failure) {
      for (auto& result : results)
        if (result.ok()) result = {StoreErrc::unavailable, "not saved, its transaction failed: " + failure->message};
      health.failed(failure->message, quiet);
    } else {
      health.committed(any_written, quiet);
    }
    for (std::size_t i = 0; i < batch.size(); ++i)
      health.guarded("a write's completion", [&] { batch[i].write_done(std::move(results[i])); });
    if (!quiet && !batch.empty()) queues.writes_completed(batch.back().seq);
  }

  void log(const std::string& message) const { health.log(message); }

  template <class T>
  void read(unsigned kinds, std::function<StoreResult<T>(pg::Conn&)> run, std::function<void(StoreResult<T>)> done) {
    Job job;
    job.kinds = kinds;
    job.read = [this, run = std::move(run), done = std::move(done)](pg::Conn* conn, const StoreError& rejected) {
      done(conn ? snapshot<T>(*conn, run) : StoreResult<T>{rejected, std::nullopt});
    };
    submit(std::move(job));
  }

  void write(unsigned kinds, bool savepoint, std::function<StoreError(pg::Conn&)> run,
             std::function<void(StoreError)> done) {
    Job job;
    job.kinds = kinds;
    job.savepoint = savepoint;
    job.write = std::move(run);
    job.write_done = std::move(done);
    submit(std::move(job));
  }
};

PgStore::PgStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

PgStore::~PgStore() { close(); }

StoreResult<std::unique_ptr<PgStore>> PgStore::open(const std::string& dsn, PgOptions options) {
  auto impl = std::make_unique<Impl>(dsn, std::move(options));
  Impl* raw = impl.get();
  StoreError error = impl->writer_conn.connect(dsn);
  if (error.ok()) error = pg::migrate(impl->writer_conn);
  if (error.ok()) error = pg::refresh_name_keys(impl->writer_conn, [raw](const std::string& line) { raw->log(line); });
  if (error.ok() && !impl->options.node_id.empty()) error = impl->join_cluster();
  if (!error.ok()) {
    error.message = "PostgreSQL: " + error.message;
    return {std::move(error), std::nullopt};
  }
  const int readers = std::max(1, impl->options.readers);
  for (int i = 0; i < readers; ++i) {
    auto conn = std::make_unique<pg::Conn>();
    // A reader that cannot connect now connects when it serves its first read.
    if (auto failed = conn->connect(dsn); !failed.ok()) impl->log("a reader is not connected yet: " + failed.message);
    impl->reader_conns.push_back(std::move(conn));
  }
  for (auto& conn : impl->reader_conns) {
    impl->threads.start_reader([raw, c = conn.get()] { raw->serve_reads(*c); });
  }
  impl->threads.start_writer([raw] { raw->run(); });
  return {{}, std::unique_ptr<PgStore>(new PgStore(std::move(impl)))};
}

void PgStore::finish_game(GameRecord record, std::optional<LiveGame> next,
                          std::function<void(StoreResult<GameFinish>)> done) {
  auto finish = std::make_shared<GameFinish>();  // written by the write, read by its completion
  // A savepoint: the record is written before what may still refuse the job (the next
  // game's header), which must then leave nothing behind.
  impl_->write(
      kLive | kFinished, /*savepoint=*/true,
      [record = std::move(record), next = std::move(next), finish, epoch = impl_->epoch](pg::Conn& conn) {
        StoreError error = pg::insert_game(conn, record);
        if (error.ok()) {
          auto rated = pg::apply_ratings(conn, record);
          error = rated.error;
          if (error.ok()) *finish = std::move(*rated.value);
        }
        if (error.ok()) error = pg::index_opening(conn, record, average_before(*finish));
        if (error.ok()) error = pg::delete_live(conn, record.id, epoch);
        if (error.ok() && next) error = pg::save_live(conn, LiveUpdate{next, next->game_id, 1, {}}, epoch);
        return error;
      },
      [finish, done = std::move(done)](StoreError error) {
        if (!error.ok()) return done({std::move(error), std::nullopt});
        done({{}, std::move(*finish)});
      });
}

void PgStore::load_ratings(std::function<void(StoreResult<std::vector<PlayerRating>>)> done) {
  impl_->read<std::vector<PlayerRating>>(
      kFinished, [](pg::Conn& conn) { return pg::load_ratings(conn); }, std::move(done));
}

void PgStore::get_profile(std::string name, std::function<void(StoreResult<PlayerProfile>)> done) {
  impl_->read<PlayerProfile>(
      kFinished | kAccounts,
      [name = std::move(name), chars = impl_->options.answer_name_chars](pg::Conn& conn) {
        return pg::load_profile(conn, name, 10, chars);
      },
      std::move(done));
}

void PgStore::leaderboard(std::string key, int limit,
                          std::function<void(StoreResult<std::vector<PlayerRating>>)> done) {
  impl_->read<std::vector<PlayerRating>>(
      kFinished, [key = std::move(key), limit](pg::Conn& conn) { return pg::leaderboard(conn, key, limit); },
      std::move(done));
}

void PgStore::rating_history(std::string name, std::string key,
                             std::function<void(StoreResult<std::vector<RatingHistoryEntry>>)> done) {
  impl_->read<std::vector<RatingHistoryEntry>>(
      kFinished,
      [name = std::move(name), key = std::move(key)](pg::Conn& conn) { return pg::rating_history(conn, name, key); },
      std::move(done));
}

void PgStore::list_games(ArchiveQuery query, std::function<void(StoreResult<ArchivePage>)> done) {
  impl_->read<ArchivePage>(
      kFinished,
      [query = std::move(query), chars = impl_->options.answer_name_chars](pg::Conn& conn) {
        return pg::list_games(conn, query, chars);
      },
      std::move(done));
}

void PgStore::explore(ExplorerQuery query, std::function<void(StoreResult<ExplorerPosition>)> done) {
  impl_->read<ExplorerPosition>(
      kFinished,
      [query = std::move(query), chars = impl_->options.answer_name_chars](pg::Conn& conn) {
        return pg::explore(conn, query, chars);
      },
      std::move(done));
}

void PgStore::clear_explorer(std::function<void(StoreError)> done) {
  impl_->write(
      kFinished, /*savepoint=*/false, [](pg::Conn& conn) { return pg::clear_explorer(conn); }, std::move(done));
}

void PgStore::index_opening(GameRecord record, std::function<void(StoreError)> done) {
  impl_->write(
      kFinished, /*savepoint=*/false,
      [record = std::move(record)](pg::Conn& conn) {
        auto rating = pg::rating_before(conn, record);
        if (!rating.error.ok()) return rating.error;
        return pg::index_opening(conn, record, *rating.value);
      },
      std::move(done));
}

void PgStore::get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) {
  impl_->read<GameRecord>(
      kFinished,
      [id = std::move(id), chars = impl_->options.answer_name_chars](pg::Conn& conn) {
        return pg::load_game(conn, id, chars);
      },
      std::move(done));
}

void PgStore::save_live(LiveUpdate update, std::function<void(StoreError)> done) {
  // A header's seats are claimed after it is written (pg_live.hpp): a refusal takes it
  // back. Any other update's errors come before it writes anything.
  const bool savepoint = update.header.has_value();
  impl_->write(
      kLive, savepoint,
      [update = std::move(update), epoch = impl_->epoch](pg::Conn& conn) { return pg::save_live(conn, update, epoch); },
      std::move(done));
}

void PgStore::load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) {
  impl_->read<std::vector<LiveGame>>(
      kLive, [epoch = impl_->epoch](pg::Conn& conn) { return pg::load_live(conn, epoch); }, std::move(done));
}

void PgStore::load_live_game(std::string game_id, std::function<void(StoreResult<LiveGame>)> done) {
  // A cluster plays no correspondence game yet (games.cpp refuses them): read by id all the same.
  impl_->read<LiveGame>(
      kLive,
      [epoch = impl_->epoch, only = std::vector<std::string>{std::move(game_id)}](pg::Conn& conn) {
        auto loaded = pg::load_live(conn, epoch, &only);
        if (!loaded.error.ok()) return StoreResult<LiveGame>{std::move(loaded.error), std::nullopt};
        if (loaded.value->empty())
          return StoreResult<LiveGame>{{StoreErrc::not_found, "no live game " + only.front()}, std::nullopt};
        return StoreResult<LiveGame>{{}, std::move(loaded.value->front())};
      },
      std::move(done));
}

void PgStore::find_live_seat(std::string token, std::function<void(StoreResult<FoundSeat>)> done) {
  impl_->read<FoundSeat>(
      kLive, [token = std::move(token)](pg::Conn& conn) { return pg::find_live_seat(conn, token); }, std::move(done));
}

void PgStore::claim_name(NameClaim claim, std::function<void(StoreResult<bool>)> done) {
  auto claimed = std::make_shared<bool>(false);  // written by the write, read by its completion
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [claim = std::move(claim), claimed](pg::Conn& conn) {
        auto taken = pg::claim_name(conn, claim);
        if (taken.error.ok()) *claimed = *taken.value;
        return taken.error;
      },
      [claimed, done = std::move(done)](StoreError error) {
        done(error.ok() ? StoreResult<bool>{{}, *claimed} : StoreResult<bool>{std::move(error), std::nullopt});
      });
}

void PgStore::release_name(std::string key, std::string token, std::int64_t epoch,
                           std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [key = std::move(key), token = std::move(token), epoch](pg::Conn& conn) {
        return pg::release_name(conn, key, token, epoch);
      },
      std::move(done));
}

void PgStore::find_token(std::string token, std::function<void(StoreResult<NameHolder>)> done) {
  impl_->read<NameHolder>(
      kAccounts, [token = std::move(token)](pg::Conn& conn) { return pg::find_token(conn, token); }, std::move(done));
}

void PgStore::take_or_add_seek(SeekJob job, std::function<void(StoreResult<std::optional<SeekRow>>)> done) {
  // Written by the write (each time its batch runs), read by its completion.
  auto taken = std::make_shared<std::optional<SeekRow>>();
  impl_->write(
      kAccounts, /*savepoint=*/true,
      [job = std::move(job), taken](pg::Conn& conn) {
        auto result = pg::take_or_add_seek(conn, job);
        if (result.error.ok()) *taken = std::move(*result.value);
        return result.error;
      },
      [taken, done = std::move(done)](StoreError error) {
        if (!error.ok()) return done({std::move(error), std::nullopt});
        done({{}, std::move(*taken)});
      });
}

void PgStore::remove_seek(std::string room_id, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [room_id = std::move(room_id)](pg::Conn& conn) { return pg::remove_seek(conn, room_id); }, std::move(done));
}

void PgStore::save_tournament(TournamentWrite write, std::function<void(StoreError)> done) {
  impl_->write(
      kTournaments, /*savepoint=*/true,
      // A node of a cluster writes only while it directs the tournaments.
      [write = std::move(write), leader = impl_->epoch](pg::Conn& conn) {
        return pg::save_tournament(conn, write, leader);
      },
      std::move(done));
}

void PgStore::load_tournaments(std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) {
  impl_->read<std::vector<tournament::Tournament>>(
      kTournaments | kFinished, [](pg::Conn& conn) { return pg::load_tournaments(conn); }, std::move(done));
}

void PgStore::get_tournament(std::string id, std::function<void(StoreResult<tournament::Tournament>)> done) {
  impl_->read<tournament::Tournament>(
      kTournaments | kFinished, [id = std::move(id)](pg::Conn& conn) { return pg::get_tournament(conn, id); },
      std::move(done));
}

void PgStore::list_tournaments(TournamentQuery query,
                               std::function<void(StoreResult<std::vector<tournament::Tournament>>)> done) {
  impl_->read<std::vector<tournament::Tournament>>(
      kTournaments | kFinished, [query](pg::Conn& conn) { return pg::list_tournaments(conn, query); }, std::move(done));
}

void PgStore::live_tournament_games(std::function<void(StoreResult<std::vector<std::string>>)> done) {
  impl_->read<std::vector<std::string>>(
      kTournaments | kLive, [](pg::Conn& conn) { return pg::live_tournament_games(conn); }, std::move(done));
}

void PgStore::find_name(std::string key, std::function<void(StoreResult<NameHolder>)> done) {
  impl_->read<NameHolder>(
      kAccounts, [key = std::move(key)](pg::Conn& conn) { return pg::find_name(conn, key); }, std::move(done));
}

void PgStore::create_account(Account account, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [account = std::move(account)](pg::Conn& conn) { return pg::insert_account(conn, account); }, std::move(done));
}

void PgStore::save_bot_account(Account account, std::function<void(StoreError)> done) {
  // A savepoint: another account's key refuses it with an error that aborts a transaction.
  impl_->write(
      kAccounts, /*savepoint=*/true,
      [account = std::move(account)](pg::Conn& conn) { return pg::save_bot_account(conn, account); }, std::move(done));
}

void PgStore::find_account(std::string name, std::function<void(StoreResult<Account>)> done) {
  impl_->read<Account>(
      kAccounts, [name = std::move(name)](pg::Conn& conn) { return pg::load_account(conn, name); }, std::move(done));
}

void PgStore::update_password_hash(Account account, std::string old_hash, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [account = std::move(account), old_hash = std::move(old_hash)](pg::Conn& conn) {
        return pg::update_password_hash(conn, account, old_hash);
      },
      std::move(done));
}

void PgStore::find_account_like(std::string name, std::function<void(StoreResult<Account>)> done) {
  impl_->read<Account>(
      kAccounts, [name = std::move(name)](pg::Conn& conn) { return pg::load_account_like(conn, name); },
      std::move(done));
}

void PgStore::create_token(ApiToken token, int max_per_owner, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/true,
      [token = std::move(token), max_per_owner](pg::Conn& conn) {
        return pg::insert_token(conn, token, max_per_owner);
      },
      std::move(done));
}

void PgStore::list_tokens(std::string owner, std::function<void(StoreResult<std::vector<ApiToken>>)> done) {
  impl_->read<std::vector<ApiToken>>(
      kAccounts, [owner = std::move(owner)](pg::Conn& conn) { return pg::load_tokens(conn, owner); }, std::move(done));
}

void PgStore::revoke_token(std::string owner, std::string id, std::int64_t now_ms,
                           std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [owner = std::move(owner), id = std::move(id), now_ms](pg::Conn& conn) {
        return pg::revoke_token(conn, owner, id, now_ms);
      },
      std::move(done));
}

void PgStore::find_api_token(std::string hash, std::function<void(StoreResult<ApiToken>)> done) {
  impl_->read<ApiToken>(
      kAccounts, [hash = std::move(hash)](pg::Conn& conn) { return pg::find_api_token(conn, hash); }, std::move(done));
}

void PgStore::touch_token(std::string id, std::int64_t now_ms, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [id = std::move(id), now_ms](pg::Conn& conn) { return pg::touch_token(conn, id, now_ms); }, std::move(done));
}

void PgStore::upgrade_to_bot(std::string name, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [name = std::move(name)](pg::Conn& conn) { return pg::upgrade_to_bot(conn, name); }, std::move(done));
}

void PgStore::load_moderation(std::int64_t now_ms, std::function<void(StoreResult<ModerationState>)> done) {
  impl_->read<ModerationState>(
      kAccounts, [now_ms](pg::Conn& conn) { return pg::load_moderation(conn, now_ms); }, std::move(done));
}

void PgStore::save_block(std::string player, std::string blocked, bool on, int max, std::int64_t now_ms,
                         std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/true,
      [player = std::move(player), blocked = std::move(blocked), on, max, now_ms](pg::Conn& conn) {
        return pg::save_block(conn, player, blocked, on, max, now_ms);
      },
      std::move(done));
}

void PgStore::save_report(Report report, std::function<void(StoreResult<std::int64_t>)> done) {
  auto id = std::make_shared<std::int64_t>(0);  // written by the write, read by its completion
  impl_->write(
      kAccounts, /*savepoint=*/false,
      [report = std::move(report), id](pg::Conn& conn) {
        auto saved = pg::insert_report(conn, report);
        if (saved.error.ok()) *id = *saved.value;
        return saved.error;
      },
      [id, done = std::move(done)](StoreError error) {
        if (!error.ok()) return done({std::move(error), std::nullopt});
        done({{}, *id});
      });
}

void PgStore::list_reports(bool open_only, int limit, std::function<void(StoreResult<std::vector<Report>>)> done) {
  impl_->read<std::vector<Report>>(
      kAccounts, [open_only, limit](pg::Conn& conn) { return pg::load_reports(conn, open_only, limit); },
      std::move(done));
}

void PgStore::moderate(ModerationAction action, std::function<void(StoreResult<ModerationOutcome>)> done) {
  auto outcome = std::make_shared<ModerationOutcome>();  // written by the write, read by its completion
  // A savepoint: an annulment's many statements, and the audit entry, all or nothing.
  impl_->write(
      kAccounts | kFinished, /*savepoint=*/true,
      [action = std::move(action), outcome](pg::Conn& conn) {
        auto result = pg::moderate(conn, action);
        if (result.error.ok()) *outcome = std::move(*result.value);
        return result.error;
      },
      [outcome, done = std::move(done)](StoreError error) {
        if (!error.ok()) return done({std::move(error), std::nullopt});
        done({{}, std::move(*outcome)});
      });
}

void PgStore::list_audit(std::optional<std::int64_t> before_id, int limit,
                         std::function<void(StoreResult<std::vector<AuditEntry>>)> done) {
  impl_->read<std::vector<AuditEntry>>(
      kAccounts, [before_id, limit](pg::Conn& conn) { return pg::load_audit(conn, before_id, limit); },
      std::move(done));
}

void PgStore::purge_report_chat(std::int64_t before_ms, std::function<void(StoreError)> done) {
  impl_->write(
      kAccounts, /*savepoint=*/false, [before_ms](pg::Conn& conn) { return pg::purge_report_chat(conn, before_ms); },
      std::move(done));
}

bool PgStore::healthy() const {
  return impl_->health.healthy() && (!impl_->lease || (impl_->lease->held() && !impl_->lease->failing()));
}

std::int64_t PgStore::epoch() const { return impl_->epoch.value_or(0); }

void PgStore::adopt_lapsed(std::function<void(std::vector<LiveGame>)> adopt) {
  if (impl_->lease) impl_->lease->adopt_lapsed(std::move(adopt));
}

void PgStore::watch_nodes(std::function<void(std::vector<std::int64_t>)> told) {
  if (impl_->lease) impl_->lease->watch_nodes(std::move(told));
}

void PgStore::hand_over() {
  if (impl_->lease) impl_->lease->hand_over();
}

void PgStore::release() {
  if (impl_->lease) impl_->lease->release();
}

PgStoreStats PgStore::stats() const {
  const auto& h = impl_->health;
  return {h.write_jobs.load(),     h.transactions.load(),  h.failed_transactions.load(),
          impl_->reads_run.load(), impl_->connects.load(), impl_->retries.load()};
}

void PgStore::close() {
  impl_->queues.close();
  impl_->threads.join();
  // No more takeovers: nothing could restore them.
  if (impl_->lease) {
    impl_->lease->adopt_lapsed(nullptr);
    impl_->lease->watch_nodes(nullptr);
  }
}

StoreResult<std::unique_ptr<Store>> open_pg_store(const std::string& dsn, PgOptions options) {
  auto opened = PgStore::open(dsn, std::move(options));
  if (!opened.error.ok()) return {std::move(opened.error), std::nullopt};
  return {{}, std::unique_ptr<Store>(std::move(*opened.value))};
}

}  // namespace bh::storage
