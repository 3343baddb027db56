#include "app/room.hpp"

#include <algorithm>
#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>

#include "app/board_view.hpp"
#include "app/ids.hpp"
#include "app/lobby.hpp"
#include "app/room_records.hpp"
#include "app/room_views.hpp"
#include "app/secrets.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"
#include "rules/registry.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using protocol::ErrorCode;
using rules::Side;
using views::side_text;

namespace {

GameClock clock_for(const RoomSettings& settings) {
  return settings.clock ? GameClock(settings.clock->initial_ms, settings.clock->increment_ms) : GameClock();
}

}  // namespace

Room::Room(std::shared_ptr<Context> context, std::string creator, RoomSettings settings)
    : context_(std::move(context)),
      strand_(asio::make_strand(context_->io)),
      id_(make_id("r")),
      match_id_(make_id("m")),
      invite_code_(settings.is_private ? random_hex(8) : std::string()),
      settings_(std::move(settings)),
      board_(shared_board(*settings_.rules)),
      score_(settings_.games),
      clock_(clock_for(settings_)),
      clock_timer_(strand_),
      spectators_timer_(strand_) {
  seats_[0].player = std::move(creator);
  for (auto& seat : seats_) seat.grace = std::make_unique<asio::steady_timer>(strand_);
}

Room::Room(std::shared_ptr<Context> context, const storage::LiveGame& live, RoomSettings settings, RestoreTag)
    : context_(std::move(context)),
      strand_(asio::make_strand(context_->io)),
      id_(live.room_id),
      match_id_(live.match_id),
      invite_code_(live.invite_code),
      settings_(std::move(settings)),
      board_(shared_board(*settings_.rules)),
      score_(settings_.games),
      clock_(clock_for(settings_)),
      clock_timer_(strand_),
      spectators_timer_(strand_) {
  std::map<std::string, double> totals;
  for (int i = 0; i < 2; ++i) {
    seats_[i].player = live.seats[i].player;
    seats_[i].grace = std::make_unique<asio::steady_timer>(strand_);
    totals[live.seats[i].player] = live.seats[i].match_points;
  }
  first_slot_ = live.first_seat == 1 ? 1 : 0;
  score_.restore(live.game_number, std::move(totals));
  game_id_ = live.game_id;
  game_ids_.push_back(game_id_);
  started_ms_ = live.started_ms;
  journal_.restore(live.moves);
  // The clocks as they were after the last move (paused while the server is down).
  std::optional<std::array<std::int64_t, 2>> after_last_move;
  if (!live.moves.empty()) after_last_move = {live.moves.back().first_clock_ms, live.moves.back().second_clock_ms};
  clock_.restore(after_last_move, SteadyClock::now());
  phase_ = Phase::playing;
}

std::variant<std::shared_ptr<Room>, std::string> Room::restore(std::shared_ptr<Context> context,
                                                               const storage::LiveGame& live) {
  RoomSettings settings;
  settings.game = live.game;
  settings.options.values = live.options;
  rules::OptionText options(live.options.begin(), live.options.end());
  auto made = rules::make_ruleset(live.game, options);
  if (!made) return "game " + live.game_id + ": " + made.error().message;
  settings.rules = *made;
  const auto side = creator_side_from_string(live.creator_side);
  if (!side) return "game " + live.game_id + ": unknown creator side '" + live.creator_side + "'";
  settings.creator_side = *side;
  if (live.clock) settings.clock = protocol::ClockMs{live.clock->initial_ms, live.clock->increment_ms};
  settings.games = live.games;
  settings.is_private = live.is_private;
  settings.rated = live.rated;
  settings.computer_level = live.computer_level;
  auto room = std::make_shared<Room>(std::move(context), live, std::move(settings), RestoreTag{});
  room->game_.emplace(room->settings_.rules);
  for (const auto& m : live.moves) {
    if (room->game_->status().over()) return "game " + live.game_id + ": a move after the end (" + m.text + ")";
    auto played = room->game_->play(m.text);
    if (!played) return "game " + live.game_id + ": move " + m.text + " does not replay: " + played.error().message;
  }
  room->note_start_ratings();
  return room;
}

void Room::restored() {
  asio::post(strand_, [self = shared_from_this()] {
    self->context_->metrics.live_games++;
    self->context_->directory.add_game(self->game_id_, self);
    if (!self->settings_.is_private) {
      self->list_in_lobby();
    }
    // Its last move was durable but the end was not archived: finish it now.
    if (self->game_->status().over()) return self->end_game(self->game_->status());
    for (int i = 0; i < 2; ++i) self->start_absence(i);
  });
}

// ---- views ----

