// The Application: decodes each frame once into a protocol request, checks identity,
// and hands the request to where it is handled: the identity flows, the lobby or a
// room (posted to their strands), the archive answers. Routes HTTP requests the same
// way. Start-up restore, housekeeping and shutdown have their own files.
#include "app/application.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "app/api/api_hub.hpp"
#include "app/api/api_routes.hpp"
#include "app/api/token_answers.hpp"
#include "app/app_context.hpp"
#include "app/archive/archive_answers.hpp"
#include "app/archive/explorer_answers.hpp"
#include "app/archive/export_answers.hpp"
#include "app/completion.hpp"
#include "app/housekeeping.hpp"
#include "app/http/failure_replies.hpp"
#include "app/http/http_api.hpp"
#include "app/ids.hpp"
#include "app/moderation/moderation_answers.hpp"
#include "app/players/identity_flows.hpp"
#include "app/players/notification_answers.hpp"
#include "app/ratings/rating_answers.hpp"
#include "app/relay/handoff.hpp"
#include "app/relay/lobby_mirror.hpp"
#include "app/relay/relay.hpp"
#include "app/relay/seek_across_nodes.hpp"
#include "app/rooms/computer_games.hpp"
#include "app/rooms/games.hpp"
#include "app/rooms/lobby.hpp"
#include "app/rooms/pairing.hpp"
#include "app/rooms/restore.hpp"
#include "app/rooms/room.hpp"
#include "app/rooms/room_request.hpp"
#include "app/shutdown.hpp"
#include "app/tournaments/tournament_director.hpp"
#include "app/wall_clock.hpp"
#include "game/room_views.hpp"
#include "log/log.hpp"
#include "rules/registry.hpp"
#include "storage/glicko2.hpp"
#include "storage/records.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

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

class AppImpl final : public Application {
 public:
  AppImpl(boost::asio::io_context& io, storage::Store& store, AppConfig config)
      : ctx_(std::make_shared<Context>(io, store, std::move(config))),
        relay_(make_relay()),
        identity_(std::make_unique<IdentityFlows>(ctx_, relay_)),
        housekeeping_(std::make_shared<Housekeeping>(ctx_)) {
    ctx_->lobby = std::make_shared<Lobby>(io, ctx_->config.lobby_list_limit);
    sv::Welcome welcome;
    welcome.server = "boardhall/" + ctx_->config.version;
    welcome.reconnect_grace_ms = ctx_->config.reconnect_grace_ms;
    for (const auto& g : rules::catalogue()) {
      sv::GameInfo info{g.id, g.name, g.first_side, g.second_side, {}};
      for (const auto& o : g.options) info.options.push_back({o.name, o.description, o.allowed, o.fallback});
      welcome.games.push_back(std::move(info));
    }
    welcome_ = make_frame(protocol::encode(welcome));
    if (ctx_->config.node_link) {
      mirror_ = std::make_shared<LobbyMirror>(io, ctx_->lobby, ctx_->config.node_link);
      mirror_->start();
    }
    load_ratings(ctx_);
    load_moderation_book(*ctx_);
    ctx_->tournaments = std::make_shared<TournamentDirector>(*ctx_, ctx_->config.tournaments);
    ctx_->tournaments->load();  // before the games: a restored game knows its tournament
    ctx_->tournaments->resume(restore_live_games(ctx_));
    housekeeping_->start();
    api_ = std::make_shared<api::ApiHub>(
        ctx_, api::ApiHooks{
                  [this](const ConnPtr& c) { opened(c); },
                  [this](const ConnPtr& c, std::string text) { on_message(c, std::move(text)); },
                  [this](const ConnPtr& c) { on_close(c); },
                  [this](const ConnPtr& c, const RequestId& id, const std::string& player, bool bot) {
                    identity_->token_login(c, id, player, bot);
                  },
              });
    api_->start();
  }

  ~AppImpl() override {
    api_->stop();
    housekeeping_->stop();
    ctx_->tournaments->stop();
    if (mirror_) mirror_->stop();
    identity_.reset();        // joins the password worker after its queued jobs
    ctx_->directory.clear();  // the rooms go before the context they refer to
  }

  void on_open(const ConnPtr& connection) override {
    opened(connection);
    // A blocked address (docs/moderation.md) is told so, and let go.
    if (ctx_->moderation.address_blocked(connection->address(), now_ms())) {
      ctx_->send_error(connection, {}, ErrorCode::forbidden, kAddressRefused);
      return connection->close("address blocked");
    }
    connection->send(welcome_);
  }

