#include "app/tournaments/tournament_views.hpp"

#include <algorithm>

#include "tournament/arena.hpp"
#include "tournament/round_robin.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using tournament::Format;

tournament::Scoring scoring_of(const tournament::Tournament& t) {
  tournament::Scoring scoring;
  // A round robin's bye is a rest: it scores nothing.
  scoring.bye = t.settings.format == Format::swiss ? tournament::bye_value(t.settings) : 0;
  return scoring;
}

std::string points_text(int half_points) {
  if (half_points == 1) return "½";
  return std::to_string(half_points / 2) + (half_points % 2 ? "½" : "");
}

std::string cell_text(const std::vector<tournament::CrossGame>& games) {
  std::string text;
  for (const auto& g : games) {
    if (!text.empty()) text += ' ';
    text += g.played ? points_text(g.points) : (g.points > 0 ? "+" : "-");
  }
  return text;
}

sv::TournamentStanding standing_view(const tournament::Tournament& t, const tournament::Standing& st, int group) {
  sv::TournamentStanding out;
  const auto* p = t.number(st.player);
  out.rank = st.rank;
  out.group = group;
  out.player = p ? p->name : "";
  const bool arena = t.settings.format == Format::arena;
  out.points = arena ? st.points : st.points / 2.0;
  out.played = st.played;
  out.wins = st.wins;
  out.draws = st.draws;
  out.losses = st.losses;
  out.performance = st.performance;
  if (t.settings.format != Format::arena) out.head_to_head = st.head_to_head / 2.0;
  if (t.settings.format == Format::round_robin) out.sonneborn_berger = st.sonneborn_berger / 4.0;
  if (t.settings.format == Format::swiss) {
    out.buchholz = st.buchholz / 2.0;
    out.median_buchholz = st.median_buchholz / 2.0;
  }
  return out;
}

std::vector<tournament::Entrant> group_entrants(const tournament::Tournament& t, int group) {
  std::vector<tournament::Entrant> out;
  for (const auto& p : t.players)
    if (p.withdrawn != 0 && p.group == group) out.push_back({p.number, p.rating});
  return out;
}

int groups_of(const tournament::Tournament& t) {
  int n = 0;
  for (const auto& p : t.players) n = std::max(n, p.group);
  return n;
}

void add_standings(const tournament::Tournament& t, sv::TournamentView& view) {
  const auto results = tournament::results(t);
  const auto scoring = scoring_of(t);
  if (t.settings.format == Format::round_robin && groups_of(t) > 0) {
    for (int g = 1; g <= groups_of(t); ++g) {
      for (const auto& row : tournament::crosstable(group_entrants(t, g), results, scoring)) {
        auto st = standing_view(t, row.standing, g);
        std::vector<std::string> cells;
        for (const auto& cell : row.cells) cells.push_back(cell_text(cell));
        st.cells = std::move(cells);
        view.standings.push_back(std::move(st));
      }
    }
    return;
  }
  const auto field = tournament::entrants(t, false);
  for (const auto& st : tournament::standings(field, results, t.settings.format, scoring)) {
    auto row = standing_view(t, st, 0);
    if (t.settings.format == Format::arena) {
      const auto score = tournament::arena_score(st.player, results);
      row.sheet = score.per_game;
      row.on_fire = score.on_fire;
    }
    view.standings.push_back(std::move(row));
  }
}

}  // namespace

int planned_rounds(const tournament::Tournament& t) {
  if (t.settings.format == Format::swiss) return t.settings.rounds;
  if (t.settings.format == Format::arena) return 0;
  int most = 0;
  for (int g = 1; g <= groups_of(t); ++g)
    most = std::max(
        most,
        static_cast<int>(
            tournament::berger_schedule(static_cast<int>(group_entrants(t, g).size()), t.settings.cycles).size()));
  return most;
}

sv::TournamentSummary tournament_summary(const tournament::Tournament& t) {
  const auto& s = t.settings;
  sv::TournamentSummary out;
  out.tournament_id = t.id;
  out.name = s.name;
  out.format = std::string(tournament::format_text(s.format));
  out.game = s.game;
  out.options = protocol::OptionMap{s.options};
  if (s.time.correspondence()) {
    protocol::Correspondence c;
    c.days_per_move = s.time.days;
    out.correspondence = c;
  } else {
    out.clock = protocol::ClockMs{s.time.initial_ms, s.time.increment_ms};
  }
  out.rated = s.rated;
  out.status = std::string(tournament::status_text(t.status));
  out.round = s.format == Format::arena ? static_cast<int>(t.games.size()) : t.round;
  out.rounds = planned_rounds(t);
  out.players = static_cast<int>(
      std::count_if(t.players.begin(), t.players.end(), [](const tournament::Player& p) { return p.in(); }));
  out.max_players = s.max_players;
  out.min_rating = s.min_rating;
  if (s.format == Format::arena) out.duration_min = static_cast<int>(s.duration_ms / 60'000);
  out.starts_ms = s.starts_ms;
  out.started_ms = t.started_ms;
  out.finished_ms = t.finished_ms;
  out.creator = s.creator;
  out.is_private = s.is_private;
  if (t.status == tournament::Status::finished) {
    const auto table =
        tournament::standings(tournament::entrants(t, false), tournament::results(t), s.format, scoring_of(t));
    if (!table.empty() && table.front().rank == 1 && (table.size() < 2 || table[1].rank != 1))
      if (const auto* p = t.number(table.front().player)) out.winner = p->name;
  }
  return out;
}

sv::TournamentView tournament_view(const tournament::Tournament& t, bool creator_view) {
  sv::TournamentView view;
  static_cast<sv::TournamentSummary&>(view) = tournament_summary(t);
  const auto& s = t.settings;
  if (s.format == Format::round_robin) {
    view.cycles = s.cycles;
    view.group_size = s.group_size;
  }
  if (s.format == Format::swiss) {
    view.mini_match = s.mini_match;
    view.bye_points = s.bye_points / 2.0;
  }
  view.bots = s.bots;
  if (creator_view && s.is_private) view.invite_code = s.invite_code;
  for (const auto& p : t.players) {
    if (p.withdrawn == 0) continue;  // left before the start
    view.entrants.push_back(
        {p.name, p.rating, p.group, !p.in(), p.bot, p.level > 0 ? std::optional<int>(p.level) : std::nullopt});
  }
  add_standings(t, view);
  for (const auto& g : t.games) {
    sv::TournamentGame game;
    game.round = g.round;
    game.group = g.group;
    game.game_id = g.game_id;
    if (const auto* p = t.number(g.first)) game.first = p->name;
    if (const auto* p = t.number(g.second)) game.second = p->name;
    if (g.outcome) game.result = std::string(tournament::outcome_text(*g.outcome));
    view.games.push_back(std::move(game));
  }
  return view;
}

}  // namespace bh::app
