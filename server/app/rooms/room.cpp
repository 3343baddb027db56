#include "app/rooms/room.hpp"

#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>

#include "app/ids.hpp"
#include "app/rooms/games.hpp"
#include "app/rooms/lobby.hpp"
#include "app/secrets.hpp"
#include "app/wall_clock.hpp"
#include "game/restore.hpp"
#include "game/room_records.hpp"
#include "game/room_views.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using game::DeadlineKind;
using protocol::ErrorCode;

namespace {
game::Limits limits_of(const AppConfig& c) { return {c.first_move_ms, c.reconnect_grace_ms}; }
game::Now now() { return {std::chrono::steady_clock::now(), now_ms()}; }
}  // namespace

Room::Room(std::shared_ptr<Context> context, std::string creator, RoomSettings settings)
    : Room(context, game::open_session(make_id("r"), make_id("m"), settings.is_private ? random_hex(8) : std::string(),
                                       std::make_shared<const RoomSettings>(std::move(settings)),
                                       limits_of(context->config), std::move(creator))) {}

Room::Room(std::shared_ptr<Context> context, game::GameSession session)
    : context_(std::move(context)),
      strand_(asio::make_strand(context_->io)),
      session_(std::move(session)),
      audience_(strand_),
      turn_timer_(strand_),
      room_timer_(strand_) {
  for (auto& t : seat_timers_) t = std::make_unique<asio::steady_timer>(strand_);
}

Fallible<std::shared_ptr<Room>> Room::restore(std::shared_ptr<Context> context, const storage::LiveGame& live) {
  auto made = game::restore_session(live, limits_of(context->config), now().steady);
  if (!made) return failure(std::move(made).error());
  auto room = std::make_shared<Room>(std::move(context), std::move(made).value());
  const auto by_side = room->session_.players();
  room->session_.start_ratings = {room->context_->seating.rating_of(*room->session_.settings, by_side.first),
                                  room->context_->seating.rating_of(*room->session_.settings, by_side.second)};
  return room;
}

void Room::restored() {
  on_strand([](Room& r) {
    r.context_->events.publish({game::Note::game_started, r.session_, r.shared_from_this()});
    if (!r.session_.settings->is_private) r.notice({game::Note::listed}, {});
    // Its last move was durable but the end was not archived: finish it now.
    if (r.session_.game->status().over()) return r.decide(game::Conclude{}, {});
    for (int i = 0; i < 2; ++i) r.decide(game::Left{i}, {});
  });
}

// ---- requests ----

void Room::open(std::shared_ptr<Connection> creator, protocol::RequestId request) {
  on_strand([creator = std::move(creator), request = std::move(request)](Room& r) {
    r.audience_.seat(0, creator);
    r.session_.seats[0].present = true;
    if (!r.session_.settings->is_private) r.context_->lobby->room_opened(r.info());
    sv::RoomCreated created{r.info(), std::nullopt};
    // A room of play_computer has no code to give: its seat is kept for the bot.
    if (r.session_.settings->is_private && r.computer_.empty()) created.invite_code = r.invite_code();
    creator->send(make_frame(protocol::encode(created, request)));
    r.challenge_computer();
  });
}

void Room::keep_seat_for(std::string bot, std::shared_ptr<Connection> bot_connection) {
  computer_ = std::move(bot);
  computer_connection_ = std::move(bot_connection);
}

void Room::join(std::string player, std::shared_ptr<Connection> connection, std::optional<std::string> invite,
                protocol::RequestId request) {
  on_strand([player = std::move(player), connection = std::move(connection), invite = std::move(invite),
             request = std::move(request)](Room& r) {
    r.join_now(player, connection, invite, {connection, request});
  });
}

