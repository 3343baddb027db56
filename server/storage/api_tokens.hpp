// Personal API tokens (docs/api.md): what the store keeps of them, and the one account
// change a program may ask for (becoming a bot account). The secret itself is never
// stored: only its SHA-256, by which a request's token is found.
//
// Each call queues a job and returns at once; `done` runs later on one of the store's
// threads (store.hpp). A lookup sees every token write queued before it.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "storage/store_result.hpp"

namespace bh::storage {

struct ApiToken {
  std::string id;      // public: "t" and 12 hex digits; how it is listed and revoked
  std::string owner;   // the account's name
  std::string hash;    // SHA-256 of the secret, 64 hex digits
  std::string scopes;  // comma-separated, as checked by app/api/token_scopes.hpp
  std::string label;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> last_used_ms;
  bool bot = false;  // read only: the owner is a bot account (find_api_token)
};

class ApiTokens {
 public:
  virtual ~ApiTokens() = default;

  // Errors: not_found (no account `token.owner`), conflict (the owner holds
  // `max_per_owner` tokens that are not revoked, or the id or hash is taken).
  virtual void create_token(ApiToken token, int max_per_owner, std::function<void(StoreError)> done) = 0;
  // The owner's tokens not revoked, newest first.
  virtual void list_tokens(std::string owner, std::function<void(StoreResult<std::vector<ApiToken>>)> done) = 0;
  // not_found when `id` is not a token of `owner` that is not revoked.
  virtual void revoke_token(std::string owner, std::string id, std::int64_t now_ms,
                            std::function<void(StoreError)> done) = 0;
  // The token not revoked whose secret has this hash, with its owner's bot mark;
  // not_found when none.
  virtual void find_api_token(std::string hash, std::function<void(StoreResult<ApiToken>)> done) = 0;
  // Records a use (the caller writes at most one a minute per token).
  virtual void touch_token(std::string id, std::int64_t now_ms, std::function<void(StoreError)> done) = 0;
  // Marks the account a bot account, for good. conflict when it has an archived game;
  // not_found when there is no such account.
  virtual void upgrade_to_bot(std::string name, std::function<void(StoreError)> done) = 0;
};

}  // namespace bh::storage
