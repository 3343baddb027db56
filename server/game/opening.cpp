// The open room (docs/protocol.md, "Rooms"): its creator waits for a second player. It
// is announced (room_created; the lobby lists a public one); a room of play_computer
// challenges the bot its second seat is kept for, and closes if the bot does not sit
// down in time; a challenge to a named player (challenge_player) is told to them, and
// closes when they decline, or when it lapses; a creator whose connection closes has a short grace, then the room goes
// (a correspondence room stays); the creator may cancel it; a player sits down and the
// match's first game begins.
#include <chrono>

#include "app/secrets.hpp"
#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game {

namespace sv = protocol::server;
using protocol::ErrorCode;

std::optional<Refuse> refuse_join(const GameSession& s, const std::string& player,
                                  const std::optional<std::string>& invite, const std::string& computer) {
  const std::string room = "room '" + s.room_id + "'";
  if (s.phase == Phase::closed) return Refuse{ErrorCode::room_closed, room + " is closed"};
  if (s.phase != Phase::open) return Refuse{ErrorCode::room_full, room + " already has two players"};
  if (player == s.seats[0].player) return Refuse{ErrorCode::bad_request, "you cannot join your own room"};
  if (!computer.empty() && player != computer)
    return Refuse{ErrorCode::room_full, room + (s.settings->computer_level ? " is a game against the computer"
                                                                           : " is a challenge to " + computer)};
  if (s.settings->is_private && computer.empty() && !app::equal_secret(invite.value_or(""), s.invite_code))
    return Refuse{ErrorCode::bad_invite, "wrong invite code"};
  return std::nullopt;
}

namespace steps {

namespace {

DeadlineKind grace_kind(int slot) { return slot == 0 ? DeadlineKind::open_grace_0 : DeadlineKind::open_grace_1; }

// room_created, with the invite code of a private room (none for play_computer's: its
// seat is kept for the bot).
std::string room_created(const GameSession& s) {
  sv::RoomCreated created{room_info(s), std::nullopt};
  if (s.settings->is_private && s.kept_for.empty()) created.invite_code = s.invite_code;
  return protocol::encode(created);
}

void close(GameSession& s, std::string reason, Effects& fx) {
  s.phase = Phase::closed;
  fx.push_back(Notice{Note::close, 0, -1, std::move(reason)});
}

// A room kept for a player challenged by name (not play_computer's bot).
bool challenge(const GameSession& s) { return !s.kept_for.empty() && !s.settings->computer_level; }

// The challenged player told that the challenge is off (`reason`: cancelled, expired).
void tell_challenged(const GameSession& s, const std::string& reason, Effects& fx) {
  fx.push_back(Tell{protocol::encode(sv::RoomCancelled{s.room_id, reason, std::nullopt}), Audience::computer});
}

}  // namespace

void open(GameSession& s, Now now, Effects& fx) {
  s.seats[0].present = true;
  fx.push_back(Notice{Note::opened});
  fx.push_back(Answer{room_created(s)});
  if (s.kept_for.empty()) return;
  const auto& settings = *s.settings;
  if (challenge(s)) {
    const std::int64_t ms = settings.correspondence ? 3 * s.limits.correspondence_day_ms : s.limits.challenge_ms;
    s.kept_until_ms = now.unix_ms + ms;
    fx.push_back(Tell{protocol::encode(sv::ChallengeReceived{room_info(s), s.kept_until_ms}), Audience::computer});
    fx.push_back(Arm{DeadlineKind::computer, now.steady + std::chrono::milliseconds(ms)});
    return;
  }
  const sv::Challenge challenge{s.room_id,
                                settings.game,
                                settings.options,
                                settings.clock,
                                settings.computer_level.value_or(4),
                                s.seats[0].player,
                                views::correspondence(settings)};
  fx.push_back(Tell{protocol::encode(challenge), Audience::computer});
  fx.push_back(Arm{DeadlineKind::computer, now.steady + std::chrono::milliseconds(s.limits.computer_join_ms)});
}

void join(GameSession& s, const Join& c, Effects& fx) {
  if (s.phase != Phase::open) return;  // refuse_join said so before the seat was claimed
  s.seats[1].player = c.player;
  s.seats[1].present = c.present;
  s.score.seat(s.seats[0].player, c.player);
  fx.push_back(Disarm{DeadlineKind::open_grace_0});  // the creator's grace, if they had left
  fx.push_back(Disarm{DeadlineKind::computer});      // the computer came
  fx.push_back(Notice{Note::joined});
  fx.push_back(Notice{Note::start_next});
}

void cancel(GameSession& s, const Cancel& c, Effects& fx) {
  if (c.slot != 0) return fx.push_back(Refuse{ErrorCode::not_creator, "only the creator can cancel this room"});
  if (s.phase == Phase::closed)
    return fx.push_back(Refuse{ErrorCode::room_closed, "room '" + s.room_id + "' is closed"});
  if (s.phase != Phase::open)
    return fx.push_back(Refuse{ErrorCode::room_full, "room '" + s.room_id + "' has started; resign instead"});
  close(s, "cancelled", fx);
  fx.push_back(Answer{protocol::encode(sv::RoomCancelled{s.room_id, c.reason, std::nullopt})});
  if (challenge(s)) tell_challenged(s, "cancelled", fx);
}

void decline(GameSession& s, const Decline& c, Effects& fx) {
  if (!challenge(s) || c.player != s.kept_for)
    return fx.push_back(Refuse{ErrorCode::not_a_player, "room '" + s.room_id + "' is not a challenge to you"});
  if (s.phase != Phase::open)
    return fx.push_back(Refuse{ErrorCode::room_closed, "room '" + s.room_id + "' is no longer a challenge"});
  close(s, "declined", fx);
  fx.push_back(
      Tell{protocol::encode(sv::RoomCancelled{s.room_id, std::string("declined"), c.reason.value_or("generic")}),
           Audience::seat, 0});
  fx.push_back(Answer{protocol::encode(sv::Ok{})});
}

void open_due(GameSession& s, DeadlineKind kind, Effects& fx) {
  if (s.phase != Phase::open) return;
  if (kind == DeadlineKind::computer && challenge(s)) {
    close(s, "expired", fx);
    fx.push_back(
        Tell{protocol::encode(sv::RoomCancelled{s.room_id, std::string("expired"), std::nullopt}), Audience::seat, 0});
    return tell_challenged(s, "expired", fx);
  }
  if (kind == DeadlineKind::computer) {
    close(s, "no_computer", fx);  // frees both seat claims
    return fx.push_back(Tell{protocol::encode(sv::RoomCancelled{s.room_id, std::string("no_computer"), std::nullopt}),
                             Audience::seat, 0});
  }
  // Not the game's grace: an open room nobody is behind keeps the lobby busy for nothing.
  if (!s.seats[kind == DeadlineKind::open_grace_0 ? 0 : 1].present) close(s, "abandoned", fx);
}

void open_returned(GameSession& s, int slot, Effects& fx) {
  s.seats[slot].present = true;
  fx.push_back(Disarm{grace_kind(slot)});
  fx.push_back(Answer{room_created(s)});
}

void open_left(GameSession& s, int slot, Now now, Effects& fx) {
  s.seats[slot].present = false;
  // A correspondence room waits for its opponent as its game will wait for its moves:
  // its creator need not stay (it goes with a restart, as every open room).
  if (s.settings->correspondence) return;
  fx.push_back(Arm{grace_kind(slot), now.steady + std::chrono::milliseconds(s.limits.open_room_grace_ms)});
}

}  // namespace steps

}  // namespace bh::game