void Room::join_now(const std::string& player, const std::shared_ptr<Connection>& connection,
                    const std::optional<std::string>& invite, const Requester& requester) {
  auto& s = session_;
  auto& ctx = *context_;
  const auto& settings = *s.settings;
  auto refusal = game::refuse_join(s, player, invite, computer_);
  if (!refusal) refusal = ctx.seating.refuse_guest(settings, player);
  if (!refusal) refusal = ctx.seating.refuse_pair(settings, player, s.seats[0].player);
  if (!refusal && ctx.shutting_down) refusal = {ErrorCode::shutting_down, "the server is shutting down"};
  if (refusal) return refuse(requester, *refusal);
  if (auto held = ctx.identities.claim_room(player, id()))
    return ctx.send_already_seated(connection, requester.request, *held);
  ctx.seeks.remove(id());
  s.seats[1].player = player;
  // A joiner whose connection closed before this ran missed player_dropped: absent.
  s.seats[1].present = ctx.identities.player_of(connection->id()) == player;
  if (s.seats[1].present) audience_.seat(1, connection);
  open_slot_.release();
  s.score.seat(s.seats[0].player, player);
  seat_timers_[0]->cancel();  // the creator's grace (open room) ends
  room_timer_.cancel();       // the computer came
  if (!settings.is_private) ctx.lobby->room_closed(id(), "started");
  begin_game(requester);
}

void Room::cancel(std::string player, std::shared_ptr<Connection> connection, protocol::RequestId request) {
  on_strand([player = std::move(player), connection = std::move(connection), request = std::move(request)](Room& r) {
    const auto phase = r.session_.phase;
    const Requester requester{connection, request};
    if (player != r.session_.seats[0].player)
      return r.refuse(requester, {ErrorCode::not_creator, "only the creator can cancel this room"});
    if (phase == Phase::closed) return r.refuse(requester, {ErrorCode::room_closed, "room '" + r.id() + "' is closed"});
    if (phase != Phase::open)
      return r.refuse(requester, {ErrorCode::room_full, "room '" + r.id() + "' has started; resign instead"});
    r.close("cancelled");
    connection->send(make_frame(protocol::encode(sv::RoomCancelled{r.id(), std::nullopt}, request)));
  });
}

void Room::play(std::string player, std::shared_ptr<Connection> connection, game::Command command,
                protocol::RequestId request) {
  // Deferred, not posted: called on the player's session strand, the command runs next on
  // the same network thread (its caches warm, no other thread woken) unless another is idle.
  asio::defer(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                        command = std::move(command), request = std::move(request)]() mutable {
    Room& r = *self;
    const int slot = r.slot(player);
    std::visit(
        [&](auto& c) {
          if constexpr (requires { c.slot; }) c.slot = slot;
        },
        command);
    if (auto* chat = std::get_if<game::Chat>(&command)) {
      chat->player = player;
      chat->watching = r.audience_.watching(connection->id());
    }
    // A player back on another connection since the match ended: its rematch events go there.
    if (std::holds_alternative<game::Rematch>(command) && slot >= 0 && r.session_.phase == Phase::finished &&
        r.audience_.seat_connection_id(slot) != connection->id()) {
      r.audience_.seat(slot, connection);
      r.session_.seats[slot].present = true;
    }
    r.decide(command, {std::move(connection), std::move(request)});
  });
}

void Room::watch(std::shared_ptr<Connection> connection, std::string game_id, protocol::RequestId request) {
  on_strand([connection = std::move(connection), game_id = std::move(game_id), request = std::move(request)](Room& r) {
    if (r.session_.journal.untold())  // its state would show a move not yet durable
      return r.deferred_.push_back(
          [self = r.shared_from_this(), connection, game_id, request] { self->watch(connection, game_id, request); });
    const auto phase = r.session_.phase;
    if (phase != Phase::playing && phase != Phase::ending)
      return r.refuse({connection, request}, {ErrorCode::unknown_game, "no live game '" + game_id + "'"});
    // A connection that closed meanwhile has left already: it must not count.
    if (!r.context_->watchers.watch(connection->id(), r.id())) return;
    r.audience_.watch(connection);
    r.session_.spectators = r.audience_.spectator_count();
    const auto view = game::game_view(r.session_, std::nullopt, now().steady);
    connection->send(make_frame(protocol::encode(sv::GameState{view}, request)));
    r.spectators_changed();
  });
}

