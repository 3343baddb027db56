#include "app/room.hpp"

#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>

#include "app/ids.hpp"
#include "app/lobby.hpp"
#include "app/ratings.hpp"
#include "app/room_records.hpp"
#include "app/secrets.hpp"
#include "app/wall_clock.hpp"
#include "game/restore.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using game::DeadlineKind;

namespace {

game::Limits limits_of(const AppConfig& config) { return {config.first_move_ms, config.reconnect_grace_ms}; }

}  // namespace

Room::Room(std::shared_ptr<Context> context, std::string creator, RoomSettings settings)
    : Room(context, game::open_session(make_id("r"), make_id("m"), settings.is_private ? random_hex(8) : std::string(),
                                       std::make_shared<const RoomSettings>(std::move(settings)),
                                       limits_of(context->config), std::move(creator))) {}

Room::Room(std::shared_ptr<Context> context, game::GameSession session)
    : context_(std::move(context)),
      strand_(asio::make_strand(context_->io)),
      session_(std::move(session)),
      turn_timer_(strand_),
      room_timer_(strand_) {
  for (auto& t : seat_timers_) t = std::make_unique<asio::steady_timer>(strand_);
  spectators_.timer = std::make_unique<asio::steady_timer>(strand_);
}

std::variant<std::shared_ptr<Room>, std::string> Room::restore(std::shared_ptr<Context> context,
                                                               const storage::LiveGame& live) {
  auto made = game::restore_session(live, limits_of(context->config), SteadyClock::now());
  if (auto* error = std::get_if<std::string>(&made)) return std::move(*error);
  auto room = std::make_shared<Room>(std::move(context), std::get<game::GameSession>(std::move(made)));
  room->session_.start_ratings = room->ratings_now();
  room->session_.bots = room->bots();
  return room;
}

void Room::restored() {
  asio::post(strand_, [self = shared_from_this()] {
    self->context_->metrics.live_games++;
    self->context_->directory.add_game(self->session_.game_id, self);
    if (!self->session_.settings->is_private) self->list_in_lobby();
    // Its last move was durable but the end was not archived: finish it now.
    if (self->session_.game->status().over()) return self->decide(game::Conclude{}, {});
    for (int i = 0; i < 2; ++i) self->decide(game::Left{i}, {});
  });
}

// ---- carrying out decisions ----

game::Now Room::now() const { return {SteadyClock::now(), now_ms()}; }

void Room::decide(const game::Command& command, const Requester& requester) {
  session_.spectators = spectator_count();
  auto decision = game::decide(std::move(session_), command, now());
  session_ = std::move(decision.session);
  carry_out(std::move(decision.effects), requester);
}

void Room::carry_out(game::Effects effects, const Requester& r) {
  for (auto& effect : effects) {
    std::visit(
        [&](auto& e) {
          using E = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<E, game::Refuse>) reply_error(r.connection, r.request, e.code, e.message);
          else if constexpr (std::is_same_v<E, game::Answer>) {
            if (r.connection) r.connection->send(make_frame(protocol::with_request_id(e.text, r.request)));
          } else if constexpr (std::is_same_v<E, game::Tell>) tell(e, r);
          else if constexpr (std::is_same_v<E, game::Persist>) persist(std::move(e), r);
          else if constexpr (std::is_same_v<E, game::Arm>) arm(e.kind, e.at);
          else if constexpr (std::is_same_v<E, game::Disarm>) arm(e.kind, std::nullopt);
          else if constexpr (std::is_same_v<E, game::Finish>) finish(std::move(e));
          else if constexpr (std::is_same_v<E, game::Defer>) {
            deferred_.push_back([self = shared_from_this(), command = std::move(e.command), r] {
              self->decide(command, r);
            });
          } else if constexpr (std::is_same_v<E, game::RunDeferred>) {
            for (auto& run : std::exchange(deferred_, {})) run();
          } else if constexpr (std::is_same_v<E, game::Continue>) decide(e.command, r);
          else if constexpr (std::is_same_v<E, game::Notice>) notice(e);
        },
        effect.v);
  }
}

void Room::tell(const game::Tell& t, const Requester& r) {
  const std::uint64_t except = t.except_requester && r.connection ? r.connection->id() : 0;
  switch (t.to) {
    case game::Audience::room:
      return broadcast(make_frame(t.text), except,
                       t.except_seat >= 0 ? std::optional<int>(t.except_seat) : std::nullopt);
    case game::Audience::seat:
      if (except != 0 && links_[t.seat].connection_id == except) return;
      return send_to(t.seat, make_frame(t.with_request_id ? protocol::with_request_id(t.text, r.request) : t.text));
    case game::Audience::watchers:
      return to_watchers(make_frame(t.text));
  }
}

