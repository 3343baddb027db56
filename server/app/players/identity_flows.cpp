#include "app/players/identity_flows.hpp"

#include <cctype>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <variant>

#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/players/passwords.hpp"
#include "app/relay/handoff.hpp"
#include "app/relay/relay.hpp"
#include "app/rooms/room.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"
#include "names/player_names.hpp"
#include "protocol/utf8.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

// What a client refused for a full queue is told to wait before it tries again.
constexpr std::int64_t kBusyRetryMs = 1000;

namespace sv = protocol::server;
namespace cl = protocol::client;
using protocol::ErrorCode;
using protocol::RequestId;
using ConnPtr = std::shared_ptr<Connection>;

// The name as it is kept (NFC), or none after answering bad_name with the reason.
std::optional<std::string> checked_name(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                                        const std::string& raw) {
  auto checked = names::check_name(raw, ctx->config.max_name_length);
  // A refused name (docs/moderation.md) is refused with every name that looks like it.
  if (checked && ctx->moderation.name_refused(names::name_key(*checked))) {
    ctx->send_error(c, id, ErrorCode::bad_name, "the name '" + *checked + "' is not allowed here; choose another");
    return std::nullopt;
  }
  if (checked) return std::move(checked).value();
  ctx->send_error(c, id, ErrorCode::bad_name,
                  std::string(names::describe(checked.error())) + ": a name has 1 to " +
                      std::to_string(ctx->config.max_name_length) +
                      " characters: letters of one script, digits, '-', '_', '.', and spaces inside");
  return std::nullopt;
}

// Client text in a log line: quoted and escaped (no forged lines), at most 64 bytes.
std::string log_quote(std::string_view text) { return protocol::json_string(protocol::utf8::prefix(text, 64)); }

// An audit line a client can cause once per request: at most one per 10 s per kind and
// address, with the count held back (log/keyed_throttle.hpp).
void audit(Context& ctx, std::string_view kind, const std::string& address, std::string line) {
  ctx.audit.write(kind, address, std::move(line));
}

// After a successful login with an old hash (PBKDF2, or Argon2id at other parameters):
// the password hashed again at today's cost, stored if the account still holds the old
// hash. Runs on the password worker, after the login was answered.
void upgrade_hash(const std::shared_ptr<Context>& ctx, const storage::Account& old, const std::string& password) {
  auto fresh = make_account(old.name, password);
  ctx->store.update_password_hash(
      std::move(fresh), old.hash,
      on_io<storage::StoreError>(
          ctx->io, "password upgrade",
          [name = old.name](storage::StoreError error) {
            if (error.ok()) return log::info("the password hash of " + log_quote(name) + " was upgraded to Argon2id");
            if (error.code != storage::StoreErrc::not_found)
              log::error("cannot upgrade the password hash of " + log_quote(name) + ": " + error.message);
          },
          [] {}));
}

// What follows a binding: the identity reply, the connection it replaced told and closed,
// the player's rooms told the player is back.
void finish_bind(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id, Identities::Bound bound) {
  switch (bound.outcome) {
    case Identities::Outcome::ok:
      break;
    case Identities::Outcome::already_identified:
      return ctx->send_error(c, id, ErrorCode::bad_request, "this connection already has an identity");
    case Identities::Outcome::name_taken:
      return ctx->send_error(c, id, ErrorCode::name_taken, "the name is taken");
    case Identities::Outcome::unknown_token:
      return ctx->send_error(c, id, ErrorCode::auth_failed, "unknown or expired token");
    case Identities::Outcome::connection_gone:
      return;
  }
  // A suspended or banned account (docs/moderation.md) is told why; the connection
  // stays, with no identity, as before it asked (and one it replaced is let go).
  if (bound.registered) {
    if (const auto sanction = ctx->moderation.sanction_of(bound.name, now_ms())) {
      ctx->identities.remove_connection(c->id());
      ctx->identities.add_connection(c);
      if (bound.replaced) bound.replaced->close(sanction->kind);
      const bool ban = sanction->kind == "ban";
      return ctx->send_error(c, id, ban ? ErrorCode::banned : ErrorCode::suspended, sanction_text(*sanction));
    }
  }
  // A finished room waiting for a rematch (it holds no seat; only a replaced connection
  // finds one, a closed one ended it) is told first: whatever the player hears from now
  // on, the room's events come here.
  if (auto finished = ctx->rematch_rooms.of(bound.name))
    if (auto room = ctx->directory.find_room(*finished)) room->rematch_connection(bound.name, c);
  // An account's login holds its name across the nodes (a guest's was claimed before).
  if (bound.registered) ctx->name_claims.hold(bound.name, bound.token, true, bound.bot);
  ctx->send(c, protocol::encode(sv::Identity{bound.name, bound.token, bound.registered,
                                             bound.bot ? std::optional<bool>(true) : std::nullopt,
                                             bound.registered ? ctx->moderation.role_of(bound.name) : std::nullopt},
                                id));
  if (bound.replaced) {
    ctx->send(bound.replaced, protocol::encode(sv::SessionReplaced{"this player connected again elsewhere"}));
    bound.replaced->close("session replaced");
  }
  for (const auto& room_id : bound.rooms)
    if (auto room = ctx->directory.find_room(room_id)) room->player_returned(bound.name, c);
}