std::optional<int> Room::slot_of(const std::string& player) const {
  for (int i = 0; i < 2; ++i)
    if (!player.empty() && seats_[i].player == player) return i;
  return std::nullopt;
}

std::optional<sv::Clocks> Room::clocks_view() const {
  if (!game_) return std::nullopt;
  std::optional<Side> running;
  if (phase_ == Phase::playing && !game_->status().over()) running = game_->to_move();
  if (waiting_first_move()) running.reset();  // a side's clock runs from its first move on
  auto clocks = views::clocks(clock_, running, SteadyClock::now());
  if (clocks && waiting_first_move() && first_move_deadline_ && !clock_.paused())
    clocks->first_move_deadline_ms = first_move_deadline_ms_;
  return clocks;
}

sv::MatchInfo Room::match_info() const { return views::match_info(match_id_, score_); }

records::RoomFacts Room::facts() const { return {id_, match_id_, invite_code_, settings_}; }

protocol::SidePair Room::players() const {
  return {seats_[slot_for(Side::first)].player, seats_[slot_for(Side::second)].player};
}

sv::GameView Room::view(std::optional<int> slot) const {
  std::optional<views::GameFacts::Takeback> takeback;
  if (takeback_offer_) takeback = views::GameFacts::Takeback{takeback_offer_->side, takeback_offer_->plies};
  views::GameFacts facts{id_,           game_id_,    settings_,    *game_,  journal_,          {},      first_slot_,
                         clocks_view(), draw_offer_, match_info(), *board_, spectator_count(), takeback};
  for (int i = 0; i < 2; ++i) facts.seats[i] = {seats_[i].player, seats_[i].present, seats_[i].deadline_ms};
  auto v = views::game_view(facts, slot);
  v.rated = settings_.rated;
  v.ratings = start_ratings_;
  v.bots = bots();
  v.computer_level = settings_.computer_level;
  return v;
}

void Room::send_to(int slot, const Frame& frame) const {
  if (!seats_[slot].present) return;
  if (auto c = seats_[slot].connection.lock()) c->send(frame);
}

void Room::broadcast(const Frame& frame, std::uint64_t except_connection, std::optional<int> except_slot) {
  for (int i = 0; i < 2; ++i)
    if (seats_[i].connection_id != except_connection && except_slot != i) send_to(i, frame);
  for (auto it = spectators_.begin(); it != spectators_.end();) {
    auto c = it->second.lock();
    if (!c) {
      it = spectators_.erase(it);
      continue;
    }
    if (it->first != except_connection) c->send(frame);
    ++it;
  }
}

// ---- lobby commands ----

void Room::open(std::shared_ptr<Connection> creator, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), creator = std::move(creator), request = std::move(request)] {
    auto& seat = self->seats_[0];
    seat.connection = creator;
    seat.connection_id = creator->id();
    seat.present = true;
    if (!self->settings_.is_private) self->context_->lobby->room_opened(self->info());
    sv::RoomCreated created{self->info(), std::nullopt};
    // A room of play_computer has no code to give: its seat is kept for the bot.
    if (self->settings_.is_private && self->computer_.empty()) created.invite_code = self->invite_code_;
    creator->send(make_frame(protocol::encode(created, request)));
    self->challenge_computer();
  });
}

void Room::join(std::string player, std::shared_ptr<Connection> connection, std::optional<std::string> invite,
                protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       invite = std::move(invite), request = std::move(request)]() mutable {
    if (self->phase_ == Phase::closed)
      return self->reply_error(connection, request, ErrorCode::room_closed, "room '" + self->id_ + "' is closed");
    if (self->phase_ != Phase::open)
      return self->reply_error(connection, request, ErrorCode::room_full,
                               "room '" + self->id_ + "' already has two players");
    if (player == self->seats_[0].player)
      return self->reply_error(connection, request, ErrorCode::bad_request, "you cannot join your own room");
    if (self->seat_kept_from(player))
      return self->reply_error(connection, request, ErrorCode::room_full,
                               "room '" + self->id_ + "' is a game against the computer");
    if (self->settings_.is_private && self->computer_.empty() && !equal_secret(invite.value_or(""), self->invite_code_))
      return self->reply_error(connection, request, ErrorCode::bad_invite, "wrong invite code");
    if (self->refuse_guest_in_rated(player, connection, request)) return;
    if (self->refuse_rated_pair(player, connection, request)) return;
    if (self->context_->shutting_down)
      return self->reply_error(connection, request, ErrorCode::shutting_down, "the server is shutting down");
    if (auto held = self->context_->identities.claim_room(player, self->id_))
      return self->context_->send_already_seated(connection, request, *held);
    self->context_->seeks.remove(self->id_);
    auto& seat = self->seats_[1];
    seat.player = player;
    seat.connection = connection;
    seat.connection_id = connection->id();
    seat.present = true;
    // A joiner whose connection closed before this ran missed player_dropped: absent.
    if (self->context_->identities.player_of(connection->id()) != player) {
      seat.present = false;
      seat.connection_id = 0;
    }
    self->open_slot_.release();
    self->score_.seat(self->seats_[0].player, player);
    self->seats_[0].grace_generation++;  // the creator's absence timer (open room) ends
    self->seats_[0].grace->cancel();
    if (self->computer_timer_) self->computer_timer_->cancel();  // the computer came
    if (!self->settings_.is_private) self->context_->lobby->room_closed(self->id_, "started");
    self->start_game(std::move(request));
  });
}

