#include "storage/faulty_store.hpp"

#include <utility>

#include "storage/sqlite_store.hpp"

namespace bh::storage {

namespace {

StoreError injected_error(const char* what) {
  return {StoreErrc::unavailable, std::string("injected fault: ") + what + " failed"};
}

}  // namespace

FaultyStore::FaultyStore(std::unique_ptr<Store> inner) : inner_(std::move(inner)) {}

FaultyStore::~FaultyStore() { close(); }

void FaultyStore::fail_next_writes(int count) { fail_next_.store(count); }

void FaultyStore::fail_all_writes(bool on) {
  fail_all_writes_.store(on);
  if (!on) injected_unhealthy_.store(false);
}

void FaultyStore::fail_all_reads(bool on) { fail_all_reads_.store(on); }

std::uint64_t FaultyStore::injected_failures() const { return injected_.load(); }

bool FaultyStore::take_write_fault() {
  bool fail = fail_all_writes_.load();
  if (!fail) {
    int left = fail_next_.load();
    while (left > 0 && !fail_next_.compare_exchange_weak(left, left - 1)) {
    }
    fail = left > 0;
  }
  if (fail) {
    ++injected_;
    injected_unhealthy_.store(true);
  }
  return fail;
}

template <class Done>
void FaultyStore::deliver(Done done, StoreError error) {
  // On the SQLite store's writer, after the writes queued before it completed and before
  // the later ones: where and when a real write's completion queued now would run.
  if (auto* sqlite = dynamic_cast<SqliteStore*>(inner_.get())) {
    return sqlite->run_after_writes(
        [done = std::move(done), error = std::move(error)]() mutable { done(std::move(error)); });
  }
  // Another store: a lookup of the empty account name touches one index page and finds
  // nothing; its completion runs on that store's thread.
  inner_->find_account(
      "", [done = std::move(done), error = std::move(error)](StoreResult<Account>) mutable { done(std::move(error)); });
}

std::function<void(StoreError)> FaultyStore::track(std::function<void(StoreError)> done) {
  // Only a write queued after the last injected fault proves the "disk" works again.
  return [this, faults_before = injected_.load(), done = std::move(done)](StoreError error) {
    if (error.ok() && injected_.load() == faults_before) injected_unhealthy_.store(false);
    done(std::move(error));
  };
}

void FaultyStore::finish_game(GameRecord record, std::optional<LiveGame> next,
                              std::function<void(StoreResult<GameFinish>)> done) {
  auto plain = [done](StoreError e) { done({std::move(e), std::nullopt}); };
  if (fence_live_) return deliver(std::move(plain), {StoreErrc::fenced, "the game is another node's (injected)"});
  if (take_write_fault()) return deliver(std::move(plain), injected_error("the archive write"));
  // Tracked like the other writes: only an ok after the last fault makes it healthy.
  auto tracked = track([](StoreError) {});
  inner_->finish_game(std::move(record), std::move(next),
                      [tracked, done = std::move(done)](StoreResult<GameFinish> result) {
                        tracked(result.error);
                        done(std::move(result));
                      });
}

template <class T, class Forward>
void FaultyStore::read(const char* what, std::function<void(StoreResult<T>)> done, Forward forward) {
  if (fail_all_reads_.load()) {
    return deliver(
        [done = std::move(done)](StoreError e) {
          done({std::move(e), std::nullopt});
        },
        injected_error(what));
  }
  forward(std::move(done));
}

void FaultyStore::load_ratings(std::function<void(StoreResult<std::vector<PlayerRating>>)> done) {
  read("load_ratings", std::move(done), [this](auto d) { inner_->load_ratings(std::move(d)); });
}

void FaultyStore::get_profile(std::string name, std::function<void(StoreResult<PlayerProfile>)> done) {
  read("get_profile", std::move(done), [&](auto d) { inner_->get_profile(std::move(name), std::move(d)); });
}

void FaultyStore::leaderboard(std::string key, int limit,
                              std::function<void(StoreResult<std::vector<PlayerRating>>)> done) {
  read("leaderboard", std::move(done), [&](auto d) { inner_->leaderboard(std::move(key), limit, std::move(d)); });
}

void FaultyStore::rating_history(std::string name, std::string key,
                                 std::function<void(StoreResult<std::vector<RatingHistoryEntry>>)> done) {
  read("rating_history", std::move(done),
       [&](auto d) { inner_->rating_history(std::move(name), std::move(key), std::move(d)); });
}

void FaultyStore::save_live(LiveUpdate update, std::function<void(StoreError)> done) {
  if (fence_live_) return deliver(std::move(done), {StoreErrc::fenced, "the game is another node's (injected)"});
  if (take_write_fault()) return deliver(std::move(done), injected_error("save_live"));
  // Only the journal's writes are held: nothing waits for an absences-only one.
  const bool journal = update.header || !update.moves.empty() || update.erase_through > 0;
  inner_->save_live(std::move(update), [this, journal, done = track(std::move(done))](StoreError error) mutable {
    {
      std::lock_guard lock(held_mu_);
      // Held, or behind held ones: completions keep their order.
      if (journal && (holding_ || draining_)) {
        held_.emplace_back(std::move(done), std::move(error));
        return;
      }
    }
    done(std::move(error));
  });
}

void FaultyStore::hold_live_completions(bool on) {
  {
    std::lock_guard lock(held_mu_);
    holding_ = on;
    if (on || draining_ || held_.empty()) return;
    draining_ = true;
  }
  for (;;) {
    std::pair<std::function<void(StoreError)>, StoreError> next;
    {
      std::lock_guard lock(held_mu_);
      if (held_.empty() || holding_) {
        draining_ = false;
        return;
      }
      next = std::move(held_.front());
      held_.pop_front();
    }
    next.first(std::move(next.second));
  }
}

std::size_t FaultyStore::held_live_completions() const {
  std::lock_guard lock(held_mu_);
  return held_.size();
}

void FaultyStore::load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) {
  read("load_live", std::move(done), [&](auto d) { inner_->load_live(std::move(d)); });
}

