#include "game/decide.hpp"

#include <type_traits>

#include "game/board_view.hpp"
#include "game/room_views.hpp"
#include "game/steps.hpp"

namespace bh::game {

namespace sv = protocol::server;
using rules::Side;

namespace {

void due(GameSession& s, DeadlineKind kind, Now now, Effects& fx) {
  switch (kind) {
    case DeadlineKind::turn:
      return steps::turn_due(s, now, fx);
    case DeadlineKind::absence_0:
    case DeadlineKind::absence_1:
      return steps::absence_due(s, kind == DeadlineKind::absence_0 ? 0 : 1, now, fx);
    case DeadlineKind::open_grace_0:
    case DeadlineKind::open_grace_1:
    case DeadlineKind::computer:
      return steps::open_due(s, kind, fx);
    case DeadlineKind::rematch_window:
      return steps::rematch_lapse(s, "expired", false, fx);
  }
}

}  // namespace

Decision decide(GameSession s, const Command& command, Now now) {
  auto fx = decide_in_place(s, command, now);
  return {std::move(s), std::move(fx)};
}

Effects decide_in_place(GameSession& s, const Command& command, Now now) {
  Effects fx;
  std::visit(
      [&](const auto& c) {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, Open>) steps::open(s, now, fx);
        else if constexpr (std::is_same_v<C, Join>) steps::join(s, c, fx);
        else if constexpr (std::is_same_v<C, Cancel>) steps::cancel(s, c, fx);
        else if constexpr (std::is_same_v<C, Decline>) steps::decline(s, c, fx);
        else if constexpr (std::is_same_v<C, Begin>) steps::begin(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Announce>) steps::announce(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Move>) steps::move(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Resign>) steps::resign(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Draw>) steps::draw(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Takeback>) steps::takeback(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Abort>) steps::abort(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Forfeit>) steps::forfeit(s, c, now, fx);
        else if constexpr (std::is_same_v<C, DeadlineDue>) due(s, c.kind, now, fx);
        else if constexpr (std::is_same_v<C, Persisted>) steps::persisted(s, c, fx);
        else if constexpr (std::is_same_v<C, Told>) steps::told(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Left>) steps::left(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Returned>) steps::returned(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Reopen>) steps::reopen(s, now, fx);
        else if constexpr (std::is_same_v<C, Storage>) steps::storage(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Archived>) steps::archived(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Chat>) steps::chat(s, c, now, fx);
        else if constexpr (std::is_same_v<C, Mute>) steps::mute(s, c, fx);
        else if constexpr (std::is_same_v<C, Rematch>) steps::rematch(s, c, fx);
        else if constexpr (std::is_same_v<C, RematchLapse>) {
          if (c.player.empty() || s.slot_of(c.player)) steps::rematch_lapse(s, c.reason, false, fx);
        }
      },
      command);
  return fx;
}

std::optional<sv::Clocks> clocks_view(const GameSession& s, Time now) {
  if (!s.game) return std::nullopt;
  std::optional<Side> running;
  if (s.live()) running = s.game->to_move();
  if (s.waiting_first_move()) running.reset();  // a side's clock runs from its first move on
  auto clocks = views::clocks(s.clock, running, now);
  if (clocks && s.waiting_first_move() && s.first_move_deadline && !s.clock.paused())
    clocks->first_move_deadline_ms = s.first_move_deadline_ms;
  if (clocks && s.live() && s.clock.paused()) clocks->paused = s.storage_down ? "storage" : "players";
  return clocks;
}

sv::MatchInfo match_info(const GameSession& s) { return views::match_info(s.match_id, s.score); }

