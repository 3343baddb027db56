// Presence: a seated player's connection closes and the reconnection grace starts (the
// others see until when); the player returns and sees the whole state; a player who
// does not come back loses by abandonment (a draw when neither does). The deadlines are
// kept with the live game: a restored game's absent players keep theirs, decided at once
// when they passed while the server was down; its clocks stand still until both
// players are back. And while the store cannot write (no move is told), the clocks stand
// still too, and so do the graces of the players away, so nobody loses on time or by
// abandonment to an outage.
#include <algorithm>
#include <array>
#include <chrono>
#include <utility>

#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game::steps {

namespace sv = protocol::server;

namespace {

DeadlineKind absence_kind(int slot) { return slot == 0 ? DeadlineKind::absence_0 : DeadlineKind::absence_1; }

// Tells the state (the clocks) to each seat but `except_slot`, and to the spectators.
void tell_state(const GameSession& s, int except_slot, Now now, Effects& fx) {
  for (int slot = 0; slot < 2; ++slot)
    if (slot != except_slot)
      fx.push_back(Tell{protocol::encode(sv::GameState{game_view(s, slot, now.steady)}), Audience::seat, slot});
  fx.push_back(Tell{protocol::encode(sv::GameState{game_view(s, std::nullopt, now.steady)}), Audience::watchers});
}

// `returning_slot`: the player whose return this is (they get the state anyway), or -1.
void resume_clocks_if_all_back(GameSession& s, int returning_slot, Now now, Effects& fx) {
  if (!s.clock.paused() || !s.seats[0].present || !s.seats[1].present || s.storage_down) return;
  s.clock.resume(now.steady);
  start_first_move_wait(s, now);  // a restored game still waiting for a first move: its time again
  arm_turn(s, now, fx);
  tell_state(s, returning_slot, now, fx);  // the others see the clocks running again
}

// The player in `slot` has `grace_ms` from now to come back: their deadline set, told to
// the others and armed.
void absent_for(GameSession& s, int slot, std::int64_t grace_ms, Now now, Effects& fx) {
  auto& seat = s.seats[slot];
  seat.absent_until_ms = now.unix_ms + grace_ms;
  seat.absent_until = now.steady + std::chrono::milliseconds(grace_ms);
  fx.push_back(Tell{protocol::encode(
      sv::PlayerLeft{s.game_id, views::side_text(s.side_of_slot(slot)), seat.player, seat.absent_until_ms, grace_ms})});
  fx.push_back(Arm{absence_kind(slot), *seat.absent_until});
}

// The store is away: each grace running stands still, what is left of it kept.
void hold_absences(GameSession& s, Now now, Effects& fx) {
  for (int i = 0; i < 2; ++i) {
    auto& seat = s.seats[i];
    if (!seat.absent_until || seat.grace_left) continue;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*seat.absent_until - now.steady);
    seat.grace_left = std::max(std::chrono::milliseconds(0), left);
    fx.push_back(Disarm{absence_kind(i)});
  }
}

// The store is back: each grace held runs again from what was left, its new deadline
// told (as when the player left) and kept.
void release_absences(GameSession& s, Now now, Effects& fx) {
  bool any = false;
  for (int i = 0; i < 2; ++i) {
    auto& seat = s.seats[i];
    if (!seat.grace_left) continue;
    absent_for(s, i, std::exchange(seat.grace_left, std::nullopt)->count(), now, fx);
    any = true;
  }
  if (any) keep_absences(s, fx);
}

}  // namespace

void keep_offers(const GameSession& s, Effects& fx) {
  if (s.correspondence) fx.push_back(Keep{s.game_id, std::nullopt, s.live_offers()});
}

void keep_absences(const GameSession& s, Effects& fx) {
  fx.push_back(Keep{s.game_id, std::array{s.seats[0].absent_until_ms, s.seats[1].absent_until_ms}, std::nullopt});
}

void start_absence(GameSession& s, int slot, Now now, Effects& fx) {
  absent_for(s, slot, s.limits.reconnect_grace_ms, now, fx);
}

void left(GameSession& s, const Left& c, Now now, Effects& fx) {
  if (s.phase == Phase::open) return open_left(s, c.slot, now, fx);
  s.seats[c.slot].present = false;
  if (s.phase == Phase::finished) return rematch_lapse(s, "left", false, fx);
  // While a game's end is being archived nothing runs; the next game starts the grace.
  // A correspondence game has none: it waits for its players.
  if (s.phase != Phase::playing || s.correspondence) return;
  start_absence(s, c.slot, now, fx);
  if (s.storage_down) hold_absences(s, now, fx);  // its grace starts once the store is back
  keep_absences(s, fx);
}

