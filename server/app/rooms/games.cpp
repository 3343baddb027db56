#include "app/rooms/games.hpp"

#include "app/tournaments/tournament_director.hpp"

#include "app/app_context.hpp"

#include "app/completion.hpp"

#include "app/ids.hpp"
#include "app/players/seats.hpp"
#include "app/rooms/lobby.hpp"
#include "app/rooms/room.hpp"
#include "app/secrets.hpp"
#include "app/wall_clock.hpp"
#include "game/restore.hpp"
#include "game/room_records.hpp"
#include "game/room_views.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

using protocol::ErrorCode;

std::shared_ptr<Room> Games::create_room(const std::string& creator, game::RoomSettings settings,
                                         const std::shared_ptr<Connection>& connection,
                                         const protocol::RequestId& request) {
  auto& ctx = ctx_;
  if (settings.correspondence && ctx.config.cluster) {
    ctx.send_error(connection, request, ErrorCode::bad_options,
                   "correspondence games are not played on a cluster of servers yet");
    return nullptr;
  }
  auto room = std::make_shared<Room>(ctx.rooms, open_session(creator, std::move(settings)));
  if (auto refusal = claim_seat(ctx.identities, room->settings(), creator, room->id())) {
    ctx.send_error(connection, request, refusal->code, refusal->message);
    return nullptr;
  }
  return room;
}

void Games::publish(const std::shared_ptr<Room>& room) { ctx_.directory.add_room(room->id(), room); }

void Games::discard(const std::shared_ptr<Room>& room, const std::string& creator) {
  ctx_.directory.remove_room(room->id());
  ctx_.identities.remove_room(creator, room->id());
}

std::optional<game::Refuse> Games::create_rematch(const game::GameSession& old, int accepter_slot,
                                                  std::array<std::weak_ptr<Connection>, 2> connections,
                                                  const protocol::RequestId& request,
                                                  const std::function<void()>& close_old) {
  auto& ctx = ctx_;
  const int offerer = 1 - accepter_slot;
  const std::array<std::string, 2> players{old.seats[offerer].player, old.seats[accepter_slot].player};
  const bool offerer_played_first = old.first_slot == offerer;
  const auto& settings = *old.settings;
  const std::string old_room_id = old.room_id;
  if (ctx.shutting_down) return game::Refuse{ErrorCode::shutting_down, "the server is shutting down"};
  if (!ctx.store.healthy())
    return game::Refuse{ErrorCode::storage_unavailable,
                        "no new games for now: the server cannot save them (games in progress go on)"};
  if (auto refusal = ctx.seating.refuse_pair(settings, players[1], players[0])) return refusal;
  // Same game, options, clock, match length and privacy; the new room's creator is the
  // one who offered, and who played second in the last game plays first now.
  game::RoomSettings next_settings = settings;
  next_settings.seek = false;
  next_settings.creator_side = offerer_played_first ? game::CreatorSide::second : game::CreatorSide::first;
  auto session = open_session(players[0], std::move(next_settings));
  session.seats[1].player = players[1];
  session.score.seat(players[0], players[1]);
  session.rematch_of = old_room_id;  // its first game is announced as the rematch
  auto next = std::make_shared<Room>(ctx.rooms, std::move(session));
  // Both seats or neither: a player seated elsewhere meanwhile stops the rematch.
  auto& identities = ctx.identities;
  if (auto refusal = claim_seat(identities, settings, players[0], next->id())) {
    if (refusal->code == ErrorCode::already_seated) refusal->message = "your opponent has a seat in another room";
    return refusal;
  }
  if (auto refusal = claim_seat(identities, settings, players[1], next->id())) {
    identities.remove_room(players[0], next->id());
    return refusal;
  }
  for (const auto& player : players) ctx.rematch_rooms.clear(player, old_room_id);
  close_old();
  log::info("room " + old_room_id + ": rematch in room " + next->id());
  publish(next);
  next->start_seated(std::move(connections), request);
  return std::nullopt;
}

std::optional<Games::HeldRooms> Games::create_tournament_game(game::RoomSettings settings,
                                                              const std::array<std::string, 2>& players) {
  auto& ctx = ctx_;
  settings.creator_side = game::CreatorSide::first;  // the pairing gave the sides
  auto session = open_session(players[0], std::move(settings));
  session.seats[1].player = players[1];
  session.score.seat(players[0], players[1]);
  auto room = std::make_shared<Room>(ctx.rooms, std::move(session));
  HeldRooms held;
  for (int i = 0; i < 2; ++i) held[i] = claim_seat_or_held(ctx.identities, room->settings(), players[i], room->id());
  if (held[0] || held[1]) {
    for (int i = 0; i < 2; ++i)
      if (!held[i]) ctx.identities.remove_room(players[i], room->id());
    return held;
  }
  publish(room);
  room->start_seated({ctx.identities.connection_of(players[0]), ctx.identities.connection_of(players[1])}, {});
  return std::nullopt;
}

