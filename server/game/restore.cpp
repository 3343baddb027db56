#include "game/restore.hpp"

#include <map>

#include "game/creator_side.hpp"
#include "game/decide.hpp"
#include "rules/registry.hpp"

namespace bh::game {

Fallible<GameSession> restore_session(const storage::LiveGame& live, Limits limits, Time now) {
  const std::string name = "game " + live.game_id + ": ";
  auto settings = std::make_shared<RoomSettings>();
  settings->game = live.game;
  settings->options.values = live.options;
  rules::OptionText options(live.options.begin(), live.options.end());
  auto made = rules::make_ruleset(live.game, options);
  if (!made) return failure(name + made.error().message);
  settings->rules = *made;
  const auto side = creator_side_from_string(live.creator_side);
  if (!side) return failure(name + "unknown creator side '" + live.creator_side + "'");
  settings->creator_side = *side;
  if (live.clock) settings->clock = protocol::ClockMs{live.clock->initial_ms, live.clock->increment_ms};
  if (!live.correspondence.empty()) {
    settings->correspondence = correspondence_from_text(live.correspondence);
    if (!settings->correspondence) return failure(name + "unknown time control '" + live.correspondence + "'");
  }
  settings->games = live.games;
  settings->is_private = live.is_private;
  settings->rated = live.rated;
  settings->computer_level = live.computer_level;

  GameSession s =
      open_session(live.room_id, live.match_id, live.invite_code, std::move(settings), limits, live.seats[0].player);
  std::map<std::string, double> totals;
  std::vector<std::string> bots;
  for (int i = 0; i < 2; ++i) {
    s.seats[i].player = live.seats[i].player;
    s.seats[i].absent_until_ms = live.absent_until_ms[i];  // decided by Reopen
    totals[live.seats[i].player] = live.seats[i].match_points;
    if (live.seats[i].bot) bots.push_back(live.seats[i].player);
  }
  if (!bots.empty()) s.bots = std::move(bots);
  s.first_slot = live.first_seat == 1 ? 1 : 0;
  s.score.restore(live.game_number, std::move(totals));
  s.game_id = live.game_id;
  s.game_ids.push_back(s.game_id);
  s.started_ms = live.started_ms;
  s.journal.restore(live.moves);
  // The clocks as they were after the last move (paused while the server is down).
  std::optional<std::array<std::int64_t, 2>> after_last_move;
  if (!live.moves.empty()) after_last_move = {live.moves.back().first_clock_ms, live.moves.back().second_clock_ms};
  s.clock.restore(after_last_move, now);
  s.phase = Phase::playing;
  s.game.emplace(s.settings->rules);
  for (const auto& m : live.moves) {
    if (s.game->status().over()) return failure(name + "a move after the end (" + m.text + ")");
    auto played = s.game->play(m.text);
    if (!played) return failure(name + "move " + m.text + " does not replay: " + played.error().message);
  }
  if (s.correspondence) {
    // Offers stand until answered or the next move, restarts or not.
    if (live.offers.draw == 0 || live.offers.draw == 1)
      s.draw.standing = (live.offers.draw == 0 ? rules::Side::first : rules::Side::second);
    if ((live.offers.takeback == 0 || live.offers.takeback == 1) && live.offers.takeback_plies > 0 &&
        live.offers.takeback_plies <= s.game->ply())
      s.takeback = TakebackOffer{live.offers.takeback == 0 ? rules::Side::first : rules::Side::second,
                                 live.offers.takeback_plies};
  }
  if (s.correspondence) {  // its days never stood still: the deadline kept is the one
    s.clock.resume(now);
    s.correspondence->start(live.started_ms);
    const auto banks = after_last_move.value_or(s.correspondence->banks());
    if (live.deadline_ms > 0) {
      s.correspondence->restore_deadline(banks, s.game->to_move(), live.deadline_ms);
    } else {
      s.correspondence->restore(banks, live.moves.empty() ? live.started_ms : live.moves.back().at_ms);
    }
  }
  return s;
}

}  // namespace bh::game