void Room::notice(const game::Notice& n) {
  auto& ctx = *context_;
  const auto& s = session_;
  switch (n.note) {
    case game::Note::game_started:
      ctx.directory.add_game(s.game_id, shared_from_this());
      ctx.metrics.live_games++;
      return;
    case game::Note::listed: return list_in_lobby();
    case game::Note::move_made: ctx.metrics.moves_total++; return;
    case game::Note::ply_told:
      if (listed_ply_) listed_ply_->store(n.ply, std::memory_order_relaxed);
      return;
    case game::Note::game_ended:
      ctx.metrics.live_games--;
      if (!s.settings->is_private) ctx.lobby->game_ended(s.game_id);
      return;
    case game::Note::seats_released:
      for (const auto& seat : s.seats)
        if (!seat.player.empty()) ctx.identities.remove_room(seat.player, s.room_id);
      return;
    case game::Note::start_next: return begin_game({});
    case game::Note::rematch_open:
      for (const auto& seat : s.seats) ctx.rematch_rooms.set(seat.player, s.room_id);
      return;
    case game::Note::rematch_window: return enter_finished();
    case game::Note::close: return close("finished");
    case game::Note::write_failing:
      return log::error("live game " + s.game_id + " not saved (kept in memory)");
  }
}

void Room::arm(DeadlineKind kind, std::optional<game::Time> at) {
  auto& timer = kind == DeadlineKind::turn ? turn_timer_ : *seat_timers_[kind == DeadlineKind::absence_0 ? 0 : 1];
  if (!at) return static_cast<void>(timer.cancel());
  timer.expires_at(*at);
  timer.async_wait([self = shared_from_this(), kind](const boost::system::error_code& ec) {
    if (!ec && self->session_.phase == Phase::playing) self->decide(game::DeadlineDue{kind}, {});
  });
}

void Room::begin_game(const Requester& requester, std::optional<std::string> rematch_of) {
  game::Begin begin;
  begin.game_id = make_id("g");
  begin.next_game_id = session_.score.game_number() + 1 < session_.score.games() ? make_id("g") : std::string();
  if (!session_.next) begin.first_slot = first_seat(session_.settings->creator_side, context_->config.coin);
  begin.rematch_of = std::move(rematch_of);
  begin.bots = bots();
  // The ratings are looked up with the sides the game will have.
  const int first = session_.next ? session_.next->first_slot : begin.first_slot;
  const auto by_side = first == 0 ? std::array{session_.seats[0].player, session_.seats[1].player}
                                  : std::array{session_.seats[1].player, session_.seats[0].player};
  begin.ratings = {rating_of(by_side[0]), rating_of(by_side[1])};
  note_rated_start();
  decide(std::move(begin), requester);
}

storage::LiveGame Room::live_header(const std::string& game_id, int first_slot, std::int64_t started_ms,
                                    const MatchScore& score) const {
  std::array<records::SeatIdentity, 2> identities;
  for (std::size_t i = 0; i < 2; ++i) {
    identities[i].player = session_.seats[i].player;
    if (auto found = context_->identities.credentials(session_.seats[i].player)) {
      identities[i].token = found->token;
      identities[i].registered = found->registered;
      identities[i].bot = found->bot;
    }
  }
  const records::RoomFacts facts{session_.room_id, session_.match_id, session_.invite_code, *session_.settings};
  return records::live_header(facts, identities, game_id, first_slot, started_ms, score);
}

void Room::persist(game::Persist p, const Requester& r) {
  storage::LiveUpdate update = std::move(p.update);
  if (p.header) update.header = live_header(session_.game_id, session_.first_slot, session_.started_ms, session_.score);
  game::Persisted answer{update.game_id, p.header, p.plies, update.erase_through, true};
  context_->store.save_live(std::move(update), [self = shared_from_this(), answer = std::move(answer),
                                                then = std::move(p.then), r](storage::StoreError error) mutable {
    // From the store's thread to a network thread with the batch's other completions,
    // then to the room's strand on that thread.
    self->context_->store_completions->post([self, answer = std::move(answer), then = std::move(then), r,
                                             error = std::move(error)]() mutable {
      asio::defer(self->strand_, [self, answer = std::move(answer), then = std::move(then), r,
                                  error = std::move(error)]() mutable {
        answer.ok = error.ok();
        if (!answer.ok) {
          self->context_->metrics.live_write_failures++;
          log::error("live game " + answer.game_id + " not saved: " + error.message);
        }
        self->decide(answer, r);
        if (self->session_.phase != Phase::closed) self->carry_out(std::move(then), r);
      });
    });
  });
}

