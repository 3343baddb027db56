#include "app/api/api_hub.hpp"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <utility>

#include "app/completion.hpp"
#include "app/http/http_api.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"

namespace bh::app::api {

namespace {

namespace cl = protocol::client;
using Json = nlohmann::ordered_json;

constexpr auto kTick = std::chrono::seconds(1);
constexpr auto kKeepAlive = std::chrono::seconds(6);
constexpr auto kIdle = std::chrono::seconds(60);
constexpr std::int64_t kTouchEveryMs = 60'000;
// Connection ids of API clients: far above the network layer's, which count from 1.
constexpr std::uint64_t kFirstClientId = std::uint64_t{1} << 62;

HttpResponse json_body_answer(int status, const Json& body) {
  return HttpResponse{status, "application/json", body.dump(-1, ' ', false, Json::error_handler_t::replace)};
}

HttpResponse unauthorized_answer(std::string_view message) {
  auto response = http::error(401, "unauthorized", message);
  response.headers.emplace_back("WWW-Authenticate", "Bearer");
  return response;
}

// The HTTP status of a protocol error code (docs/api.md, "Requests").
int http_status_of(std::string_view code) {
  if (code == "unknown_game" || code == "unknown_room" || code == "not_found") return 404;
  if (code == "not_a_player") return 403;
  if (code == "rate_limited" || code == "too_many_attempts") return 429;
  if (code == "storage_unavailable" || code == "shutting_down" || code == "server_busy" || code == "no_computer" ||
      code == "game_moved")
    return 503;
  if (code == "internal") return 500;
  return 400;
}

// The HTTP answer to an error frame (or a closed client's).
HttpResponse refused_answer(const std::string& frame, const std::string& type) {
  if (type == "closed") return http::error(503, "closed", "the program's session ended before the answer came");
  const auto parsed = Json::parse(frame, nullptr, false);
  const std::string code = parsed.is_object() ? parsed.value("code", "internal") : "internal";
  const std::string message = parsed.is_object() ? parsed.value("message", "") : "";
  return http::error(http_status_of(code), code, message);
}

HttpResponse ok_answer() { return json_body_answer(200, Json{{"ok", true}}); }

HttpResponse ndjson_answer(std::shared_ptr<PushBody> body) {
  HttpResponse response{200, "application/x-ndjson", {}};
  response.stream = std::move(body);
  return response;
}

std::string ndjson_line(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

}  // namespace

ApiHub::ApiHub(std::shared_ptr<Context> ctx, ApiHooks hooks)
    : ctx_(std::move(ctx)), hooks_(std::move(hooks)), strand_(boost::asio::make_strand(ctx_->io)), timer_(strand_) {}

void ApiHub::start() {
  boost::asio::post(strand_, [weak = weak_from_this()] {
    if (auto self = weak.lock()) self->arm();
  });
}

void ApiHub::arm() {
  if (!ticking_) return;
  timer_.expires_after(kTick);
  timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    if (ec) return;
    if (auto self = weak.lock()) {
      self->tick();
      self->arm();
    }
  });
}

void ApiHub::stop() {
  std::vector<ClientPtr> closing;
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    for (auto& [player, entry] : clients_) closing.push_back(entry.client);
    clients_.clear();
  }
  boost::asio::post(strand_, [weak = weak_from_this()] {
    if (auto self = weak.lock()) {
      self->ticking_ = false;
      self->timer_.cancel();
    }
  });
  for (const auto& client : closing) client->close("shutdown");
}

void ApiHub::handle(HttpRequest request, Route route, Respond respond) {
  const auto secret = bearer_secret(request.authorization);
  if (!secret) return respond(unauthorized_answer("send your token: Authorization: Bearer bhp_..."));
  using Found = storage::StoreResult<storage::ApiToken>;
  auto self = shared_from_this();
  ctx_->store.find_api_token(
      secret_hash(*secret),
      on_io<Found>(
          ctx_->io, "API token",
          [self, request = std::move(request), route = std::move(route), respond](Found found) mutable {
            if (found.error.code == storage::StoreErrc::not_found)
              return respond(unauthorized_answer("no such token (or it was revoked)"));
            if (!found.error.ok() || !found.value)
              return respond(http::error(503, "storage_unavailable", "tokens are unavailable: " + found.error.message));
            self->authorized(request, std::move(route), *found.value, std::move(respond));
          },
          [respond] { respond(http::error(500, "internal", "internal error")); }));
}