void FaultyStore::load_live_game(std::string game_id, std::function<void(StoreResult<LiveGame>)> done) {
  read("load_live_game", std::move(done), [&](auto d) { inner_->load_live_game(std::move(game_id), std::move(d)); });
}

void FaultyStore::create_account(Account account, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("create_account"));
  inner_->create_account(std::move(account), track(std::move(done)));
}

void FaultyStore::save_bot_account(Account account, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("save_bot_account"));
  inner_->save_bot_account(std::move(account), track(std::move(done)));
}

void FaultyStore::update_password_hash(Account account, std::string old_hash, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("update_password_hash"));
  inner_->update_password_hash(std::move(account), std::move(old_hash), track(std::move(done)));
}

void FaultyStore::explore(ExplorerQuery query, std::function<void(StoreResult<ExplorerPosition>)> done) {
  read("explore", std::move(done), [&](auto d) { inner_->explore(std::move(query), std::move(d)); });
}

void FaultyStore::clear_explorer(std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("clear_explorer"));
  inner_->clear_explorer(track(std::move(done)));
}

void FaultyStore::index_opening(GameRecord record, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("index_opening"));
  inner_->index_opening(std::move(record), track(std::move(done)));
}

void FaultyStore::list_games(ArchiveQuery query, std::function<void(StoreResult<ArchivePage>)> done) {
  read("list_games", std::move(done), [&](auto d) { inner_->list_games(std::move(query), std::move(d)); });
}

void FaultyStore::find_live_seat(std::string token, std::function<void(StoreResult<FoundSeat>)> done) {
  read("find_live_seat", std::move(done), [&](auto d) { inner_->find_live_seat(std::move(token), std::move(d)); });
}

void FaultyStore::get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) {
  read("get_game", std::move(done), [&](auto d) { inner_->get_game(std::move(id), std::move(d)); });
}

void FaultyStore::find_account(std::string name, std::function<void(StoreResult<Account>)> done) {
  read("find_account", std::move(done), [&](auto d) { inner_->find_account(std::move(name), std::move(d)); });
}