  void on_message(const ConnPtr& connection, std::string text) override {
    if (relay_ && relay_->pinned(connection->id())) return relay_->forward(connection, std::move(text));
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
    if (!ctx_->config.network) count(ctx_->metrics.connections, std::int64_t{-1});
    const auto id = connection->id();
    if (relay_) relay_->closed(id);
    ctx_->lobby->unsubscribe(id);
    // Out of the rooms it watched first, so their spectator counts drop now (and before
    // player_dropped of a player who also watched their own game).
    for (const auto& room_id : ctx_->watchers.closed(id))
      if (auto room = ctx_->directory.find_room(room_id)) room->unwatch(id);
    if (auto dropped = ctx_->identities.remove_connection(id)) {
      for (const auto& room_id : dropped->rooms)
        if (auto room = ctx_->directory.find_room(room_id)) room->player_dropped(dropped->player, id);
      // A finished room waiting for a rematch holds no seat: it is told apart.
      if (auto finished = ctx_->rematch_rooms.of(dropped->player))
        if (auto room = ctx_->directory.find_room(*finished)) room->player_dropped(dropped->player, id);
    }
  }

  void handle_http(HttpRequest request, std::function<void(HttpResponse)> respond) override;
  void count_network_error() override { count(ctx_->metrics.network_errors); }
  void shutdown(std::function<void()> done) override;
  void adopt(std::vector<storage::LiveGame> games) override {
    // Which games are tournaments' read again first: those of the node gone may be.
    ctx_->tournaments->refresh_games([ctx = ctx_, games = std::move(games)]() mutable {
      boost::asio::post(ctx->io, [ctx, games = std::move(games)] {
        if (ctx->shutting_down) return;  // left to the other nodes (this one's lease ends)
        const int restored = restore_games(ctx, games);
        count(ctx->metrics.games_adopted, static_cast<std::uint64_t>(restored));
        log::info("took over " + std::to_string(restored) + " live games of a node that is gone");
      });
    });
  }
  void on_node_message(std::string_view payload) override {
    if (relay_) relay_->receive(payload);
  }
  void on_lobby_message(std::string_view payload) override {
    if (payload.starts_with(kModerationNote)) return moderation_elsewhere(payload.substr(kModerationNote.size()));
    if (mirror_) mirror_->receive(payload);
  }
  void nodes_alive(std::vector<std::int64_t> epochs) override {
    ctx_->tournaments->nodes_alive(epochs);
    if (relay_) relay_->nodes_alive(epochs);
    if (mirror_) mirror_->nodes_alive(std::move(epochs));
  }
  void bus_status(bool up) override {
    if (relay_) relay_->bus_status(up);
    if (mirror_ && up) mirror_->bus_up();
  }

 private:
  static constexpr const char* kAddressRefused = "connections from your address are refused here";
  static constexpr std::string_view kModerationNote = "moderation\n";

  // What a moderator's action sets in motion here (moderation_answers.hpp).
  Enforcement enforcement() {
    Enforcement e;
    e.sanctioned = [this](const std::string& player, const ModerationBook::InForce& sanction) {
      sanction_here(player, sanction);
    };
    e.address_blocked = [this](const std::string&) { close_blocked_addresses(); };
    e.changed = [this](const std::string& action, const std::string& target) {
      if (ctx_->config.node_link)
        ctx_->config.node_link->send_to_lobbies(std::string(kModerationNote) + std::to_string(ctx_->config.epoch) +
                                                "\n" + action + "\n" + target);
    };
    return e;
  }
  // A suspended or banned player's connections close (theirs and a program's) and their
  // games in play here end as forfeits.
  void sanction_here(const std::string& player, const ModerationBook::InForce& sanction) {
    if (auto c = ctx_->identities.connection_of(player)) {
      ctx_->send_error(c, {}, sanction.kind == "ban" ? ErrorCode::banned : ErrorCode::suspended,
                       sanction_text(sanction));
      c->close(sanction.kind);
    }
    api_->sanctioned(player);
    for (const auto& room : ctx_->directory.rooms()) room->command(game::Forfeit{player});
  }
  void close_blocked_addresses() {
    const auto now = now_ms();
    for (const auto& c : ctx_->identities.connections())
      if (ctx_->moderation.address_blocked(c->address(), now)) {
        ctx_->send_error(c, {}, ErrorCode::forbidden, kAddressRefused);
        c->close("address blocked");
      }
  }
  // Another node's moderator acted ("<epoch>\n<action>\n<target>"): the book is read
  // again from the store, and a sanction or an address block carried out here too.
  void moderation_elsewhere(std::string_view note) {
    const auto first = note.find('\n'), second = note.find('\n', first + 1);
    if (first == std::string_view::npos || second == std::string_view::npos) return;
    if (note.substr(0, first) == std::to_string(ctx_->config.epoch)) return;  // this node's own
    std::string action(note.substr(first + 1, second - first - 1)), target(note.substr(second + 1));
    using State = storage::StoreResult<storage::ModerationState>;
    ctx_->store.load_moderation(now_ms(),
                                on_io<State>(
                                    ctx_->io, "moderation from another node",
                                    [this, action, target](State state) {
                                      if (!state.error.ok())
                                        return log::error("moderation not read again: " + state.error.message);
                                      ctx_->moderation.load(*state.value);
                                      if (action == "suspend" || action == "ban")
                                        if (auto sanction = ctx_->moderation.sanction_of(target, now_ms()))
                                          sanction_here(target, *sanction);
                                      if (action == "block_address") close_blocked_addresses();
                                    },
                                    [] {}));
  }