void ApiHub::authorized(const HttpRequest& request, Route route, const storage::ApiToken& token, Respond respond) {
  if (const auto sanction = ctx_->moderation.sanction_of(token.owner, now_ms()))
    return respond(http::error(403, sanction->kind == "ban" ? "banned" : "suspended", sanction_text(*sanction)));
  if (const auto why = refusal(route, scopes_of(token.scopes), token.bot))
    return respond(http::error(403, "forbidden", *why));
  if (const auto wait = rate_.take(token.id, std::chrono::steady_clock::now()); wait > 0) {
    auto response =
        http::error(429, "rate_limited", "too many requests with this token; retry in " + std::to_string(wait) + " ms");
    response.headers.emplace_back("Retry-After", std::to_string((wait + 999) / 1000));
    return respond(std::move(response));
  }
  const auto now = now_ms();
  bool touch = false;
  {
    std::lock_guard lock(mutex_);
    auto& last = touched_[token.id];
    if (now - last >= kTouchEveryMs) touch = true, last = now;
  }
  if (touch) ctx_->store.touch_token(token.id, now, [](storage::StoreError) {});

  if (std::holds_alternative<Account>(route))
    return respond(json_body_answer(200, Json{{"name", token.owner},
                                              {"bot", token.bot},
                                              {"scopes", scope_names(scopes_of(token.scopes))},
                                              {"token_id", token.id}}));
  if (std::holds_alternative<Upgrade>(route)) return upgrade(token, std::move(respond));
  if (std::holds_alternative<RevokeSelf>(route)) return revoke_self(token, std::move(respond));
  auto self = shared_from_this();
  with_client(token, request.address,
              [self, token, route = std::move(route), respond](const ClientPtr* client, const HttpResponse* failed) {
                if (!client) return respond(*failed);
                if (std::holds_alternative<EventStream>(route)) return self->event_stream(*client, token, respond);
                if (const auto* stream = std::get_if<GameStream>(&route))
                  return self->game_stream(*client, token, stream->game_id, respond);
                if (const auto* action = std::get_if<Action>(&route)) return self->act(*client, *action, respond);
                // A challenge opens a room: 201 with its id.
                const auto opened = [respond](const std::string& frame, const std::string& type) {
                  if (type != "room_created") return respond(refused_answer(frame, type));
                  const auto parsed = Json::parse(frame, nullptr, false);
                  respond(json_body_answer(201, Json{{"room_id", parsed["room"].value("room_id", "")}}));
                };
                if (const auto* challenge = std::get_if<ChallengeAi>(&route))
                  return self->submit(*client, challenge->request, opened);
                if (const auto* challenge = std::get_if<ChallengeName>(&route))
                  return self->submit(*client, challenge->request, opened);
                if (const auto* answer = std::get_if<ChallengeAnswer>(&route))
                  return self->answer(*client, *answer, respond);
              });
}

void ApiHub::with_client(const storage::ApiToken& token, const std::string& address,
                         std::function<void(const ClientPtr*, const HttpResponse*)> then) {
  ClientPtr fresh;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) {
      const auto response = http::error(503, "shutting_down", "the server is shutting down");
      return then(nullptr, &response);
    }
    auto it = clients_.find(token.owner);
    if (it != clients_.end() && (it->second.client->closed() || it->second.client->bot() != token.bot)) {
      // Closed by the application (replaced, shutting down), or the account changed kind:
      // the sweep tells the application; a new client takes the player's place.
      auto old = it->second.client;
      clients_.erase(it);
      boost::asio::post(ctx_->io, [self = shared_from_this(), old] {
        old->close("replaced");
        self->hooks_.close(old);
      });
      it = clients_.end();
    }
    if (it != clients_.end()) {
      if (!it->second.bound) return it->second.waiting.push_back(std::move(then));
      fresh = nullptr;
      auto client = it->second.client;
      client->touch();
      // Outside the lock.
      auto run = [then = std::move(then), client] { then(&client, nullptr); };
      boost::asio::post(ctx_->io, std::move(run));
      return;
    }
    fresh = std::make_shared<ApiClient>(kFirstClientId + next_id_++, token.owner, token.bot, address);
    Entry entry;
    entry.client = fresh;
    entry.waiting.push_back(std::move(then));
    clients_.emplace(token.owner, std::move(entry));
  }
  hooks_.open(fresh);
  auto self = shared_from_this();
  const auto id = fresh->expect([self, player = token.owner, fresh](const std::string& frame, const std::string& type) {
    self->bound(player, fresh, frame, type);
  });
  log::info("HTTP API: " + protocol::json_string(token.owner) + " connected (token " + token.id + ") from " + address);
  hooks_.login(fresh, protocol::RequestId{id}, token.owner, token.bot);
}