void FaultyStore::find_account_like(std::string name, std::function<void(StoreResult<Account>)> done) {
  read("find_account_like", std::move(done), [&](auto d) { inner_->find_account_like(std::move(name), std::move(d)); });
}

void FaultyStore::create_token(ApiToken token, int max_per_owner, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("create_token"));
  inner_->create_token(std::move(token), max_per_owner, track(std::move(done)));
}

void FaultyStore::list_tokens(std::string owner, std::function<void(StoreResult<std::vector<ApiToken>>)> done) {
  read("list_tokens", std::move(done), [&](auto d) { inner_->list_tokens(std::move(owner), std::move(d)); });
}

void FaultyStore::revoke_token(std::string owner, std::string id, std::int64_t now_ms,
                               std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("revoke_token"));
  inner_->revoke_token(std::move(owner), std::move(id), now_ms, track(std::move(done)));
}

void FaultyStore::find_api_token(std::string hash, std::function<void(StoreResult<ApiToken>)> done) {
  read("find_api_token", std::move(done), [&](auto d) { inner_->find_api_token(std::move(hash), std::move(d)); });
}

void FaultyStore::touch_token(std::string id, std::int64_t now_ms, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("touch_token"));
  inner_->touch_token(std::move(id), now_ms, track(std::move(done)));
}

void FaultyStore::upgrade_to_bot(std::string name, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("upgrade_to_bot"));
  inner_->upgrade_to_bot(std::move(name), track(std::move(done)));
}

void FaultyStore::load_moderation(std::int64_t now_ms, std::function<void(StoreResult<ModerationState>)> done) {
  read("load_moderation", std::move(done), [&](auto d) { inner_->load_moderation(now_ms, std::move(d)); });
}

void FaultyStore::save_block(std::string player, std::string blocked, bool on, int max, std::int64_t now_ms,
                             std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("save_block"));
  inner_->save_block(std::move(player), std::move(blocked), on, max, now_ms, track(std::move(done)));
}

void FaultyStore::save_report(Report report, std::function<void(StoreResult<std::int64_t>)> done) {
  auto plain = [done](StoreError e) { done({std::move(e), std::nullopt}); };
  if (take_write_fault()) return deliver(std::move(plain), injected_error("save_report"));
  auto tracked = track([](StoreError) {});
  inner_->save_report(std::move(report), [tracked, done = std::move(done)](StoreResult<std::int64_t> result) {
    tracked(result.error);
    done(std::move(result));
  });
}

void FaultyStore::list_reports(bool open_only, int limit, std::function<void(StoreResult<std::vector<Report>>)> done) {
  read("list_reports", std::move(done), [&](auto d) { inner_->list_reports(open_only, limit, std::move(d)); });
}

void FaultyStore::moderate(ModerationAction action, std::function<void(StoreResult<ModerationOutcome>)> done) {
  auto plain = [done](StoreError e) { done({std::move(e), std::nullopt}); };
  if (take_write_fault()) return deliver(std::move(plain), injected_error("moderate"));
  auto tracked = track([](StoreError) {});
  inner_->moderate(std::move(action), [tracked, done = std::move(done)](StoreResult<ModerationOutcome> result) {
    tracked(result.error);
    done(std::move(result));
  });
}

void FaultyStore::list_audit(std::optional<std::int64_t> before_id, int limit,
                             std::function<void(StoreResult<std::vector<AuditEntry>>)> done) {
  read("list_audit", std::move(done), [&](auto d) { inner_->list_audit(before_id, limit, std::move(d)); });
}

void FaultyStore::purge_report_chat(std::int64_t before_ms, std::function<void(StoreError)> done) {
  if (take_write_fault()) return deliver(std::move(done), injected_error("purge_report_chat"));
  inner_->purge_report_chat(before_ms, track(std::move(done)));
}

bool FaultyStore::healthy() const {
  return !fail_all_writes_.load() && !injected_unhealthy_.load() && inner_->healthy();
}

void FaultyStore::close() { inner_->close(); }

}  // namespace bh::storage
