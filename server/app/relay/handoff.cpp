#include "app/relay/handoff.hpp"

#include "app/rooms/lobby.hpp"
#include "app/rooms/room.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

using protocol::ErrorCode;

void detach_connection(Context& ctx, const std::shared_ptr<Connection>& c) {
  ctx.lobby->unsubscribe(c->id());
  for (const auto& room_id : ctx.watchers.closed(c->id()))
    if (auto room = ctx.directory.find_room(room_id)) room->unwatch(c->id());
  ctx.identities.remove_connection(c->id());
}

void hand_over_connection(const std::shared_ptr<Context>& ctx, Relay& relay, const std::shared_ptr<Connection>& c,
                          const protocol::RequestId& id, std::int64_t owner, std::string request, bool leaving_seat) {
  relay::Arrival arrival;
  if (auto player = ctx->identities.player_of(c->id())) {
    // One seat at a time: a player with a room or a game here stays here.
    if (!leaving_seat && ctx->identities.seats(*player) > 0)
      return ctx->send_error(c, id, ErrorCode::already_seated,
                             "you hold a seat in another room or game; finish or cancel it first");
    const auto credentials = ctx->identities.credentials(*player);
    if (!credentials) return ctx->send_error(c, id, ErrorCode::internal, "internal error");
    arrival.player = *player;
    arrival.token = credentials->token;
    arrival.registered = credentials->registered;
    arrival.bot = credentials->bot;
  }
  arrival.lobby = ctx->watchers.follows_lobby(c->id());
  detach_connection(*ctx, c);
  if (!arrival.player.empty()) ctx->identities.forget(arrival.player);
  relay.pin(
      c, owner, std::move(request), [c] { c->close("the server node that runs it cannot be reached; connect again"); },
      std::move(arrival));
}

bool take_connection(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                     const relay::Arrival& arrival) {
  if (!arrival.player.empty()) {
    const Identities::Credentials credentials{arrival.token, arrival.registered, arrival.bot};
    const bool bound = ctx->identities.welcome(arrival.player, credentials) &&
                       ctx->identities.bind_token(c, arrival.token).outcome == Identities::Outcome::ok;
    if (!bound) {
      ctx->send_error(c, {}, ErrorCode::name_taken,
                      "the name '" + arrival.player + "' is taken on the server node that runs this room; " +
                          "connect again and choose another");
      c->close("name_taken");
      return false;
    }
    // Its name is held here now: the node it came from may go.
    ctx->name_claims.hold(arrival.player, arrival.token, arrival.registered, arrival.bot);
  }
  if (arrival.lobby) {
    ctx->watchers.follow_lobby(c->id(), true, now_ms());
    ctx->lobby->subscribe(c);
  }
  return true;
}

}  // namespace bh::app
