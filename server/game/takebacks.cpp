// Taking back moves (docs/protocol.md, "Takeback"). One request at a time; a move by
// either side lapses it (moves.cpp). On acceptance the game is rebuilt by replaying the
// moves kept (position, draw-rule history, a pending Alquerque huff), the clocks go back
// to what the journal recorded after the last kept move, and the store drops the later
// plies before anyone hears of it, so a restart brings the game back as taken back.
#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game::steps {

namespace sv = protocol::server;
using protocol::ErrorCode;
using rules::Side;

namespace {

void accept(GameSession& s, int slot, Now now, Effects& fx) {
  const int plies = s.takeback->plies;
  const int ply = s.game->ply() - plies;
  // The game as it was after ply `ply`: replayed, so everything the rules keep is exact.
  rules::GameState rebuilt(s.settings->rules);
  for (int i = 0; i < ply; ++i) {
    if (!rebuilt.play(s.journal.moves()[static_cast<std::size_t>(i)].text))
      return fx.push_back(Refuse{ErrorCode::internal, "the takeback failed"});  // the journal is the rules' own
  }
  s.takeback.reset();
  s.draw.standing.reset();  // made in a position that is gone
  s.game = std::move(rebuilt);
  std::optional<std::array<std::int64_t, 2>> clocks;  // none: the initial times
  if (ply > 0) {
    const auto& last = s.journal.moves()[static_cast<std::size_t>(ply - 1)];
    clocks = {last.first_clock_ms, last.second_clock_ms};
  }
  s.journal.take_back(ply);
  const bool paused = s.clock.paused();
  s.clock.restore(clocks, now.steady);
  if (!paused) s.clock.resume(now.steady);
  if (s.correspondence) {  // the banks after the last move kept; the turn from now
    s.correspondence->start(now.unix_ms);
    if (clocks) s.correspondence->restore(*clocks, now.unix_ms);
  }
  fx.push_back(Disarm{DeadlineKind::turn});  // no flag falls while the takeback is written
  start_first_move_wait(s, now);
  const Side side = s.side_of_slot(slot);
  const std::string text =
      protocol::encode(sv::TakebackAccepted{s.game_id, views::side_text(side), s.seats[slot].player, plies, ply});
  // Nobody hears of it before the store has dropped the plies taken back.
  Effects then;
  then.push_back(Notice{Note::ply_told, ply});  // the lists first, as for a move
  then.push_back(Tell{text, Audience::room, -1, -1, true});
  then.push_back(Answer{text});
  for (int i = 0; i < 2; ++i)
    then.push_back(Tell{protocol::encode(sv::GameState{game_view(s, i, now.steady)}), Audience::seat, i});
  then.push_back(Tell{protocol::encode(sv::GameState{game_view(s, std::nullopt, now.steady)}), Audience::watchers});
  then.push_back(RunDeferred{});
  then.push_back(Continue{Told{s.game_id, ply, true}});
  fx.push_back(persist(s, now, std::move(then)));
}

}  // namespace

int takeback_plies(const GameSession& s, Side side) {
  const int ply = s.game->ply();
  // Sides alternate from the start position's side to move (a huff is part of a move).
  const Side starts = s.game->rules().to_move(s.game->start());
  const auto mover = [&](int p) { return p % 2 == 1 ? starts : rules::other(starts); };
  if (ply >= 1 && mover(ply) == side) return 1;
  if (ply >= 2 && mover(ply - 1) == side) return 2;
  return 0;
}

void takeback(GameSession& s, const Takeback& c, Now now, Effects& fx) {
  // A move (or a takeback) being written is not told yet: the request waits for it.
  if (s.journal.untold()) return fx.push_back(Defer{c});
  if (refuse_unless_playing(s, c.slot, c.game_id, fx)) return;
  const Side side = s.side_of_slot(c.slot);
  const auto& name = s.seats[c.slot].player;
  if (c.action == TakebackAction::request) {
    if (s.takeback)
      return fx.push_back(Refuse{ErrorCode::takeback_pending, "a takeback request is already waiting for an answer"});
    const int plies = takeback_plies(s, side);
    if (plies == 0) return fx.push_back(Refuse{ErrorCode::nothing_to_take_back, "you have made no move to take back"});
    s.takeback = TakebackOffer{side, plies};
    keep_offers(s, fx);  // a correspondence game's request outlives a restart
    const std::string text = protocol::encode(sv::TakebackOffered{s.game_id, views::side_text(side), name, plies});
    fx.push_back(Tell{text, Audience::room, -1, -1, true});
    fx.push_back(Answer{text});
    return;
  }
  if (!s.takeback || s.takeback->side != rules::other(side))
    return fx.push_back(Refuse{ErrorCode::no_takeback_request, "there is no takeback request from your opponent"});
  if (c.action == TakebackAction::accept) return accept(s, c.slot, now, fx);
  s.takeback.reset();
  keep_offers(s, fx);
  const std::string text = protocol::encode(sv::TakebackDeclined{s.game_id, views::side_text(side), name});
  fx.push_back(Tell{text, Audience::room, -1, -1, true});
  fx.push_back(Answer{text});
}

}  // namespace bh::game::steps