void Room::cancel(std::string player, std::shared_ptr<Connection> connection, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       request = std::move(request)] {
    if (player != self->seats_[0].player)
      return self->reply_error(connection, request, ErrorCode::not_creator, "only the creator can cancel this room");
    if (self->phase_ == Phase::closed)
      return self->reply_error(connection, request, ErrorCode::room_closed, "room '" + self->id_ + "' is closed");
    if (self->phase_ != Phase::open)
      return self->reply_error(connection, request, ErrorCode::room_full,
                               "room '" + self->id_ + "' has started; resign instead");
    self->close("cancelled");
    connection->send(make_frame(protocol::encode(sv::RoomCancelled{self->id_, std::nullopt}, request)));
  });
}

// ---- games ----

void Room::start_game(protocol::RequestId join_request) {
  score_.next_game();
  if (next_) {  // decided when the last game ended, and written with its archive record
    first_slot_ = next_->first_slot;
    game_id_ = next_->game_id;
    started_ms_ = next_->started_ms;
    journal_.start(next_->written);
    next_.reset();
  } else {
    first_slot_ = first_seat(settings_.creator_side, context_->config.coin);
    game_id_ = make_id("g");
    started_ms_ = now_ms();
    journal_.start(false);
  }
  game_ids_.push_back(game_id_);
  game_.emplace(settings_.rules);
  draw_offer_.reset();
  draw_offered_at_ = {-1, -1};
  takeback_offer_.reset();
  note_start_ratings();
  note_rated_start();
  clock_.start(SteadyClock::now());
  start_first_move_wait();
  phase_ = Phase::playing;
  context_->directory.add_game(game_id_, shared_from_this());
  context_->metrics.live_games++;
  // Announced once the game is durable, so a game someone was told of survives a crash.
  auto announce = [self = shared_from_this(), game_id = game_id_, join_request = std::move(join_request)] {
    if (self->phase_ != Phase::playing || self->game_id_ != game_id) return;
    self->announce_game(join_request);
  };
  if (journal_.header_durable()) return announce();
  write_live(std::move(announce));
}

void Room::announce_game(const protocol::RequestId& join_request) {
  if (before_announce_) std::exchange(before_announce_, nullptr)();
  if (!settings_.is_private) {
    list_in_lobby();
  }
  for (int i = 0; i < 2; ++i) {
    const protocol::RequestId id = (i == 1 && score_.game_number() == 1) ? join_request : protocol::RequestId{};
    send_to(i, make_frame(protocol::encode(sv::GameStarted{view(i)}, id)));
  }
  if (!spectators_.empty()) {
    const Frame frame = make_frame(protocol::encode(sv::GameStarted{view(std::nullopt)}));
    for (const auto& [cid, weak] : spectators_)
      if (auto c = weak.lock()) c->send(frame);
  }
  clock_.restart_turn(SteadyClock::now());
  arm_clock();
  for (int i = 0; i < 2; ++i)
    if (!seats_[i].present) start_absence(i);
}

void Room::arm_clock() {
  const auto generation = ++clock_generation_;
  if (waiting_first_move() && !clock_.paused()) return arm_first_move(generation);
  if (!clock_.timed() || phase_ != Phase::playing || game_->status().over() || clock_.paused()) {
    clock_timer_.cancel();
    return;
  }
  const Side side = game_->to_move();
  const std::int64_t left = clock_.left(side, SteadyClock::now());
  clock_timer_.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, left) + 1));
  clock_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (!ec) self->on_clock_timer(generation);
  });
}

void Room::on_clock_timer(std::uint64_t generation) {
  if (generation != clock_generation_ || phase_ != Phase::playing || game_->status().over() || clock_.paused()) return;
  const Side side = game_->to_move();
  if (clock_.left(side, SteadyClock::now()) > 0) return arm_clock();
  clock_.flag(side);
  end_game(rules::Status::win(rules::other(side), rules::EndReason::time));
}