// A guest's name: taken across the nodes first (cluster mode), then bound here; given
// back if it could not be bound after all.
void bind_guest_everywhere(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                           const std::string& name) {
  if (!ctx->name_claims.on()) return finish_bind(ctx, c, id, ctx->identities.bind_guest(c, name));
  auto token = Identities::new_token();
  ctx->name_claims.claim(name, token, false, false, [ctx, c, id, name, token](NameClaims::Claimed claimed) {
    if (claimed == NameClaims::Claimed::unavailable)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable, "names are unavailable just now; try again");
    if (claimed == NameClaims::Claimed::taken)
      return ctx->send_error(c, id, ErrorCode::name_taken, "the name '" + name + "' is taken (or one like it)");
    auto bound = ctx->identities.bind_guest(c, name, token);
    if (bound.outcome != Identities::Outcome::ok) ctx->name_claims.release(name, token);
    finish_bind(ctx, c, id, std::move(bound));
  });
}

// Cluster mode: the player's game or name is on another node, or being taken over by
// one: the client keeps its token and resumes again in a moment.
void resume_later(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id) {
  ctx->send_error(c, id, ErrorCode::game_moved,
                  "your game is on another server node, or being taken over by one; resume again in a moment", 1000);
}

void resume_failed(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id) {
  audit(*ctx, "resume failed", c->address(), "resume failed (unknown or expired token) from " + c->address());
  ctx->send_error(c, id, ErrorCode::auth_failed, "unknown or expired token");
}

// The connection is served by node `owner` from now on, a resume of `token` sent there
// as its request `id`; `otherwise` when it cannot go (the node cannot be reached, or the
// connection took an identity here meanwhile).
void resume_on(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const ConnPtr& c,
               const RequestId& id, const std::string& token, std::int64_t owner, std::function<void()> otherwise) {
  if (!relay || owner == 0 || owner == relay->self() || ctx->identities.player_of(c->id()) || ctx->shutting_down)
    return otherwise();
  // Nothing of this connection stays here: the owner serves it all.
  detach_connection(*ctx, c);
  relay->pin(c, owner, protocol::encode_request(protocol::client::Resume{token}, id),
             [ctx, c, otherwise = std::move(otherwise)] {
               ctx->identities.add_connection(c);  // served here again
               ctx->watchers.opened(c->id(), now_ms());
               otherwise();
             });
}

void relay_resume(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const ConnPtr& c,
                  const RequestId& id, const std::string& token, std::int64_t owner) {
  resume_on(ctx, relay, c, id, token, owner, [ctx, c, id] { resume_later(ctx, c, id); });
}

