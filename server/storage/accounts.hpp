// Registered accounts: people's and bots', with their password hashes. What the
// identity flows (register, login, bots) need of the store.
//
// Each call queues a job and returns at once; `done` runs later on one of the store's
// threads (store.hpp). A lookup sees every account write queued before it.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <functional>
#include <string>

#include "storage/records.hpp"
#include "storage/store_result.hpp"

namespace bh::storage {

class Accounts {
 public:
  virtual ~Accounts() = default;

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
};

}  // namespace bh::storage