void Room::move(std::string player, std::shared_ptr<Connection> connection, protocol::client::Move request_move,
                protocol::RequestId request) {
  // Deferred, not posted: called on the mover's session strand, the move runs next on
  // the same network thread (its caches warm, no other thread woken) unless another is idle.
  asio::defer(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                        m = std::move(request_move), request = std::move(request)] {
    if (self->journal_.untold())  // a takeback (or move) is being written: this move comes after it
      return self->journal_.defer(
          [self, player, connection, m, request] { self->move(player, connection, m, request); });
    const auto slot = self->slot_of(player);
    if (!slot || self->phase_ == Phase::open)
      return self->reply_error(connection, request, ErrorCode::not_a_player, "you are not playing in this game");
    if (self->phase_ != Phase::playing || m.game_id != self->game_id_ || self->game_->status().over())
      return self->reply_error(connection, request, ErrorCode::game_over, "the game has ended");
    auto& game = *self->game_;
    const Side side = self->side_of_slot(*slot);
    if (game.to_move() != side)
      return self->reply_error(connection, request, ErrorCode::not_your_turn,
                               "it is " + std::string(game.rules().side_name(game.to_move())) + "'s turn");
    if (m.ply != game.ply())
      return self->reply_error(connection, request, ErrorCode::stale_ply,
                               "the game is at ply " + std::to_string(game.ply()) + ", not " + std::to_string(m.ply));
    std::int64_t left = 0;
    if (self->clock_.timed() && self->waiting_first_move()) {
      left = self->clock_.remaining()[rules::index(side)];  // its clock has not run yet
    } else if (self->clock_.timed()) {
      left = self->clock_.left(side, SteadyClock::now());
      if (left <= 0) {
        self->clock_.flag(side);
        self->reply_error(connection, request, ErrorCode::game_over, "your time ran out");
        return self->end_game(rules::Status::win(rules::other(side), rules::EndReason::time));
      }
    }
    auto played = self->play_checked(m.move);
    if (!played) return self->reply_error(connection, request, ErrorCode::illegal_move, played.error().message);
    self->clock_.moved(side, left, SteadyClock::now());
    // The mover's flag timer is void; the opponent's is armed once the move is told.
    ++self->clock_generation_;
    self->clock_timer_.cancel();
    self->draw_offer_.reset();
    self->takeback_offer_.reset();  // a move lapses a takeback request, as a draw offer
    self->start_first_move_wait();
    storage::MoveRecord record;
    record.text = game.rules().move_text(*played);
    record.first_clock_ms = self->clock_.timed() ? self->clock_.remaining()[0] : -1;
    record.second_clock_ms = self->clock_.timed() ? self->clock_.remaining()[1] : -1;
    record.at_ms = now_ms();
    self->journal_.add(record);
    self->context_->metrics.moves_total++;

    sv::Move event = views::move_event(self->game_id_, game, record.text, side, self->clocks_view());
    // One encoding for everyone but the player to move, one with the legal moves for that
    // player; the mover's copy only adds the echoed id to its own audience's text.
    std::string text = protocol::encode(event);
    std::optional<int> to_move_slot;
    std::string for_to_move;
    if (const auto legal = views::legal_moves_json(game, self->listed_moves_)) {  // none once the game is over
      self->listed_for_ = game.position();
      to_move_slot = self->slot_for(game.to_move());
      for_to_move = protocol::with_legal_moves(text, *legal);
    }
    Frame echo = make_frame(protocol::with_request_id(to_move_slot == *slot ? for_to_move : text, request));
    // Nobody hears of the move before it is durable: whatever a client saw survives a crash.
    self->write_live([self, connection, echo = std::move(echo), frame = make_frame(std::move(text)), to_move_slot,
                      frame_to_move = make_frame(std::move(for_to_move)), game_id = self->game_id_,
                      ply = game.ply()]() mutable {
      self->broadcast(frame, connection->id(), to_move_slot);
      if (to_move_slot && self->seats_[*to_move_slot].connection_id != connection->id())
        self->send_to(*to_move_slot, frame_to_move);
      connection->send(std::move(echo));
      for (auto& reply : self->journal_.told()) reply();
      // Resigned or shut down meanwhile: the move is told, the rest is done.
      if (self->phase_ != Phase::playing || self->game_id_ != game_id) return;
      if (self->listed_ply_) self->listed_ply_->store(ply, std::memory_order_relaxed);
      if (self->game_->status().over()) return self->end_game(self->game_->status());
      // The opponent's time starts when the move is told, not while it was being written.
      if (self->game_->ply() == ply) self->clock_.restart_turn(SteadyClock::now());
      self->arm_clock();
    });
  });
}