  void opened(const ConnPtr& connection) {
    ctx_->identities.add_connection(connection);
    ctx_->watchers.opened(connection->id(), now_ms());
    if (!ctx_->config.network) count(ctx_->metrics.connections);
  }
  // Cluster mode with a bus: the clients of other nodes served here, and this node's
  // clients served by others. The host's calls come from the bus thread or a strand.
  std::shared_ptr<Relay> make_relay() {
    if (!ctx_->config.node_link) return nullptr;
    Relay::Host host;
    host.opened = [this](const ConnPtr& c, const relay::Arrival& arrival) {
      opened(c);
      take_connection(ctx_, c, arrival);
    };
    host.message = [this](const ConnPtr& c, std::string text) { on_message(c, std::move(text)); };
    host.closed = [this](const ConnPtr& c) { on_close(c); };
    return std::make_shared<Relay>(ctx_->config.node_link, std::move(host));
  }
  void dispatch(const ConnPtr& c, const RequestId& id, cl::Request request);
  // Cluster mode with a bus: when another node runs the room or game `target`, `c` goes
  // there with `request` (handoff.hpp), and true.
  template <class Request>
  bool elsewhere(const ConnPtr& c, const RequestId& id, const std::string& target, const Request& request) {
    if (!relay_) return false;
    auto owner = ctx_->lobby->remote_owner(target);
    if (!owner) owner = room_node(target);  // a room not (yet) listed here, or private
    if (!owner || *owner == relay_->self() || !relay_->alive(*owner)) return false;
    hand_over_connection(ctx_, *relay_, c, id, *owner, protocol::encode_request(cl::Request{request}, id));
    return true;
  }
  // Cluster mode: one node directs the tournaments (tournament_director.hpp). A request
  // that changes one (`change`) or follows one goes there with its connection, which its
  // news and games reach there. A player seated here stays: a change is refused, a
  // follow answered here once (from the store).
  template <class Request>
  bool to_tournaments_node(const ConnPtr& c, const RequestId& id, const Request& request, bool change) {
    if (!relay_) return false;
    const auto leader = ctx_->tournaments->leader_elsewhere();
    if (!leader || !relay_->alive(*leader)) return false;
    if (const auto player = ctx_->identities.player_of(c->id()); player && ctx_->identities.seats(*player) > 0) {
      if (change)
        ctx_->send_error(c, id, ErrorCode::already_seated,
                         "another node of this server runs the tournaments, and your game is here: finish it first");
      return change;
    }
    hand_over_connection(ctx_, *relay_, c, id, *leader, protocol::encode_request(cl::Request{request}, id));
    return true;
  }
  std::optional<std::string> require_player(const ConnPtr& c, const RequestId& id) {
    auto player = ctx_->identities.player_of(c->id());
    if (!player)
      ctx_->send_error(c, id, ErrorCode::not_authenticated, "say who you are first (guest, login, register or resume)");
    return player;
  }
  // A place among the open rooms and seeks of `c`'s address; nullopt (and the refusal
  // answered) when it holds its AppConfig::open_rooms_per_address already.
  std::optional<AddressQuota::Slot> take_open_room(const ConnPtr& c, const RequestId& id) {
    auto slot = ctx_->open_rooms.take(c->address());
    if (!slot)
      ctx_->send_error(c, id, ErrorCode::too_many_rooms,
                       "your address has " + std::to_string(ctx_->open_rooms.cap()) +
                           " open rooms or seeks already; wait until one starts, or cancel one");
    return slot;
  }
  bool refuse_new_game(const ConnPtr& c, const RequestId& id) {
    if (ctx_->store.healthy()) return false;
    ctx_->send_error(c, id, ErrorCode::storage_unavailable,
                     "no new games for now: the server cannot save them (games in progress go on)");
    return true;
  }
  void create_room(const ConnPtr& c, const RequestId& id, cl::CreateRoom r);
  void seek(const ConnPtr& c, const RequestId& id, cl::Seek r);
  // challenge_player (docs/protocol.md, "Challenge a player"): `to` known here (online,
  // or within the grace) or an account, then a private room kept for them.
  void challenge_player(const ConnPtr& c, const RequestId& id, cl::ChallengePlayer r);
  void open_challenge(const ConnPtr& c, const RequestId& id, const std::string& player, const std::string& to,
                      game::RoomSettings settings);
  // The player sits down elsewhere: the rematch of their finished room, if any, lapses.
  // Not for a bot, which plays any number of games at once.
  void leave_finished_room(const std::string& player) {
    if (ctx_->identities.is_bot(player)) return;
    if (auto finished = ctx_->rematch_rooms.of(player))
      if (auto room = ctx_->directory.find_room(*finished)) room->command(game::RematchLapse{"left", player});
  }
  template <class Then>
  void with_room(const ConnPtr& c, const RequestId& id, const std::string& room_id, Then then) {
    const auto player = require_player(c, id);
    if (!player) return;
    auto room = ctx_->directory.find_room(room_id);
    if (!room) return ctx_->send_error(c, id, ErrorCode::unknown_room, "no room '" + room_id + "'");
    then(room, *player);
  }
  // The game's room, and the player (when `need_player`): at once when the game is in
  // memory, later when it was asleep (Games::find_game); `then` keeps copies.
  using WithGame = std::function<void(const std::shared_ptr<Room>&, const std::string& player)>;
  void with_game(const ConnPtr& c, const RequestId& id, const std::string& game_id, bool need_player, WithGame then);
  // A player's command on a game, to its room (which finds the seat).
  void play(const ConnPtr& c, const RequestId& id, const std::string& game_id, game::Command command) {
    with_game(c, id, game_id, true,
              // Called once (now, or once an asleep game is loaded): the command moves on.
              [ctx = ctx_, c, id, command = std::move(command)](const std::shared_ptr<Room>& room,
                                                                const std::string& player) mutable {
                if (auto* chat = std::get_if<game::Chat>(&command)) {
                  chat->player = player;  // a spectator's too
                  chat->unheard_by = ctx->moderation.kept_apart_from(player);
                }
                room->play(player, c, std::move(command), id);
              });
  }
  void rematch(const ConnPtr& c, const RequestId& id, const std::string& room_id, game::RematchAction action) {
    with_room(c, id, room_id, [&](const std::shared_ptr<Room>& room, const std::string& player) {
      room->play(player, c, game::Rematch{-1, action}, id);
    });
  }

