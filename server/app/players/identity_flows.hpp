// How a connection says who it is: as a guest, by registering, by logging in (the
// password hash runs on the PasswordWorker; an old hash is upgraded after a successful
// login) or by resuming with a token; and the limits on the way (names, the password
// budget per address, the back-off per name and address, failed resumes per address),
// with their audit lines throttled per address.
//
// Thread-safety: every method may be called from any network thread. The store's and
// the password worker's results come back to the network threads (app/completion.hpp)
// before an identity is bound or a reply encoded.
#pragma once

#include <memory>
#include <string_view>

#include "app/app_context.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

class PasswordWorker;
class Relay;

class IdentityFlows {
 public:
  using ConnPtr = std::shared_ptr<Connection>;

  // `relay` (cluster mode with a bus; may be null): how a resume reaches a game another
  // node runs.
  explicit IdentityFlows(std::shared_ptr<Context> ctx, std::shared_ptr<Relay> relay = nullptr);
  ~IdentityFlows();  // joins the password worker after its queued jobs
  IdentityFlows(const IdentityFlows&) = delete;
  IdentityFlows& operator=(const IdentityFlows&) = delete;

  void guest(const ConnPtr& c, const protocol::RequestId& id, protocol::client::Guest r);
  void register_account(const ConnPtr& c, const protocol::RequestId& id, protocol::client::Register r);
  void login(const ConnPtr& c, const protocol::RequestId& id, protocol::client::Login r);
  void resume(const ConnPtr& c, const protocol::RequestId& id, const protocol::client::Resume& r);
  // A program's connection (app/api/api_client.hpp) logged in as the owner of the token
  // it was found by: a login whose password the token stood for.
  void token_login(const ConnPtr& c, const protocol::RequestId& id, const std::string& name, bool bot);

 private:
  // Cluster mode: a token unknown here that a live game's seat holds in the shared
  // database: the connection is relayed to the node that runs the game (relay.hpp),
  // or, when none does or it cannot be reached, game_moved with a retry time;
  // otherwise auth_failed.
  void resume_elsewhere(const ConnPtr& c, const protocol::RequestId& id, const std::string& token);
  // Answers and returns true when no identity may be taken now (shutting down, or the
  // connection has one).
  bool refuse(const ConnPtr& c, const protocol::RequestId& id);
  bool take_auth_attempt(const ConnPtr& c, const protocol::RequestId& id, std::string_view what);

  std::shared_ptr<Context> ctx_;
  std::shared_ptr<PasswordWorker> worker_;
  std::shared_ptr<Relay> relay_;
};

}  // namespace bh::app
