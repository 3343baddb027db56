#include "app/rooms/room_writes.hpp"

#include "app/ratings/ratings.hpp"
#include "app/rooms/games.hpp"
#include "log/log.hpp"

namespace bh::app::room_writes {

void persist(Context& ctx, const game::GameSession& s, game::Persist p, Strand strand,
             std::function<void(game::Persisted, game::Effects)> answered) {
  if (p.header) p.update.header = live_header(ctx, s, s.game_id, s.first_slot, s.started_ms, s.score);
  game::Persisted answer{p.update.game_id, p.header, p.plies, p.update.erase_through, true};
  ctx.writer.save_live(std::move(p.update), std::move(strand),
                       [answer = std::move(answer), then = std::move(p.then),
                        answered = std::move(answered)](storage::StoreError error) mutable {
                         answer.ok = error.ok();
                         if (!answer.ok) log::error("live game " + answer.game_id + ": " + error.message);
                         answered(std::move(answer), std::move(then));
                       });
}

void keep_absences(Context& ctx, const game::KeepAbsences& k, Strand strand) {
  storage::LiveUpdate update;
  update.game_id = k.game_id;
  update.absent_until_ms = k.until_ms;
  ctx.writer.save_live(std::move(update), std::move(strand), [id = k.game_id](storage::StoreError error) {
    if (!error.ok()) log::error("live game " + id + ": absences not saved: " + error.message);
  });
}

void finish(Context& ctx, const game::GameSession& s, game::Finish f, Strand strand,
            std::function<void(game::Archived)> archived) {
  std::optional<storage::LiveGame> next;
  if (f.next_score && s.next)
    next = live_header(ctx, s, s.next->game_id, s.next->first_slot, s.next->started_ms, *f.next_score);
  ctx.writer.finish(std::move(f.record), std::move(next), std::move(strand),
                    [&ctx, archived = std::move(archived)](bool ok, std::optional<storage::RatingChanges> changes) {
                      game::Archived answer{ok, std::nullopt, ctx.shutting_down};
                      if (changes) answer.rating_changes = changes_view(*changes);
                      archived(std::move(answer));
                    });
}

}  // namespace bh::app::room_writes
