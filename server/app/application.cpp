// The Application: decodes each frame once into a protocol request, checks identity,
// and hands the request to the lobby or a room (posted to their strands). Identity
// work that is slow (password hashing) runs on the PasswordWorker; storage calls go to
// the Store and answer from its thread through Connection::send.
#include "app/application.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cmath>
#include <future>
#include <sstream>

#include "app/archive.hpp"
#include "app/completion.hpp"
#include "app/context.hpp"
#include "app/http_api.hpp"
#include "app/lobby.hpp"
#include "app/passwords.hpp"
#include "app/room.hpp"
#include "app/util.hpp"
#include "log/log.hpp"
#include "protocol/utf8.hpp"
#include "rules/registry.hpp"
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

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

bool valid_name(const std::string& name, std::size_t max_length) {
  if (name.empty() || name.size() > max_length || name.front() == ' ' || name.back() == ' ') return false;
  for (unsigned char c : name)
    if (!(std::isalnum(c) || c == ' ' || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

// Client text in a log line: quoted and escaped (no forged lines), at most 64 bytes.
std::string log_quote(std::string_view text) {
  return protocol::dump(protocol::Json(std::string(protocol::utf8::prefix(text, 64))));
}

// Closes connections that have not said who they are in time, and forgets players who
// left (their names free again), once a second.
class Housekeeping : public std::enable_shared_from_this<Housekeeping> {
 public:
  explicit Housekeeping(std::shared_ptr<Context> ctx)
      : ctx_(std::move(ctx)), strand_(boost::asio::make_strand(ctx_->io)), timer_(strand_) {}
  void start() {
    boost::asio::post(strand_, [self = shared_from_this()] { self->arm(); });
  }
  void stop() {
    boost::asio::post(strand_, [self = shared_from_this()] {
      self->stopped_ = true;
      self->timer_.cancel();
    });
  }

 private:
  void arm() {
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (ec || self->stopped_) return;
      auto work = [&] { self->sweep(); };
      auto failed = [] {};
      run_guarded("the housekeeping", work, failed);
      self->arm();
    });
  }
  void sweep() {
    const std::int64_t now = now_ms();
    ctx_->identities.forget_absent(now);
    const Frame notice = make_frame(protocol::encode(sv::Error{
        "not_authenticated",
        "no guest, login, register or resume within " + std::to_string(ctx_->config.identify_timeout_ms / 1000) +
            " s; closing",
        std::nullopt}));
    for (const auto& c : ctx_->identities.unidentified(now - ctx_->config.identify_timeout_ms)) {
      log::debug("connection " + std::to_string(c->id()) + " from " + c->remote() + " closed: no identity in time");
      c->send(notice);
      c->close("identify_timeout");
    }
  }

  std::shared_ptr<Context> ctx_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
};

class AppImpl final : public Application {
 public:
  AppImpl(boost::asio::io_context& io, storage::Store& store, AppConfig config)
      : ctx_(std::make_shared<Context>(io, store, std::move(config))),
        worker_(std::make_shared<PasswordWorker>(64, 16)),
        housekeeping_(std::make_shared<Housekeeping>(ctx_)) {
    ctx_->lobby = std::make_shared<Lobby>(io);
    sv::Welcome welcome;
    welcome.server = "boardhall/" + ctx_->config.version;
    welcome.reconnect_grace_ms = ctx_->config.reconnect_grace_ms;
    for (const auto& g : rules::catalogue()) {
      sv::GameInfo info{g.id, g.name, g.first_side, g.second_side, {}};
      for (const auto& o : g.options) info.options.push_back({o.name, o.description, o.allowed, o.fallback});
      welcome.games.push_back(std::move(info));
    }
    welcome_ = make_frame(protocol::encode(welcome));
    restore_live_games();
    housekeeping_->start();
  }

  ~AppImpl() override {
    housekeeping_->stop();
    worker_.reset();              // joins the worker after its queued jobs
    ctx_->directory.clear();      // rooms hold the context: break the cycle
  }

  void on_open(const ConnPtr& connection) override {
    ctx_->identities.add_connection(connection);
    if (!ctx_->config.network) ctx_->metrics.connections++;
    connection->send(welcome_);
  }

  void on_message(const ConnPtr& connection, std::string text) override {
    try {
      auto decoded = protocol::decode_request(text, {ctx_->config.max_string_length});
      if (auto* error = std::get_if<protocol::DecodeError>(&decoded))
        return ctx_->send_error(connection, error->id, error->code, error->message);
      auto& envelope = std::get<protocol::Envelope>(decoded);
      dispatch(connection, envelope.id, std::move(envelope.request));
    } catch (const std::exception& e) {
      log::error(std::string("internal error on a message: ") + e.what());
      ctx_->send_error(connection, {}, ErrorCode::internal, "internal error");
    }
  }

  void on_close(const ConnPtr& connection) override {
    if (!ctx_->config.network) ctx_->metrics.connections--;
    const auto id = connection->id();
    ctx_->lobby->unsubscribe(id);
    if (auto dropped = ctx_->identities.remove_connection(id))
      for (const auto& room_id : dropped->rooms)
        if (auto room = ctx_->directory.find_room(room_id)) room->player_dropped(dropped->player, id);
  }

  void handle_http(HttpRequest request, std::function<void(HttpResponse)> respond) override;
  void count_network_error() override { ctx_->metrics.network_errors++; }
  void shutdown(std::function<void()> done) override;

 private:
  void dispatch(const ConnPtr& c, const RequestId& id, cl::Request request);
  std::optional<std::string> require_player(const ConnPtr& c, const RequestId& id) {
    auto player = ctx_->identities.player_of(c->id());
    if (!player)
      ctx_->send_error(c, id, ErrorCode::not_authenticated,
                       "say who you are first (guest, login, register or resume)");
    return player;
  }
  bool refuse_identity(const ConnPtr& c, const RequestId& id) {
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
  void restore_live_games();
  bool refuse_new_game(const ConnPtr& c, const RequestId& id) {
    if (ctx_->store.healthy()) return false;
    ctx_->send_error(c, id, ErrorCode::storage_unavailable,
                     "no new games for now: the server cannot save them (games in progress go on)");
    return true;
  }
  static void finish_bind(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                          Identities::Bound bound);

  // Answers a request whose work threw on another thread.
  auto internal_error(const ConnPtr& c, const RequestId& id) const {
    return [ctx = ctx_, c, id] { ctx->send_error(c, id, ErrorCode::internal, "internal error"); };
  }
  bool take_auth_attempt(const ConnPtr& c, const RequestId& id, std::string_view what);
  void guest(const ConnPtr& c, const RequestId& id, cl::Guest r);
  void register_account(const ConnPtr& c, const RequestId& id, cl::Register r);
  void login(const ConnPtr& c, const RequestId& id, cl::Login r);
  void create_room(const ConnPtr& c, const RequestId& id, cl::CreateRoom r);
  template <class Then>
  void with_game(const ConnPtr& c, const RequestId& id, const std::string& game_id, bool need_player, Then then);
  void list_games(const ConnPtr& c, const RequestId& id, const cl::ListGames& r);
  void get_game(const ConnPtr& c, const RequestId& id, const std::string& game_id);
  std::string metrics_text() const;

  std::shared_ptr<Context> ctx_;
  std::shared_ptr<PasswordWorker> worker_;
  std::shared_ptr<Housekeeping> housekeeping_;
  Frame welcome_;
};

void AppImpl::dispatch(const ConnPtr& c, const RequestId& id, cl::Request request) {
  std::visit(
      Overloaded{
          [&](cl::Ping&) { ctx_->send(c, protocol::encode(sv::Pong{}, id)); },
          [&](cl::Guest& r) { guest(c, id, std::move(r)); },
          [&](cl::Register& r) { register_account(c, id, std::move(r)); },
          [&](cl::Login& r) { login(c, id, std::move(r)); },
          [&](cl::Resume& r) {
            if (refuse_identity(c, id)) return;
            auto bound = ctx_->identities.bind_token(c, r.token);
            if (bound.outcome == Identities::Outcome::unknown_token)
              log::info("resume failed (unknown or expired token) from " + c->address());
            finish_bind(ctx_, c, id, std::move(bound));
          },
          [&](cl::ListRooms&) { ctx_->lobby->snapshot_to(c, id, false); },
          [&](cl::SubscribeLobby&) { ctx_->lobby->snapshot_to(c, id, true); },
          [&](cl::UnsubscribeLobby&) {
            ctx_->lobby->unsubscribe(c->id());
            ctx_->send(c, protocol::encode(sv::Ok{}, id));
          },
          [&](cl::CreateRoom& r) { create_room(c, id, std::move(r)); },
          [&](cl::JoinRoom& r) {
            const auto player = require_player(c, id);
            if (!player) return;
            if (ctx_->shutting_down)
              return ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
            auto room = ctx_->directory.find_room(r.room_id);
            if (!room) return ctx_->send_error(c, id, ErrorCode::unknown_room, "no room '" + r.room_id + "'");
            if (refuse_new_game(c, id)) return;
            room->join(*player, c, std::move(r.invite_code), id);
          },
          [&](cl::CancelRoom& r) {
            const auto player = require_player(c, id);
            if (!player) return;
            auto room = ctx_->directory.find_room(r.room_id);
            if (!room) return ctx_->send_error(c, id, ErrorCode::unknown_room, "no room '" + r.room_id + "'");
            room->cancel(*player, c, id);
          },
          [&](cl::Move& r) {
            with_game(c, id, r.game_id, true, [&](const std::shared_ptr<Room>& room, const std::string& player) {
              room->move(player, c, std::move(r), id);
            });
          },
          [&](cl::Resign& r) {
            with_game(c, id, r.game_id, true, [&](const std::shared_ptr<Room>& room, const std::string& player) {
              room->act(player, c, r.game_id, Room::Action::resign, id);
            });
          },
          [&](cl::OfferDraw& r) {
            with_game(c, id, r.game_id, true, [&](const std::shared_ptr<Room>& room, const std::string& player) {
              room->act(player, c, r.game_id, Room::Action::offer_draw, id);
            });
          },
          [&](cl::AcceptDraw& r) {
            with_game(c, id, r.game_id, true, [&](const std::shared_ptr<Room>& room, const std::string& player) {
              room->act(player, c, r.game_id, Room::Action::accept_draw, id);
            });
          },
          [&](cl::DeclineDraw& r) {
            with_game(c, id, r.game_id, true, [&](const std::shared_ptr<Room>& room, const std::string& player) {
              room->act(player, c, r.game_id, Room::Action::decline_draw, id);
            });
          },
          [&](cl::Watch& r) {
            with_game(c, id, r.game_id, false,
                      [&](const std::shared_ptr<Room>& room, const std::string&) { room->watch(c, r.game_id, id); });
          },
          [&](cl::Unwatch& r) {
            with_game(c, id, r.game_id, false, [&](const std::shared_ptr<Room>& room, const std::string&) {
              room->unwatch(c->id());
              ctx_->send(c, protocol::encode(sv::Ok{}, id));
            });
          },
          [&](cl::ListGames& r) { list_games(c, id, r); },
          [&](cl::GetGame& r) { get_game(c, id, r.game_id); },
      },
      request);
}

template <class Then>
void AppImpl::with_game(const ConnPtr& c, const RequestId& id, const std::string& game_id, bool need_player,
                        Then then) {
  auto room = ctx_->directory.find_game(game_id);
  if (!room) return ctx_->send_error(c, id, ErrorCode::unknown_game, "no live game '" + game_id + "'");
  std::string player;
  if (need_player) {
    auto p = require_player(c, id);
    if (!p) return;
    player = std::move(*p);
  }
  then(room, player);
}

// ---- start-up ----

void AppImpl::restore_live_games() {
  // Before the network starts (make_application runs first), so no client can race it.
  std::promise<storage::StoreResult<std::vector<storage::LiveGame>>> promise;
  auto future = promise.get_future();
  ctx_->store.load_live([&promise](auto loaded) { promise.set_value(std::move(loaded)); });
  auto loaded = future.get();
  if (!loaded.error.ok()) return log::error("live games not restored: " + loaded.error.message);
  // A room has one live game; an older row of the same room is a game whose archive
  // write failed (it was told as ended, not archived): it is not brought back.
  std::map<std::string, int> newest;  // room id -> highest game number
  for (const auto& live : *loaded.value)
    newest[live.room_id] = std::max(newest[live.room_id], live.game_number);
  for (const auto& live : *loaded.value) {
    if (live.game_number != newest[live.room_id]) {
      log::error("live game " + live.game_id + " not restored: its room " + live.room_id +
                 " went on to a later game (its end could not be archived)");
      continue;
    }
    auto made = Room::restore(ctx_, live);
    if (auto* error = std::get_if<std::string>(&made)) {
      log::error("live game not restored (left in the database): " + *error);
      continue;
    }
    auto room = std::get<std::shared_ptr<Room>>(std::move(made));
    for (const auto& seat : live.seats)
      if (!ctx_->identities.restore(seat.player, {seat.token, seat.registered}, room->id()))
        log::error("live game " + live.game_id + ": " + seat.player + " cannot resume with a token (log in instead)");
    ctx_->directory.add_room(room->id(), room);
    room->restored();
    ctx_->metrics.games_restored++;
  }
  if (!loaded.value->empty())
    log::info("restored " + std::to_string(ctx_->metrics.games_restored.load()) + " live games");
}

// ---- identity ----

void AppImpl::finish_bind(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                          Identities::Bound bound) {
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
  ctx->send(c, protocol::encode(sv::Identity{bound.name, bound.token, bound.registered}, id));
  if (bound.replaced) {
    ctx->send(bound.replaced, protocol::encode(sv::SessionReplaced{"this player connected again elsewhere"}));
    bound.replaced->close("session replaced");
  }
  for (const auto& room_id : bound.rooms)
    if (auto room = ctx->directory.find_room(room_id)) room->player_returned(bound.name, c);
}

void AppImpl::guest(const ConnPtr& c, const RequestId& id, cl::Guest r) {
  if (refuse_identity(c, id)) return;
  if (!valid_name(r.name, ctx_->config.max_name_length))
    return ctx_->send_error(c, id, ErrorCode::bad_name,
                            "a name has 1 to " + std::to_string(ctx_->config.max_name_length) +
                                " characters: letters, digits, '-', '_', '.', and spaces inside");
  if (!ctx_->identities.name_free(r.name))
    return ctx_->send_error(c, id, ErrorCode::name_taken, "the name '" + r.name + "' is taken");
  // A registered name is never a guest's, even while its owner is away.
  ctx_->store.find_account(
      r.name, on_io<storage::StoreResult<storage::Account>>(
                  ctx_->io, "guest", [ctx = ctx_, c, id, name = r.name](storage::StoreResult<storage::Account> found) {
                    if (found.error.ok())
                      return ctx->send_error(c, id, ErrorCode::name_taken, "the name '" + name + "' is registered");
                    if (found.error.code != storage::StoreErrc::not_found)
                      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                                             "accounts are unavailable: " + found.error.message);
                    finish_bind(ctx, c, id, ctx->identities.bind_guest(c, name));
                  },
                  internal_error(c, id)));
}

// One password hash for `c`'s address, if its budget allows; answers the refusal if not.
bool AppImpl::take_auth_attempt(const ConnPtr& c, const RequestId& id, std::string_view what) {
  const auto wait = ctx_->auth_attempts.take(c->address(), std::chrono::steady_clock::now());
  if (wait == 0) return true;
  log::info(std::string(what) + " refused from " + c->address() + ": too many attempts from this address");
  ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                   "too many logins or registrations from your address; retry in " + std::to_string(wait) + " ms",
                   wait);
  return false;
}