  std::shared_ptr<Context> ctx_;
  std::shared_ptr<Relay> relay_;
  std::shared_ptr<LobbyMirror> mirror_;
  std::unique_ptr<IdentityFlows> identity_;
  std::shared_ptr<Housekeeping> housekeeping_;
  std::shared_ptr<api::ApiHub> api_;  // the HTTP API for programs (docs/api.md)
  Frame welcome_;
};

void AppImpl::dispatch(const ConnPtr& c, const RequestId& id, cl::Request request) {
  std::visit(Overloaded{
                 [&](cl::Ping&) { ctx_->send(c, protocol::encode(sv::Pong{}, id)); },
                 [&](cl::Guest& r) { identity_->guest(c, id, std::move(r)); },
                 [&](cl::Register& r) { identity_->register_account(c, id, std::move(r)); },
                 [&](cl::Login& r) { identity_->login(c, id, std::move(r)); },
                 [&](cl::Resume& r) { identity_->resume(c, id, r); },
                 [&](cl::ListRooms&) { ctx_->lobby->snapshot_to(c, id, false); },
                 [&](cl::SubscribeLobby&) {
                   ctx_->watchers.follow_lobby(c->id(), true, now_ms());
                   ctx_->lobby->snapshot_to(c, id, true);
                 },
                 [&](cl::UnsubscribeLobby&) {
                   ctx_->watchers.follow_lobby(c->id(), false, now_ms());
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
                   if (!room && elsewhere(c, id, r.room_id, r)) return;
                   if (!room) return ctx_->send_error(c, id, ErrorCode::unknown_room, "no room '" + r.room_id + "'");
                   if (refuse_new_game(c, id)) return;
                   leave_finished_room(*player);
                   room->join(*player, c, std::move(r.invite_code), id);
                 },
                 [&](cl::CancelRoom& r) {
                   const auto player = require_player(c, id);
                   if (!player) return;
                   auto room = ctx_->directory.find_room(r.room_id);
                   if (!room) return ctx_->send_error(c, id, ErrorCode::unknown_room, "no room '" + r.room_id + "'");
                   room->play(*player, c, game::Cancel{}, id);
                 },
                 [&](cl::Move& r) {
                   play(c, id, r.game_id, game::Move{-1, r.game_id, r.ply, std::move(r.move)});
                 },
                 [&](cl::Resign& r) {
                   play(c, id, r.game_id, game::Resign{-1, r.game_id});
                 },
                 [&](cl::OfferDraw& r) {
                   play(c, id, r.game_id, game::Draw{-1, r.game_id, game::DrawAction::offer});
                 },
                 [&](cl::AcceptDraw& r) {
                   play(c, id, r.game_id, game::Draw{-1, r.game_id, game::DrawAction::accept});
                 },
                 [&](cl::DeclineDraw& r) {
                   play(c, id, r.game_id, game::Draw{-1, r.game_id, game::DrawAction::decline});
                 },
                 [&](cl::Takeback& r) {
                   play(c, id, r.game_id, game::Takeback{-1, r.game_id, game::TakebackAction::request});
                 },
                 [&](cl::AcceptTakeback& r) {
                   play(c, id, r.game_id, game::Takeback{-1, r.game_id, game::TakebackAction::accept});
                 },
                 [&](cl::DeclineTakeback& r) {
                   play(c, id, r.game_id, game::Takeback{-1, r.game_id, game::TakebackAction::decline});
                 },
                 [&](cl::Abort& r) {
                   play(c, id, r.game_id, game::Abort{-1, r.game_id});
                 },
                 [&](cl::Watch& r) {
                   if (!ctx_->directory.find_game(r.game_id) && elsewhere(c, id, r.game_id, r)) return;
                   with_game(c, id, r.game_id, false,
                             [c, id, game_id = r.game_id](const std::shared_ptr<Room>& room, const std::string&) {
                               room->watch(c, game_id, id);
                             });
                 },
                 [&](cl::Unwatch& r) {
                   // An asleep game has no spectator to forget: not woken for it.
                   if (!ctx_->directory.find_game(r.game_id) && ctx_->dormant.contains(r.game_id))
                     return ctx_->send(c, protocol::encode(sv::Ok{}, id));
                   with_game(c, id, r.game_id, false,
                             [ctx = ctx_, c, id](const std::shared_ptr<Room>& room, const std::string&) {
                               room->unwatch(c->id());
                               ctx->send(c, protocol::encode(sv::Ok{}, id));
                             });
                 },
                 [&](cl::Chat& r) {
                   play(c, id, r.game_id, game::Chat{-1, false, {}, r.game_id, std::move(r.text), {}});
                 },
                 [&](cl::Mute& r) {
                   play(c, id, r.game_id, game::Mute{-1, r.game_id, true});
                 },
                 [&](cl::Unmute& r) {
                   play(c, id, r.game_id, game::Mute{-1, r.game_id, false});
                 },
                 [&](cl::ListGames& r) { answer_list_games(ctx_, c, id, r); },
                 [&](cl::GetGame& r) { answer_get_game(ctx_, c, id, std::move(r.game_id)); },
                 [&](cl::OfferRematch& r) { rematch(c, id, r.room_id, game::RematchAction::offer); },
                 [&](cl::AcceptRematch& r) { rematch(c, id, r.room_id, game::RematchAction::accept); },
                 [&](cl::DeclineRematch& r) { rematch(c, id, r.room_id, game::RematchAction::decline); },
                 [&](cl::LeaveRoom& r) { rematch(c, id, r.room_id, game::RematchAction::leave); },
                 [&](cl::Seek& r) { seek(c, id, std::move(r)); },
                 [&](cl::GetPlayer& r) { answer_get_player(ctx_, c, id, std::move(r.name)); },
                 [&](cl::GetLeaderboard& r) { answer_get_leaderboard(ctx_, c, id, r); },
                 [&](cl::Explore& r) { answer_explore(ctx_, c, id, r); },
                 [&](cl::MyGames&) {
                   const auto player = require_player(c, id);
                   if (!player) return;
                   ctx_->send(c, protocol::encode(sv::PlayerGames{*player, ctx_->player_games.of(*player, true)}, id));
                 },
                 [&](cl::CreateToken& r) {
                   if (const auto player = require_player(c, id))
                     answer_create_token(ctx_, c, id, *player, std::move(r));
                 },
                 [&](cl::ListTokens&) {
                   if (const auto player = require_player(c, id)) answer_list_tokens(ctx_, c, id, *player);
                 },
                 [&](cl::RevokeToken& r) {
                   if (const auto player = require_player(c, id))
                     answer_revoke_token(ctx_, c, id, *player, std::move(r.token_id),
                                         [api = api_](const std::string& token_id) { api->revoked(token_id); });
                 },
                 [&](cl::ChallengePlayer& r) { challenge_player(c, id, std::move(r)); },
                 [&](cl::DeclineChallenge& r) {
                   if (r.reason && !known_decline_reason(*r.reason))
                     return ctx_->send_error(c, id, ErrorCode::bad_request,
                                             "reason: generic, later, too_fast, too_slow, time_control, rated, "
                                             "casual, variant, no_bot or only_bot");
                   with_room(c, id, r.room_id, [&](const std::shared_ptr<Room>& room, const std::string& player) {
                     room->play(player, c, game::Decline{player, std::move(r.reason)}, id);
                   });
                 },
                 [&](cl::ListChallenges&) {
                   if (const auto player = require_player(c, id))
                     ctx_->send(c, protocol::encode(sv::Challenges{ctx_->challenges.incoming(*player),
                                                                   ctx_->challenges.outgoing(*player)},
                                                    id));
                 },
                 [&](cl::BlockPlayer& r) {
                   if (const auto player = require_player(c, id))
                     answer_block(ctx_, c, id, *player, std::move(r.name), true, enforcement());
                 },
                 [&](cl::UnblockPlayer& r) {
                   if (const auto player = require_player(c, id))
                     answer_block(ctx_, c, id, *player, std::move(r.name), false, enforcement());
                 },
                 [&](cl::ListBlocks&) {
                   if (const auto player = require_player(c, id)) answer_list_blocks(ctx_, c, id, *player);
                 },
                 [&](cl::ReportPlayer& r) {
                   if (const auto player = require_player(c, id)) answer_report(ctx_, c, id, *player, std::move(r));
                 },
                 [&](cl::ListReports& r) {
                   if (const auto player = require_player(c, id)) answer_list_reports(ctx_, c, id, *player, r);
                 },
                 [&](cl::GetModeration& r) {
                   if (const auto player = require_player(c, id)) answer_get_moderation(ctx_, c, id, *player, r);
                 },
                 [&](cl::Moderate& r) {
                   if (const auto player = require_player(c, id))
                     answer_moderate(ctx_, c, id, *player, std::move(r), enforcement());
                 },
                 [&](cl::GetNotifications&) {
                   if (const auto player = require_player(c, id)) answer_notifications(ctx_, c, id, *player);
                 },
                 [&](cl::SetNotifications& r) {
                   if (const auto player = require_player(c, id))
                     answer_set_notifications(ctx_, c, id, *player, std::move(r));
                 },
                 [&](cl::CreateTournament& r) {
                   if (const auto player = require_player(c, id); player && !to_tournaments_node(c, id, r, true))
                     ctx_->tournaments->create(c, id, *player, std::move(r));
                 },
                 [&](cl::JoinTournament& r) {
                   if (const auto player = require_player(c, id); player && !to_tournaments_node(c, id, r, true))
                     ctx_->tournaments->join(c, id, *player, std::move(r));
                 },
                 [&](cl::WithdrawTournament& r) {
                   if (const auto player = require_player(c, id); player && !to_tournaments_node(c, id, r, true))
                     ctx_->tournaments->withdraw(c, id, *player, std::move(r.tournament_id), std::move(r.player));
                 },
                 [&](cl::StartTournament& r) {
                   if (const auto player = require_player(c, id); player && !to_tournaments_node(c, id, r, true))
                     ctx_->tournaments->start(c, id, *player, std::move(r.tournament_id));
                 },
                 [&](cl::AddComputer& r) {
                   if (const auto player = require_player(c, id); player && !to_tournaments_node(c, id, r, true))
                     ctx_->tournaments->add_computer(c, id, *player, std::move(r));
                 },
                 [&](cl::ListTournaments& r) { ctx_->tournaments->list(c, id, std::move(r.status)); },
                 [&](cl::GetTournament& r) {
                   const bool follow = r.follow.value_or(true);
                   if (follow && to_tournaments_node(c, id, r, false)) return;
                   const auto player = ctx_->identities.player_of(c->id());
                   ctx_->tournaments->get(c, id, player.value_or(""), std::move(r.tournament_id), follow);
                 },
                 [&](cl::PlayComputer& r) {
                   const auto player = require_player(c, id);
                   if (!player) return;
                   if (ctx_->shutting_down)
                     return ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
                   if (refuse_new_game(c, id)) return;
                   leave_finished_room(*player);
                   play_computer(ctx_, c, id, *player, std::move(r));
                 },
             },
             request);
}