game::Begin Games::next_begin(const game::GameSession& s, std::array<std::weak_ptr<Connection>, 2> connections) {
  auto& ctx = ctx_;
  game::Begin begin;
  // A tournament's game has the id its pairing was written with.
  begin.game_id = s.settings->tournament ? s.settings->tournament->game_id : make_id("g");
  if (s.score.game_number() + 1 < s.score.games()) begin.next_game_id = make_id("g");
  if (!s.next) begin.first_slot = game::first_seat(s.settings->creator_side, ctx.config.coin);
  std::vector<std::string> bots;
  for (const auto& seat : s.seats)
    if (!seat.player.empty() && ctx.identities.is_bot(seat.player)) bots.push_back(seat.player);
  if (!bots.empty()) begin.bots = std::move(bots);
  // The ratings by the sides the game will have.
  const int first = s.next ? s.next->first_slot : begin.first_slot;
  begin.ratings = {ctx.seating.rating_of(*s.settings, s.seats[first].player),
                   ctx.seating.rating_of(*s.settings, s.seats[1 - first].player)};
  ctx.seating.note_start(*s.settings, s.room_id, {s.seats[0].player, s.seats[1].player}, std::move(connections));
  return begin;
}

game::GameSession Games::open_session(const std::string& creator, game::RoomSettings settings) const {
  const bool is_private = settings.is_private;
  const std::int64_t node = ctx_.config.node_link ? ctx_.config.node_link->self() : 0;
  auto session = game::open_session(make_room_id(node), make_id("m"), is_private ? random_hex(8) : std::string(),
                                    std::make_shared<const game::RoomSettings>(std::move(settings)),
                                    ctx_.rooms.limits.game, creator);
  session.creator_rating = ctx_.seating.rating_of(*session.settings, creator);
  return session;
}

std::shared_ptr<Room> Games::restored_room(const storage::LiveGame& live) {
  auto made = game::restore_session(live, ctx_.rooms.limits.game, std::chrono::steady_clock::now());
  if (!made) {
    log::error("live game not restored (left in the database): " + made.error());
    return nullptr;
  }
  auto session = std::move(made).value();
  // A tournament's game: the store keeps its tournament beside it, not in its row.
  if (const auto tournament = ctx_.tournaments ? ctx_.tournaments->tournament_of(live.game_id) : std::nullopt) {
    auto settings = *session.settings;
    settings.tournament = game::RoomSettings::Tournament{*tournament, live.game_id};
    session.settings = std::make_shared<const game::RoomSettings>(std::move(settings));
  }
  const auto by_side = session.players();
  session.start_ratings = {ctx_.seating.rating_of(*session.settings, by_side.first),
                           ctx_.seating.rating_of(*session.settings, by_side.second)};
  return std::make_shared<Room>(ctx_.rooms, std::move(session));
}

// The seats of a game at start-up (or taken over from a node gone): each player may
// resume with their token. A registered player already here under another token (who
// logged in on this node before their game came to it) keeps the seat all the same:
// returned, those players.
static std::vector<std::string> restore_seats(Context& ctx, const storage::LiveGame& live,
                                              const game::RoomSettings& settings) {
  std::vector<std::string> here;
  for (const auto& seat : live.seats) {
    if (ctx.identities.restore(seat.player, {seat.token, seat.registered, seat.bot}, live.room_id,
                               !live.correspondence.empty())) {
      ctx.name_claims.hold(seat.player, seat.token, seat.registered, seat.bot);  // cluster: held here now
      continue;
    }
    const auto present = ctx.identities.credentials(seat.player);
    if (seat.registered && present && present->registered &&
        !claim_seat_or_held(ctx.identities, settings, seat.player, live.room_id)) {
      here.push_back(seat.player);
      continue;
    }
    log::error("live game " + live.game_id + ": " + seat.player + " cannot resume with a token (log in instead)");
  }
  return here;
}

bool Games::restore_room(const storage::LiveGame& live) {
  auto room = restored_room(live);
  if (!room) return false;
  const auto here = restore_seats(ctx_, live, room->settings());
  publish(room);
  room->command(game::Reopen{});
  for (const auto& player : here)
    if (auto c = ctx_.identities.connection_of(player)) room->player_returned(player, c);
  return true;
}

