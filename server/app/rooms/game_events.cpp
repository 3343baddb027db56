#include "app/rooms/game_events.hpp"

#include "app/tournaments/tournament_director.hpp"
#include "game/room_views.hpp"

#include "app/app_context.hpp"
#include "app/relay/seek_across_nodes.hpp"
#include "app/rooms/lobby.hpp"
#include "game/decide.hpp"
#include "game/room_views.hpp"
#include "log/log.hpp"

namespace bh::app {

void subscribe_services(Context& ctx) {
  ctx.events.subscribe([&ctx](const GameEvent& e) {
    const auto& s = e.session;
    switch (e.note) {
      case game::Note::opened:
        if (!s.settings->is_private) ctx.lobby->room_opened(game::room_info(s));
        ctx.challenges.opened(s);
        return;
      case game::Note::joined:
        ctx.challenges.ended(s.room_id);
        ctx.seeks.remove(s.room_id);
        if (s.settings->seek) end_cluster_seek(ctx, s.room_id);
        if (!s.settings->is_private) ctx.lobby->room_closed(s.room_id, "started");
        return;
      case game::Note::listed:
        if (e.listed_ply) ctx.lobby->game_live(game::live_info(s), e.listed_ply);
        return;
      case game::Note::game_started:
        ctx.directory.add_game(s.game_id, e.room);
        ctx.player_games.update(game::player_game(s));
        count(ctx.metrics.live_games);
        return;
      case game::Note::ply_told:
        ctx.player_games.moved(s.game_id, s.game->ply(), game::views::side_text(s.game->to_move()), s.deadline_ms());
        return;
      case game::Note::archived:
        count(ctx.metrics.games_finished);
        return;
      case game::Note::move_made:
        count(ctx.metrics.moves_total);
        return;
      case game::Note::game_ended:
        count(ctx.metrics.live_games, std::int64_t{-1});
        ctx.player_games.remove(s.game_id);
        if (!s.settings->is_private) ctx.lobby->game_ended(s.game_id);
        return;
      case game::Note::seats_released:
        // The match's last game: the seats are free before anyone hears of the end.
        for (const auto& seat : s.seats)
          if (!seat.player.empty()) ctx.identities.remove_room(seat.player, s.room_id);
        // Its end archived and its seats free: a tournament's game moves it on.
        if (s.settings->tournament && s.game && ctx.tournaments)
          ctx.tournaments->game_over(s.game_id, game::views::result_text(s.game->status()), s.game->ply());
        return;
      case game::Note::rematch_open:
        // Before match_over is told (a player may chat the moment they hear it): the
        // players find the finished room by its id, and by its last game's id for chat.
        for (const auto& g : s.game_ids)
          if (g != s.game_id) ctx.directory.remove_game(g);
        for (const auto& seat : s.seats) ctx.rematch_rooms.set(seat.player, s.room_id);
        return;
      case game::Note::closed:
        ctx.challenges.ended(s.room_id);
        ctx.directory.remove_room(s.room_id);
        ctx.seeks.remove(s.room_id);
        if (s.settings->seek && s.game_ids.empty()) end_cluster_seek(ctx, s.room_id);  // closed waiting
        for (const auto& g : s.game_ids) ctx.directory.remove_game(g);
        for (const auto& seat : s.seats)
          if (!seat.player.empty()) ctx.identities.remove_room(seat.player, s.room_id);
        if (!s.kept_for.empty()) ctx.identities.remove_room(s.kept_for, s.room_id);  // the seat kept for the bot
        if (!e.reason.empty() && !s.settings->is_private) ctx.lobby->room_closed(s.room_id, std::string(e.reason));
        return;
      case game::Note::write_failing:
        return log::error("live game " + s.game_id + " not saved (kept in memory)");
      case game::Note::rematch_closed:
        for (const auto& seat : s.seats) ctx.rematch_rooms.clear(seat.player, s.room_id);
        return;
      default:
        return;
    }
  });
}

}  // namespace bh::app