void Room::unwatch(std::uint64_t connection_id) {
  on_strand([connection_id](Room& r) {
    r.context_->watchers.unwatch(connection_id, r.id(), now_ms());
    if (r.audience_.unwatch(connection_id)) r.spectators_changed();
  });
}

void Room::player_dropped(std::string player, std::uint64_t connection_id) {
  on_strand([player = std::move(player), connection_id](Room& r) { r.dropped(player, connection_id); });
}

void Room::dropped(const std::string& player, std::uint64_t connection_id) {
  const int slot = this->slot(player);
  if (slot < 0 || audience_.seat_connection_id(slot) != connection_id || !session_.seats[slot].present) return;
  audience_.unseat(slot);
  spectators_changed();  // a player who watched too counts as a spectator now, if still watching
  if (session_.phase == Phase::open) {
    session_.seats[slot].present = false;
    // Not the game's grace: an open room nobody is behind keeps the lobby busy for nothing.
    seat_timers_[slot]->expires_after(std::chrono::milliseconds(context_->config.open_room_grace_ms));
    return seat_timers_[slot]->async_wait([self = shared_from_this(), slot](const boost::system::error_code& ec) {
      if (!ec) self->open_grace_over(slot);
    });
  }
  if (session_.phase == Phase::finished) session_.seats[slot].present = false;
  decide(
      session_.phase == Phase::finished ? game::Command{game::RematchLapse{"left"}} : game::Command{game::Left{slot}},
      {});
}

void Room::open_grace_over(int slot) {
  if (!session_.seats[slot].present && session_.phase == Phase::open) close("abandoned");
}

void Room::player_returned(std::string player, std::shared_ptr<Connection> connection) {
  on_strand(
      [player = std::move(player), connection = std::move(connection)](Room& r) { r.returned(player, connection); });
}

void Room::returned(const std::string& player, const std::shared_ptr<Connection>& connection) {
  if (session_.journal.untold())  // its state would show a move not yet durable
    return deferred_.push_back([self = shared_from_this(), player, connection] { self->returned(player, connection); });
  const int slot = this->slot(player);
  if (slot < 0 || session_.phase == Phase::closed) return;
  audience_.seat(slot, connection);
  if (session_.phase != Phase::open) {
    spectators_changed();  // the connection may have watched the game before
    return decide(game::Returned{slot}, {connection, {}});
  }
  session_.seats[slot].present = true;
  seat_timers_[slot]->cancel();
  sv::RoomCreated created{info(), std::nullopt};
  if (session_.settings->is_private && computer_.empty()) created.invite_code = invite_code();
  connection->send(make_frame(protocol::encode(created)));
}

void Room::player_moved_on(std::string player) {
  on_strand([player = std::move(player)](Room& r) {
    if (r.session_.phase == Phase::finished && r.slot(player) >= 0) r.decide(game::RematchLapse{"left"}, {});
  });
}

void Room::rematch_connection(std::string player, std::shared_ptr<Connection> connection) {
  on_strand([player = std::move(player), connection = std::move(connection)](Room& r) {
    const int slot = r.slot(player);
    if (r.session_.phase != Phase::finished || slot < 0) return;
    r.audience_.seat(slot, connection);
    r.session_.seats[slot].present = true;
  });
}

void Room::stop(std::function<void()> done) {
  on_strand([done = std::move(done)](Room& r) mutable {
    if (r.session_.journal.untold())  // the move being written is told before the room stops
      return r.deferred_.push_back([self = r.shared_from_this(), done = std::move(done)] { self->stop(done); });
    if (r.session_.phase == Phase::playing) r.context_->metrics.live_games--;
    r.session_.phase = Phase::closed;  // a live game is left unfinished (not archived)
    r.turn_timer_.cancel();
    for (auto& t : r.seat_timers_) t->cancel();
    r.room_timer_.cancel();
    r.deferred_.clear();
    r.drop_watchers();
    done();
  });
}

// ---- carrying out decisions ----