storage::LiveGame Room::live_header() const { return live_header(game_id_, first_slot_, started_ms_, score_); }

storage::LiveGame Room::live_header(const std::string& game_id, int first_slot, std::int64_t started_ms,
                                    const MatchScore& score) const {
  std::array<records::SeatIdentity, 2> identities;
  for (std::size_t i = 0; i < 2; ++i) {
    identities[i].player = seats_[i].player;
    if (auto found = context_->identities.credentials(seats_[i].player)) {
      identities[i].token = found->token;
      identities[i].registered = found->registered;
      identities[i].bot = found->bot;
    }
  }
  return records::live_header(facts(), identities, game_id, first_slot, started_ms, score);
}

rules::Result<rules::Move> Room::play_checked(std::string_view text) {
  auto& game = *game_;
  // The moves listed to the player to move are this position's legal moves: a move
  // among them needs no generation of its own. Anything else (another position, a text
  // not parsed to one of them) goes to the rules, which decide and say why not.
  if (listed_for_ && *listed_for_ == game.position()) {
    if (auto parsed = game.rules().parse_move(text);
        parsed && std::find(listed_moves_.begin(), listed_moves_.end(), *parsed) != listed_moves_.end()) {
      game.play(*parsed);
      return *parsed;
    }
  }
  return game.play(text);
}

void Room::write_live(std::function<void()> then) {
  auto write = journal_.next_write();
  storage::LiveUpdate update;
  if (write.header) update.header = live_header();
  update.game_id = game_id_;
  update.first_ply = write.first_ply;
  update.moves = std::move(write.moves);
  update.erase_through = write.erase_through;
  const int plies = write.plies;
  const int erase_through = write.erase_through;
  const bool with_header = write.header;
  context_->store.save_live(
      std::move(update), [self = shared_from_this(), game_id = game_id_, plies, with_header, erase_through,
                          then = std::move(then)](storage::StoreError error) mutable {
        // From the store's thread to a network thread with the batch's other completions,
        // then to the room's strand on that thread.
        self->context_->store_completions->post([self, game_id = std::move(game_id), plies, with_header, erase_through,
                                                 error = std::move(error), then = std::move(then)]() mutable {
          asio::defer(self->strand_, [self, game_id = std::move(game_id), plies, with_header, erase_through,
                                      error = std::move(error), then = std::move(then)] {
            if (self->game_id_ == game_id) self->journal_.written(with_header, plies, error.ok(), erase_through);
            if (!error.ok()) self->context_->metrics.live_write_failures++;
            if (self->journal_.starts_failing(error.ok()))
              log::error("live game " + game_id + " not saved (kept in memory): " + error.message);
            if (self->phase_ != Phase::closed) then();
          });
        });
      });
}

void Room::act(std::string player, std::shared_ptr<Connection> connection, std::string game_id, Action action,
               protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), action, request = std::move(request)] {
    if (self->journal_.untold())  // a move being written is told before what follows it
      return self->journal_.defer([self, player, connection, game_id, action, request] {
        self->act(player, connection, game_id, action, request);
      });
    const auto slot = self->slot_of(player);
    if (!slot || self->phase_ == Phase::open)
      return self->reply_error(connection, request, ErrorCode::not_a_player, "you are not playing in this game");
    if (self->phase_ != Phase::playing || game_id != self->game_id_ || self->game_->status().over())
      return self->reply_error(connection, request, ErrorCode::game_over, "the game has ended");
    const Side side = self->side_of_slot(*slot);
    const auto& name = self->seats_[*slot].player;
    switch (action) {
      case Action::resign:
        // A rated game resigned before both sides moved is aborted: no rating is won by
        // a resignation at ply 0 (rating farming).
        if (self->settings_.rated && self->game_->ply() < 2)
          return self->end_game(rules::Status::aborted(rules::EndReason::aborted));
        return self->end_game(rules::Status::win(rules::other(side), rules::EndReason::resignation));
      case Action::offer_draw: {
        if (self->draw_offer_ == rules::other(side))
          return self->end_game(rules::Status::draw(rules::EndReason::agreement));
        const sv::DrawOffered offered{self->game_id_, side_text(side), name};
        // A repeat while the offer stands tells the opponent nothing new.
        if (self->draw_offer_ == side) return connection->send(make_frame(protocol::encode(offered, request)));
        // One offer per side every kDrawOfferPlies plies: offers cannot be used to pester.
        int& last = self->draw_offered_at_[rules::index(side)];
        const int ply = self->game_->ply();
        if (last >= 0 && ply < last + kDrawOfferPlies)
          return self->reply_error(connection, request, ErrorCode::rate_limited,
                                   "you offered a draw at ply " + std::to_string(last) + "; offer again from ply " +
                                       std::to_string(last + kDrawOfferPlies));
        last = ply;
        self->draw_offer_ = side;
        self->broadcast(make_frame(protocol::encode(offered)), connection->id());
        connection->send(make_frame(protocol::encode(offered, request)));
        return;
      }
      case Action::accept_draw:
        if (self->draw_offer_ != rules::other(side))
          return self->reply_error(connection, request, ErrorCode::no_draw_offer,
                                   "there is no draw offer from your opponent");
        return self->end_game(rules::Status::draw(rules::EndReason::agreement));
      case Action::decline_draw:
        if (self->draw_offer_ != rules::other(side))
          return self->reply_error(connection, request, ErrorCode::no_draw_offer,
                                   "there is no draw offer from your opponent");
        self->draw_offer_.reset();
        self->broadcast(make_frame(protocol::encode(sv::DrawDeclined{self->game_id_, side_text(side), name})),
                        connection->id());
        connection->send(
            make_frame(protocol::encode(sv::DrawDeclined{self->game_id_, side_text(side), name}, request)));
        return;
    }
  });
}

