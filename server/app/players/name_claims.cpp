#include "app/players/name_claims.hpp"

#include <mutex>
#include <utility>
#include <vector>

#include "app/completion.hpp"
#include "log/log.hpp"
#include "names/player_names.hpp"

namespace bh::app {

storage::NameClaim NameClaims::make(const std::string& name, const std::string& token, bool registered,
                                    bool bot) const {
  return {name, names::name_key(name), token, registered, bot, epoch_};
}

void NameClaims::claim(const std::string& name, const std::string& token, bool registered, bool bot,
                       std::function<void(Claimed)> done) {
  if (!names_) return done(Claimed::yes);
  auto failed = [done] { done(Claimed::unavailable); };
  names_->claim_name(make(name, token, registered, bot),
                     on_io<storage::StoreResult<bool>>(
                         io_, "a name's claim",
                         [done](storage::StoreResult<bool> r) {
                           if (!r.error.ok()) {
                             log::error("cannot claim a name across the nodes: " + r.error.message);
                             return done(Claimed::unavailable);
                           }
                           done(*r.value ? Claimed::yes : Claimed::taken);
                         },
                         failed));
}

void NameClaims::hold(const std::string& name, const std::string& token, bool registered, bool bot) {
  claim(name, token, registered, bot, [name](Claimed c) {
    // Another player took it while this one's node was gone: both play on, this one's
    // name no longer reserved across the nodes.
    if (c == Claimed::taken) log::error("player " + name + " is here, but another node's player holds the name");
  });
}

void NameClaims::release(const std::string& name, const std::string& token, int attempt) {
  if (!names_) return;
  names_->release_name(names::name_key(name), token, epoch_,
                       [failed = failed_, name, token, attempt](storage::StoreError e) {
                         if (e.ok()) return;
                         // Not given back, the name would stay held until this node is gone.
                         if (attempt == 0) log::error("cannot give a name back across the nodes yet: " + e.message);
                         std::lock_guard lock(failed->mutex);
                         failed->releases.push_back({name, token, attempt + 1});
                       });
}

void NameClaims::retry_releases() {
  std::vector<Failed::Release> again;
  {
    std::lock_guard lock(failed_->mutex);
    again.swap(failed_->releases);
  }
  for (auto& r : again) {
    if (r.attempt > kReleaseAttempts) {
      log::error("gave up giving the name " + r.name + " back across the nodes");
      continue;
    }
    release(r.name, r.token, r.attempt);
  }
}

void NameClaims::find(const std::string& token, std::function<void(storage::StoreResult<storage::NameHolder>)> done) {
  using Result = storage::StoreResult<storage::NameHolder>;
  if (!names_) return done(Result{{storage::StoreErrc::not_found, "no names across nodes"}, std::nullopt});
  auto failed = [done] { done(Result{{storage::StoreErrc::unavailable, "internal error"}, std::nullopt}); };
  names_->find_token(token, on_io<Result>(io_, "a token's holder", std::move(done), failed));
}

void NameClaims::find_name(const std::string& name,
                           std::function<void(storage::StoreResult<storage::NameHolder>)> done) {
  using Result = storage::StoreResult<storage::NameHolder>;
  if (!names_) return done(Result{{storage::StoreErrc::not_found, "no names across nodes"}, std::nullopt});
  auto failed = [done] { done(Result{{storage::StoreErrc::unavailable, "internal error"}, std::nullopt}); };
  names_->find_name(names::name_key(name), on_io<Result>(io_, "a name's holder", std::move(done), failed));
}

}  // namespace bh::app
