// The HTTP API for programs (docs/api.md) behind the routes: finds the request's token
// (by the hash of its secret), checks its scope and its rate, and carries the request
// out through the player's API client (api_client.hpp), a connection the application
// sees as the player's, logged in for the first request of the player and kept while a
// stream is open or requests come. Every second it writes the streams' keep-alive lines
// and closes the clients left idle.
//
// Thread-safety: every method may be called from any thread; the store's answers come
// back to the network threads (app/completion.hpp).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/api/api_client.hpp"
#include "app/api/api_routes.hpp"
#include "app/app_context.hpp"
#include "app/players/token_buckets.hpp"
#include "storage/api_tokens.hpp"

namespace bh::app::api {

// What the hub needs of the application: a connection's life and its frames, and a
// login without a password (the token stood for it).
struct ApiHooks {
  std::function<void(const std::shared_ptr<Connection>&)> open;
  std::function<void(const std::shared_ptr<Connection>&, std::string)> message;
  std::function<void(const std::shared_ptr<Connection>&)> close;
  std::function<void(const std::shared_ptr<Connection>&, const protocol::RequestId&, const std::string& player,
                     bool bot)>
      login;
};

class ApiHub : public std::enable_shared_from_this<ApiHub> {
 public:
  ApiHub(std::shared_ptr<Context> ctx, ApiHooks hooks);
  void start();
  // Closes every client (their streams end).
  void stop();

  void handle(HttpRequest request, Route route, std::function<void(HttpResponse)> respond);
  // The token was revoked: the streams opened with it end now.
  void revoked(const std::string& token_id);
  // The player was suspended or banned (docs/moderation.md): their streams end now.
  void sanctioned(const std::string& player);

 private:
  using ClientPtr = std::shared_ptr<ApiClient>;
  using Respond = std::function<void(HttpResponse)>;
  struct Entry {
    ClientPtr client;
    bool bound = false;
    std::vector<std::function<void(const ClientPtr*, const HttpResponse*)>> waiting;
  };

  void authorized(const HttpRequest& request, Route route, const storage::ApiToken& token, Respond respond);
  // The player's client, logged in: `then(client)` or `then(nullptr, refusal)`.
  void with_client(const storage::ApiToken& token, const std::string& address,
                   std::function<void(const ClientPtr*, const HttpResponse*)> then);
  void bound(const std::string& player, const ClientPtr& client, const std::string& frame, const std::string& type);
  // Sends `request` on the client; `answered` gets the frame answering it (or, for a
  // request that may end the game `ends_game`, its game_over).
  void submit(const ClientPtr& client, const protocol::client::Request& request, ApiClient::Answered answered,
              std::string ends_game = {});
  void event_stream(const ClientPtr& client, const storage::ApiToken& token, Respond respond);
  void game_stream(const ClientPtr& client, const storage::ApiToken& token, const std::string& game_id,
                   Respond respond);
  void act(const ClientPtr& client, const Action& action, Respond respond);
  void answer(const ClientPtr& client, const ChallengeAnswer& answer, Respond respond);
  void upgrade(const storage::ApiToken& token, Respond respond);
  void revoke_self(const storage::ApiToken& token, Respond respond);
  void arm();  // on strand_
  void tick();

  std::shared_ptr<Context> ctx_;
  ApiHooks hooks_;
  // The tick's timer, touched on its strand alone (start and stop come from any thread).
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  bool ticking_ = true;  // on strand_
  TokenBuckets rate_{20, 60};
  std::mutex mutex_;
  std::map<std::string, Entry> clients_;         // by player
  std::map<std::string, std::int64_t> touched_;  // token id -> when its use was last written
  std::uint64_t next_id_ = 0;
  bool stopped_ = false;
};

}  // namespace bh::app::api