void AppImpl::with_game(const ConnPtr& c, const RequestId& id, const std::string& game_id, bool need_player,
                        WithGame then) {
  auto room = ctx_->directory.find_game(game_id);
  if (!room && !ctx_->dormant.contains(game_id))
    return ctx_->send_error(c, id, ErrorCode::unknown_game, "no live game '" + game_id + "'");
  std::string player;
  if (need_player) {
    auto p = require_player(c, id);
    if (!p) return;
    player = std::move(*p);
  }
  if (room) return then(room, player);
  ctx_->games.find_game(game_id, c, id,
                        [then = std::move(then), player](const std::shared_ptr<Room>& woken) { then(woken, player); });
}

// ---- rooms ----

void AppImpl::create_room(const ConnPtr& c, const RequestId& id, cl::CreateRoom r) {
  const auto player = require_player(c, id);
  if (!player) return;
  if (ctx_->shutting_down) return ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
  if (refuse_new_game(c, id)) return;
  auto settings = checked_room_settings(r);
  if (!settings) return ctx_->send_error(c, id, ErrorCode::bad_options, settings.error());
  leave_finished_room(*player);
  const auto credentials = ctx_->identities.credentials(*player);
  const auto rated = decide_rated(r.rated, credentials && credentials->registered);
  if (!rated) return ctx_->send_error(c, id, ErrorCode::account_required, "rated games are for registered players");
  settings->rated = *rated;
  auto room = ctx_->games.create_room(*player, std::move(settings).value(), c, id);
  if (!room) return;
  auto slot = take_open_room(c, id);
  if (!slot) return ctx_->games.discard(room, *player);
  room->hold_while_open(std::move(*slot));
  ctx_->games.publish(room);
  room->open(c, id);
}