void Room::end_game(rules::Status status) {
  // Every move of a game's record is told before its end: a timer (flag, first move,
  // abandonment) that fires while a move is being written ends the game once the move
  // is told, if the move did not end it.
  if (journal_.untold()) {
    return journal_.defer([self = shared_from_this(), status, game_id = game_id_] {
      if (self->phase_ == Phase::playing && self->game_id_ == game_id && !self->game_->status().over())
        self->end_game(status);
    });
  }
  auto& game = *game_;
  if (!game.status().over()) game.finish(status);
  const rules::Status final_status = game.status();
  phase_ = Phase::ending;
  cancel_timers();
  const rules::Points points = game.points();
  context_->metrics.live_games--;
  if (!settings_.is_private) context_->lobby->game_ended(game_id_);

  storage::GameRecord record = records::game_record(facts(), game_id_, game, players(), score_.game_number(),
                                                    started_ms_, now_ms(), journal_.moves());
  record.first_bot = context_->identities.is_bot(record.first_player);
  record.second_bot = context_->identities.is_bot(record.second_player);

  // The match's next game is decided now and written with this record: no moment
  // exists in which neither is in the database.
  std::optional<storage::LiveGame> next_header;
  if (score_.more_games() && final_status.kind != rules::Status::Kind::aborted) {  // an abort ends the match
    next_ = NextGame{make_id("g"), 1 - first_slot_, now_ms(), false};              // sides alternate
    auto next_score = score_.with(record.first_player, record.second_player, points);
    next_score.next_game();
    next_header = live_header(next_->game_id, next_->first_slot, next_->started_ms, next_score);
  }

  // The end is announced only once the record is durable (or the write failed: then it
  // is written again later, see retry_archive).
  context_->pending.add();
  auto ctx = context_;
  auto kept = std::make_shared<const storage::GameRecord>(record);
  context_->store.finish_game(
      std::move(record), std::move(next_header),
      [self = shared_from_this(), ctx, kept, final_status, points](storage::StoreResult<storage::GameFinish> result) {
        std::optional<storage::RatingChanges> changes;
        if (result.value) changes = std::move(result.value->rating_changes);
        // On the store's thread, in commit order: the cache follows the database.
        if (changes) ctx->ratings.apply(kept->first_player, kept->second_player, *changes);
        asio::post(self->strand_, [self, error = std::move(result.error), kept, final_status, points,
                                   changes = std::move(changes)]() mutable {
          if (!error.ok()) self->retry_archive(kept, std::chrono::seconds(1));
          self->on_saved(std::move(error), kept->id, final_status, points, std::move(changes));
        });
        ctx->pending.done();
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
        if (error.code != storage::StoreErrc::unavailable) {  // conflict: it is stored already
          return log::error("game " + record->id + " not archived: " + error.message);
        }
        if (!self->context_->shutting_down)
          self->retry_archive(record, std::min<std::chrono::seconds>(delay * 2, std::chrono::seconds(30)));
      });
    });
  });
}