bool Games::restore_asleep(const storage::LiveGame& live) {
  auto& ctx = ctx_;
  if (live.correspondence.empty() || ctx.config.correspondence_sleep_ms <= 0) return false;
  auto made = game::restore_session(live, ctx.rooms.limits.game, std::chrono::steady_clock::now());
  if (!made) return false;  // restore_room says why
  const auto& s = *made;
  const auto deadline = s.deadline_ms();
  // A game whose deadline passed while the server was down is decided now, by its room.
  if (s.phase != game::Phase::playing || s.game->status().over() || !deadline || *deadline <= now_ms()) return false;
  restore_seats(ctx, live, *s.settings);
  ctx.player_games.update(game::player_game(s));
  if (!s.settings->is_private && ctx.lobby)
    ctx.lobby->game_live(game::live_info(s), std::make_shared<std::atomic<int>>(s.game->ply()));
  ctx.dormant.add(s.game_id, {s.room_id, deadline});
  count(ctx.metrics.games_asleep);
  ctx.sweep.reschedule();
  return true;
}

void Games::find_game(const std::string& game_id, const std::shared_ptr<Connection>& connection,
                      const protocol::RequestId& request, std::function<void(const std::shared_ptr<Room>&)> then) {
  if (auto room = ctx_.directory.find_game(game_id)) return then(room);
  auto& ctx = ctx_;
  auto woken = [&ctx, game_id, connection, request, then](const std::shared_ptr<Room>& room) {
    if (room) return then(room);
    if (connection)  // not the sweep's: it tries again
      ctx.send_error(connection, request, ErrorCode::storage_unavailable,
                     "the game '" + game_id + "' cannot be loaded just now; try again");
  };
  switch (ctx.dormant.wake(game_id, woken)) {
    case DormantGames::Wake::waiting:
      return;
    case DormantGames::Wake::load:
      return ctx.store.load_live_game(game_id, on_io<storage::StoreResult<storage::LiveGame>>(
                                                   ctx.io, "waking an asleep game",
                                                   [&ctx, game_id](storage::StoreResult<storage::LiveGame> loaded) {
                                                     ctx.games.woke(game_id, std::move(loaded));
                                                   },
                                                   [&ctx, game_id] {  // it stays asleep; whoever waited is told
                                                     for (auto& waiting : ctx.dormant.loaded(game_id, false))
                                                       waiting(nullptr);
                                                   }));
    case DormantGames::Wake::awake:
      break;
  }
  // Woken meanwhile (between the two looks), or no such game.
  if (auto room = ctx.directory.find_game(game_id)) return then(room);
  if (connection) ctx.send_error(connection, request, ErrorCode::unknown_game, "no live game '" + game_id + "'");
}

void Games::wake_due(const std::string& game_id) {
  find_game(game_id, nullptr, {}, [](const auto&) {});
}

void Games::woke(const std::string& game_id, storage::StoreResult<storage::LiveGame> loaded) {
  auto& ctx = ctx_;
  std::shared_ptr<Room> room;
  if (!loaded.error.ok()) log::error("asleep game " + game_id + " not loaded: " + loaded.error.message);
  else if (ctx.shutting_down) loaded.error = {storage::StoreErrc::unavailable, "shutting down"};  // stays asleep
  else room = restored_room(*loaded.value);
  // Gone from the store, or not replaying: it can never wake; a store failure may pass.
  const bool forget = room || loaded.error.code == storage::StoreErrc::not_found || loaded.error.ok();
  if (room) {
    // Reopened first: whatever reaches the room once it is found comes after.
    room->command(game::Reopen{});
    publish(room);
    ctx.directory.add_game(game_id, room);
    count(ctx.metrics.games_asleep, std::int64_t{-1});
    count(ctx.metrics.games_woken);
  } else if (forget) {
    count(ctx.metrics.games_asleep, std::int64_t{-1});
  }
  auto waiting = ctx.dormant.loaded(game_id, forget);
  // Its players online now hear its moves, as after a resume; told nothing else (one
  // plays another game: its board stays on show).
  if (room)
    for (const auto& seat : loaded.value->seats)
      if (auto connection = ctx.identities.connection_of(seat.player))
        room->player_returned(seat.player, connection, /*quietly=*/true);
  for (auto& then : waiting) then(room);
}

bool Games::put_to_sleep(const game::GameSession& s) {
  auto& ctx = ctx_;
  if (!ctx.store.healthy() || ctx.shutting_down) return false;
  // Asleep first, then out of the directory: a request in between finds the room, which
  // sends it back here (room_departure.cpp), never nothing.
  ctx.dormant.add(s.game_id, {s.room_id, s.deadline_ms()});
  for (const auto& id : s.game_ids) ctx.directory.remove_game(id);
  ctx.directory.remove_room(s.room_id);
  count(ctx.metrics.live_games, std::int64_t{-1});
  count(ctx.metrics.games_asleep);
  ctx.sweep.reschedule();
  log::info("room " + s.room_id + ": game " + s.game_id + " asleep (nobody there)");
  return true;
}

}  // namespace bh::app