void AppImpl::challenge_player(const ConnPtr& c, const RequestId& id, cl::ChallengePlayer r) {
  const auto player = require_player(c, id);
  if (!player) return;
  if (ctx_->shutting_down) return ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
  if (r.to == *player) return ctx_->send_error(c, id, ErrorCode::bad_request, "you cannot challenge yourself");
  if (ctx_->moderation.apart(*player, r.to))
    return ctx_->send_error(c, id, ErrorCode::blocked,
                            ctx_->moderation.blocks(*player, r.to) ? "you block '" + r.to + "': unblock them first"
                                                                   : "'" + r.to + "' does not take your challenges");
  const cl::CreateRoom create{r.game, r.options, r.side, r.clock, r.games, true, r.rated};
  auto settings = checked_room_settings(create);
  if (!settings) return ctx_->send_error(c, id, ErrorCode::bad_options, settings.error());
  const auto credentials = ctx_->identities.credentials(*player);
  const auto rated = decide_rated(r.rated, credentials && credentials->registered);
  if (!rated) return ctx_->send_error(c, id, ErrorCode::account_required, "rated games are for registered players");
  settings->rated = *rated;
  if (ctx_->identities.credentials(r.to)) return open_challenge(c, id, *player, r.to, std::move(settings).value());
  // Not here now: an account's name may be challenged all the same (it sees the challenge
  // when it comes, with list_challenges).
  using Found = storage::StoreResult<storage::Account>;
  ctx_->store.find_account(
      r.to,
      on_io<Found>(
          ctx_->io, "challenge",
          [this, c, id, player = *player, to = r.to, settings = std::move(settings).value()](Found found) mutable {
            if (found.error.code == storage::StoreErrc::not_found)
              return ctx_->send_error(c, id, ErrorCode::not_found, "no player '" + to + "' to challenge");
            if (!found.error.ok())
              return ctx_->send_error(c, id, ErrorCode::storage_unavailable,
                                      "accounts are unavailable: " + found.error.message);
            open_challenge(c, id, player, to, std::move(settings));
          },
          internal_error_reply(ctx_, c, id)));
}

