// The WebSocket's token requests (docs/api.md, "Tokens"): a registered player makes,
// lists and revokes personal API tokens. Revoking one also ends the streams opened
// with it (`revoked`, the API hub's).
//
// Thread-safety: any network thread; the store's answers come back to the network
// threads before a reply is encoded.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

void answer_create_token(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                         const protocol::RequestId& id, const std::string& player,
                         protocol::client::CreateToken request);
void answer_list_tokens(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                        const protocol::RequestId& id, const std::string& player);
// `revoked` is called with the token's id once the store has revoked it.
void answer_revoke_token(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                         const protocol::RequestId& id, const std::string& player, std::string token_id,
                         std::function<void(const std::string&)> revoked);

}  // namespace bh::app