void Room::decide(const game::Command& command, const Requester& requester) {
  session_.spectators = audience_.spectator_count();
  auto decision = game::decide(std::move(session_), command, now());
  session_ = std::move(decision.session);
  carry_out(std::move(decision.effects), requester);
}

void Room::carry_out(game::Effects effects, const Requester& r) {
  for (auto& effect : effects) {
    std::visit(
        [&](auto& e) {
          using E = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<E, game::Refuse>) refuse(r, e);
          else if constexpr (std::is_same_v<E, game::Answer>) {
            if (r.connection) r.connection->send(make_frame(protocol::with_request_id(e.text, r.request)));
          } else if constexpr (std::is_same_v<E, game::Tell>) tell(e, r);
          else if constexpr (std::is_same_v<E, game::Persist>) persist(std::move(e), r);
          else if constexpr (std::is_same_v<E, game::Arm>) arm(e.kind, e.at);
          else if constexpr (std::is_same_v<E, game::Disarm>) arm(e.kind, std::nullopt);
          else if constexpr (std::is_same_v<E, game::Finish>) finish(std::move(e));
          else if constexpr (std::is_same_v<E, game::Defer>)
            deferred_.push_back([self = shared_from_this(), c = std::move(e.command), r] { self->decide(c, r); });
          else if constexpr (std::is_same_v<E, game::RunDeferred>) {
            for (auto& run : std::exchange(deferred_, {})) run();
          } else if constexpr (std::is_same_v<E, game::Continue>) decide(e.command, r);
          else if constexpr (std::is_same_v<E, game::Notice>) notice(e, r);
        },
        effect.v);
  }
}

void Room::refuse(const Requester& r, const game::Refuse& refusal) const {
  context_->send_error(r.connection, r.request, refusal.code, refusal.message, refusal.retry_after_ms);
}

void Room::tell(const game::Tell& t, const Requester& r) {
  const std::uint64_t except = t.except_requester && r.connection ? r.connection->id() : 0;
  switch (t.to) {
    case game::Audience::room: {
      const std::optional<int> except_seat = t.except_seat >= 0 ? std::optional<int>(t.except_seat) : std::nullopt;
      return audience_.broadcast(make_frame(t.text), present(), except, except_seat);
    }
    case game::Audience::seat:
      if (except != 0 && audience_.seat_connection_id(t.seat) == except) return;
      return audience_.send_to(t.seat, session_.seats[t.seat].present,
                               make_frame(t.with_request_id ? protocol::with_request_id(t.text, r.request) : t.text));
    case game::Audience::watchers:
      return audience_.to_watchers(make_frame(t.text));
    case game::Audience::spectator_chat: {
      const auto& identities = context_->identities;
      return audience_.to_spectators(make_frame(t.text), except, [&](std::uint64_t cid) {
        const auto who = identities.player_of(cid);
        return who && session_.slot_of(*who);
      });
    }
  }
}

void Room::notice(const game::Notice& n, const Requester& r) {
  const auto& s = session_;
  switch (n.note) {
    case game::Note::listed:
      // A new counter per game: the lobby's line of an ended game is never moved on.
      listed_ply_ = std::make_shared<std::atomic<int>>(s.game->ply());
      return context_->lobby->game_live(game::live_info(s), listed_ply_);
    case game::Note::ply_told:
      if (listed_ply_) listed_ply_->store(n.ply, std::memory_order_relaxed);
      return;
    case game::Note::start_next:
      return begin_game({});
    case game::Note::rematch_window:
      deferred_.clear();
      drop_watchers();
      room_timer_.expires_after(std::chrono::milliseconds(context_->config.rematch_window_ms));
      return room_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (!ec) self->decide(game::RematchLapse{"expired"}, {});
      });
    case game::Note::rematch_start:
      return start_rematch(n.slot, r);
    case game::Note::close:
      return close("finished");
    case game::Note::write_failing:
      return log::error("live game " + s.game_id + " not saved (kept in memory)");
    case game::Note::rematch_open:
      // Before match_over is told (a player may chat the moment they hear it): the
      // players find the finished room by its id, and by its last game's id for chat.
      for (const auto& g : s.game_ids)
        if (g != s.game_id) context_->directory.remove_game(g);
      break;
    default:
      break;
  }
  context_->events.publish({n.note, s, shared_from_this()});
  if (n.note == game::Note::rematch_closed) close("finished");
}