void reopen(GameSession& s, Now now, Effects& fx) {
  if (s.phase != Phase::playing || !s.game) return;
  fx.push_back(Notice{Note::game_started});
  if (!s.settings->is_private) fx.push_back(Notice{Note::listed});
  if (s.game->status().over()) return end_game(s, s.game->status(), now, fx);  // its end not archived yet
  if (s.correspondence) {  // no grace: the deadline alone, decided at once if it passed
    for (auto& seat : s.seats) seat.present = false;
    return arm_turn(s, now, fx);
  }
  std::array<bool, 2> due{};
  for (int i = 0; i < 2; ++i) {
    s.seats[i].present = false;
    due[i] = s.seats[i].absent_until_ms > 0 && now.unix_ms >= s.seats[i].absent_until_ms;
  }
  if (due[0] || due[1]) {
    // It passed while the server was down: decided as it would have been then, a draw
    // when the other player was away too.
    const int slot = !due[1] || (due[0] && s.seats[0].absent_until_ms <= s.seats[1].absent_until_ms) ? 0 : 1;
    if (s.seats[1 - slot].absent_until_ms > 0)
      return end_game(s, rules::Status::draw(rules::EndReason::abandonment), now, fx);
    return end_game(s, rules::Status::win(rules::other(s.side_of_slot(slot)), rules::EndReason::abandonment), now, fx);
  }
  for (int i = 0; i < 2; ++i) {
    auto& seat = s.seats[i];
    if (seat.absent_until_ms == 0) {
      start_absence(s, i, now, fx);  // present when the server stopped: the grace from now
      continue;
    }
    seat.absent_until = now.steady + std::chrono::milliseconds(seat.absent_until_ms - now.unix_ms);
    fx.push_back(Arm{absence_kind(i), *seat.absent_until});
  }
  keep_absences(s, fx);
}

void returned(GameSession& s, const Returned& c, Now now, Effects& fx) {
  if (s.journal.untold()) return fx.push_back(Defer{c});  // its state would show a move not yet durable
  if (s.phase == Phase::closed) return;
  if (s.phase == Phase::open) return open_returned(s, c.slot, fx);
  auto& seat = s.seats[c.slot];
  const bool was_absent = !seat.present;
  seat.present = true;
  seat.absent_until_ms = 0;
  seat.absent_until.reset();
  seat.grace_left.reset();
  fx.push_back(Disarm{absence_kind(c.slot)});
  if (was_absent && s.live() && !s.correspondence) keep_absences(s, fx);
  resume_clocks_if_all_back(s, c.slot, now, fx);
  if (c.quietly) return;
  fx.push_back(Answer{protocol::encode(sv::GameState{game_view(s, c.slot, now.steady)})});
  if (was_absent && s.phase == Phase::playing)
    fx.push_back(
        Tell{protocol::encode(sv::PlayerReturned{s.game_id, views::side_text(s.side_of_slot(c.slot)), seat.player}),
             Audience::room, -1, -1, true});
}

void storage(GameSession& s, const Storage& c, Now now, Effects& fx) {
  // A move being written is told first: its state would show a move not yet durable.
  if (s.journal.untold()) return fx.push_back(Defer{c});
  if (s.storage_down == !c.up) return;
  s.storage_down = !c.up;
  if (!s.live()) return;
  if (c.up) {
    release_absences(s, now, fx);
    resume_clocks_if_all_back(s, -1, now, fx);
    if (s.clock.paused()) tell_state(s, -1, now, fx);  // paused now for a player away: said so
    return;
  }
  hold_absences(s, now, fx);
  // Already still (a restored game's players away); a correspondence game's days run on.
  if (s.clock.paused() || s.correspondence) return;
  std::optional<rules::Side> running;
  if (!s.waiting_first_move()) running = s.game->to_move();
  s.clock.pause(running, now.steady);
  arm_turn(s, now, fx);  // disarmed while paused
  tell_state(s, -1, now, fx);
}

void absence_due(GameSession& s, int slot, Now now, Effects& fx) {
  const auto& seat = s.seats[slot];
  if (seat.present || !s.live() || !seat.absent_until || seat.grace_left || now.steady < *seat.absent_until) return;
  // A move being written is told before the end it leads to; then this is decided again.
  if (s.journal.untold()) return fx.push_back(Defer{DeadlineDue{absence_kind(slot)}});
  // Both away (e.g. neither came back after a restart): nobody wins by it.
  if (!s.seats[1 - slot].present) return end_game(s, rules::Status::draw(rules::EndReason::abandonment), now, fx);
  end_game(s, rules::Status::win(rules::other(s.side_of_slot(slot)), rules::EndReason::abandonment), now, fx);
}

}  // namespace bh::game::steps
