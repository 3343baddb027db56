#include "tournament/standings.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <utility>

#include "tournament/arena.hpp"

namespace bh::tournament {

namespace {

enum class Kind { win, draw, loss, forfeit_win, forfeit_loss, both_forfeited, bye };

// One result from one player's side.
struct Side {
  int round = 0;
  int opponent = 0;  // 0 for a bye
  Kind kind = Kind::draw;
  int points = 0;  // by the Scoring
  bool played() const { return kind == Kind::win || kind == Kind::draw || kind == Kind::loss; }
  int game_points() const { return kind == Kind::win ? 2 : kind == Kind::draw ? 1 : 0; }  // 1, ½, 0 in halves
  // A round given away (FIDE: voluntarily unplayed): cut first from a median Buchholz.
  bool given_away() const { return kind == Kind::forfeit_loss || kind == Kind::both_forfeited; }
};

struct Record {
  int rating = 0;
  std::vector<Side> sides;        // by round
  std::vector<GameResult> games;  // as given (an arena's score reads them)
  Standing standing;
};

Kind kind_for(Outcome outcome, bool first) {
  switch (outcome) {
    case Outcome::first_won:
      return first ? Kind::win : Kind::loss;
    case Outcome::second_won:
      return first ? Kind::loss : Kind::win;
    case Outcome::draw:
      return Kind::draw;
    case Outcome::first_won_by_forfeit:
      return first ? Kind::forfeit_win : Kind::forfeit_loss;
    case Outcome::second_won_by_forfeit:
      return first ? Kind::forfeit_loss : Kind::forfeit_win;
    case Outcome::both_forfeited:
      return Kind::both_forfeited;
    case Outcome::bye:
      return Kind::bye;
  }
  return Kind::both_forfeited;
}

int points_for(Kind kind, const Scoring& scoring) {
  switch (kind) {
    case Kind::win:
    case Kind::forfeit_win:
      return scoring.win;
    case Kind::draw:
      return scoring.draw;
    case Kind::loss:
      return scoring.loss;
    case Kind::bye:
      return scoring.bye;
    case Kind::forfeit_loss:
    case Kind::both_forfeited:
      return 0;
  }
  return 0;
}

// x / d rounded half up, for d > 0 and any x.
long long round_div(long long x, long long d) {
  const long long twice = 2 * x + d;
  const long long q = twice / (2 * d);
  return (twice % (2 * d) != 0 && twice < 0) ? q - 1 : q;
}

// FIDE Handbook B.02 (8.1.a): dp for a score of 50%, 51%, ... 100%; below 50%, the negative.
constexpr std::array<int, 51> kDp = {0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,
                                     95,  102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
                                     202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
                                     351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

// FIDE's tournament performance rating: Ra + dp(p), Ra the opponents' average rating and p
// the percentage scored, both rounded; 0 for no game.
int performance(const std::vector<int>& opponent_ratings, int game_points) {
  const auto n = static_cast<long long>(opponent_ratings.size());
  if (n == 0) return 0;
  long long sum = 0;
  for (int r : opponent_ratings) sum += r;
  const auto average = round_div(sum, n);
  const auto percent = static_cast<int>(round_div(100LL * game_points, 2 * n));
  const int dp =
      percent >= 50 ? kDp[static_cast<std::size_t>(percent - 50)] : -kDp[static_cast<std::size_t>(50 - percent)];
  return static_cast<int>(average) + dp;
}

// The results of `players` by player, those naming anyone else skipped.
std::map<int, Record> records_of(const std::vector<Entrant>& players, const std::vector<GameResult>& results,
                                 const Scoring& scoring) {
  std::map<int, Record> records;
  for (const auto& e : players) records[e.id].rating = e.rating;
  for (const auto& g : results) {
    if (!records.contains(g.first)) continue;
    if (g.outcome == Outcome::bye) {
      records[g.first].sides.push_back({g.round, 0, Kind::bye, scoring.bye});
      records[g.first].games.push_back(g);
      continue;
    }
    if (g.second == g.first || !records.contains(g.second)) continue;
    records[g.first].games.push_back(g);
    records[g.second].games.push_back(g);
    for (const bool first : {true, false}) {
      const Kind kind = kind_for(g.outcome, first);
      records[first ? g.first : g.second].sides.push_back(
          {g.round, first ? g.second : g.first, kind, points_for(kind, scoring)});
    }
  }
  for (auto& [id, r] : records) {
    std::stable_sort(r.sides.begin(), r.sides.end(), [](const Side& a, const Side& b) { return a.round < b.round; });
    Standing& s = r.standing;
    s.player = id;
    std::vector<int> opponent_ratings;
    int game_points = 0;
    for (const Side& side : r.sides) {
      s.points += side.points;
      if (side.kind == Kind::win || side.kind == Kind::forfeit_win) ++s.wins;
      if (side.kind == Kind::draw) ++s.draws;
      if (side.kind == Kind::loss || side.given_away()) ++s.losses;
      if (!side.played()) continue;
      ++s.played;
      opponent_ratings.push_back(records.at(side.opponent).rating);
      game_points += side.game_points();
    }
    s.performance = performance(opponent_ratings, game_points);
  }
  return records;
}

// Direct encounter among each group tied on points, when all of its players have met.
void head_to_head(std::map<int, Record>& records) {
  std::map<int, std::vector<int>> tied;  // points -> players
  for (const auto& [id, r] : records) tied[r.standing.points].push_back(id);
  for (const auto& [points, group] : tied) {
    if (group.size() < 2) continue;
    const std::set<int> members(group.begin(), group.end());
    std::map<int, int> among;
    bool all_met = true;
    for (int id : group) {
      std::set<int> met;
      for (const Side& side : records.at(id).sides)
        if (side.played() && members.contains(side.opponent)) {
          met.insert(side.opponent);
          among[id] += side.points;
        }
      all_met = all_met && met.size() == group.size() - 1;
    }
    if (all_met)
      for (int id : group) records.at(id).standing.head_to_head = among[id];
  }
}

void sonneborn_berger(std::map<int, Record>& records) {
  for (auto& [id, r] : records)
    for (const Side& side : r.sides)
      if (side.played()) r.standing.sonneborn_berger += side.points * records.at(side.opponent).standing.points;
}

// Buchholz and median Buchholz with FIDE C.07 (2023)'s unplayed rounds: a dummy opponent
// with the player's own points for each of their rounds without a game; an opponent's
// rounds absent after the last they took part in (played, a bye, a forfeit win) as draws.
void buchholz(std::map<int, Record>& records, const Scoring& scoring) {
  int rounds = 0;
  for (const auto& [id, r] : records)
    for (const Side& side : r.sides) rounds = std::max(rounds, side.round);

  std::map<int, int> adjusted;  // player -> points as their opponents count them
  for (const auto& [id, r] : records) {
    int last_in = 0;
    std::set<int> present;
    for (const Side& side : r.sides) {
      present.insert(side.round);
      if (!side.given_away()) last_in = std::max(last_in, side.round);
    }
    int absent_after = 0;
    for (int round = last_in + 1; round <= rounds; ++round) absent_after += present.contains(round) ? 0 : 1;
    adjusted[id] = r.standing.points + absent_after * scoring.draw;
  }

  for (auto& [id, r] : records) {
    struct Value {
      int value;
      bool given_away;
    };
    std::vector<Value> values;
    auto side = r.sides.begin();
    for (int round = 1; round <= rounds; ++round) {
      int opponent = 0;
      // kept: the round had a bye or a forfeit win, so it was not given away.
      bool any = false, kept = false;
      while (side != r.sides.end() && side->round < round) ++side;  // round numbers below 1
      for (; side != r.sides.end() && side->round == round; ++side) {
        any = true;
        if (side->played() && opponent == 0) opponent = side->opponent;
        kept = kept || !side->given_away();
      }
      if (opponent != 0) values.push_back({adjusted.at(opponent), false});
      else values.push_back({r.standing.points, !any || !kept});
    }
    int total = 0;
    for (const Value& v : values) total += v.value;
    r.standing.buchholz = total;

    // Median: the lowest cut (a round given away first), then the highest, as far as there are rounds.
    if (values.empty()) continue;
    const auto lowest = std::min_element(values.begin(), values.end(), [](const Value& a, const Value& b) {
      if (a.given_away != b.given_away) return a.given_away;
      return a.value < b.value;
    });
    total -= lowest->value;
    values.erase(lowest);
    if (!values.empty())
      total -= std::max_element(values.begin(), values.end(), [](const Value& a, const Value& b) {
                 return a.value < b.value;
               })->value;
    r.standing.median_buchholz = total;
  }
}

std::array<int, 5> key(const Standing& s, Format format) {
  switch (format) {
    case Format::round_robin:
      return {s.points, s.head_to_head, s.sonneborn_berger, s.performance, 0};
    case Format::swiss:
      return {s.points, s.head_to_head, s.buchholz, s.median_buchholz, s.performance};
    case Format::arena:
      return {s.points, s.performance, 0, 0, 0};
  }
  return {};
}

}  // namespace

std::vector<Standing> standings(const std::vector<Entrant>& players, const std::vector<GameResult>& results,
                                Format format, const Scoring& scoring) {
  auto records = records_of(players, results, scoring);
  if (format == Format::arena)
    for (auto& [id, r] : records) r.standing.points = arena_score(id, r.games).points;
  if (format != Format::arena) head_to_head(records);
  if (format == Format::round_robin) sonneborn_berger(records);
  if (format == Format::swiss) buchholz(records, scoring);

  std::vector<const Record*> order;
  for (const auto& [id, r] : records) order.push_back(&r);
  std::sort(order.begin(), order.end(), [&](const Record* a, const Record* b) {
    const auto ka = key(a->standing, format), kb = key(b->standing, format);
    if (ka != kb) return ka > kb;
    if (a->rating != b->rating) return a->rating > b->rating;
    return a->standing.player < b->standing.player;
  });
  std::vector<Standing> out;
  out.reserve(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    Standing s = order[i]->standing;
    s.rank = i > 0 && key(s, format) == key(out.back(), format) ? out.back().rank : static_cast<int>(i) + 1;
    out.push_back(s);
  }
  return out;
}

std::vector<CrossRow> crosstable(const std::vector<Entrant>& players, const std::vector<GameResult>& results,
                                 const Scoring& scoring) {
  const auto table = standings(players, results, Format::round_robin, scoring);
  const auto records = records_of(players, results, scoring);
  std::map<int, std::size_t> row_of;
  for (std::size_t i = 0; i < table.size(); ++i) row_of[table[i].player] = i;
  std::vector<CrossRow> rows;
  rows.reserve(table.size());
  for (const Standing& s : table) {
    CrossRow row{s, std::vector<std::vector<CrossGame>>(table.size())};
    for (const Side& side : records.at(s.player).sides)
      if (side.kind != Kind::bye)
        row.cells[row_of.at(side.opponent)].push_back({side.round, side.points, side.played()});
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace bh::tournament