void AppImpl::open_challenge(const ConnPtr& c, const RequestId& id, const std::string& player, const std::string& to,
                             game::RoomSettings settings) {
  const auto kept = ctx_->identities.connection_of(to);
  // The server's computer players play play_computer's rooms; a bot of the HTTP API takes
  // challenges (docs/api.md).
  if (ctx_->identities.is_bot(to) && kept && !kept->through_http_api())
    return ctx_->send_error(c, id, ErrorCode::bad_request, "'" + to + "' is the server's computer: use play_computer");
  if (refuse_new_game(c, id)) return;
  leave_finished_room(player);
  auto room = ctx_->games.create_room(player, std::move(settings), c, id);
  if (!room) return;
  auto slot = take_open_room(c, id);
  if (!slot) return ctx_->games.discard(room, player);
  room->hold_while_open(std::move(*slot));
  ctx_->games.publish(room);
  log::info("room " + room->id() + ": " + protocol::json_string(player) + " challenges " + protocol::json_string(to));
  room->open(c, id, {to, kept});
}

void AppImpl::seek(const ConnPtr& c, const RequestId& id, cl::Seek r) {
  const auto player = require_player(c, id);
  if (!player) return;
  if (ctx_->shutting_down) return ctx_->send_error(c, id, ErrorCode::shutting_down, "the server is shutting down");
  if (refuse_new_game(c, id)) return;
  cl::CreateRoom create;  // a seek's room: one game, a random side, public
  create.game = std::move(r.game);
  create.options = std::move(r.options);
  create.clock = r.clock;
  auto made = checked_room_settings(create);
  if (!made) return ctx_->send_error(c, id, ErrorCode::bad_options, made.error());
  auto settings = std::move(made).value();
  settings.seek = true;
  const auto credentials = ctx_->identities.credentials(*player);
  const bool registered = credentials && credentials->registered;
  // A rated seek is for registered players, and pairs within a rating range.
  const auto rated = decide_rated(r.rated, registered);
  if (!rated) return ctx_->send_error(c, id, ErrorCode::account_required, "rated games are for registered players");
  settings.rated = *rated;
  std::optional<double> rating;
  if (registered) {
    if (auto key = rating::rating_key(settings.game, settings.options.values))
      rating = ctx_->ratings.find(*player, *key).rating;
  }
  const pairing::Terms terms{settings.game, pairing::normal_options(settings.game, settings.options), settings.clock,
                             *rated, game::views::correspondence(settings)};
  leave_finished_room(*player);
  auto room = ctx_->games.create_room(*player, settings, c, id);
  if (!room) return;
  auto slot = take_open_room(c, id);
  if (!slot) return ctx_->games.discard(room, *player);
  room->hold_while_open(std::move(*slot));  // given back with the room if it joins another
  // In the directory before it can be found among the seeks.
  ctx_->games.publish(room);
  // Cluster mode: decided with every node's seeks, in PostgreSQL.
  if (ctx_->config.cluster_seeks) return seek_across_nodes(ctx_, relay_, {*player, c, id, room, terms, rating});
  Seeks::Entry mine{room->id(), *player, terms, rating, 0, ctx_->moderation.kept_apart_from(*player)};
  for (;;) {
    // None fits: this room waits, opened (posted) before another seeker can find it.
    auto found = ctx_->seeks.take_or_add(mine, now_ms(), [&] { room->open(c, id); });
    if (!found) return;
    auto target = ctx_->directory.find_room(found->room_id);
    if (!target) continue;  // closed meanwhile
    ctx_->games.discard(room, *player);
    return target->join(*player, c, std::nullopt, id);
  }
}

