#include "app/api/token_answers.hpp"

#include <utility>

#include "app/api/api_token.hpp"
#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using protocol::RequestId;
using ConnPtr = std::shared_ptr<Connection>;

// Tokens are for registered players: a guest's name is nobody's once they leave.
bool registered(Context& ctx, const ConnPtr& c, const RequestId& id, const std::string& player) {
  const auto credentials = ctx.identities.credentials(player);
  if (credentials && credentials->registered) return true;
  ctx.send_error(c, id, ErrorCode::account_required, "API tokens are for registered players");
  return false;
}

sv::TokenInfo info(const storage::ApiToken& t) {
  return {t.id, t.label, api::scope_names(api::scopes_of(t.scopes)), t.created_ms, t.last_used_ms};
}

}  // namespace

void answer_create_token(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                         const std::string& player, protocol::client::CreateToken request) {
  if (!registered(*ctx, c, id, player)) return;
  const auto scopes = api::parse_scopes(request.scopes);
  if (!scopes) return ctx->send_error(c, id, ErrorCode::bad_request, scopes.error());
  const auto label = api::checked_label(request.label.value_or(""));
  if (!label) return ctx->send_error(c, id, ErrorCode::bad_request, label.error());
  storage::ApiToken token;
  token.id = api::new_token_id();
  token.owner = player;
  const std::string secret = api::new_secret();
  token.hash = api::secret_hash(secret);
  token.scopes = api::scopes_text(*scopes);
  token.label = *label;
  token.created_ms = now_ms();
  const sv::TokenCreated created{info(token), secret};
  ctx->store.create_token(
      std::move(token), api::kMaxTokensPerAccount,
      on_io<storage::StoreError>(
          ctx->io, "create token",
          [ctx, c, id, created, player](const storage::StoreError& error) {
            if (error.code == storage::StoreErrc::conflict)
              return ctx->send_error(c, id, ErrorCode::bad_request, "tokens: " + error.message);
            if (error.code == storage::StoreErrc::not_found)
              return ctx->send_error(c, id, ErrorCode::account_required, "API tokens are for registered players");
            if (!error.ok())
              return ctx->send_error(c, id, ErrorCode::storage_unavailable, "tokens are unavailable: " + error.message);
            log::info("token " + created.token.token_id + " made by " + protocol::json_string(player));
            ctx->send(c, protocol::encode(created, id));
          },
          internal_error_reply(ctx, c, id)));
}

void answer_list_tokens(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                        const std::string& player) {
  if (!registered(*ctx, c, id, player)) return;
  using Found = storage::StoreResult<std::vector<storage::ApiToken>>;
  ctx->store.list_tokens(player, on_io<Found>(
                                     ctx->io, "list tokens",
                                     [ctx, c, id](Found found) {
                                       if (!found.error.ok() || !found.value)
                                         return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                                                                "tokens are unavailable: " + found.error.message);
                                       sv::Tokens out;
                                       for (const auto& t : *found.value) out.tokens.push_back(info(t));
                                       ctx->send(c, protocol::encode(out, id));
                                     },
                                     internal_error_reply(ctx, c, id)));
}

void answer_revoke_token(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                         const std::string& player, std::string token_id,
                         std::function<void(const std::string&)> revoked) {
  if (!registered(*ctx, c, id, player)) return;
  ctx->store.revoke_token(
      player, token_id, now_ms(),
      on_io<storage::StoreError>(
          ctx->io, "revoke token",
          [ctx, c, id, token_id, player, revoked = std::move(revoked)](const storage::StoreError& error) {
            if (error.code == storage::StoreErrc::not_found)
              return ctx->send_error(c, id, ErrorCode::not_found, "no token '" + token_id + "' of yours");
            if (!error.ok())
              return ctx->send_error(c, id, ErrorCode::storage_unavailable, "tokens are unavailable: " + error.message);
            log::info("token " + token_id + " revoked by " + protocol::json_string(player));
            if (revoked) revoked(token_id);
            ctx->send(c, protocol::encode(sv::Ok{}, id));
          },
          internal_error_reply(ctx, c, id)));
}

}  // namespace bh::app