void AppImpl::register_account(const ConnPtr& c, const RequestId& id, cl::Register r) {
  if (refuse_identity(c, id)) return;
  if (!valid_name(r.name, ctx_->config.max_name_length))
    return ctx_->send_error(c, id, ErrorCode::bad_name,
                            "a name has 1 to " + std::to_string(ctx_->config.max_name_length) +
                                " characters: letters, digits, '-', '_', '.', and spaces inside");
  if (r.password.size() < 8 || r.password.size() > 256)
    return ctx_->send_error(c, id, ErrorCode::bad_password, "a password has 8 to 256 characters");
  if (!ctx_->identities.name_free(r.name))
    return ctx_->send_error(c, id, ErrorCode::name_taken, "the name '" + r.name + "' is taken");
  if (!take_auth_attempt(c, id, "register")) return;
  if (const auto wait = ctx_->new_accounts.take(c->address(), std::chrono::steady_clock::now()); wait > 0) {
    log::info("register refused from " + c->address() + ": too many new accounts from this address");
    return ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                            "too many new accounts from your address; retry in " + std::to_string(wait / 1000 + 1) +
                                " s",
                            wait);
  }
  const std::string address = c->address();
  const bool queued = worker_->post(
      PasswordWorker::Lane::signup, [ctx = ctx_, c, id, name = r.name, password = std::move(r.password), address] {
        auto account = make_account(name, password, kPasswordIterations);
        ctx->store.create_account(
            std::move(account),
            on_io<storage::StoreError>(
                ctx->io, "register",
                [ctx, c, id, name, address](storage::StoreError error) {
                  if (!error.ok()) ctx->new_accounts.give_back(address);
                  if (error.code == storage::StoreErrc::conflict)
                    return ctx->send_error(c, id, ErrorCode::name_taken, "the name '" + name + "' is taken");
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

void AppImpl::login(const ConnPtr& c, const RequestId& id, cl::Login r) {
  if (refuse_identity(c, id)) return;
  if (const auto wait = ctx_->logins.wait_ms(r.name); wait > 0)
    return ctx_->send_error(c, id, ErrorCode::too_many_attempts,
                            "too many failed logins for '" + r.name + "'; retry in " + std::to_string(wait) + " ms",
                            wait);
  if (!take_auth_attempt(c, id, "login")) return;
  std::weak_ptr<PasswordWorker> worker = worker_;
  auto check = [ctx = ctx_, worker, c, id, name = r.name,
                password = std::move(r.password)](storage::StoreResult<storage::Account> found) {
    const bool known = found.error.ok();
    if (!known && found.error.code != storage::StoreErrc::not_found)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable, "accounts are unavailable: " + found.error.message);
    // An unknown name is checked against a dummy hash: its answer takes as long.
    auto verify = [ctx, c, id, name, password, known, account = known ? *found.value : storage::Account{}] {
      const bool good = known ? verify_password(account, password) : verify_against_dummy(password);
      if (!good) {
        ctx->logins.failed(name);
        log::info("login failed for " + log_quote(name) + " from " + c->address());
        return ctx->send_error(c, id, ErrorCode::auth_failed, "wrong name or password");
      }
      ctx->logins.succeeded(name);
      finish_bind(ctx, c, id, ctx->identities.bind_registered(c, name));
    };
    auto w = worker.lock();
    if (!w || !w->post(PasswordWorker::Lane::login, std::move(verify)))
      ctx->send_error(c, id, ErrorCode::server_busy, "too many logins at once; retry", kBusyRetryMs);
  };
  ctx_->store.find_account(r.name, on_io<storage::StoreResult<storage::Account>>(ctx_->io, "login", std::move(check),
                                                                                 internal_error(c, id)));
}

// ---- rooms ----

void AppImpl::create_room(const ConnPtr& c, const RequestId& id, cl::CreateRoom r) {
  const auto player = require_player(c, id);
  if (!player) return;
  if (ctx_->shutting_down) return ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
  if (refuse_new_game(c, id)) return;
  RoomSettings settings;
  settings.game = r.game;
  if (r.options) settings.options = *r.options;
  rules::OptionText options(settings.options.values.begin(), settings.options.values.end());
  auto made = rules::make_ruleset(r.game, options);
  if (!made) return ctx_->send_error(c, id, ErrorCode::bad_options, made.error().message);
  settings.rules = *made;
  const std::string side = r.side.value_or("random");
  const auto& rs = *settings.rules;
  if (side == "first" || side == rs.side_name(rules::Side::first)) {
    settings.creator_side = CreatorSide::first;
  } else if (side == "second" || side == rs.side_name(rules::Side::second)) {
    settings.creator_side = CreatorSide::second;
  } else if (side == "random") {
    settings.creator_side = CreatorSide::random;
  } else {
    return ctx_->send_error(c, id, ErrorCode::bad_options,
                            "side must be first, second, random, " + std::string(rs.side_name(rules::Side::first)) +
                                " or " + std::string(rs.side_name(rules::Side::second)));
  }
  if (r.clock) {
    const double initial = r.clock->initial_s, increment = r.clock->increment_s.value_or(0);
    if (!(initial >= 0.1 && initial <= 86'400) || !(increment >= 0 && increment <= 3'600))
      return ctx_->send_error(c, id, ErrorCode::bad_options,
                              "a clock has initial_s from 0.1 to 86400 and increment_s from 0 to 3600");
    settings.clock = protocol::ClockMs{std::llround(initial * 1000), std::llround(increment * 1000)};
  }
  settings.games = r.games.value_or(1);
  if (settings.games < 1 || settings.games > 99)
    return ctx_->send_error(c, id, ErrorCode::bad_options, "games must be 1 to 99");
  settings.is_private = r.is_private.value_or(false);
  auto room = std::make_shared<Room>(ctx_, *player, std::move(settings));
  if (auto held = ctx_->identities.claim_room(*player, room->id())) return ctx_->send_already_seated(c, id, *held);
  ctx_->directory.add_room(room->id(), room);
  room->open(c, id);
}

// ---- archive ----

void AppImpl::list_games(const ConnPtr& c, const RequestId& id, const cl::ListGames& r) {
  auto query = archive_query(r);
  if (auto* bad = std::get_if<std::string>(&query)) return ctx_->send_error(c, id, ErrorCode::bad_query, *bad);
  // A player sees their own private games in the listing; nobody else does.
  std::get<storage::ArchiveQuery>(query).viewer = ctx_->identities.player_of(c->id());
  auto answer = [ctx = ctx_, c, id](storage::StoreResult<storage::ArchivePage> page) {
    if (page.error.code == storage::StoreErrc::invalid_query)
      return ctx->send_error(c, id, ErrorCode::bad_query, page.error.message);
    if (!page.error.ok())
      return ctx->send_error(c, id, ErrorCode::storage_unavailable, "the archive is unavailable: " + page.error.message);
    sv::Games games;
    for (const auto& s : page.value->games) games.games.push_back(summary_view(s));
    games.next_cursor = page.value->next_cursor;
    ctx->send(c, protocol::encode(games, id));
  };
  ctx_->store.list_games(std::get<storage::ArchiveQuery>(std::move(query)),
                         on_io<storage::StoreResult<storage::ArchivePage>>(ctx_->io, "list_games", std::move(answer),
                                                                           internal_error(c, id)));
}

void AppImpl::get_game(const ConnPtr& c, const RequestId& id, const std::string& game_id) {
  auto answer = [ctx = ctx_, c, id, game_id](storage::StoreResult<storage::GameRecord> found) {
    if (found.error.code == storage::StoreErrc::not_found)
      return ctx->send_error(c, id, ErrorCode::not_found, "no game '" + game_id + "' in the archive");
    if (!found.error.ok())
      return ctx->send_error(c, id, ErrorCode::storage_unavailable, "the archive is unavailable: " + found.error.message);
    std::string replay_error;
    sv::GameRecord reply{record_view(*found.value, &replay_error)};
    if (!replay_error.empty()) log::error("archived game " + game_id + " does not replay: " + replay_error);
    ctx->send(c, protocol::encode(reply, id));
  };
  ctx_->store.get_game(game_id, on_io<storage::StoreResult<storage::GameRecord>>(ctx_->io, "get_game", std::move(answer),
                                                                                  internal_error(c, id)));
}

// ---- HTTP ----

void AppImpl::handle_http(HttpRequest request, std::function<void(HttpResponse)> respond) {
  auto route = http::route(request);
  auto failed = [respond] { respond(http::error(500, "internal", "internal error")); };
  std::visit(
      Overloaded{
          [&](HttpResponse& answer) { respond(std::move(answer)); },
          [&](http::Health&) {
            if (ctx_->shutting_down)
              return respond(HttpResponse{503, "application/json", R"({"status":"unhealthy","reason":"shutting down"})"});
            if (!ctx_->store.healthy())
              return respond(HttpResponse{
                  503, "application/json",
                  R"({"status":"unhealthy","reason":"the store cannot write; no new games until it can"})"});
            respond(HttpResponse{200, "application/json", R"({"status":"ok"})"});
          },
          [&](http::Metrics&) { respond(HttpResponse{200, "text/plain; version=0.0.4", metrics_text()}); },
          [&](http::Lobby&) {
            ctx_->lobby->snapshot([respond](sv::Lobby lobby) {
              respond(HttpResponse{200, "application/json", protocol::encode_body(lobby)});
            });
          },
          [&](http::ListGames& list) {
            ctx_->store.list_games(
                std::move(list.query),
                on_io<storage::StoreResult<storage::ArchivePage>>(
                    ctx_->io, "GET /api/games",
                    [respond](storage::StoreResult<storage::ArchivePage> page) { respond(http::games_page(page)); },
                    failed));
          },
          [&](http::GetGame& get) {
            ctx_->store.get_game(
                get.id, on_io<storage::StoreResult<storage::GameRecord>>(
                            ctx_->io, "GET /api/games/{id}",
                            [respond, id = get.id](storage::StoreResult<storage::GameRecord> found) {
                              std::string replay_error;
                              respond(http::game_record(id, found, &replay_error));
                              if (!replay_error.empty())
                                log::error("archived game " + id + " does not replay: " + replay_error);
                            },
                            failed));
          },
      },
      route);
}

std::string AppImpl::metrics_text() const {
  const auto& m = ctx_->metrics;
  std::ostringstream out;
  const std::int64_t connections =
      ctx_->config.network ? ctx_->config.network->open_connections.load() : m.connections.load();
  out << "# HELP boardhall_connections Open WebSocket connections.\n# TYPE boardhall_connections gauge\n"
      << "boardhall_connections " << connections << "\n"
      << "# HELP boardhall_live_games Games being played now.\n# TYPE boardhall_live_games gauge\n"
      << "boardhall_live_games " << m.live_games.load() << "\n"
      << "# HELP boardhall_moves_total Moves accepted.\n# TYPE boardhall_moves_total counter\n"
      << "boardhall_moves_total " << m.moves_total.load() << "\n"
      << "# HELP boardhall_games_finished_total Games ended and announced.\n"
      << "# TYPE boardhall_games_finished_total counter\n"
      << "boardhall_games_finished_total " << m.games_finished.load() << "\n"
      << "# HELP boardhall_archive_failures_total Finished games the store failed to write.\n"
      << "# TYPE boardhall_archive_failures_total counter\n"
      << "boardhall_archive_failures_total " << m.archive_failures.load() << "\n"
      << "# HELP boardhall_live_write_failures_total Live-game writes that failed (kept in memory).\n"
      << "# TYPE boardhall_live_write_failures_total counter\n"
      << "boardhall_live_write_failures_total " << m.live_write_failures.load() << "\n"
      << "# HELP boardhall_games_restored_total Live games brought back at start-up.\n"
      << "# TYPE boardhall_games_restored_total counter\n"
      << "boardhall_games_restored_total " << m.games_restored.load() << "\n"
      << "# HELP boardhall_network_errors_total Network errors reported by the network layer.\n"
      << "# TYPE boardhall_network_errors_total counter\n"
      << "boardhall_network_errors_total " << m.network_errors.load() << "\n"
      << "# HELP boardhall_errors_total Error replies sent, by code.\n# TYPE boardhall_errors_total counter\n";
  for (int i = 0; i < protocol::kErrorCodeCount; ++i)
    out << "boardhall_errors_total{code=\"" << protocol::to_string(static_cast<ErrorCode>(i)) << "\"} "
        << m.errors[static_cast<std::size_t>(i)].load() << "\n";
  if (const auto& net = ctx_->config.network) {
    out << "# TYPE boardhall_messages_in_total counter\nboardhall_messages_in_total " << net->messages_in.load()
        << "\n# TYPE boardhall_http_requests_total counter\nboardhall_http_requests_total "
        << net->http_requests.load() << "\n# TYPE boardhall_rate_limited_total counter\nboardhall_rate_limited_total "
        << net->rate_limited.load() << "\n# TYPE boardhall_slow_clients_dropped_total counter\n"
        << "boardhall_slow_clients_dropped_total " << net->slow_clients_dropped.load() << "\n"
        << "# HELP boardhall_connections_refused_total Connections refused: the address held its limit.\n"
        << "# TYPE boardhall_connections_refused_total counter\nboardhall_connections_refused_total "
        << net->connections_refused.load() << "\n"
        << "# HELP boardhall_flood_disconnects_total WebSockets closed for flooding past the rate limit.\n"
        << "# TYPE boardhall_flood_disconnects_total counter\nboardhall_flood_disconnects_total "
        << net->flood_disconnects.load() << "\n"
        << "# HELP boardhall_origins_refused_total WebSocket upgrades refused for their Origin.\n"
        << "# TYPE boardhall_origins_refused_total counter\nboardhall_origins_refused_total "
        << net->origins_refused.load() << "\n"
        << "# HELP boardhall_http_internal_errors_total HTTP requests answered 500.\n"
        << "# TYPE boardhall_http_internal_errors_total counter\nboardhall_http_internal_errors_total "
        << net->http_internal_errors.load() << "\n"
        << "# HELP boardhall_http_responses_total HTTP answers by route and status (this one not yet counted).\n"
        << "# TYPE boardhall_http_responses_total counter\n"
        << net->http_responses.prometheus_lines("boardhall_http_responses_total");
  }
  return out.str();
}

// ---- shutdown ----

void AppImpl::shutdown(std::function<void()> done) {
  ctx_->shutting_down = true;
  housekeeping_->stop();
  const Frame notice = make_frame(protocol::encode(sv::Shutdown{"the server is shutting down"}));
  for (const auto& c : ctx_->identities.connections()) c->send(notice);
  ctx_->lobby->shutdown();
  struct Barrier {
    std::atomic<std::size_t> left;
    std::function<void()> then;
    void arrive() {
      if (--left == 0) then();
    }
  };
  const auto rooms = ctx_->directory.rooms();
  auto barrier = std::make_shared<Barrier>();
  barrier->left = rooms.size() + 1;
  barrier->then = [ctx = ctx_, done = std::move(done)] { ctx->pending.when_idle(done); };
  for (const auto& room : rooms) room->stop([barrier] { barrier->arrive(); });
  barrier->arrive();
}

}  // namespace

std::shared_ptr<Application> make_application(boost::asio::io_context& io, storage::Store& store, AppConfig config) {
  return std::make_shared<AppImpl>(io, store, std::move(config));
}

}  // namespace bh::app
