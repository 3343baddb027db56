#include "app/rooms/room.hpp"

#include <boost/asio/defer.hpp>

#include "app/metrics.hpp"
#include "app/players/seats.hpp"
#include "app/replies.hpp"
#include "app/rooms/game_events.hpp"
#include "app/rooms/game_records.hpp"
#include "app/rooms/games.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace asio = boost::asio;
using protocol::ErrorCode;

static game::Now now() { return {std::chrono::steady_clock::now(), now_ms()}; }

Room::Room(const RoomServices& services, game::GameSession session)
    : services_(services),
      strand_(asio::make_strand(services_.io)),
      session_(std::move(session)),
      audience_(strand_, services_.watchers, session_.room_id),
      timers_(strand_) {}

void Room::command(game::Command command) {
  on_strand([command = std::move(command)](Room& r) { r.decide(command, {}); });
}

void Room::recent_chat(std::string game_id, std::function<void(std::vector<protocol::server::Chat>)> give) {
  on_strand([game_id = std::move(game_id), give = std::move(give)](Room& r) {
    auto lines = r.session_.recent_chat;
    std::erase_if(lines, [&](const protocol::server::Chat& line) { return line.game_id != game_id; });
    give(std::move(lines));
  });
}

void Room::open(std::shared_ptr<Connection> creator, protocol::RequestId request, Computer computer) {
  on_strand([creator = std::move(creator), request = std::move(request), computer = std::move(computer)](Room& r) {
    r.session_.kept_for = computer.name;
    if (computer.connection) r.audience_.challenge(computer.connection);
    r.seat(0, creator);
    r.decide(game::Open{}, {creator, request});
  });
}

void Room::join(std::string player, std::shared_ptr<Connection> connection, std::optional<std::string> invite,
                protocol::RequestId request) {
  on_strand([player = std::move(player), connection = std::move(connection), invite = std::move(invite),
             request = std::move(request)](Room& r) {
    const auto& s = r.session_;
    auto refusal = game::refuse_join(s, player, invite, s.kept_for);
    if (!refusal) refusal = r.services_.seats.take(*s.settings, player, s.seats[0].player, r.id());
    if (refusal) return r.refuse({connection, request}, *refusal);
    r.decide(game::Join{player, r.seat_if_here(1, player, connection)}, {connection, request});
  });
}

void Room::play(std::string player, std::shared_ptr<Connection> connection, game::Command command,
                protocol::RequestId request) {
  // Deferred, not posted: called on the player's session strand, the command runs next on
  // the same network thread (its caches warm, no other thread woken) unless another is idle.
  asio::defer(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                        command = std::move(command), request = std::move(request)]() mutable {
    Room& r = *self;
    if (r.asleep_with(connection, request, [=](const auto& room) { room->play(player, connection, command, request); }))
      return;
    const int slot = r.slot(player);
    game::set_slot(command, slot);
    if (auto* chat = std::get_if<game::Chat>(&command)) chat->watching = r.audience_.watching(connection->id());
    // A player back on another connection since the match ended: its rematch events go there.
    if (std::holds_alternative<game::Rematch>(command)) r.reseat_for_rematch(slot, connection);
    r.decide(command, {std::move(connection), std::move(request)});
  });
}

void Room::watch(std::shared_ptr<Connection> connection, std::string game_id, protocol::RequestId request) {
  on_strand([connection = std::move(connection), game_id = std::move(game_id), request = std::move(request)](Room& r) {
    if (r.asleep_with(connection, request, [=](const auto& room) { room->watch(connection, game_id, request); }) ||
        r.after_told([=, self = r.shared_from_this()] { self->watch(connection, game_id, request); }))
      return;
    const auto phase = r.session_.phase;
    if (phase != Phase::playing && phase != Phase::ending)
      return r.refuse({connection, request}, {ErrorCode::unknown_game, "no live game '" + game_id + "'"});
    // One's own game (of several correspondence games, say): the player's view, seat kept.
    const auto player = r.services_.seats.player_of(connection->id());
    const auto slot = player ? r.session_.slot_of(*player) : std::nullopt;
    if (!slot && !r.audience_.watch(connection)) return;  // it closed meanwhile
    r.session_.spectators = r.audience_.spectator_count();
    const auto view = game::game_view(r.session_, slot, now().steady);
    connection->send(make_frame(protocol::encode(protocol::server::GameState{view}, request)));
    if (!slot) r.spectators_changed();
  });
}

