// A Store for tests that forwards to a real one but can be told to fail writes (and
// reads) with `unavailable`, the way a full or read-only disk would, so the server's
// handling of storage faults can be tested without breaking a disk.
//
// An injected failure is not written to the inner store. Its `done` is still delivered
// through the inner store's writer queue (SqliteStore::run_after_writes), so it keeps
// the order and the thread of real write completions. healthy() is false after an injected write
// failure until a forwarded write succeeds, false while fail_all_writes is on (a fault
// the store has noticed), and false whenever the inner store says so.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>

#include "storage/store.hpp"

namespace bh::storage {

class FaultyStore final : public Store {
 public:
  // Takes ownership of `inner` (not null); close() and the destructor close it.
  explicit FaultyStore(std::unique_ptr<Store> inner);
  ~FaultyStore() override;

  // The next `count` writes (save_game, finish_live_game, save_live, create_account,
  // save_bot_account, update_password_hash)
  // fail; later ones go through.
  void fail_next_writes(int count);
  // Every write fails while on. Turning it off makes the store healthy again at once
  // (as the real store's probe write would find).
  void fail_all_writes(bool on);
  // Every read (list_games, get_game, find_account, find_account_like, load_live,
  // load_live_game, find_live_seat) fails while on.
  void fail_all_reads(bool on);
  // While on, save_live and finish_game are answered `fenced`, nothing written: as a
  // cluster node's store answers once another node has taken its games over.
  void fence_live(bool on) { fence_live_ = on; }
  // While on, save_live writes go to the inner store (they are durable) but their
  // completions are held back (but those of writes of absence deadlines alone); turning it off delivers the held ones,
  // in order, on the calling thread (and any that come meanwhile after them). A disk that is slow to say "written", to
  // test what a room does meanwhile (docs/architecture.md: a move is told only once durable).
  void hold_live_completions(bool on);
  // save_live completions held back now.
  std::size_t held_live_completions() const;
  // Writes failed by injection so far.
  std::uint64_t injected_failures() const;
  Store& inner() { return *inner_; }

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

 private:
  bool take_write_fault();  // true when this write must fail; counts it
  // Calls done(error) from the inner store's thread, in queue order.
  template <class Done>
  void deliver(Done done, StoreError error);
  std::function<void(StoreError)> track(std::function<void(StoreError)> done);
  // A read: failed while fail_all_reads is on, else `forward(done)`.
  template <class T, class Forward>
  void read(const char* what, std::function<void(StoreResult<T>)> done, Forward forward);

  std::unique_ptr<Store> inner_;
  std::atomic<int> fail_next_{0};
  std::atomic<bool> fail_all_writes_{false};
  std::atomic<bool> fail_all_reads_{false};
  std::atomic<bool> fence_live_{false};
  std::atomic<bool> injected_unhealthy_{false};
  std::atomic<std::uint64_t> injected_{0};
  mutable std::mutex held_mu_;
  bool holding_ = false;   // under held_mu_
  bool draining_ = false;  // under held_mu_: held completions are being delivered
  std::deque<std::pair<std::function<void(StoreError)>, StoreError>> held_;  // under held_mu_
};

}  // namespace bh::storage
