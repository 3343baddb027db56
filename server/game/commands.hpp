// What a game session is asked to decide: every player's and the server's action on a
// room's game. Each command names the seat it comes from (the room found it from the
// player); the connection and the request's id stay with the room, which answers "the
// requester" (effects.hpp).
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::game {

// The open room (docs/protocol.md, "Rooms"): announced once its creator's seat is
// taken; a second player sits down (the room has claimed the seat: Seats::take, after
// refuse_join); the creator cancels it.
struct Open {};
struct Join {
  std::string player;
  bool present = true;  // false: the joiner's connection closed before the join ran
};
struct Cancel {
  int slot = -1;
  std::optional<std::string> reason;  // told with room_cancelled; none: its creator cancelled it
};
// The player a room's second seat is kept for by a challenge (challenge_player) says no.
struct Decline {
  std::string player;
  std::optional<std::string> reason;  // told to the challenger as decline_reason
};
// The room's next game starts (the first of a match, the next one, or a rematch's).
// `game_id`, `first_slot`: chosen by the room for a match's first game; the next game
// of a match was chosen when the last one ended (GameSession::next).
struct Begin {
  std::string game_id;
  std::string next_game_id;  // the id the match's next game will have, if there is one
  int first_slot = 0;
  protocol::RatingPair ratings;                  // by side, looked up by the room
  std::optional<std::vector<std::string>> bots;  // the seated bot accounts
};
// `slot`: the requester's seat, -1 when the requester does not sit in the room.
struct Move {
  int slot = -1;
  std::string game_id;
  int ply = 0;
  std::string text;
};
struct Resign {
  int slot = -1;
  std::string game_id;
};
enum class DrawAction { offer, accept, decline };
struct Draw {
  int slot = -1;
  std::string game_id;
  DrawAction action = DrawAction::offer;
};
enum class TakebackAction { request, accept, decline };
struct Takeback {
  int slot = -1;
  std::string game_id;
  TakebackAction action = TakebackAction::request;
};
struct Abort {
  int slot = -1;
  std::string game_id;
};
// A player a moderator suspended or banned (docs/moderation.md): their game in play ends
// at once, lost by abandonment.
struct Forfeit {
  std::string player;
};
// A deadline armed by an Arm effect is due (the room's timer fired; it may be stale):
// the side to move's; a seated player's absence in a game, or in an open room; the
// computer's time to sit down; a finished room's rematch window.
enum class DeadlineKind { turn, absence_0, absence_1, open_grace_0, open_grace_1, computer, rematch_window };
struct DeadlineDue {
  DeadlineKind kind = DeadlineKind::turn;
};
// The store answered the write of a Persist effect.
struct Persisted {
  std::string game_id;
  bool header = false;
  int plies = 0;
  int erase_through = 0;
  bool ok = true;
  // Cluster mode: the write will not be made by this node (another owns the game now,
  // or this one stops while the database is away). Nothing was written; the room hands
  // the game over without deciding this (app/rooms/room.hpp).
  bool lost = false;
  // Cluster mode: the game's header was refused, a player of it sitting in another live
  // game (on another node: one seat at a time is a key in PostgreSQL). Nothing was written.
  bool seat_taken = false;
};
// What a Persist effect made durable has been told: the game goes on (its clock, its end).
struct Told {
  std::string game_id;
  int ply = 0;
  bool takeback = false;
};
// A seated player's connection closed, or the player is back.
struct Left {
  int slot = 0;
};
struct Returned {
  int slot = 0;
  // An asleep correspondence game woken while its player is online elsewhere: seated
  // to hear its moves, nothing told (no state; no player_returned to the others).
  bool quietly = false;
};
// The store answered the Finish effect: the record is archived (or not), with the
// rating changes it made. `shutting_down`: no next game starts, no rematch is offered.
struct Archived {
  bool ok = true;
  std::optional<protocol::server::RatingChanges> rating_changes;
  bool shutting_down = false;
  bool lost = false;  // as Persisted::lost: another node owns the game; nothing archived
};
// A game begun is announced once its header is durable (`game_id`: still this game).
struct Announce {
  std::string game_id;
};
// A chat line (docs/protocol.md, "Chat"): a player's (`slot`) goes to the opponent, a
// spectator's (`slot` -1, `watching`) to the spectators.
struct Chat {
  int slot = -1;
  bool watching = false;
  std::string player;  // the identity chatting (a spectator's too)
  std::string game_id;
  std::string text;
  std::vector<std::string> unheard_by;  // players kept apart from `player` by a block: not told
};
struct Mute {
  int slot = -1;
  std::string game_id;
  bool muted = true;
};
// Rematch (docs/protocol.md, "Rematch"), in the finished room.
enum class RematchAction { offer, accept, decline, leave };
struct Rematch {
  int slot = -1;
  RematchAction action = RematchAction::offer;
};
// The chance of a rematch ends without a request: the window expired, a player left or
// moved on (`reason`); `player`: the one who moved on, if seated here (empty: anyone).
struct RematchLapse {
  std::string reason;
  std::string player;
};
// A restored game comes back (its last move durable, its end not archived): live again
// (listed, its id routed). If its last move ended it, its end is archived now;
// otherwise a seat absent before the stop keeps its stored deadline, decided now if it
// passed meanwhile, and the others start their grace from now.
struct Reopen {};
// The store stopped, or started again, making writes durable (its health, checked once
// a second): while it cannot, no move is told, so the clocks stand still; they run again
// once it can (and both players are present).
struct Storage {
  bool up = true;
};

using Command = std::variant<Open, Join, Cancel, Decline, Begin, Announce, Move, Resign, Draw, Takeback, Abort, Forfeit,
                             DeadlineDue, Persisted, Told, Left, Returned, Archived, Reopen, Chat, Mute, Rematch,
                             RematchLapse, Storage>;

// The requester's seat on a command that names one (the room finds it from the player).
inline void set_slot(Command& command, int slot) {
  std::visit(
      [slot](auto& c) {
        if constexpr (requires { c.slot; }) c.slot = slot;
      },
      command);
}

}  // namespace bh::game
