// The end of a game: the record archived (with the match's next game, decided now, so
// no moment exists in which neither is in the database), and only then game_over; then
// the next game, or the end of the match.
#include <algorithm>
#include <chrono>

#include "game/room_records.hpp"
#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game::steps {

namespace {

bool is_bot(const GameSession& s, const std::string& player) {
  return s.bots && std::find(s.bots->begin(), s.bots->end(), player) != s.bots->end();
}

}  // namespace

void end_game(GameSession& s, rules::Status status, Now now, Effects& fx) {
  auto& game = *s.game;
  if (!game.status().over()) game.finish(status);
  s.phase = Phase::ending;
  fx.push_back(Disarm{DeadlineKind::turn});
  for (int i = 0; i < 2; ++i) {
    s.seats[i].absent_until_ms = 0;
    s.seats[i].absent_until.reset();
    s.seats[i].grace_left.reset();
    fx.push_back(Disarm{i == 0 ? DeadlineKind::absence_0 : DeadlineKind::absence_1});
  }
  fx.push_back(Notice{Note::game_ended});

  const records::RoomFacts facts{s.room_id, s.match_id, s.invite_code, *s.settings};
  Finish finish{records::game_record(facts, s.game_id, game, s.players(), s.score.game_number(), s.started_ms,
                                     now.unix_ms, s.journal.moves()),
                std::nullopt};
  finish.record.first_bot = is_bot(s, finish.record.first_player);
  finish.record.second_bot = is_bot(s, finish.record.second_player);
  // An abort ends the match; otherwise sides alternate in its next game.
  if (s.score.more_games() && game.status().kind != rules::Status::Kind::aborted) {
    s.next = NextGame{s.next_game_id, 1 - s.first_slot, now.unix_ms, false};
    auto next_score = s.score.with(finish.record.first_player, finish.record.second_player, game.points());
    next_score.next_game();
    finish.next_score = std::move(next_score);
  }
  // The end is announced once the record is durable (Archived).
  fx.push_back(std::move(finish));
}

void archived(GameSession& s, const Archived& c, Now now, Effects& fx) {
  if (s.phase == Phase::closed) return;  // shut down meanwhile
  fx.push_back(Notice{Note::archived});
  const auto& game = *s.game;
  const auto by_side = s.players();
  s.score.add(by_side.first, by_side.second, game.points());
  auto over = views::game_over(s.room_id, s.game_id, game.status(), game.points(), by_side, c.ok, match_info(s));
  over.rating_changes = c.rating_changes;
  // The match's last game: the seats are free before anyone hears of the end, so a
  // player may create or join the next room the moment they know.
  if (!s.next) fx.push_back(Notice{Note::seats_released});
  fx.push_back(Tell{protocol::encode(over)});
  if (s.next) {
    s.next->written = c.ok;
    // Shutting down: the next game is in the database and comes back after the restart.
    if (!c.shutting_down) fx.push_back(Notice{Note::start_next});
    return;
  }
  const auto match = views::match_over(s.room_id, s.match_id, s.score, s.seats[0].player, s.seats[1].player);
  // The room stays, finished, for a rematch while both players are there.
  // A tournament's game has no rematch: its players' next game is the tournament's.
  const bool stays = s.seats[0].present && s.seats[1].present && !c.shutting_down && !s.settings->tournament;
  if (stays) fx.push_back(Notice{Note::rematch_open});
  fx.push_back(Tell{protocol::encode(match)});
  if (!stays) {
    s.phase = Phase::closed;
    return fx.push_back(Notice{Note::close});
  }
  s.phase = Phase::finished;
  fx.push_back(Notice{Note::rematch_window});
  fx.push_back(Arm{DeadlineKind::rematch_window, now.steady + std::chrono::milliseconds(s.limits.rematch_window_ms)});
}

}  // namespace bh::game::steps
