// The game's moves: a game begins and is announced once durable; a move is checked,
// played, written, and only then told; once told, the opponent's time starts.
#include <algorithm>

#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game::steps {

namespace sv = protocol::server;
using protocol::ErrorCode;
using rules::Side;

namespace {

// Plays `text`: checked against the listed moves when they are this position's, else
// by the rules, which decide and say why not.
rules::Result<rules::Move> play_checked(GameSession& s, std::string_view text) {
  auto& game = *s.game;
  if (s.listed_for && *s.listed_for == game.position()) {
    if (auto parsed = game.rules().parse_move(text);
        parsed && std::find(s.listed_moves.begin(), s.listed_moves.end(), *parsed) != s.listed_moves.end()) {
      game.play(*parsed);
      return *parsed;
    }
  }
  return game.play(text);
}

// What a correspondence game's write tells its player to move (storage::TurnNotice):
// after a move, or the game's start, "your turn"; after a takeback, new reminders only.
// None for the computer, nor in a live game.
std::optional<storage::TurnNotice> turn_notice(const GameSession& s, const LiveJournal::Write& write, Now now) {
  const auto deadline = s.deadline_ms();
  if (!deadline || (write.moves.empty() && !write.header && write.erase_through == 0)) return std::nullopt;
  const int slot = s.slot_for(s.game->to_move());
  const std::string& player = s.seats[slot].player;
  if (s.bots && std::find(s.bots->begin(), s.bots->end(), player) != s.bots->end()) return std::nullopt;
  storage::TurnNotice n;
  n.game_id = s.game_id;
  n.player = player;
  n.moved = !write.moves.empty() || write.header;
  n.ply = s.game->ply();
  n.deadline_ms = *deadline;
  n.now_ms = now.unix_ms;
  n.hour_ms = s.limits.correspondence_day_ms / 24;
  sv::Notification body;
  body.player = player;
  body.game_id = s.game_id;
  body.game = s.settings->game;
  body.opponent = s.seats[1 - slot].player;
  if (!write.moves.empty()) body.move = write.moves.back().text;
  body.ply = n.ply;
  body.deadline_ms = *deadline;
  n.payload = protocol::encode_body(body);
  return n;
}

}  // namespace

Persist persist(const GameSession& s, Now now, Effects then) {
  auto write = s.journal.next_write();
  Persist p;
  p.update.notice = turn_notice(s, write, now);  // before the moves leave `write`
  p.header = write.header;
  p.plies = write.plies;
  p.update.game_id = s.game_id;
  p.update.first_ply = write.first_ply;
  p.update.moves = std::move(write.moves);
  p.update.erase_through = write.erase_through;
  p.update.deadline_ms = s.deadline_ms();                   // a correspondence game's, for the sweep and a restart
  if (s.correspondence) p.update.offers = s.live_offers();  // a move lapses them
  p.update.correspondence = s.correspondence.has_value();
  p.then = std::move(then);
  return p;
}

void begin(GameSession& s, const Begin& c, Now now, Effects& fx) {
  s.score.next_game();
  if (s.next) {  // decided when the last game ended, and written with its archive record
    s.first_slot = s.next->first_slot;
    s.game_id = s.next->game_id;
    s.started_ms = s.next->started_ms;
    s.journal.start(s.next->written);
    s.next.reset();
  } else {
    s.first_slot = c.first_slot;
    s.game_id = c.game_id;
    s.started_ms = now.unix_ms;
    s.journal.start(false);
  }
  s.next_game_id = c.next_game_id;
  s.game_ids.push_back(s.game_id);
  s.game.emplace(s.settings->rules);
  s.draw = {};
  s.takeback.reset();
  s.listed_for.reset();
  s.start_ratings = c.ratings;
  s.bots = c.bots;
  s.clock.start(now.steady);
  if (s.correspondence) s.correspondence->start(now.unix_ms);
  start_first_move_wait(s, now);
  s.phase = Phase::playing;
  fx.push_back(Notice{Note::game_started});
  // Announced once the game is durable, so a game someone was told of survives a crash.
  if (s.journal.header_durable()) return announce(s, Announce{s.game_id}, now, fx);
  fx.push_back(persist(s, now, {Continue{Announce{s.game_id}}}));
}