// ---- HTTP ----

void AppImpl::handle_http(HttpRequest request, std::function<void(HttpResponse)> respond) {
  if (request.path.starts_with("/api/") && ctx_->moderation.address_blocked(request.address, now_ms()))
    return respond(http::error(403, "forbidden", kAddressRefused));
  if (auto program = api::route(request)) {
    if (auto* answer = std::get_if<HttpResponse>(&*program)) return respond(std::move(*answer));
    return api_->handle(std::move(request), std::move(*program), std::move(respond));
  }
  auto route = http::route(request);
  std::visit(Overloaded{
                 [&](HttpResponse& answer) { respond(std::move(answer)); },
                 [&](http::Health&) {
                   if (ctx_->shutting_down)
                     return respond(
                         HttpResponse{503, "application/json", R"({"status":"unhealthy","reason":"shutting down"})"});
                   if (ctx_->config.node_link && !ctx_->config.node_link->up())
                     return respond(HttpResponse{
                         503, "application/json",
                         R"({"status":"unhealthy","reason":"this node has lost the bus to the other nodes"})"});
                   if (!ctx_->store.healthy())
                     return respond(HttpResponse{
                         503, "application/json",
                         R"({"status":"unhealthy","reason":"the store cannot write; no new games until it can"})"});
                   respond(HttpResponse{200, "application/json", R"({"status":"ok"})"});
                 },
                 [&](http::Metrics&) {
                   std::optional<RelayFigures> relay;
                   if (relay_) {
                     const auto s = relay_->stats();
                     relay = RelayFigures{ctx_->config.node_link->up(), s.pinned, s.remote, s.frames_in, s.frames_out};
                   }
                   respond(HttpResponse{
                       200, "text/plain; version=0.0.4",
                       prometheus_text(ctx_->metrics, ctx_->config.network.get(), relay ? &*relay : nullptr)});
                 },
                 [&](http::Lobby&) {
                   ctx_->lobby->snapshot([respond](sv::Lobby lobby) {
                     respond(HttpResponse{200, "application/json", protocol::encode_body(lobby)});
                   });
                 },
                 [&](http::ListGames& list) { answer_http_games(ctx_, std::move(list.query), std::move(respond)); },
                 [&](http::GetGame& get) { answer_http_game(ctx_, std::move(get.id), std::move(respond)); },
                 [&](http::GetProfile& get) { answer_http_profile(ctx_, std::move(get.name), std::move(respond)); },
                 [&](http::GetLeaderboard& get) { answer_http_leaderboard(ctx_, get, std::move(respond)); },
                 [&](http::GetRatingHistory& get) { answer_http_history(ctx_, get, std::move(respond)); },
                 [&](http::ExportGame& get) { answer_http_export(ctx_, std::move(get.id), std::move(respond)); },
                 [&](http::GetPlayerGames& get) {
                   const sv::PlayerGames games{get.name, ctx_->player_games.of(get.name, false)};
                   respond(HttpResponse{200, "application/json", protocol::encode_body(games)});
                 },
                 [&](http::MailLink& link) { answer_mail_link(ctx_, link, std::move(respond)); },
                 [&](http::ListTournaments&) { ctx_->tournaments->http_list(std::move(respond)); },
                 [&](http::GetTournament& get) { ctx_->tournaments->http_get(std::move(get.id), std::move(respond)); },
                 [&](http::Explore& get) { answer_http_explore(ctx_, std::move(get.lookup), std::move(respond)); },
                 [&](http::ExportGames& get) {
                   answer_http_export_all(ctx_, std::move(get.query), get.ndjson, std::move(respond));
                 },
             },
             route);
}

// ---- shutdown ----

void AppImpl::shutdown(std::function<void()> done) {
  ctx_->shutting_down = true;
  housekeeping_->stop();
  ctx_->tournaments->stop();
  if (mirror_) mirror_->stop();
  shut_down(ctx_, [ctx = ctx_, api = api_, done = std::move(done)] {
    api->stop();  // the programs' streams were told `shutdown`; they end now
    if (ctx->config.games_stopped) ctx->config.games_stopped();
    done();
  });
}

}  // namespace

std::shared_ptr<Application> make_application(boost::asio::io_context& io, storage::Store& store, AppConfig config) {
  return std::make_shared<AppImpl>(io, store, std::move(config));
}

}  // namespace bh::app