void Room::persist(game::Persist p, const Requester& r) {
  const auto& s = session_;
  if (p.header) p.update.header = live_header(*context_, s, s.game_id, s.first_slot, s.started_ms, s.score);
  game::Persisted answer{p.update.game_id, p.header, p.plies, p.update.erase_through, true};
  context_->writer.save_live(std::move(p.update), strand_,
                             [self = shared_from_this(), answer = std::move(answer), then = std::move(p.then),
                              r](storage::StoreError error) mutable {
                               answer.ok = error.ok();
                               if (!answer.ok) log::error("live game " + answer.game_id + ": " + error.message);
                               self->persisted(answer, std::move(then), r);
                             });
}

void Room::persisted(const game::Persisted& answer, game::Effects then, const Requester& r) {
  decide(answer, r);
  if (session_.phase != Phase::closed) carry_out(std::move(then), r);
}

void Room::finish(game::Finish f) {
  std::optional<storage::LiveGame> next;
  if (f.next_score && session_.next)
    next = live_header(*context_, session_, session_.next->game_id, session_.next->first_slot,
                       session_.next->started_ms, *f.next_score);
  // The end is told only once the record is durable (or the write failed: it is written
  // again later by the writer).
  context_->writer.finish(std::move(f.record), std::move(next), strand_,
                          [self = shared_from_this()](bool ok, std::optional<storage::RatingChanges> changes) {
                            self->archived(ok, std::move(changes));
                          });
}

void Room::archived(bool ok, std::optional<storage::RatingChanges> changes) {
  if (session_.phase != Phase::closed) context_->metrics.games_finished++;
  game::Archived archived{ok, std::nullopt, context_->shutting_down};
  if (changes) archived.rating_changes = changes_view(*changes);
  decide(archived, {});
}

void Room::arm(DeadlineKind kind, std::optional<game::Time> at) {
  auto& timer = kind == DeadlineKind::turn ? turn_timer_ : *seat_timers_[kind == DeadlineKind::absence_0 ? 0 : 1];
  if (!at) return static_cast<void>(timer.cancel());
  timer.expires_at(*at);
  timer.async_wait([self = shared_from_this(), kind](const boost::system::error_code& ec) {
    if (!ec) self->decide(game::DeadlineDue{kind}, {});
  });
}

void Room::begin_game(const Requester& requester, std::optional<std::string> rematch_of) {
  auto& s = session_;
  game::Begin begin;
  begin.game_id = make_id("g");
  if (s.score.game_number() + 1 < s.score.games()) begin.next_game_id = make_id("g");
  if (!s.next) begin.first_slot = first_seat(s.settings->creator_side, context_->config.coin);
  begin.rematch_of = std::move(rematch_of);
  std::vector<std::string> bots;
  for (const auto& seat : s.seats)
    if (!seat.player.empty() && context_->identities.is_bot(seat.player)) bots.push_back(seat.player);
  if (!bots.empty()) begin.bots = std::move(bots);
  // The ratings by the sides the game will have.
  const int first = s.next ? s.next->first_slot : begin.first_slot;
  begin.ratings = {context_->seating.rating_of(*s.settings, s.seats[first].player),
                   context_->seating.rating_of(*s.settings, s.seats[1 - first].player)};
  context_->seating.note_start(*s.settings, id(), {s.seats[0].player, s.seats[1].player},
                               {audience_.seat_connection(0), audience_.seat_connection(1)});
  decide(std::move(begin), requester);
}