void ApiHub::bound(const std::string& player, const ClientPtr& client, const std::string& frame,
                   const std::string& type) {
  std::vector<std::function<void(const ClientPtr*, const HttpResponse*)>> waiting;
  const bool ok = type == "identity";
  {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(player);
    if (it != clients_.end() && it->second.client == client) {
      waiting.swap(it->second.waiting);
      if (ok) {
        it->second.bound = true;
      } else {
        clients_.erase(it);
      }
    }
  }
  if (!ok) {
    const auto response = refused_answer(frame, type);
    client->close("login refused");
    boost::asio::post(ctx_->io, [self = shared_from_this(), client] { self->hooks_.close(client); });
    for (auto& then : waiting) then(nullptr, &response);
    return;
  }
  for (auto& then : waiting) then(&client, nullptr);
}

void ApiHub::submit(const ClientPtr& client, const protocol::client::Request& request, ApiClient::Answered answered,
                    std::string ends_game) {
  const auto id = client->expect(std::move(answered), std::move(ends_game));
  hooks_.message(client, protocol::encode_request(request, protocol::RequestId{id}));
}

void ApiHub::event_stream(const ClientPtr& client, const storage::ApiToken& token, Respond respond) {
  auto body = std::make_shared<PushBody>();
  for (const auto& g : ctx_->player_games.of(token.owner, true)) {
    const bool first = g.players.first == token.owner;
    body->push(ndjson_line(Json{
        {"type", "gameStart"},
        {"game",
         {{"game_id", g.game_id}, {"room_id", g.room_id}, {"game", g.game}, {"you", first ? "first" : "second"}}}}));
  }
  client->add_event_stream(token.id, body);
  respond(ndjson_answer(std::move(body)));
}

void ApiHub::game_stream(const ClientPtr& client, const storage::ApiToken& token, const std::string& game_id,
                         Respond respond) {
  submit(client, cl::Watch{game_id},
         [self = shared_from_this(), client, token_id = token.id, game_id, respond](const std::string& frame,
                                                                                    const std::string& type) {
           if (type != "game_state") return respond(refused_answer(frame, type));
           const auto parsed = Json::parse(frame, nullptr, false);
           if (!parsed.is_object() || !parsed["state"].is_object() || parsed["state"].value("you", Json()).is_null()) {
             // Another's game: not a spectator's stream; stop watching it.
             self->submit(client, cl::Unwatch{game_id}, [](const std::string&, const std::string&) {});
             return respond(http::error(404, "unknown_game", "you do not play the game '" + game_id + "'"));
           }
           auto body = std::make_shared<PushBody>();
           body->push(frame + "\n");
           client->add_game_stream(token_id, game_id, body);
           respond(ndjson_answer(std::move(body)));
         });
}

void ApiHub::act(const ClientPtr& client, const Action& action, Respond respond) {
  auto answer = [respond](const std::string& frame, const std::string& type) {
    respond(type == "error" || type == "closed" ? refused_answer(frame, type) : ok_answer());
  };
  const auto& id = action.game_id;
  switch (action.kind) {
    case ActionKind::move: {
      auto move = [self = shared_from_this(), client, action, answer] {
        const auto ply = client->ply(action.game_id);
        if (!ply) return answer({}, "closed");
        self->submit(client, cl::Move{action.game_id, *ply, action.text}, answer);
      };
      if (client->ply(id)) return move();
      // A game this client has not heard of yet (no stream open): its state first.
      return submit(client, cl::Watch{id}, [move, answer](const std::string& frame, const std::string& type) {
        if (type != "game_state") return answer(frame, "error");
        move();
      });
    }
    case ActionKind::resign:
      return submit(client, cl::Resign{id}, answer, id);
    case ActionKind::abort:
      return submit(client, cl::Abort{id}, answer, id);
    case ActionKind::draw_no:
      return submit(client, cl::DeclineDraw{id}, answer);
    case ActionKind::takeback_no:
      return submit(client, cl::DeclineTakeback{id}, answer);
    case ActionKind::chat:
      return submit(client, cl::Chat{id, action.text}, answer);
    case ActionKind::draw_yes:
      // Accept the other side's offer if there is one, else offer.
      return submit(
          client, cl::AcceptDraw{id},
          [self = shared_from_this(), client, id, answer](const std::string& frame, const std::string& type) {
            if (type == "error" && frame.find("\"no_draw_offer\"") != std::string::npos)
              return self->submit(client, cl::OfferDraw{id}, answer, id);
            answer(frame, type);
          },
          id);
    case ActionKind::takeback_yes:
      return submit(client, cl::AcceptTakeback{id},
                    [self = shared_from_this(), client, id, answer](const std::string& frame, const std::string& type) {
                      if (type == "error" && frame.find("\"no_takeback_request\"") != std::string::npos)
                        return self->submit(client, cl::Takeback{id}, answer);
                      answer(frame, type);
                    });
  }
}