void Room::unwatch(std::uint64_t connection_id) {
  on_strand([connection_id](Room& r) {
    if (r.audience_.unwatch(connection_id)) r.spectators_changed();
    r.sleep_soon();
  });
}

void Room::player_dropped(std::string player, std::uint64_t connection_id) {
  on_strand([player = std::move(player), connection_id](Room& r) {
    const int slot = r.slot(player);
    if (slot < 0 || r.audience_.seat_connection_id(slot) != connection_id || !r.session_.seats[slot].present) return;
    r.audience_.unseat(slot);
    r.spectators_changed();  // a player who watched too counts as a spectator now, if still watching
    r.decide(game::Left{slot}, {});
  });
}

void Room::player_returned(std::string player, std::shared_ptr<Connection> connection, bool quietly) {
  on_strand([player = std::move(player), connection = std::move(connection), quietly](Room& r) {
    if (r.after_told([=, self = r.shared_from_this()] { self->player_returned(player, connection, quietly); })) return;
    const int slot = r.slot(player);
    if (slot < 0 || r.session_.phase == Phase::closed) return;
    r.seat(slot, connection);
    if (r.session_.phase != Phase::open) r.spectators_changed();  // the connection may have watched the game
    r.decide(game::Returned{slot, quietly}, {connection, {}});
  });
}

void Room::rematch_connection(std::string player, std::shared_ptr<Connection> connection) {
  on_strand([player = std::move(player), connection = std::move(connection)](Room& r) {
    r.reseat_for_rematch(r.slot(player), connection);
  });
}

void Room::reseat_for_rematch(int slot, const std::shared_ptr<Connection>& connection) {
  if (session_.phase != Phase::finished || slot < 0 || audience_.seat_connection_id(slot) == connection->id()) return;
  seat(slot, connection);
  session_.seats[slot].present = true;
}

void Room::stop(std::function<void()> done) {
  on_strand([done = std::move(done)](Room& r) mutable {
    if (r.session_.phase == Phase::closed) return done();  // handed over meanwhile
    if (r.after_told([self = r.shared_from_this(), done] { self->stop(done); })) return;
    if (r.session_.phase == Phase::playing) count(r.services_.metrics.live_games, std::int64_t{-1});
    r.shut();  // a live game is left unfinished (not archived)
    done();
  });
}

void Room::decide(const game::Command& command, const Requester& requester) {
  session_.spectators = audience_.spectator_count();
  carry_out(game::decide_in_place(session_, command, now()), requester);
  sleep_soon();
}

