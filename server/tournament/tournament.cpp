#include "tournament/tournament.hpp"

#include <algorithm>

#include "tournament/round_robin.hpp"

namespace bh::tournament {

const Player* Tournament::player(const std::string& name) const {
  for (const auto& p : players)
    if (p.name == name) return &p;
  return nullptr;
}

const Player* Tournament::number(int n) const {
  if (n < 1 || n > static_cast<int>(players.size())) return nullptr;
  return &players[static_cast<std::size_t>(n - 1)];
}

int Tournament::group_members(int group) const {
  return static_cast<int>(std::count_if(players.begin(), players.end(),
                                        [&](const Player& p) { return p.withdrawn != 0 && p.group == group; }));
}

std::vector<const Game*> Tournament::round_games(int r) const {
  std::vector<const Game*> out;
  for (const auto& g : games)
    if (g.round == r) out.push_back(&g);
  return out;
}

int bye_value(const Settings& settings) { return settings.bye_points * (settings.mini_match ? 2 : 1); }

const Game* mini_match_first(const Tournament& t, const Game& g) {
  if (!t.settings.mini_match || g.second == 0) return nullptr;
  for (const auto& other : t.games) {
    if (&other == &g) return nullptr;  // g comes first
    if (other.round == g.round && other.first == g.second && other.second == g.first) return &other;
  }
  return nullptr;
}

std::vector<Game> playable_now(const Tournament& t) {
  std::vector<Game> out;
  for (const auto& g : t.games) {
    if (g.outcome || g.game_id.empty()) continue;
    const Game* before = mini_match_first(t, g);
    if (before && !before->outcome && !t.settings.time.correspondence()) continue;
    out.push_back(g);
  }
  return out;
}

std::optional<std::string> check_settings(const Settings& s) {
  if (s.name.empty() || s.name.size() > 80) return "a name of 1 to 80 characters";
  if (s.max_players < 2 || s.max_players > 1000) return "max_players must be 2..1000";
  if (s.min_rating < 0 || s.min_rating > 4000) return "min_rating must be 0..4000";
  if (s.bye_points < 0 || s.bye_points > 2) return "bye_points must be 0, 1 or 2 (half-points)";
  if (s.time.correspondence()) {
    if (s.time.days > 30) return "at most 30 days per move";
  } else if (s.time.initial_ms < 1000 || s.time.initial_ms > 3 * 3600'000 || s.time.increment_ms < 0 ||
             s.time.increment_ms > 180'000) {
    return "a live clock of 1 s to 3 h, an increment of 0 to 180 s";
  }
  switch (s.format) {
    case Format::round_robin:
      if (s.cycles < 1 || s.cycles > 2) return "cycles must be 1 or 2";
      if (s.group_size != 0 && (s.group_size < 3 || s.group_size > 30)) return "group_size must be 0 or 3..30";
      if (s.group_size == 0 && s.max_players > 30) return "a round robin in one group has at most 30 players";
      break;
    case Format::swiss:
      if (s.rounds < 1 || s.rounds > 30) return "rounds must be 1..30";
      break;
    case Format::arena:
      if (s.time.correspondence()) return "an arena is played live";
      if (s.duration_ms < 60'000 || s.duration_ms > 24 * 3600'000) return "duration must be 1 min to 24 h";
      break;
  }
  return std::nullopt;
}

Tournament create(std::string id, Settings settings, std::int64_t now_ms) {
  Tournament t;
  t.id = std::move(id);
  t.settings = std::move(settings);
  t.created_ms = now_ms;
  return t;
}

std::vector<Entrant> entrants(const Tournament& t, bool active_only) {
  std::vector<Entrant> out;
  for (const auto& p : t.players)
    if (p.withdrawn != 0 && (!active_only || p.in())) out.push_back({p.number, p.rating});
  return out;
}

namespace {

bool played(const Game& g) {
  return g.outcome &&
         (*g.outcome == Outcome::first_won || *g.outcome == Outcome::second_won || *g.outcome == Outcome::draw);
}

// A round robin's withdrawn player who played fewer than half their games: their results
// are annulled (docs/tournaments.md, "Withdrawals").
bool annulled(const Tournament& t, const Player& p) {
  if (t.settings.format != Format::round_robin || p.withdrawn <= 0) return false;
  const int scheduled = (t.group_members(p.group) - 1) * t.settings.cycles;
  int count = 0;
  for (const auto& g : t.games)
    if ((g.first == p.number || g.second == p.number) && played(g)) ++count;
  return 2 * count < scheduled;
}

}  // namespace

std::vector<GameResult> results(const Tournament& t) {
  std::vector<int> void_numbers;
  for (const auto& p : t.players)
    if (annulled(t, p)) void_numbers.push_back(p.number);
  const auto is_void = [&](int n) {
    return std::find(void_numbers.begin(), void_numbers.end(), n) != void_numbers.end();
  };
  std::vector<GameResult> out;
  for (const auto& g : t.games) {
    if (!g.outcome || is_void(g.first) || is_void(g.second)) continue;
    out.push_back({g.round, g.first, g.second, *g.outcome});
  }
  return out;
}

std::optional<Outcome> outcome_of_game(std::string_view result, int plies) {
  if (result == "first") return Outcome::first_won;
  if (result == "second") return Outcome::second_won;
  if (result == "draw") return Outcome::draw;
  if (result == "aborted") return plies == 0 ? Outcome::second_won_by_forfeit : Outcome::first_won_by_forfeit;
  return std::nullopt;
}

namespace {
constexpr std::pair<Outcome, std::string_view> kOutcomes[] = {
    {Outcome::first_won, "first"},
    {Outcome::second_won, "second"},
    {Outcome::draw, "draw"},
    {Outcome::first_won_by_forfeit, "first_by_forfeit"},
    {Outcome::second_won_by_forfeit, "second_by_forfeit"},
    {Outcome::both_forfeited, "both_forfeited"},
    {Outcome::bye, "bye"},
};
}  // namespace

std::string_view outcome_text(Outcome outcome) {
  for (const auto& [o, text] : kOutcomes)
    if (o == outcome) return text;
  return "draw";
}

std::optional<Outcome> outcome_from(std::string_view text) {
  for (const auto& [o, t] : kOutcomes)
    if (t == text) return o;
  return std::nullopt;
}

std::optional<Status> status_from(std::string_view text) {
  if (text == "upcoming") return Status::upcoming;
  if (text == "running") return Status::running;
  if (text == "finished") return Status::finished;
  return std::nullopt;
}

std::string_view status_text(Status status) {
  switch (status) {
    case Status::upcoming:
      return "upcoming";
    case Status::running:
      return "running";
    case Status::finished:
      return "finished";
  }
  return "upcoming";
}

std::string_view format_text(Format format) {
  switch (format) {
    case Format::round_robin:
      return "round_robin";
    case Format::swiss:
      return "swiss";
    case Format::arena:
      return "arena";
  }
  return "swiss";
}

std::optional<Format> format_from(std::string_view text) {
  if (text == "round_robin") return Format::round_robin;
  if (text == "swiss") return Format::swiss;
  if (text == "arena") return Format::arena;
  return std::nullopt;
}

}  // namespace bh::tournament