// Cluster mode: a token no live game's seat holds may be a player's elsewhere (a guest
// with no game, a player between games): served by the node that holds them, or, when
// that node is gone, taken over here with the same name and token.
void resume_by_name(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const ConnPtr& c,
                    const RequestId& id, const std::string& token) {
  if (!ctx->name_claims.on()) return resume_failed(ctx, c, id);
  ctx->name_claims.find(token, [ctx, relay, c, id, token](storage::StoreResult<storage::NameHolder> found) {
    if (found.error.code == storage::StoreErrc::not_found) return resume_failed(ctx, c, id);
    ctx->resume_failures.give_back(c->address());
    if (!found.error.ok()) return resume_later(ctx, c, id);
    const auto holder = std::move(*found.value);
    if (holder.alive && holder.epoch != ctx->name_claims.epoch()) {
      if (!relay) return resume_failed(ctx, c, id);  // no bus: that node cannot be reached from here
      return relay_resume(ctx, relay, c, id, token, holder.epoch);
    }
    ctx->name_claims.claim(holder.name, token, holder.registered, holder.bot, [=](NameClaims::Claimed claimed) {
      if (claimed == NameClaims::Claimed::unavailable) return resume_later(ctx, c, id);
      if (claimed == NameClaims::Claimed::taken) return resume_failed(ctx, c, id);
      if (!ctx->identities.welcome(holder.name, {token, holder.registered, holder.bot}))
        return resume_failed(ctx, c, id);  // the name is another's here
      finish_bind(ctx, c, id, ctx->identities.bind_token(c, token));
    });
  });
}

// A login whose password was right: bound here, or, in cluster mode when another node
// alive holds the account's name (its player is there: a game, another tab), served by
// that node as a resume of the player's token, so that the older connection is replaced
// there as a second login on one node replaces it.
void bind_login(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const ConnPtr& c,
                const RequestId& id, const std::string& name, bool bot) {
  auto here = [ctx, c, id, name, bot] { finish_bind(ctx, c, id, ctx->identities.bind_registered(c, name, bot)); };
  if (!relay || !ctx->name_claims.on() || ctx->identities.credentials(name)) return here();
  ctx->name_claims.find_name(name, [ctx, relay, c, id, here](storage::StoreResult<storage::NameHolder> found) {
    // Not found, or PostgreSQL cannot say: here, where the login's hold takes the name.
    if (!found.error.ok()) return here();
    const auto& holder = *found.value;
    if (!holder.alive || !holder.registered) return here();
    resume_on(ctx, relay, c, id, holder.token, holder.epoch, here);
  });
}

}  // namespace

IdentityFlows::IdentityFlows(std::shared_ptr<Context> ctx, std::shared_ptr<Relay> relay)
    : ctx_(std::move(ctx)), worker_(std::make_shared<PasswordWorker>(64, 16)), relay_(std::move(relay)) {}

IdentityFlows::~IdentityFlows() = default;

bool IdentityFlows::refuse(const ConnPtr& c, const RequestId& id) {
  if (ctx_->shutting_down) {
    ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
    return true;
  }
  if (ctx_->identities.identified(c->id())) {
    ctx_->send_error(c, id, ErrorCode::bad_request, "this connection already has an identity");
    return true;
  }
  return false;
}

void IdentityFlows::token_login(const ConnPtr& c, const RequestId& id, const std::string& name, bool bot) {
  if (refuse(c, id)) return;
  bind_login(ctx_, relay_, c, id, name, bot);
}

void IdentityFlows::resume(const ConnPtr& c, const RequestId& id, const cl::Resume& r) {
  if (refuse(c, id)) return;
  // Only failures spend the address's budget (a token is taken first and given back):
  // every tab, or every client of one NAT after a restart, may resume at once.
  const std::string& address = c->address();
  if (const auto wait = ctx_->resume_failures.take(address, std::chrono::steady_clock::now()); wait > 0) {
    audit(*ctx_, "resume refused", address, "resume refused from " + address + ": too many failed resumes");
    return ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                            "too many failed resumes from your address; retry in " + std::to_string(wait) + " ms",
                            wait);
  }
  auto bound = ctx_->identities.bind_token(c, r.token);
  // Cluster mode: a token unknown here may be a seat another node holds; it is a failure
  // only once the shared database does not know it either.
  if (bound.outcome == Identities::Outcome::unknown_token && ctx_->config.cluster && !r.token.empty())
    return resume_elsewhere(c, id, r.token);
  if (bound.outcome == Identities::Outcome::unknown_token)
    audit(*ctx_, "resume failed", address, "resume failed (unknown or expired token) from " + address);
  else ctx_->resume_failures.give_back(address);
  finish_bind(ctx_, c, id, std::move(bound));
}