void Room::on_saved(storage::StoreError error, std::string game_id, rules::Status status, rules::Points points,
                    std::optional<storage::RatingChanges> rating_changes) {
  if (phase_ == Phase::closed) return;  // shut down meanwhile
  const bool archived = error.ok();
  if (!archived) {
    context_->metrics.archive_failures++;
    log::error("game " + game_id + " could not be archived: " + error.message);
  }
  context_->metrics.games_finished++;
  const auto by_side = players();
  score_.add(by_side.first, by_side.second, points);
  sv::GameOver over = views::game_over(id_, game_id, status, points, by_side, archived, match_info());
  if (rating_changes) over.rating_changes = changes_view(*rating_changes);
  // The match's last game: the seats are free before anyone hears of the end, so a
  // player may create or join the next room the moment they know.
  if (!next_)
    for (const auto& seat : seats_)
      if (!seat.player.empty()) context_->identities.remove_room(seat.player, id_);
  broadcast(make_frame(protocol::encode(over)));

  if (next_) {
    next_->written = archived;
    // Shutting down: the next game is in the database and comes back after the restart.
    if (context_->shutting_down) return;
    return start_game({});
  }

  const auto match = views::match_over(id_, match_id_, score_, seats_[0].player, seats_[1].player);
  enter_finished(make_frame(protocol::encode(match)));
}

void Room::cancel_timers() {
  ++clock_generation_;
  clock_timer_.cancel();
  for (auto& seat : seats_) {
    ++seat.grace_generation;
    seat.grace->cancel();
    seat.deadline_ms = 0;
  }
  if (rematch_timer_) rematch_timer_->cancel();
  if (computer_timer_) computer_timer_->cancel();
}

void Room::close(const std::string& reason) {
  const Phase before = phase_;
  phase_ = Phase::closed;
  open_slot_.release();
  cancel_timers();
  journal_.drop_deferred();  // they hold the room
  // Out of the directory first: whoever hears of the end can no longer find the room.
  context_->directory.remove_room(id_);
  context_->seeks.remove(id_);
  for (const auto& g : game_ids_) context_->directory.remove_game(g);
  for (const auto& seat : seats_)
    if (!seat.player.empty()) context_->identities.remove_room(seat.player, id_);
  if (!computer_.empty()) context_->identities.remove_room(computer_, id_);  // the seat kept for the bot
  drop_spectators();
  if (before == Phase::open && !settings_.is_private) context_->lobby->room_closed(id_, reason);
}

// ---- presence ----

void Room::start_absence(int slot) {
  auto& seat = seats_[slot];
  const auto grace = context_->config.reconnect_grace_ms;
  seat.deadline_ms = now_ms() + grace;
  const auto generation = ++seat.grace_generation;
  broadcast(make_frame(
      protocol::encode(sv::PlayerLeft{game_id_, side_text(side_of_slot(slot)), seat.player, seat.deadline_ms, grace})));
  seat.grace->expires_after(std::chrono::milliseconds(grace));
  seat.grace->async_wait([self = shared_from_this(), slot, generation](const boost::system::error_code& ec) {
    auto& s = self->seats_[slot];
    if (ec || generation != s.grace_generation || s.present || self->phase_ != Phase::playing) return;
    // Both away (e.g. neither came back after a restart): nobody wins by it.
    if (!self->seats_[1 - slot].present) return self->end_game(rules::Status::draw(rules::EndReason::abandonment));
    self->end_game(rules::Status::win(rules::other(self->side_of_slot(slot)), rules::EndReason::abandonment));
  });
}

void Room::arm_room_grace(int slot) {
  auto& seat = seats_[slot];
  const auto generation = ++seat.grace_generation;
  // Not the game's grace: an open room nobody is behind keeps the lobby busy for nothing.
  seat.grace->expires_after(std::chrono::milliseconds(context_->config.open_room_grace_ms));
  seat.grace->async_wait([self = shared_from_this(), slot, generation](const boost::system::error_code& ec) {
    auto& s = self->seats_[slot];
    if (ec || generation != s.grace_generation || s.present || self->phase_ != Phase::open) return;
    self->close("abandoned");
  });
}

void Room::player_dropped(std::string player, std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection_id] {
    const auto slot = self->slot_of(player);
    if (!slot) return;
    auto& seat = self->seats_[*slot];
    if (seat.connection_id != connection_id || !seat.present) return;
    seat.present = false;
    seat.connection.reset();
    seat.connection_id = 0;
    self->spectators_changed();  // a player who watched too counts as a spectator now, if still watching
    if (self->phase_ == Phase::finished) return self->end_rematch("left", nullptr, {});
    if (self->phase_ == Phase::open) return self->arm_room_grace(*slot);
    if (self->phase_ == Phase::playing) self->start_absence(*slot);
    // While a game's end is being archived nothing runs; the next game arms the timer.
  });
}