void announce(GameSession& s, const Announce& c, Now now, Effects& fx) {
  if (s.phase != Phase::playing || s.game_id != c.game_id) return;
  if (s.rematch_of) {
    const std::string text = protocol::encode(sv::RematchStarted{*s.rematch_of, s.room_id, s.game_id});
    for (int i = 0; i < 2; ++i) fx.push_back(Tell{text, Audience::seat, i});
    s.rematch_of.reset();
  }
  if (!s.settings->is_private) fx.push_back(Notice{Note::listed});
  for (int i = 0; i < 2; ++i) {
    Tell started{protocol::encode(sv::GameStarted{game_view(s, i, now.steady)}), Audience::seat, i};
    // The joiner's request (join, or a rematch's accept) is answered by its game_started.
    started.with_request_id = i == 1 && s.score.game_number() == 1;
    fx.push_back(std::move(started));
  }
  fx.push_back(Tell{protocol::encode(sv::GameStarted{game_view(s, std::nullopt, now.steady)}), Audience::watchers});
  s.clock.restart_turn(now.steady);
  arm_turn(s, now, fx);
  // A correspondence game waits for its players, however long they are away.
  if (s.correspondence || (s.seats[0].present && s.seats[1].present)) return;
  for (int i = 0; i < 2; ++i)
    if (!s.seats[i].present) start_absence(s, i, now, fx);
  keep_absences(s, fx);
}

void move(GameSession& s, const Move& m, Now now, Effects& fx) {
  // A takeback (or move) is being written: this move comes after it.
  if (s.journal.untold()) return fx.push_back(Defer{m});
  if (refuse_unless_playing(s, m.slot, m.game_id, fx)) return;
  auto& game = *s.game;
  const Side side = s.side_of_slot(m.slot);
  if (game.to_move() != side)
    return fx.push_back(
        Refuse{ErrorCode::not_your_turn, "it is " + std::string(game.rules().side_name(game.to_move())) + "'s turn"});
  if (m.ply != game.ply())
    return fx.push_back(Refuse{ErrorCode::stale_ply,
                               "the game is at ply " + std::to_string(game.ply()) + ", not " + std::to_string(m.ply)});
  std::int64_t left = 0;
  if (s.correspondence && s.correspondence->left(side, now.unix_ms) <= 0) {
    fx.push_back(Refuse{ErrorCode::game_over, "your time ran out"});
    return end_game(s, on_time(s, side), now, fx);
  }
  if (s.clock.timed() && s.waiting_first_move()) {
    left = s.clock.remaining()[rules::index(side)];  // its clock has not run yet
  } else if (s.clock.timed()) {
    left = s.clock.left(side, now.steady);
    if (left <= 0) {
      s.clock.flag(side);
      fx.push_back(Refuse{ErrorCode::game_over, "your time ran out"});
      return end_game(s, rules::Status::win(rules::other(side), rules::EndReason::time), now, fx);
    }
  }
  auto played = play_checked(s, m.text);
  if (!played) return fx.push_back(Refuse{ErrorCode::illegal_move, played.error().message});
  s.clock.moved(side, left, now.steady);
  if (s.correspondence) s.correspondence->moved(side, now.unix_ms);
  fx.push_back(Disarm{DeadlineKind::turn});  // the opponent's deadline is armed once the move is told
  s.draw.standing.reset();
  s.takeback.reset();  // a move lapses a takeback request, as a draw offer
  start_first_move_wait(s, now);
  storage::MoveRecord record;
  record.text = game.rules().move_text(*played);
  record.first_clock_ms = s.clock.timed() ? s.clock.remaining()[0] : -1;
  record.second_clock_ms = s.clock.timed() ? s.clock.remaining()[1] : -1;
  if (s.correspondence && s.correspondence->control().kind == CorrespondenceControl::Kind::bank) {
    // each side's bank after the move, as a restart reads them back
    record.first_clock_ms = s.correspondence->banks()[0];
    record.second_clock_ms = s.correspondence->banks()[1];
  }
  record.at_ms = now.unix_ms;
  s.journal.add(record);
  fx.push_back(Notice{Note::move_made, game.ply()});

  sv::Move event = views::move_event(s.game_id, game, record.text, side, clocks_view(s, now.steady));
  event.deadline_ms = s.deadline_ms();
  // One encoding for everyone but the player to move, one with the legal moves for that
  // player; the mover's copy only adds its request's id.
  std::string text = protocol::encode(event);
  std::optional<std::string> for_to_move;
  int to_move_slot = -1;
  // The list is written only for a player to move who is there to read it (one away
  // gets it with the state when they return); its moves check the next move either way.
  const Seat& to_move = s.seats[s.slot_for(game.to_move())];
  const bool reader = !game.status().over() && to_move.present;
  // none once the game is over
  if (const auto legal = views::legal_moves_json(game, s.listed_moves, reader, to_move.compact_legal)) {
    s.listed_for = game.position();
    if (reader) {
      to_move_slot = s.slot_for(game.to_move());
      for_to_move = protocol::with_legal_moves(text, *legal);
    }
  }
  // Each text is copied once at most (the mover's answer): a move's event goes to every
  // connection of the room as one shared frame.
  Effects then;
  // The lists that follow the game (the lobby's line, the players' games) move before
  // anyone hears of the move, so a list asked for on hearing it shows it.
  then.push_back(Notice{Note::ply_told, game.ply()});
  Answer mover{to_move_slot == m.slot && for_to_move ? *for_to_move : text};
  then.push_back(Tell{std::move(text), Audience::room, -1, to_move_slot, true});
  if (for_to_move) then.push_back(Tell{std::move(*for_to_move), Audience::seat, to_move_slot, -1, true});
  then.push_back(std::move(mover));
  then.push_back(RunDeferred{});
  then.push_back(Continue{Told{s.game_id, game.ply(), false}});
  // Nobody hears of the move before it is durable: whatever a client saw survives a crash.
  fx.push_back(persist(s, now, std::move(then)));
}

