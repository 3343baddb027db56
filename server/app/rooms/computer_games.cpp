#include "app/rooms/computer_games.hpp"

#include "app/rooms/games.hpp"
#include "app/rooms/room.hpp"
#include "app/rooms/room_request.hpp"
#include "log/log.hpp"

namespace bh::app {

void play_computer(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& connection,
                   const protocol::RequestId& id, const std::string& player, protocol::client::PlayComputer request) {
  using protocol::ErrorCode;
  const int level = request.level.value_or(kDefaultComputerLevel);
  if (level < 1 || level > kMaxComputerLevel)
    return ctx->send_error(connection, id, ErrorCode::bad_request,
                           "level must be 1 to " + std::to_string(kMaxComputerLevel));
  protocol::client::CreateRoom create;  // one game, private, casual
  create.game = std::move(request.game);
  create.options = std::move(request.options);
  create.side = std::move(request.side);
  create.clock = request.clock;
  auto made = checked_room_settings(create);
  if (!made) return ctx->send_error(connection, id, ErrorCode::bad_options, made.error());
  auto settings = std::move(made).value();
  settings.is_private = true;
  settings.rated = false;
  settings.computer_level = level;
  // The player's seat first: a refusal then leaves no bot's seat to give back.
  auto room = ctx->games.create_room(player, std::move(settings), connection, id);
  if (!room) return;
  auto bot = ctx->identities.claim_bot(room->id(), player);
  if (!bot) {
    ctx->identities.remove_room(player, room->id());
    return ctx->send_error(connection, id, ErrorCode::no_computer, "no computer player is connected");
  }
  log::info("room " + room->id() + ": a game against the computer (" + bot->name + ", level " + std::to_string(level) +
            ")");
  ctx->games.publish(room);
  room->open(connection, id, {bot->name, std::move(bot->connection)});
}

}  // namespace bh::app