sv::GameView game_view(const GameSession& s, std::optional<int> slot, Time now) {
  std::optional<views::GameFacts::Takeback> takeback;
  if (s.takeback) takeback = views::GameFacts::Takeback{s.takeback->side, s.takeback->plies};
  views::GameFacts facts{s.room_id,    s.game_id,           *s.settings,     *s.game,       s.journal, {},
                         s.first_slot, clocks_view(s, now), s.draw.standing, match_info(s), *s.board,  s.spectators,
                         takeback};
  for (int i = 0; i < 2; ++i) facts.seats[i] = {s.seats[i].player, s.seats[i].present, s.seats[i].absent_until_ms};
  auto v = views::game_view(facts, slot);
  v.deadline_ms = s.deadline_ms();
  v.rated = s.settings->rated;
  v.ratings = s.start_ratings;
  v.bots = s.bots;
  v.computer_level = s.settings->computer_level;
  if (s.settings->tournament) v.tournament_id = s.settings->tournament->id;
  return v;
}

sv::RoomInfo room_info(const GameSession& s) {
  const auto& settings = *s.settings;
  auto r = views::room_info(s.room_id, s.seats[0].player, settings);
  r.rated = settings.rated;
  r.creator_rating = s.creator_rating;
  r.computer_level = settings.computer_level;
  if (!s.kept_for.empty() && !settings.computer_level) r.challenged = s.kept_for;
  return r;
}

sv::LiveGameInfo live_info(const GameSession& s) {
  auto info = views::live_game(s.room_id, s.game_id, *s.settings, s.players(), s.game->ply(), s.started_ms);
  info.rated = s.settings->rated;
  info.ratings = s.start_ratings;
  info.bots = s.bots;
  info.computer_level = s.settings->computer_level;
  return info;
}

sv::PlayerGame player_game(const GameSession& s) {
  sv::PlayerGame g;
  g.game_id = s.game_id;
  g.room_id = s.room_id;
  g.game = s.settings->game;
  g.options = s.settings->options;
  g.clock = s.settings->clock;
  g.correspondence = views::correspondence(*s.settings);
  g.players = s.players();
  g.ply = s.game->ply();
  g.to_move = views::side_text(s.game->to_move());
  g.to_move_player = s.game->to_move() == Side::first ? g.players.first : g.players.second;
  g.deadline_ms = s.deadline_ms();
  g.is_private = s.settings->is_private;
  g.started_ms = s.started_ms;
  return g;
}

std::optional<int> GameSession::slot_of(const std::string& player) const {
  for (int i = 0; i < 2; ++i)
    if (!player.empty() && seats[i].player == player) return i;
  return std::nullopt;
}

std::optional<std::int64_t> GameSession::deadline_ms() const {
  if (!correspondence || !live()) return std::nullopt;
  return correspondence->deadline(game->to_move());
}

storage::LiveOffers GameSession::live_offers() const {
  storage::LiveOffers o;
  if (draw.standing) o.draw = rules::index(*draw.standing);
  if (takeback) {
    o.takeback = rules::index(takeback->side);
    o.takeback_plies = takeback->plies;
  }
  return o;
}

protocol::SidePair GameSession::players() const {
  return {seats[slot_for(Side::first)].player, seats[slot_for(Side::second)].player};
}

GameSession open_session(std::string room_id, std::string match_id, std::string invite_code,
                         std::shared_ptr<const RoomSettings> settings, Limits limits, std::string creator) {
  GameSession s;
  s.room_id = std::move(room_id);
  s.match_id = std::move(match_id);
  s.invite_code = std::move(invite_code);
  s.board = shared_board(*settings->rules);
  s.score = MatchScore(settings->games);
  if (settings->clock) s.clock = GameClock(settings->clock->initial_ms, settings->clock->increment_ms);
  if (settings->correspondence) s.correspondence.emplace(*settings->correspondence, limits.correspondence_day_ms);
  s.settings = std::move(settings);
  s.limits = limits;
  s.seats[0].player = std::move(creator);
  return s;
}

namespace steps {

bool refuse_unless_playing(const GameSession& s, int slot, const std::string& game_id, Effects& fx) {
  if (slot < 0 || s.phase == Phase::open) {
    fx.push_back(Refuse{protocol::ErrorCode::not_a_player, "you are not playing in this game"});
    return true;
  }
  if (s.phase != Phase::playing || game_id != s.game_id || s.game->status().over()) {
    fx.push_back(Refuse{protocol::ErrorCode::game_over, "the game has ended"});
    return true;
  }
  return false;
}

}  // namespace steps

}  // namespace bh::game