void IdentityFlows::resume_elsewhere(const ConnPtr& c, const RequestId& id, const std::string& token) {
  ctx_->store.find_live_seat(
      token, on_io<storage::StoreResult<storage::FoundSeat>>(
                 ctx_->io, "a resume's seat",
                 [ctx = ctx_, relay = relay_, c, id, token](storage::StoreResult<storage::FoundSeat> found) {
                   if (found.error.code == storage::StoreErrc::not_found)
                     return resume_by_name(ctx, relay, c, id, token);
                   ctx->resume_failures.give_back(c->address());
                   // The database cannot say now: the client keeps its token and tries again.
                   if (!found.error.ok()) return resume_later(ctx, c, id);
                   relay_resume(ctx, relay, c, id, token, found.value->owner_epoch);
                 },
                 [] {}));
}

void IdentityFlows::guest(const ConnPtr& c, const RequestId& id, cl::Guest r) {
  if (refuse(c, id)) return;
  auto name = checked_name(ctx_, c, id, r.name);
  if (!name) return;
  r.name = std::move(*name);
  if (!ctx_->identities.name_free(r.name))
    return ctx_->send_error(c, id, ErrorCode::name_taken, "the name '" + r.name + "' is taken (or one like it)");
  // New names an address may take a minute: a flood of guests (each with a room) stays small.
  if (ctx_->config.guests_per_minute > 0) {
    if (const auto wait = ctx_->new_guests.take(c->address(), std::chrono::steady_clock::now()); wait > 0)
      return ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                              "too many new guests from your address; retry in " + std::to_string(wait) + " ms", wait);
  }
  // A registered name, or one like it, is never a guest's, even while its owner is away.
  ctx_->store.find_account_like(
      r.name, on_io<storage::StoreResult<storage::Account>>(
                  ctx_->io, "guest",
                  [ctx = ctx_, c, id, name = r.name](storage::StoreResult<storage::Account> found) {
                    if (found.error.ok())
                      return ctx->send_error(
                          c, id, ErrorCode::name_taken,
                          found.value->name == name
                              ? "the name '" + name + "' is registered"
                              : "the name '" + name + "' looks like '" + found.value->name + "', which is registered");
                    if (found.error.code != storage::StoreErrc::not_found)
                      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                                             "accounts are unavailable: " + found.error.message);
                    bind_guest_everywhere(ctx, c, id, name);
                  },
                  internal_error_reply(ctx_, c, id)));
}

// One password hash for `c`'s address, if its budget allows; answers the refusal if not.
bool IdentityFlows::take_auth_attempt(const ConnPtr& c, const RequestId& id, std::string_view what) {
  const auto wait = ctx_->auth_attempts.take(c->address(), std::chrono::steady_clock::now());
  if (wait == 0) return true;
  audit(*ctx_, std::string(what) + " refused", c->address(),
        std::string(what) + " refused from " + c->address() + ": too many attempts from this address");
  ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                   "too many logins or registrations from your address; retry in " + std::to_string(wait) + " ms",
                   wait);
  return false;
}