void Room::player_returned(std::string player, std::shared_ptr<Connection> connection) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection)] {
    if (self->journal_.untold())  // its state would show a move not yet durable
      return self->journal_.defer([self, player, connection] { self->player_returned(player, connection); });
    const auto slot = self->slot_of(player);
    if (!slot || self->phase_ == Phase::closed) return;
    auto& seat = self->seats_[*slot];
    const bool was_absent = !seat.present;
    seat.present = true;
    seat.connection = connection;
    seat.connection_id = connection->id();
    seat.deadline_ms = 0;
    ++seat.grace_generation;
    seat.grace->cancel();
    if (self->phase_ == Phase::open) {
      sv::RoomCreated created{self->info(), std::nullopt};
      if (self->settings_.is_private && self->computer_.empty()) created.invite_code = self->invite_code_;
      connection->send(make_frame(protocol::encode(created)));
      return;
    }
    self->resume_clocks_if_all_back(*slot);
    self->spectators_changed();  // the connection may have watched the game before
    connection->send(make_frame(protocol::encode(sv::GameState{self->view(*slot)})));
    if (was_absent && self->phase_ == Phase::playing)
      self->broadcast(make_frame(protocol::encode(
                          sv::PlayerReturned{self->game_id_, side_text(self->side_of_slot(*slot)), seat.player})),
                      connection->id());
  });
}

void Room::resume_clocks_if_all_back(int returning_slot) {
  if (!clock_.paused() || !seats_[0].present || !seats_[1].present) return;
  clock_.resume(SteadyClock::now());
  start_first_move_wait();  // a restored game still waiting for a first move: its time again
  arm_clock();
  // The others see the clocks running again (the returning player gets the state anyway).
  send_to(1 - returning_slot, make_frame(protocol::encode(sv::GameState{view(1 - returning_slot)})));
  if (spectators_.empty()) return;
  const Frame frame = make_frame(protocol::encode(sv::GameState{view(std::nullopt)}));
  for (const auto& [cid, weak] : spectators_)
    if (auto c = weak.lock()) c->send(frame);
}

// ---- spectators ----

void Room::watch(std::shared_ptr<Connection> connection, std::string game_id, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), connection = std::move(connection), game_id = std::move(game_id),
                       request = std::move(request)] {
    if (self->journal_.untold())  // its state would show a move not yet durable
      return self->journal_.defer([self, connection, game_id, request] { self->watch(connection, game_id, request); });
    if (self->phase_ == Phase::closed || self->phase_ == Phase::open || self->phase_ == Phase::finished || !self->game_)
      return self->reply_error(connection, request, ErrorCode::unknown_game, "no live game '" + game_id + "'");
    // A connection that closed meanwhile has left already: it must not count.
    if (!self->context_->watchers.watch(connection->id(), self->id_)) return;
    self->spectators_[connection->id()] = connection;
    connection->send(make_frame(protocol::encode(sv::GameState{self->view(std::nullopt)}, request)));
    self->spectators_changed();
  });
}

void Room::unwatch(std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), connection_id] {
    self->context_->watchers.unwatch(connection_id, self->id_, now_ms());
    if (self->spectators_.erase(connection_id) > 0) self->spectators_changed();
  });
}

void Room::drop_spectators() {
  const std::int64_t now = now_ms();
  for (const auto& [cid, weak] : spectators_) context_->watchers.unwatch(cid, id_, now);
  spectators_.clear();
  ++spectators_generation_;
  spectators_waiting_ = false;
  spectators_timer_.cancel();
}

int Room::spectator_count() const {
  int count = 0;
  for (const auto& [cid, weak] : spectators_)
    if (cid != seats_[0].connection_id && cid != seats_[1].connection_id && !weak.expired()) ++count;
  return count;
}

void Room::spectators_changed() {
  if (!spectators_waiting_) tell_spectator_count();
}

void Room::tell_spectator_count() {
  if (phase_ != Phase::playing && phase_ != Phase::ending) return;
  const int count = spectator_count();
  if (count == spectators_told_) return;
  spectators_told_ = count;
  broadcast(make_frame(protocol::encode(sv::Spectators{game_id_, count})));
  // Changes until the interval ends are told together, when it ends.
  spectators_waiting_ = true;
  const auto generation = ++spectators_generation_;
  spectators_timer_.expires_after(std::chrono::milliseconds(context_->config.spectator_count_interval_ms));
  spectators_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (ec || generation != self->spectators_generation_) return;
    self->spectators_waiting_ = false;
    self->tell_spectator_count();
  });
}

void Room::stop(std::function<void()> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
    if (self->journal_.untold())  // the move being written is told before the room stops
      return self->journal_.defer([self, done = std::move(done)] { self->stop(done); });
    if (self->phase_ == Phase::playing) self->context_->metrics.live_games--;
    self->phase_ = Phase::closed;  // a live game is left unfinished (not archived)
    self->cancel_timers();
    self->journal_.drop_deferred();
    self->drop_spectators();
    done();
  });
}

}  // namespace bh::app