void Room::finish(game::Finish f) {
  std::optional<storage::LiveGame> next_header;
  if (f.next_score && session_.next)
    next_header = live_header(session_.next->game_id, session_.next->first_slot, session_.next->started_ms,
                              *f.next_score);
  // The end is announced only once the record is durable (or the write failed: then it
  // is written again later, see retry_archive).
  context_->pending.add();
  auto kept = std::make_shared<const storage::GameRecord>(f.record);
  context_->store.finish_game(std::move(f.record), std::move(next_header),
                              [self = shared_from_this(), kept](storage::StoreResult<storage::GameFinish> result) {
                                std::optional<storage::RatingChanges> changes;
                                if (result.value) changes = std::move(result.value->rating_changes);
                                // On the store's thread, in commit order: the cache follows the database.
                                if (changes) self->context_->ratings.apply(kept->first_player, kept->second_player, *changes);
                                asio::post(self->strand_, [self, error = std::move(result.error), kept,
                                                           changes = std::move(changes)] {
                                  if (!error.ok()) {
                                    self->context_->metrics.archive_failures++;
                                    log::error("game " + kept->id + " could not be archived: " + error.message);
                                    self->retry_archive(kept, std::chrono::seconds(1));
                                  }
                                  if (self->session_.phase != Phase::closed) self->context_->metrics.games_finished++;
                                  game::Archived archived{error.ok(), std::nullopt, self->context_->shutting_down};
                                  if (changes) archived.rating_changes = changes_view(*changes);
                                  self->decide(archived, {});
                                });
                                self->context_->pending.done();
                              });
}

void Room::retry_archive(std::shared_ptr<const storage::GameRecord> record, std::chrono::seconds delay) {
  auto timer = std::make_shared<asio::steady_timer>(strand_, delay);
  timer->async_wait([self = shared_from_this(), timer, record, delay](const boost::system::error_code& ec) {
    if (ec) return;
    // save_game also drops the game's live row, which a later game of the room superseded.
    self->context_->store.save_game(*record, [self, record, delay](storage::StoreError error) {
      asio::post(self->strand_, [self, record, delay, error = std::move(error)] {
        if (error.ok()) return log::info("game " + record->id + " archived after all");
        if (error.code != storage::StoreErrc::unavailable)  // conflict: it is stored already
          return log::error("game " + record->id + " not archived: " + error.message);
        if (!self->context_->shutting_down)
          self->retry_archive(record, std::min<std::chrono::seconds>(delay * 2, std::chrono::seconds(30)));
      });
    });
  });
}

// ---- game commands ----

void Room::move(std::string player, std::shared_ptr<Connection> connection, protocol::client::Move m,
                protocol::RequestId request) {
  // Deferred, not posted: called on the mover's session strand, the move runs next on
  // the same network thread (its caches warm, no other thread woken) unless another is idle.
  asio::defer(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                        m = std::move(m), request = std::move(request)]() mutable {
    game::Move command{self->slot(player), std::move(m.game_id), m.ply, std::move(m.move)};
    self->decide(std::move(command), {std::move(connection), std::move(request)});
  });
}

void Room::act(std::string player, std::shared_ptr<Connection> connection, std::string game_id, Action action,
               protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), action, request = std::move(request)]() mutable {
    const int slot = self->slot(player);
    Requester r{std::move(connection), std::move(request)};
    if (action == Action::resign) return self->decide(game::Resign{slot, std::move(game_id)}, r);
    const auto draw = action == Action::offer_draw    ? game::DrawAction::offer
                      : action == Action::accept_draw ? game::DrawAction::accept
                                                      : game::DrawAction::decline;
    self->decide(game::Draw{slot, std::move(game_id), draw}, r);
  });
}

void Room::takeback(std::string player, std::shared_ptr<Connection> connection, std::string game_id,
                    TakebackAction action, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), action, request = std::move(request)]() mutable {
    const auto kind = static_cast<game::TakebackAction>(static_cast<int>(action));
    self->decide(game::Takeback{self->slot(player), std::move(game_id), kind},
                 {std::move(connection), std::move(request)});
  });
}