void persisted(GameSession& s, const Persisted& c, Effects& fx) {
  if (c.seat_taken && s.game_id == c.game_id && s.phase == Phase::playing) return seat_taken(s, fx);
  if (s.game_id == c.game_id) s.journal.written(c.header, c.plies, c.ok, c.erase_through);
  if (s.journal.starts_failing(c.ok)) fx.push_back(Notice{Note::write_failing});
  // What the write carried is told next (the Persist's `then`): nothing waits for it.
  if (s.journal.untold()) s.journal.told();
}

void seat_taken(GameSession& s, Effects& fx) {
  // Nobody was told of the game (it is announced once its header is durable): it ends
  // unseen, unarchived. The creator's room is cancelled; the request that started it
  // (a join, a seek, a rematch's accept) is refused.
  s.phase = Phase::closed;
  fx.push_back(Disarm{DeadlineKind::turn});
  fx.push_back(Notice{Note::game_ended});
  for (int i = 0; i < 2; ++i)
    fx.push_back(Tell{protocol::encode(sv::RoomCancelled{s.room_id, std::string("seat_taken"), std::nullopt}),
                      Audience::seat, i});
  fx.push_back(Refuse{ErrorCode::already_seated,
                      "the game could not start: one of its players has a seat in another "
                      "game"});
  fx.push_back(Notice{Note::close});
}

void told(GameSession& s, const Told& c, Now now, Effects& fx) {
  // Resigned or shut down meanwhile: the move is told, the rest is done.
  if (s.phase != Phase::playing || s.game_id != c.game_id) return;
  if (!c.takeback && s.game->status().over()) return end_game(s, s.game->status(), now, fx);
  // The side to move thinks from now, not while the write was being made.
  if (s.game->ply() == c.ply) {
    s.clock.restart_turn(now.steady);
    if (c.takeback) start_first_move_wait(s, now);
  }
  arm_turn(s, now, fx);
}

rules::Status on_time(const GameSession& s, rules::Side side) {
  // Before both sides have moved, the side to move has not: nobody loses, the game is
  // aborted, as a live game's is.
  if (s.game->ply() < 2) return rules::Status::aborted(rules::EndReason::no_first_move);
  return rules::Status::win(rules::other(side), rules::EndReason::time);
}

void arm_turn(GameSession& s, Now now, Effects& fx) {
  if (s.correspondence) {  // wall-clock days: the steady timer is set from the unix deadline
    if (!s.live()) return fx.push_back(Disarm{DeadlineKind::turn});
    const std::int64_t left = std::max<std::int64_t>(0, *s.deadline_ms() - now.unix_ms);
    return fx.push_back(Arm{DeadlineKind::turn, now.steady + std::chrono::milliseconds(left + 1)});
  }
  if (s.waiting_first_move() && !s.clock.paused()) {
    if (!s.first_move_deadline) start_first_move_wait(s, now);
    return fx.push_back(Arm{DeadlineKind::turn, *s.first_move_deadline});
  }
  if (!s.clock.timed() || !s.live() || s.clock.paused()) return fx.push_back(Disarm{DeadlineKind::turn});
  const std::int64_t left = s.clock.left(s.game->to_move(), now.steady);
  fx.push_back(Arm{DeadlineKind::turn, now.steady + std::chrono::milliseconds(std::max<std::int64_t>(0, left) + 1)});
}

void turn_due(GameSession& s, Now now, Effects& fx) {
  if (!s.live() || (s.clock.paused() && !s.correspondence)) return;
  // A move being written is told before the end it may lead to; then this is decided again.
  if (s.journal.untold()) return fx.push_back(Defer{DeadlineDue{DeadlineKind::turn}});
  if (s.correspondence) {
    const Side side = s.game->to_move();
    if (s.correspondence->left(side, now.unix_ms) > 0) return arm_turn(s, now, fx);
    return end_game(s, on_time(s, side), now, fx);
  }
  if (s.waiting_first_move()) {
    if (!s.first_move_deadline || now.steady < *s.first_move_deadline) return;  // a stale timer
    return end_game(s, rules::Status::aborted(rules::EndReason::no_first_move), now, fx);
  }
  if (!s.clock.timed()) return;
  const Side side = s.game->to_move();
  if (s.clock.left(side, now.steady) > 0) return arm_turn(s, now, fx);
  s.clock.flag(side);
  end_game(s, rules::Status::win(rules::other(side), rules::EndReason::time), now, fx);
}

}  // namespace bh::game::steps