void ApiHub::answer(const ClientPtr& client, const ChallengeAnswer& answer, Respond respond) {
  auto done = [respond](const std::string& frame, const std::string& type) {
    respond(type == "error" || type == "closed" ? refused_answer(frame, type) : ok_answer());
  };
  switch (answer.reply) {
    case Reply::accept:  // the game starts: game_started (the event stream's gameStart)
      return submit(client, cl::JoinRoom{answer.room_id, std::nullopt}, done);
    case Reply::decline:
      return submit(client, cl::DeclineChallenge{answer.room_id, answer.reason}, done);
    case Reply::cancel:
      return submit(client, cl::CancelRoom{answer.room_id}, done);
  }
}

void ApiHub::upgrade(const storage::ApiToken& token, Respond respond) {
  if (token.bot) return respond(http::error(400, "bad_request", "the account is a bot account already"));
  if (ctx_->identities.seats(token.owner) > 0 || !ctx_->player_games.of(token.owner, true).empty())
    return respond(http::error(400, "bad_request", "only an account that has played no game becomes a bot account"));
  auto self = shared_from_this();
  ctx_->store.upgrade_to_bot(
      token.owner,
      on_io<storage::StoreError>(
          ctx_->io, "bot upgrade",
          [self, player = token.owner, respond](const storage::StoreError& error) {
            if (error.code == storage::StoreErrc::conflict)
              return respond(
                  http::error(400, "bad_request", "only an account that has played no game becomes a bot account"));
            if (!error.ok())
              return respond(http::error(503, "storage_unavailable", "accounts are unavailable: " + error.message));
            log::info("account " + protocol::json_string(player) + " is a bot account now (HTTP API)");
            respond(ok_answer());
          },
          [respond] { respond(http::error(500, "internal", "internal error")); }));
}

void ApiHub::revoke_self(const storage::ApiToken& token, Respond respond) {
  ctx_->store.revoke_token(
      token.owner, token.id, now_ms(),
      on_io<storage::StoreError>(
          ctx_->io, "revoke token",
          [self = shared_from_this(), token, respond](const storage::StoreError& error) {
            if (!error.ok() && error.code != storage::StoreErrc::not_found)
              return respond(http::error(503, "storage_unavailable", "tokens are unavailable: " + error.message));
            log::info("token " + token.id + " revoked by its program (" + protocol::json_string(token.owner) + ")");
            self->revoked(token.id);
            respond(HttpResponse{204, "application/json", {}});
          },
          [respond] { respond(http::error(500, "internal", "internal error")); }));
}

void ApiHub::revoked(const std::string& token_id) {
  std::vector<ClientPtr> clients;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [player, entry] : clients_) clients.push_back(entry.client);
    touched_.erase(token_id);
  }
  for (const auto& client : clients) client->end_streams_of(token_id);
}

void ApiHub::sanctioned(const std::string& player) {
  ClientPtr client;
  {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(player);
    if (it == clients_.end()) return;
    client = it->second.client;
    clients_.erase(it);
  }
  client->close("sanctioned");
  hooks_.close(client);
}

void ApiHub::tick() {
  const auto now = std::chrono::steady_clock::now();
  std::vector<ClientPtr> quiet, gone;
  {
    std::lock_guard lock(mutex_);
    for (auto it = clients_.begin(); it != clients_.end();) {
      auto& client = it->second.client;
      if (it->second.bound && (client->closed() || client->idle_since(now - kIdle))) {
        gone.push_back(client);
        it = clients_.erase(it);
      } else {
        quiet.push_back(client);
        ++it;
      }
    }
    std::erase_if(touched_, [&](const auto& t) { return now_ms() - t.second > 10 * kTouchEveryMs; });
  }
  for (const auto& client : quiet) client->keep_alive(now - kKeepAlive);
  for (const auto& client : gone) {
    client->close("idle");
    hooks_.close(client);
    log::info("HTTP API: " + protocol::json_string(client->player()) + " disconnected");
  }
}

}  // namespace bh::app::api
