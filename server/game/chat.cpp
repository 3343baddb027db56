// Chat in a game (docs/protocol.md, "Chat"): the players' channel and the spectators',
// kept apart; each line checked (chat_text.hpp) and rate limited (chat_rate.hpp); a
// player may mute the opponent, and never hears a player a block keeps apart. Lines are
// told, not archived: only the game's last few stay in memory, for a report.
#include <algorithm>

#include "game/chat_text.hpp"
#include "game/steps.hpp"

namespace bh::game::steps {

namespace sv = protocol::server;
using protocol::ErrorCode;

namespace {

// True (and refused) when the room takes no chat or mute about `game_id` now.
bool refuse_chat(const GameSession& s, const std::string& game_id, Effects& fx) {
  if (s.phase == Phase::closed || s.phase == Phase::open || !s.game) {
    fx.push_back(Refuse{ErrorCode::unknown_game, "no live game '" + game_id + "'"});
    return true;
  }
  if (game_id != s.game_id) {  // an earlier game of the match
    fx.push_back(Refuse{ErrorCode::game_over, "game '" + game_id + "' has ended; chat in the current one"});
    return true;
  }
  return false;
}

}  // namespace

void chat(GameSession& s, const Chat& c, Now now, Effects& fx) {
  if (refuse_chat(s, c.game_id, fx)) return;
  if (c.slot < 0 && !c.watching)
    return fx.push_back(
        Refuse{ErrorCode::not_a_player, "you neither play nor watch this game (watch it to chat with its spectators)"});
  auto checked = chat::check_text(c.text);
  if (auto* refusal = std::get_if<chat::Refusal>(&checked))
    return fx.push_back(Refuse{ErrorCode::bad_chat, std::string(chat::describe(*refusal))});
  if (const auto wait = s.chat_rate.take(s.game_id, c.player, now.steady); wait > 0)
    return fx.push_back(
        Refuse{ErrorCode::rate_limited, "too many lines: at most 5 in 10 seconds; this one was not sent", wait});
  const sv::Chat event{s.game_id, c.slot >= 0 ? "players" : "spectators", c.player,
                       std::get<std::string>(std::move(checked)), now.unix_ms};
  const std::string text = protocol::encode(event);
  if (s.recent_chat.size() == GameSession::kRecentChat) s.recent_chat.erase(s.recent_chat.begin());
  s.recent_chat.push_back(event);
  fx.push_back(Answer{text});
  if (c.slot < 0) return fx.push_back(Tell{text, Audience::spectator_chat, -1, -1, true});
  const int other = 1 - c.slot;
  const auto& unheard = c.unheard_by;
  if (std::find(unheard.begin(), unheard.end(), s.seats[other].player) != unheard.end()) return;
  if (!s.muted[other]) fx.push_back(Tell{text, Audience::seat, other});
}

void mute(GameSession& s, const Mute& c, Effects& fx) {
  if (refuse_chat(s, c.game_id, fx)) return;
  if (c.slot < 0) return fx.push_back(Refuse{ErrorCode::not_a_player, "only a player can mute the opponent"});
  s.muted[c.slot] = c.muted;
  fx.push_back(Answer{protocol::encode(sv::Ok{})});
}

}  // namespace bh::game::steps