void Room::start_rematch(int accepter_slot, const Requester& r) {
  const auto& seats = session_.seats;
  const int offerer = 1 - accepter_slot;
  auto refusal = create_rematch(context_, *session_.settings, session_.first_slot == offerer,
                                {seats[offerer].player, seats[accepter_slot].player},
                                {audience_.seat_connection(offerer), audience_.seat_connection(accepter_slot)}, id(),
                                r.request, [&] {
                                  for (const auto& seat : seats) context_->rematch_rooms.clear(seat.player, id());
                                  session_.rematch_offer.reset();
                                  close("rematch");
                                });
  if (refusal) refuse(r, *refusal);
}

void Room::rematched(std::array<std::string, 2> players, std::array<std::weak_ptr<Connection>, 2> connections,
                     std::string old_room_id, protocol::RequestId request) {
  on_strand([players = std::move(players), connections = std::move(connections), old_room_id = std::move(old_room_id),
             request = std::move(request)](Room& r) mutable {
    for (int i = 0; i < 2; ++i) {
      r.session_.seats[i].player = players[i];
      // A player whose connection closed meanwhile starts absent (with the grace).
      auto c = connections[i].lock();
      r.session_.seats[i].present = c && r.context_->identities.player_of(c->id()) == players[i];
      if (r.session_.seats[i].present) r.audience_.seat(i, c);
    }
    r.session_.score.seat(players[0], players[1]);
    r.begin_game({nullptr, std::move(request)}, std::move(old_room_id));
  });
}

void Room::challenge_computer() {
  if (computer_.empty()) return;
  const auto& settings = *session_.settings;
  const sv::Challenge challenge{id(),
                                settings.game,
                                settings.options,
                                settings.clock,
                                settings.computer_level.value_or(4),
                                session_.seats[0].player};
  if (auto bot = std::exchange(computer_connection_, nullptr)) bot->send(make_frame(protocol::encode(challenge)));
  room_timer_.expires_after(std::chrono::milliseconds(context_->config.computer_join_ms));
  room_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->computer_missing();
  });
}

void Room::computer_missing() {
  if (session_.phase != Phase::open) return;
  log::info("room " + id() + ": the computer (" + computer_ + ") did not come");
  close("no_computer");  // frees both seat claims
  const auto cancelled = make_frame(protocol::encode(sv::RoomCancelled{id(), std::string("no_computer")}));
  audience_.send_to(0, session_.seats[0].present, cancelled);
}

void Room::close(const std::string& reason) {
  const Phase before = session_.phase;
  session_.phase = Phase::closed;
  open_slot_.release();
  turn_timer_.cancel();
  for (auto& t : seat_timers_) t->cancel();
  room_timer_.cancel();
  deferred_.clear();  // they hold the room
  // Out of the directory first: whoever hears of the end can no longer find the room.
  auto& ctx = *context_;
  ctx.directory.remove_room(id());
  ctx.seeks.remove(id());
  for (const auto& g : session_.game_ids) ctx.directory.remove_game(g);
  for (const auto& seat : session_.seats)
    if (!seat.player.empty()) ctx.identities.remove_room(seat.player, id());
  if (!computer_.empty()) ctx.identities.remove_room(computer_, id());  // the seat kept for the bot
  drop_watchers();
  if (before == Phase::open && !session_.settings->is_private) ctx.lobby->room_closed(id(), reason);
}

void Room::drop_watchers() {
  audience_.drop_watchers([this](std::uint64_t cid) { context_->watchers.unwatch(cid, id(), now_ms()); });
}

void Room::spectators_changed() {
  const auto live = [this] { return session_.phase == Phase::playing || session_.phase == Phase::ending; };
  audience_.count_changed(context_->config.spectator_count_interval_ms, shared_from_this(), live, [this](int count) {
    audience_.broadcast(make_frame(protocol::encode(sv::Spectators{session_.game_id, count})), present());
  });
}

sv::RoomInfo Room::info() const {
  const auto& s = *session_.settings;
  auto r = views::room_info(id(), session_.seats[0].player, s);
  r.rated = s.rated;
  r.creator_rating = context_->seating.rating_of(s, session_.seats[0].player);
  r.computer_level = s.computer_level;
  return r;
}

}  // namespace bh::app