void IdentityFlows::register_account(const ConnPtr& c, const RequestId& id, cl::Register r) {
  if (refuse(c, id)) return;
  auto name = checked_name(ctx_, c, id, r.name);
  if (!name) return;
  r.name = std::move(*name);
  if (r.password.size() < 8 || r.password.size() > 256)
    return ctx_->send_error(c, id, ErrorCode::bad_password, "a password has 8 to 256 characters");
  if (!ctx_->identities.name_free(r.name))
    return ctx_->send_error(c, id, ErrorCode::name_taken, "the name '" + r.name + "' is taken (or one like it)");
  if (!take_auth_attempt(c, id, "register")) return;
  if (const auto wait = ctx_->new_accounts.take(c->address(), std::chrono::steady_clock::now()); wait > 0) {
    audit(*ctx_, "register refused", c->address(),
          "register refused from " + c->address() + ": too many new accounts from this address");
    return ctx_->send_error(
        c, id, ErrorCode::too_many_attempts,
        "too many new accounts from your address; retry in " + std::to_string(wait / 1000 + 1) + " s", wait);
  }
  const std::string address = c->address();
  const bool queued = worker_->post(
      PasswordWorker::Lane::signup, [ctx = ctx_, c, id, name = r.name, password = std::move(r.password), address] {
        std::optional<storage::Account> account;
        auto hash = [&] { account = make_account(name, password); };
        auto failed = [&] {
          ctx->new_accounts.give_back(address);
          ctx->send_error(c, id, ErrorCode::internal, "internal error");
        };
        run_guarded("register", hash, failed);
        if (!account) return;
        ctx->store.create_account(std::move(*account),
                                  on_io<storage::StoreError>(
                                      ctx->io, "register",
                                      [ctx, c, id, name, address](storage::StoreError error) {
                                        if (!error.ok()) ctx->new_accounts.give_back(address);
                                        if (error.code == storage::StoreErrc::conflict)
                                          return ctx->send_error(c, id, ErrorCode::name_taken,
                                                                 "the name '" + name + "' is taken (or one like it)");
                                        if (!error.ok())
                                          return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                                                                 "accounts are unavailable: " + error.message);
                                        log::info("account " + log_quote(name) + " registered from " + address);
                                        finish_bind(ctx, c, id, ctx->identities.bind_registered(c, name));
                                      },
                                      [ctx, c, id] { ctx->send_error(c, id, ErrorCode::internal, "internal error"); }));
      });
  if (!queued) {
    ctx_->new_accounts.give_back(address);
    ctx_->send_error(c, id, ErrorCode::server_busy, "too many registrations at once; retry", kBusyRetryMs);
  }
}

void IdentityFlows::login(const ConnPtr& c, const RequestId& id, cl::Login r) {
  if (refuse(c, id)) return;
  r.name = names::nfc(r.name);  // accounts are found by their exact name, kept in NFC
  const std::string address = c->address();
  if (const auto wait = ctx_->logins.wait_ms(r.name, address, std::chrono::steady_clock::now()); wait > 0) {
    audit(*ctx_, "login refused", address,
          "login refused for " + log_quote(r.name) + " from " + address + ": too many failed logins");
    return ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                            "too many failed logins for '" + r.name + "'; retry in " + std::to_string(wait) + " ms",
                            wait);
  }
  if (!take_auth_attempt(c, id, "login")) return;
  std::weak_ptr<PasswordWorker> worker = worker_;
  auto check = [ctx = ctx_, relay = relay_, worker, c, id, name = r.name, address,
                password = std::move(r.password)](storage::StoreResult<storage::Account> found) {
    const bool known = found.error.ok();
    if (!known && found.error.code != storage::StoreErrc::not_found)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable, "accounts are unavailable: " + found.error.message);
    // An unknown name is checked against a dummy hash: its answer takes as long.
    // The verdict goes back to the network threads, where identities are bound.
    const bool bot = known && found.value->bot;
    auto answer = on_io<bool>(
        ctx->io, "login",
        [ctx, relay, c, id, name, address, bot](bool good) {
          const auto now = std::chrono::steady_clock::now();
          if (!good) {
            ctx->logins.failed(name, address, now);
            audit(*ctx, "login failed", address, "login failed for " + log_quote(name) + " from " + address);
            return ctx->send_error(c, id, ErrorCode::auth_failed, "wrong name or password");
          }
          ctx->logins.succeeded(name, address, now);
          bind_login(ctx, relay, c, id, name, bot);
        },
        [ctx, c, id] { ctx->send_error(c, id, ErrorCode::internal, "internal error"); });
    auto verify = [ctx, password, known, account = known ? *found.value : storage::Account{},
                   answer = std::move(answer)] {
      const bool good = known ? verify_password(account, password) : verify_against_dummy(password);
      answer(good);
      if (good && needs_rehash(account)) upgrade_hash(ctx, account, password);
    };
    auto w = worker.lock();
    if (!w || !w->post(PasswordWorker::Lane::login, std::move(verify)))
      ctx->send_error(c, id, ErrorCode::server_busy, "too many logins at once; retry", kBusyRetryMs);
  };
  ctx_->store.find_account(r.name, on_io<storage::StoreResult<storage::Account>>(ctx_->io, "login", std::move(check),
                                                                                 internal_error_reply(ctx_, c, id)));
}

}  // namespace bh::app
