// The server's durable storage: the archive of finished games and the accounts.
//
// A Store is called from network/room threads and never blocks them: every call
// queues a job and returns at once; `done` runs later on the store's own thread, so a
// caller that needs its own strand posts from inside `done`. Jobs run in the order they
// were queued. The SQLite implementation (sqlite_store.hpp) owns one connection on one
// thread and batches queued writes into transactions; a fault-injecting one
// (tests) shares this interface.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"

namespace bh::storage {

enum class StoreErrc { ok, not_found, conflict, invalid_query, unavailable };

struct StoreError {
  StoreErrc code = StoreErrc::ok;
  std::string message;
  bool ok() const { return code == StoreErrc::ok; }
};

template <class T>
struct StoreResult {
  StoreError error;
  std::optional<T> value;  // set when error.ok()
};

class Store {
 public:
  virtual ~Store() = default;

  // Writes the whole game in one transaction, and forgets the live game of the same id
  // in it. `done` gets ok once it is durable.
  void save_game(GameRecord record, std::function<void(StoreError)> done) {
    finish_live_game(std::move(record), std::nullopt, std::move(done));
  }

  // What a room calls when a game ends: save_game, and in the same transaction the
  // header of the match's next game when there is one, so a crash between the two
  // cannot lose the rest of the match.
  void finish_live_game(GameRecord record, std::optional<LiveGame> next, std::function<void(StoreError)> done) {
    finish_game(std::move(record), std::move(next),
                [done = std::move(done)](StoreResult<GameFinish> result) { done(std::move(result.error)); });
  }
  // finish_live_game that also tells what else the transaction wrote: for a rated game
  // (record.rated) both players' new ratings, computed inside the same transaction from
  // the stored ones (rating_sql.hpp), so the rating and the record are one commit.
  virtual void finish_game(GameRecord record, std::optional<LiveGame> next,
                           std::function<void(StoreResult<GameFinish>)> done) = 0;

  // Ratings (docs/ratings.md). Every stored rating, for the server's cache at start-up.
  virtual void load_ratings(std::function<void(StoreResult<std::vector<PlayerRating>>)> done) = 0;
  // A player's profile with up to 10 recent public games; not_found for a name neither
  // registered nor in the archive.
  virtual void get_profile(std::string name, std::function<void(StoreResult<PlayerProfile>)> done) = 0;
  // Non-provisional ratings of `key`, best first; invalid_query for a bad key or limit.
  virtual void leaderboard(std::string key, int limit,
                           std::function<void(StoreResult<std::vector<PlayerRating>>)> done) = 0;
  // A player's rating history for `key`, oldest first; not_found, invalid_query.
  virtual void rating_history(std::string name, std::string key,
                              std::function<void(StoreResult<std::vector<RatingHistoryEntry>>)> done) = 0;

  // Live games (records.hpp): `done` gets ok once the update is durable. A game's moves
  // are written only if its header is (a header-less update of an unknown game is
  // invalid_query, so a lost header is noticed and written again).
  virtual void save_live(LiveUpdate update, std::function<void(StoreError)> done) = 0;
  // Every live game with its moves, oldest first (at start-up, to restore them).
  virtual void load_live(std::function<void(StoreResult<std::vector<LiveGame>>)> done) = 0;
  virtual void list_games(ArchiveQuery query, std::function<void(StoreResult<ArchivePage>)> done) = 0;
  // not_found when there is no such game.
  virtual void get_game(std::string id, std::function<void(StoreResult<GameRecord>)> done) = 0;

  // conflict when the name is taken, or one with it (names::name_key: `Alice`, `аlice`
  // beside `alice`). The account is never a bot (`account.bot` is ignored).
  virtual void create_account(Account account, std::function<void(StoreError)> done) = 0;
  // Creates the bot account `account.name`, or gives an existing bot account this
  // password (salt, hash, iterations); conflict when the name is a person's account or
  // one with another account's name.
  virtual void save_bot_account(Account account, std::function<void(StoreError)> done) = 0;
  // The account of exactly this name (a login); not_found when none.
  virtual void find_account(std::string name, std::function<void(StoreResult<Account>)> done) = 0;
  // Gives the account `account.name` a new password hash (salt, hash, iterations), if it
  // still holds `old_hash` (a hash upgraded at login: a newer change is never undone);
  // not_found when it does not (or there is no such account).
  virtual void update_password_hash(Account account, std::string old_hash, std::function<void(StoreError)> done) = 0;
  // The account whose name is one with `name` (the same names::name_key; a guest's name
  // must have none); not_found when none.
  virtual void find_account_like(std::string name, std::function<void(StoreResult<Account>)> done) = 0;

  // False after a write failed (disk full, read-only file...) until a write succeeds;
  // the store retries a small write by itself meanwhile, so it recovers when idle too.
  virtual bool healthy() const = 0;
  // Runs every job already queued, then stops the thread. Later calls fail with
  // unavailable. Idempotent.
  virtual void close() = 0;
};

}  // namespace bh::storage
