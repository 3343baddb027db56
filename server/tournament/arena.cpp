#include "tournament/arena.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <utility>

namespace bh::tournament {

namespace {

enum class ArenaResult { win, draw, loss, forfeit_win, forfeit_loss, none };

ArenaResult result_for(const GameResult& g, int player) {
  const bool first = g.first == player;
  switch (g.outcome) {
    case Outcome::first_won:
      return first ? ArenaResult::win : ArenaResult::loss;
    case Outcome::second_won:
      return first ? ArenaResult::loss : ArenaResult::win;
    case Outcome::draw:
      return ArenaResult::draw;
    case Outcome::first_won_by_forfeit:
      return first ? ArenaResult::forfeit_win : ArenaResult::forfeit_loss;
    case Outcome::second_won_by_forfeit:
      return first ? ArenaResult::forfeit_loss : ArenaResult::forfeit_win;
    case Outcome::both_forfeited:
      return ArenaResult::forfeit_loss;
    case Outcome::bye:
      return ArenaResult::none;
  }
  return ArenaResult::none;
}

bool avoids(const ArenaPlayer& a, const ArenaPlayer& b) {
  return std::find(a.avoid.begin(), a.avoid.end(), b.id) != a.avoid.end();
}

bool allowed(const ArenaPlayer& a, const ArenaPlayer& b) {
  return a.last_opponent != b.id && b.last_opponent != a.id && !avoids(a, b) && !avoids(b, a);
}

// Indices into the ranked players; `first` ranks higher (the lower index).
using Pair = std::pair<int, int>;

Pair ordered(int a, int b) { return a < b ? Pair{a, b} : Pair{b, a}; }

int distance(int a, int b) { return std::abs(a - b); }

}  // namespace

ArenaScore arena_score(int player, const std::vector<GameResult>& games_in_order) {
  std::vector<const GameResult*> mine;
  for (const auto& g : games_in_order)
    if (player != 0 && g.first != g.second && (g.first == player || g.second == player)) mine.push_back(&g);
  std::stable_sort(mine.begin(), mine.end(),
                   [](const GameResult* a, const GameResult* b) { return a->round < b->round; });

  ArenaScore s;
  for (const GameResult* g : mine) {
    const ArenaResult r = result_for(*g, player);
    if (r == ArenaResult::none) continue;
    const int factor = s.streak >= 2 ? 2 : 1;
    int points = 0;
    switch (r) {
      case ArenaResult::win:
        points = 2 * factor;
        ++s.wins;
        ++s.streak;
        break;
      case ArenaResult::draw:
        points = factor;
        ++s.draws;
        s.streak = 0;
        break;
      case ArenaResult::forfeit_win:  // no opponent beaten: scores, but the streak stands still
        points = 2;
        ++s.wins;
        break;
      case ArenaResult::loss:
      case ArenaResult::forfeit_loss:
        ++s.losses;
        s.streak = 0;
        break;
      case ArenaResult::none:
        break;
    }
    s.points += points;
    s.per_game.push_back(points);
    ++s.games;
  }
  s.on_fire = s.streak >= 2;
  return s;
}

std::vector<Pairing> pair_arena(const std::vector<ArenaPlayer>& free_players) {
  std::vector<ArenaPlayer> ranked = free_players;
  std::sort(ranked.begin(), ranked.end(), [](const ArenaPlayer& a, const ArenaPlayer& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.id < b.id;
  });
  assert(std::adjacent_find(ranked.begin(), ranked.end(),
                            [](const ArenaPlayer& a, const ArenaPlayer& b) { return a.id == b.id; }) == ranked.end());
  const int n = static_cast<int>(ranked.size());
  if (n < 2) return {};

  // With an odd number, the one who waited least sits out first (the lower-ranked of equals).
  int odd = -1;
  if (n % 2 == 1) {
    odd = 0;
    for (int i = 1; i < n; ++i)
      if (ranked[i].waiting_since >= ranked[odd].waiting_since) odd = i;
  }

  std::vector<int> partner(static_cast<std::size_t>(n), -1);
  std::vector<Pair> pairs;
  const auto free = [&](int i) { return i != odd && partner[static_cast<std::size_t>(i)] < 0; };
  const auto join = [&](int a, int b) {
    partner[static_cast<std::size_t>(a)] = b;
    partner[static_cast<std::size_t>(b)] = a;
    pairs.push_back(ordered(a, b));
  };

  // Down the ranking, each with the nearest free player below who may play them.
  for (int i = 0; i < n; ++i) {
    if (!free(i)) continue;
    for (int j = i + 1; j < n; ++j)
      if (free(j) && allowed(ranked[i], ranked[j])) {
        join(i, j);
        break;
      }
  }

  // Those left may meet none of the others left: each takes the nearest allowed one of
  // `candidates` if there is one, or two of them swap into the nearest pair that takes them.
  const auto place = [&](int u, const std::vector<int>& candidates) {
    std::vector<int> near;
    for (int v : candidates)
      if (v != u && partner[static_cast<std::size_t>(v)] < 0) near.push_back(v);
    std::stable_sort(near.begin(), near.end(), [&](int a, int b) { return distance(a, u) < distance(b, u); });
    for (int v : near)
      if (allowed(ranked[u], ranked[v])) {
        join(u, v);
        return;
      }
    std::vector<std::size_t> by_distance(pairs.size());
    for (std::size_t k = 0; k < pairs.size(); ++k) by_distance[k] = k;
    std::stable_sort(by_distance.begin(), by_distance.end(), [&](std::size_t a, std::size_t b) {
      return std::min(distance(pairs[a].first, u), distance(pairs[a].second, u)) <
             std::min(distance(pairs[b].first, u), distance(pairs[b].second, u));
    });
    for (int v : near)
      for (std::size_t k : by_distance) {
        const auto [a, b] = pairs[k];
        for (const auto& [x, y] : {Pair{a, b}, Pair{b, a}}) {
          if (!allowed(ranked[u], ranked[x]) || !allowed(ranked[v], ranked[y])) continue;
          partner[static_cast<std::size_t>(u)] = x;
          partner[static_cast<std::size_t>(x)] = u;
          partner[static_cast<std::size_t>(v)] = y;
          partner[static_cast<std::size_t>(y)] = v;
          pairs[k] = ordered(u, x);
          pairs.push_back(ordered(v, y));
          return;
        }
      }
  };
  std::vector<int> left;
  for (int i = 0; i < n; ++i)
    if (free(i)) left.push_back(i);
  for (int u : left)
    if (partner[static_cast<std::size_t>(u)] < 0) place(u, left);
  // The one left out may still pair a player the others could not.
  if (odd >= 0) place(odd, left);

  std::sort(pairs.begin(), pairs.end());
  std::vector<Pairing> out;
  out.reserve(pairs.size());
  for (const auto& [a, b] : pairs) {
    const ArenaPlayer& high = ranked[static_cast<std::size_t>(a)];
    const ArenaPlayer& low = ranked[static_cast<std::size_t>(b)];
    const bool low_first = low.firsts - low.seconds < high.firsts - high.seconds;
    out.push_back(low_first ? Pairing{low.id, high.id} : Pairing{high.id, low.id});
  }
  return out;
}

}  // namespace bh::tournament