void Room::carry_out(game::Effects effects, const Requester& r) {
  for (auto& effect : effects) {
    std::visit(
        [&](auto& e) {
          using E = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<E, game::Refuse>) refuse(r, e);
          else if constexpr (std::is_same_v<E, game::Answer>) RoomAudience::answer(r.connection, r.request, e.text);
          else if constexpr (std::is_same_v<E, game::Tell>) tell(e, r);
          else if constexpr (std::is_same_v<E, game::Persist>) persist(std::move(e), r);
          else if constexpr (std::is_same_v<E, game::Arm>) arm(e.kind, e.at);
          else if constexpr (std::is_same_v<E, game::Disarm>) arm(e.kind, std::nullopt);
          else if constexpr (std::is_same_v<E, game::Keep>) services_.records.keep(e, strand_);
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
  send_error(services_.metrics, r.connection, r.request, refusal.code, refusal.message, refusal.retry_after_ms);
}

void Room::tell(game::Tell& t, const Requester& r) {
  audience_.tell(t, present(), r.connection ? r.connection->id() : 0, r.request, [&](std::uint64_t cid) {
    const auto who = services_.seats.player_of(cid);
    return who && session_.slot_of(*who);
  });
}

void Room::notice(const game::Notice& n, const Requester& r) {
  switch (n.note) {
    case game::Note::listed:
      // A new counter per game: the lobby's line of an ended game is never moved on.
      listed_ply_ = std::make_shared<std::atomic<int>>(session_.game->ply());
      break;  // published with it
    case game::Note::ply_told:
      if (listed_ply_) listed_ply_->store(n.ply, std::memory_order_relaxed);
      break;  // published: the players' lists of games follow it
    case game::Note::start_next:
      return begin_game(r);
    case game::Note::rematch_window:
      deferred_.clear();
      return audience_.drop_watchers();
    case game::Note::rematch_start:
      return start_rematch(n.slot, r);
    case game::Note::close:
      return close(n.reason);
    case game::Note::joined:
      open_slot_.release();
      break;
    default:
      break;
  }
  publish(n.note);
  if (n.note == game::Note::rematch_closed) close();
}

void Room::persist(game::Persist p, const Requester& r) {
  services_.records.persist(session_, std::move(p), strand_,
                            [self = shared_from_this(), r](game::Persisted answer, game::Effects then) {
                              Room& room = *self;
                              if (answer.lost) return room.hand_over();
                              room.decide(answer, r);
                              if (room.session_.phase != Phase::closed) room.carry_out(std::move(then), r);
                            });
}

void Room::finish(game::Finish f) {
  services_.records.finish(session_, std::move(f), strand_, [self = shared_from_this()](game::Archived a) {
    if (a.lost) return self->hand_over();
    self->decide(a, {});
  });
}

void Room::arm(game::DeadlineKind kind, std::optional<game::Time> at) {
  if (!at) return timers_.cancel(RoomTimers::of(kind));
  timers_.at(RoomTimers::of(kind), *at,
             [self = shared_from_this(), kind] { self->decide(game::DeadlineDue{kind}, {}); });
}

void Room::begin_game(const Requester& requester) {
  decide(services_.games.next_begin(session_, {audience_.seat_connection(0), audience_.seat_connection(1)}), requester);
}

void Room::start_rematch(int accepter_slot, const Requester& r) {
  const std::array<std::weak_ptr<Connection>, 2> connections{audience_.seat_connection(1 - accepter_slot),
                                                             audience_.seat_connection(accepter_slot)};
  auto refusal = services_.games.create_rematch(session_, accepter_slot, connections, r.request, [&] {
    session_.rematch_offer.reset();
    close();
  });
  if (refusal) refuse(r, *refusal);
}

bool Room::after_told(std::function<void()> then) {
  // While a move is being written the state would show it before it is durable.
  if (!session_.journal.untold()) return false;
  deferred_.push_back(std::move(then));
  return true;
}

void Room::start_seated(std::array<std::weak_ptr<Connection>, 2> connections, protocol::RequestId request) {
  on_strand([connections = std::move(connections), request = std::move(request)](Room& r) mutable {
    for (int i = 0; i < 2; ++i)
      r.session_.seats[i].present = r.seat_if_here(i, r.session_.seats[i].player, connections[i].lock());
    r.begin_game({nullptr, std::move(request)});
  });
}

bool Room::seat_if_here(int slot, const std::string& player, const std::shared_ptr<Connection>& connection) {
  // A player whose connection closed before this ran missed player_dropped: absent.
  const bool here = connection && services_.seats.player_of(connection->id()) == player;
  if (here) seat(slot, connection);
  return here;
}

void Room::shut() {
  session_.phase = Phase::closed;
  open_slot_.release();
  timers_.cancel_all();
  deferred_.clear();  // they hold the room
  audience_.drop_watchers();
}

void Room::close(std::string_view reason) {
  shut();
  if (!reason.empty()) log::info("room " + id() + " closed: " + std::string(reason));
  // Out of the directory first: whoever hears of the end can no longer find the room.
  publish(game::Note::closed, reason);
}

void Room::publish(game::Note note, std::string_view reason) {
  services_.events.publish({note, session_, shared_from_this(), listed_ply_, reason});
}

void Room::spectators_changed() {
  const auto live = [this] { return session_.phase == Phase::playing || session_.phase == Phase::ending; };
  audience_.count_changed(services_.limits.spectator_count_interval_ms, shared_from_this(), live,
                          [this] { return std::pair(session_.game_id, present()); });
}

}  // namespace bh::app