void Room::abort(std::string player, std::shared_ptr<Connection> connection, std::string game_id,
                 protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), request = std::move(request)]() mutable {
    self->decide(game::Abort{self->slot(player), std::move(game_id)}, {std::move(connection), std::move(request)});
  });
}

// ---- presence ----

void Room::player_dropped(std::string player, std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection_id] {
    const int slot = self->slot(player);
    if (slot < 0) return;
    auto& link = self->links_[slot];
    if (link.connection_id != connection_id || !self->session_.seats[slot].present) return;
    link = {};
    self->spectators_changed();  // a player who watched too counts as a spectator now, if still watching
    if (self->session_.phase == Phase::finished) {
      self->session_.seats[slot].present = false;
      return self->end_rematch("left", nullptr, {});
    }
    if (self->session_.phase == Phase::open) {
      self->session_.seats[slot].present = false;
      return self->arm_room_grace(slot);
    }
    self->decide(game::Left{slot}, {});
  });
}

void Room::player_returned(std::string player, std::shared_ptr<Connection> connection) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection)] {
    if (self->session_.journal.untold())  // its state would show a move not yet durable
      return self->deferred_.push_back([self, player, connection] { self->player_returned(player, connection); });
    const int slot = self->slot(player);
    if (slot < 0 || self->session_.phase == Phase::closed) return;
    self->links_[slot] = {connection, connection->id()};
    if (self->session_.phase == Phase::open) {
      self->session_.seats[slot].present = true;
      self->seat_timers_[slot]->cancel();
      sv::RoomCreated created{self->info(), std::nullopt};
      if (self->session_.settings->is_private && self->computer_.empty()) created.invite_code = self->invite_code();
      return connection->send(make_frame(protocol::encode(created)));
    }
    self->spectators_changed();  // the connection may have watched the game before
    self->decide(game::Returned{slot}, {connection, {}});
  });
}

void Room::cancel_timers() {
  turn_timer_.cancel();
  for (auto& t : seat_timers_) t->cancel();
  room_timer_.cancel();
}

void Room::close(const std::string& reason) {
  const Phase before = session_.phase;
  session_.phase = Phase::closed;
  open_slot_.release();
  cancel_timers();
  deferred_.clear();  // they hold the room
  // Out of the directory first: whoever hears of the end can no longer find the room.
  auto& ctx = *context_;
  ctx.directory.remove_room(id());
  ctx.seeks.remove(id());
  for (const auto& g : session_.game_ids) ctx.directory.remove_game(g);
  for (const auto& seat : session_.seats)
    if (!seat.player.empty()) ctx.identities.remove_room(seat.player, id());
  if (!computer_.empty()) ctx.identities.remove_room(computer_, id());  // the seat kept for the bot
  drop_spectators();
  if (before == Phase::open && !session_.settings->is_private) ctx.lobby->room_closed(id(), reason);
}

void Room::stop(std::function<void()> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
    if (self->session_.journal.untold())  // the move being written is told before the room stops
      return self->deferred_.push_back([self, done = std::move(done)] { self->stop(done); });
    if (self->session_.phase == Phase::playing) self->context_->metrics.live_games--;
    self->session_.phase = Phase::closed;  // a live game is left unfinished (not archived)
    self->cancel_timers();
    self->deferred_.clear();
    self->drop_spectators();
    done();
  });
}

// ---- sending ----

void Room::send_to(int slot, const Frame& frame) const {
  if (!session_.seats[slot].present) return;
  if (auto c = links_[slot].connection.lock()) c->send(frame);
}

void Room::broadcast(const Frame& frame, std::uint64_t except_connection, std::optional<int> except_slot) {
  for (int i = 0; i < 2; ++i)
    if (links_[i].connection_id != except_connection && except_slot != i) send_to(i, frame);
  for (auto it = spectators_.connections.begin(); it != spectators_.connections.end();) {
    auto c = it->second.lock();
    if (!c) {
      it = spectators_.connections.erase(it);
      continue;
    }
    if (it->first != except_connection) c->send(frame);
    ++it;
  }
}

void Room::to_watchers(const Frame& frame) const {
  for (const auto& [cid, weak] : spectators_.connections)
    if (auto c = weak.lock()) c->send(frame);
}

}  // namespace bh::app
