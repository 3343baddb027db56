#include "tournament/swiss_dutch.hpp"

#include "tournament/matching.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace bh::tournament {

namespace {

using matching::CardinalityMatching;
using matching::Lanes;
using matching::WeightedMatching;
using std::size_t;

SwissSide opposite(SwissSide s) {
  return s == SwissSide::first ? SwissSide::second : s == SwissSide::second ? SwissSide::first : SwissSide::none;
}

// One player's part in one result.
struct Record {
  int round = 0;
  int opponent = 0;  // 0: none (a bye)
  SwissSide side = SwissSide::none;
  bool played = false;
  bool bye_like = false;  // a pairing-allocated bye or a forfeit win (C.2)
  int points = 0;
};

// A.6: the preference follows the side difference; two games running on one side, or a
// difference beyond one, make it absolute.
void set_preference(SwissPlayer& p) {
  const auto& s = p.sides;
  int diff = 0;
  for (const auto side : s) diff += side == SwissSide::first ? 1 : -1;
  p.side_difference = diff;
  if (s.empty()) return;
  const bool twice = s.size() >= 2 && s[s.size() - 1] == s[s.size() - 2];
  if (diff > 1 || diff < -1 || twice) {
    p.strength = SwissStrength::absolute;
    p.preference = diff > 1 ? SwissSide::second : diff < -1 ? SwissSide::first : opposite(s.back());
  } else if (diff != 0) {
    p.strength = SwissStrength::strong;
    p.preference = diff > 0 ? SwissSide::second : SwissSide::first;
  } else {
    p.strength = SwissStrength::mild;
    p.preference = opposite(s.back());
  }
}

// E.1 to E.5: whether `a`, ranked above `b`, has the first side.
bool higher_takes_first(const SwissPlayer& a, const SwissPlayer& b) {
  const auto pa = a.preference, pb = b.preference;
  if (pa == SwissSide::none && pb == SwissSide::none) return a.pairing_number % 2 == 1;  // E.5
  if (pb == SwissSide::none) return pa == SwissSide::first;                              // E.1
  if (pa == SwissSide::none) return pb == SwissSide::second;
  if (pa != pb) return pa == SwissSide::first;
  if (a.strength != b.strength)  // E.2: the stronger preference
    return a.strength > b.strength ? pa == SwissSide::first : pb == SwissSide::second;
  if (a.strength == SwissStrength::absolute && std::abs(a.side_difference) != std::abs(b.side_difference))
    return std::abs(a.side_difference) > std::abs(b.side_difference) ? pa == SwissSide::first : pb == SwissSide::second;
  // E.3: alternate from the last game in which they had different sides.
  for (auto i = a.sides.rbegin(), j = b.sides.rbegin(); i != a.sides.rend() && j != b.sides.rend(); ++i, ++j)
    if (*i != *j) return *i == SwissSide::second;
  return pa == SwissSide::first;  // E.4
}

}  // namespace

// ---------------------------------------------------------------------------------------
// History.

SwissHistory swiss_history(const std::vector<Entrant>& active, const std::vector<GameResult>& played,
                           const SwissOptions& options) {
  const Scoring& sc = options.scoring;
  std::vector<Entrant> entrants;
  for (const auto& e : active)
    if (e.id > 0) entrants.push_back(e);
  std::sort(entrants.begin(), entrants.end(),
            [](const Entrant& a, const Entrant& b) { return a.id != b.id ? a.id < b.id : a.rating > b.rating; });
  entrants.erase(
      std::unique(entrants.begin(), entrants.end(), [](const Entrant& a, const Entrant& b) { return a.id == b.id; }),
      entrants.end());
  std::sort(entrants.begin(), entrants.end(), [](const Entrant& a, const Entrant& b) {
    return a.rating != b.rating ? a.rating > b.rating : a.id < b.id;
  });

  std::map<int, std::vector<Record>> records;  // every player in the results, withdrawn or not
  int last_round = 0;
  for (const auto& g : played) {
    if (g.round <= 0 || g.first <= 0) continue;
    auto add = [&](int id, int opponent, SwissSide side, bool is_played, bool bye_like, int points) {
      records[id].push_back(Record{g.round, opponent, side, is_played, bye_like, points});
    };
    if (g.outcome == Outcome::bye) {
      add(g.first, 0, SwissSide::none, false, true, sc.bye);
    } else {
      if (g.second <= 0 || g.second == g.first) continue;
      switch (g.outcome) {
        case Outcome::first_won:
          add(g.first, g.second, SwissSide::first, true, false, sc.win);
          add(g.second, g.first, SwissSide::second, true, false, sc.loss);
          break;
        case Outcome::second_won:
          add(g.first, g.second, SwissSide::first, true, false, sc.loss);
          add(g.second, g.first, SwissSide::second, true, false, sc.win);
          break;
        case Outcome::draw:
          add(g.first, g.second, SwissSide::first, true, false, sc.draw);
          add(g.second, g.first, SwissSide::second, true, false, sc.draw);
          break;
        case Outcome::first_won_by_forfeit:
          add(g.first, g.second, SwissSide::none, false, true, sc.win);
          add(g.second, g.first, SwissSide::none, false, false, sc.loss);
          break;
        case Outcome::second_won_by_forfeit:
          add(g.first, g.second, SwissSide::none, false, false, sc.loss);
          add(g.second, g.first, SwissSide::none, false, true, sc.win);
          break;
        case Outcome::both_forfeited:
          add(g.first, g.second, SwissSide::none, false, false, 0);
          add(g.second, g.first, SwissSide::none, false, false, 0);
          break;
        case Outcome::bye:
          break;
      }
    }
    last_round = std::max(last_round, g.round);
  }
  for (auto& [id, recs] : records)
    std::stable_sort(recs.begin(), recs.end(), [](const Record& a, const Record& b) { return a.round < b.round; });

  SwissHistory h;
  h.round = last_round + 1;
  auto score_before = [&](int id, int round) {
    int s = 0;
    if (const auto it = records.find(id); it != records.end())
      for (const auto& r : it->second)
        if (r.round < round) s += r.points;
    return s;
  };
  // A.4: who met a lower score floated down, a higher one up; scoring without playing is a downfloat.
  auto float_in = [&](int id, const std::vector<Record>& recs, int round) {
    bool scored_unplayed = false;
    for (const auto& r : recs) {
      if (r.round != round) continue;
      if (r.played) {
        const int mine = score_before(id, round), theirs = score_before(r.opponent, round);
        return mine > theirs ? SwissFloat::down : mine < theirs ? SwissFloat::up : SwissFloat::none;
      }
      if (r.points > sc.loss) scored_unplayed = true;
    }
    return scored_unplayed ? SwissFloat::down : SwissFloat::none;
  };
  const int per_round = std::max({sc.win, sc.draw, sc.bye}) * (options.mini_match ? 2 : 1);
  const bool last = options.rounds > 0 && h.round >= options.rounds;
  int number = 0;
  for (const auto& e : entrants) {
    SwissPlayer p;
    p.id = e.id;
    p.pairing_number = ++number;
    static const std::vector<Record> none;
    const auto it = records.find(e.id);
    const auto& recs = it == records.end() ? none : it->second;
    std::set<int> opponents;
    for (const auto& r : recs) {
      p.score += r.points;
      if (r.played) {
        opponents.insert(r.opponent);
        if (!options.mini_match) p.sides.push_back(r.side);
      }
      p.had_bye = p.had_bye || r.bye_like;
    }
    p.opponents.assign(opponents.begin(), opponents.end());
    set_preference(p);
    p.last_float = float_in(e.id, recs, h.round - 1);
    p.float_before_last = float_in(e.id, recs, h.round - 2);
    p.topscorer = last && 2 * p.score > (h.round - 1) * per_round;
    h.players.push_back(std::move(p));
  }
  std::stable_sort(h.players.begin(), h.players.end(), [](const SwissPlayer& a, const SwissPlayer& b) {
    return a.score != b.score ? a.score > b.score : a.pairing_number < b.pairing_number;
  });
  return h;
}

// ---------------------------------------------------------------------------------------
// Pairing.

namespace {

// The players to pair, in pairing order (A.2), and who may meet whom.
struct Field {
  std::vector<SwissPlayer> p;
  std::vector<char> compat;  // n*n: C.1 and C.3 allow the pair
  int n = 0;
  int point = 2;  // "one point" of A.8: a win
  bool mini = false;
  bool ok(int a, int b) const { return compat[static_cast<size_t>(a) * n + b]; }
  bool bye_ok(int a) const { return !p[a].had_bye; }
  int score(int a) const { return p[a].score; }
  bool df1(int a) const { return p[a].last_float == SwissFloat::down; }
  bool uf1(int a) const { return p[a].last_float == SwissFloat::up; }
  bool df2(int a) const { return p[a].float_before_last == SwissFloat::down; }
  bool uf2(int a) const { return p[a].float_before_last == SwissFloat::up; }
};

// The side criteria a pair would break, with the sides E.1-E.5 give it (a ranked above b).
struct SideCost {
  int c8 = 0, c9 = 0, c10 = 0, c11 = 0;
  bool any() const { return c8 || c9 || c10 || c11; }
};

SideCost side_cost(const Field& f, int a, int b) {
  SideCost c;
  if (f.mini) return c;
  const auto& pa = f.p[a];
  const auto& pb = f.p[b];
  const bool a_first = higher_takes_first(pa, pb);
  const SwissSide sa = a_first ? SwissSide::first : SwissSide::second, sb = opposite(sa);
  auto count = [&](const SwissPlayer& p, SwissSide got) {
    const bool missed = p.preference != SwissSide::none && got != p.preference;
    c.c10 += missed;
    c.c11 += missed && p.strength == SwissStrength::strong;
    if (pa.topscorer || pb.topscorer) {  // C.8, C.9: only topscorers and their opponents may get here
      const int diff = p.side_difference + (got == SwissSide::first ? 1 : -1);
      c.c8 += diff > 2 || diff < -2;
      const auto& s = p.sides;
      c.c9 += s.size() >= 2 && s[s.size() - 1] == got && s[s.size() - 2] == got;
    }
  };
  count(pa, sa);
  count(pb, sb);
  return c;
}

// A float criterion broken by the pair (a ranked above b): a repeated downfloat of a or
// upfloat of b (C.12-C.15).
bool repeats_float(const Field& f, int a, int b) {
  if (f.score(a) == f.score(b)) return false;
  return f.df1(a) || f.df2(a) || f.uf1(b) || f.uf2(b);
}

enum class Mode { normal, ppb, last };

struct Plan {
  std::vector<int> mdps, residents;  // moved-down players and residents, by rank
  std::vector<int> next;             // normal: the next scoregroup, for C.7 (empty when moot)
  std::vector<int> lower;            // ppb: everyone below, for C.4
  Mode mode = Mode::normal;
};

struct BracketPairing {
  std::vector<std::pair<int, int>> pairs;  // ranks, the higher-ranked first
  std::vector<int> unpaired;               // bracket players left: downfloaters
  int bye = -1;                            // last bracket: the rank given the bye
};

// The Handbook's first candidate (S1 the moved-down players against the top residents,
// then the remainder's top half against its bottom half, the last one left out), if it is
// perfect: then no candidate can beat it and it comes first.
std::optional<BracketPairing> first_candidate_if_perfect(const Field& f, const Plan& plan) {
  if (plan.mode == Mode::ppb) return std::nullopt;
  const auto m = plan.mdps.size();
  if (m > plan.residents.size()) return std::nullopt;
  const std::vector<int> rem(plan.residents.begin() + static_cast<std::ptrdiff_t>(m), plan.residents.end());
  const size_t half = rem.size() / 2;
  BracketPairing out;
  if (rem.size() % 2 == 1) {
    if (plan.mode == Mode::normal) return std::nullopt;  // a downfloater: C.7 may choose
    const int left = rem.back();
    if (!f.bye_ok(left) || f.df1(left) || f.df2(left)) return std::nullopt;
    out.bye = left;
  }
  auto take = [&](int a, int b) {
    if (!f.ok(a, b) || side_cost(f, a, b).any() || repeats_float(f, a, b)) return false;
    out.pairs.push_back({a, b});
    return true;
  };
  for (size_t i = 0; i < m; ++i)
    if (!take(plan.mdps[i], plan.residents[i])) return std::nullopt;
  for (size_t i = 0; i < half; ++i)
    if (!take(rem[i], rem[half + i])) return std::nullopt;
  return out;
}

// Bits of weight a lane packs: the duals stay within a few bits of the weights (and are
// checked, a bracket packed again narrower if not).
constexpr int kLaneBits = 50;
constexpr int kMaxLanes = 16;
// Lanes beyond the criteria: one for the exchanges (D.2 a, b) and the choices already made,
// kWindowLanes for the choices being made, one for a tie-break toward the natural pairing.
constexpr int kWindowLanes = 2;
constexpr int kExtraLanes = kWindowLanes + 2;

// A bracket's graph and its quality criteria as packed lanes, most significant first.
struct Graph {
  int nb = 0, m = 0, nv = 0;  // bracket players (moved-down first), moved-down players, vertices
  std::vector<int> rank;      // per vertex; -1: the bye
  int bye_vertex = -1;
  std::vector<char> edge;       // nv*nv
  int lanes = 0;                // quality lanes
  int lane_bits = kLaneBits;    // bits packed per lane
  std::vector<std::int64_t> q;  // nv*nv*lanes
  size_t at(int u, int v) const { return static_cast<size_t>(u) * nv + v; }
};

int bits(std::int64_t x) { return static_cast<int>(std::bit_width(static_cast<std::uint64_t>(x < 0 ? -x : x))); }

// Builds the graph: with `sums` > 0 the score-difference lists of C.16-C.19 (1), then C.7
// (2), then C.6 (3) are summed instead of compared as sorted lists, to fit the lanes.
Graph build_graph(const Field& f, const Plan& plan, int sums, int lane_bits) {
  Graph g;
  g.lane_bits = lane_bits;
  std::vector<int> verts = plan.mdps;
  verts.insert(verts.end(), plan.residents.begin(), plan.residents.end());
  g.nb = static_cast<int>(verts.size());
  g.m = static_cast<int>(plan.mdps.size());
  const auto& extra = plan.mode == Mode::ppb ? plan.lower : plan.next;
  verts.insert(verts.end(), extra.begin(), extra.end());
  const int players = static_cast<int>(verts.size());
  const bool with_bye = (plan.mode == Mode::last && g.nb % 2 == 1) || (plan.mode == Mode::ppb && players % 2 == 1);
  g.rank = verts;
  if (with_bye) {
    g.bye_vertex = players;
    g.rank.push_back(-1);
  }
  g.nv = static_cast<int>(g.rank.size());
  const int nv = g.nv, nb = g.nb;
  g.edge.assign(static_cast<size_t>(nv) * nv, 0);
  auto in_b = [&](int v) { return v < nb; };
  for (int u = 0; u < players; ++u)
    for (int v = u + 1; v < players; ++v)
      if (f.ok(g.rank[u], g.rank[v])) g.edge[g.at(u, v)] = g.edge[g.at(v, u)] = 1;
  if (with_bye)
    for (int u = 0; u < (plan.mode == Mode::last ? nb : players); ++u)
      if (f.bye_ok(g.rank[u])) g.edge[g.at(u, g.bye_vertex)] = g.edge[g.at(g.bye_vertex, u)] = 1;

  // Score differences (A.8), in half-points; the artificial score is a point below the lowest.
  int low = f.score(g.rank[nb - 1]);
  for (int u = 0; u < nb; ++u) low = std::min(low, f.score(g.rank[u]));
  auto art = [&](int u) { return f.score(g.rank[u]) - low + f.point; };
  const bool c7 = plan.mode == Mode::normal && !plan.next.empty();
  const int next_low = c7 ? f.score(plan.next.back()) : 0;
  auto art7 = [&](int u) { return f.score(g.rank[u]) - next_low + f.point; };
  auto sd = [&](int u, int v) { return std::abs(f.score(g.rank[u]) - f.score(g.rank[v])); };
  auto is_bb = [&](int u, int v) { return in_b(u) && in_b(v); };

  // Slots: one per criterion, or one per score difference where a list is compared.
  enum Family {
    kComp,
    kC5,
    kC6,
    kC7p,
    kC7,
    kC8,
    kC9,
    kC10,
    kC11,
    kC12,
    kC13,
    kC14,
    kC15,
    kC16,
    kC17,
    kC18,
    kC19,
    kFamilies
  };
  const bool listed[kFamilies] = {false, false, sums < 3, false, sums < 2, false,    false,    false,   false,
                                  false, false, false,    false, sums < 1, sums < 1, sums < 1, sums < 1};
  std::array<std::set<int, std::greater<>>, kFamilies> values;
  auto note = [&](Family fam, int value) {
    if (listed[fam]) values[fam].insert(value);
  };
  auto floats = [&](int u, int round_back, bool down) {
    const int r = g.rank[u];
    return round_back == 1 ? (down ? f.df1(r) : f.uf1(r)) : (down ? f.df2(r) : f.uf2(r));
  };
  for (int u = 0; u < nb; ++u) {
    note(kC6, art(u));
    if (c7) note(kC7, art7(u));
    if (floats(u, 1, true)) note(kC16, art(u));
    if (floats(u, 2, true)) note(kC18, art(u));
  }
  if (c7)
    for (int u = nb; u < players; ++u) note(kC7, art7(u));
  for (int u = 0; u < players; ++u)
    for (int v = u + 1; v < players; ++v) {
      if (!g.edge[g.at(u, v)]) continue;
      if (is_bb(u, v)) {
        note(kC6, sd(u, v));
        if (sd(u, v) > 0) {
          if (floats(u, 1, true)) note(kC16, sd(u, v));
          if (floats(v, 1, false)) note(kC17, sd(u, v));
          if (floats(u, 2, true)) note(kC18, sd(u, v));
          if (floats(v, 2, false)) note(kC19, sd(u, v));
        }
      } else if (c7) {
        note(kC7, sd(u, v));
      }
    }
  std::array<int, kFamilies> first_slot{};
  int slots = 0;
  for (int fam = 0; fam < kFamilies; ++fam) {
    first_slot[fam] = slots;
    slots += listed[fam] ? static_cast<int>(values[fam].size()) : 1;
  }
  auto slot = [&](Family fam, int value) {
    if (!listed[fam]) return first_slot[fam];
    return first_slot[fam] + static_cast<int>(std::distance(values[fam].begin(), values[fam].find(value)));
  };

  // Per edge, each slot's value: what the pair gains over leaving both unpaired.
  std::vector<int> edges;  // u*nv+v, u < v
  std::vector<std::int32_t> val;
  for (int u = 0; u < nv; ++u)
    for (int v = u + 1; v < nv; ++v)
      if (g.edge[g.at(u, v)]) edges.push_back(u * nv + v);
  val.assign(edges.size() * static_cast<size_t>(slots), 0);
  for (size_t e = 0; e < edges.size(); ++e) {
    const int u = edges[e] / nv, v = edges[e] % nv;
    auto* x = &val[e * static_cast<size_t>(slots)];
    auto add = [&](Family fam, int value, int amount) {
      if (!listed[fam]) amount *= value;
      x[slot(fam, value)] += amount;
    };
    if (plan.mode != Mode::normal) x[first_slot[kComp]] = 1;  // C.4: complete the round-pairing
    if (v == g.bye_vertex) continue;
    if (!is_bb(u, v)) {
      if (c7) {  // C.7: a pair in the next bracket, and its score difference
        x[first_slot[kC7p]] = 1;
        add(kC7, art7(u), 1);
        add(kC7, art7(v), 1);
        add(kC7, sd(u, v), -1);
      }
      continue;
    }
    const int a = g.rank[u], b = g.rank[v];  // a ranked above b: a's score is not lower
    const bool up = f.score(a) > f.score(b);
    x[first_slot[kC5]] = 1;
    add(kC6, art(u), 1);
    add(kC6, art(v), 1);
    add(kC6, sd(u, v), -1);
    if (c7) {  // both leave the next bracket's list of floaters
      add(kC7, art7(u), 1);
      add(kC7, art7(v), 1);
    }
    const SideCost sc = side_cost(f, a, b);
    x[first_slot[kC8]] = -sc.c8;
    x[first_slot[kC9]] = -sc.c9;
    x[first_slot[kC10]] = -sc.c10;
    x[first_slot[kC11]] = -sc.c11;
    // C.12-C.19: an unpaired player floats down; paired, only the higher one of unequal scores.
    const Family count_down[2] = {kC12, kC14}, count_up[2] = {kC13, kC15};
    const Family diff_down[2] = {kC16, kC18}, diff_up[2] = {kC17, kC19};
    for (int back = 1; back <= 2; ++back) {
      const bool du = floats(u, back, true), dv = floats(v, back, true), uv = floats(v, back, false);
      x[first_slot[count_down[back - 1]]] = dv + (du && !up);
      x[first_slot[count_up[back - 1]]] = -(uv && up);
      if (du) add(diff_down[back - 1], art(u), 1);
      if (dv) add(diff_down[back - 1], art(v), 1);
      if (du && up) add(diff_down[back - 1], sd(u, v), -1);
      if (uv && up) add(diff_up[back - 1], sd(u, v), -1);
    }
  }

  // Pack the slots that ever differ into lanes of at most kLaneBits, most significant first.
  std::vector<std::int64_t> largest(static_cast<size_t>(slots), 0);
  for (size_t e = 0; e < edges.size(); ++e)
    for (int s = 0; s < slots; ++s)
      largest[s] = std::max<std::int64_t>(largest[s], std::abs(val[e * static_cast<size_t>(slots) + s]));
  std::vector<int> lane_of(static_cast<size_t>(slots), -1), shift_of(static_cast<size_t>(slots), 0);
  std::vector<int> width(static_cast<size_t>(slots), 0);
  std::vector<std::vector<int>> lanes(1);
  int used = 0;
  for (int s = 0; s < slots; ++s) {
    if (largest[s] == 0) continue;
    width[s] = bits(static_cast<std::int64_t>(nv) * largest[s]) + 2;  // any two matchings' totals differ by less
    if (used + width[s] > lane_bits) {
      lanes.emplace_back();
      used = 0;
    }
    lanes.back().push_back(s);
    used += width[s];
  }
  if (static_cast<int>(lanes.size()) + kExtraLanes > kMaxLanes && sums < 3)
    return build_graph(f, plan, sums + 1, lane_bits);
  g.lanes = static_cast<int>(lanes.size());
  for (int l = 0; l < g.lanes; ++l) {
    int shift = 0;
    for (auto it = lanes[l].rbegin(); it != lanes[l].rend(); ++it) {
      lane_of[*it] = l;
      shift_of[*it] = shift;
      shift += width[*it];
    }
  }
  g.q.assign(static_cast<size_t>(nv) * nv * g.lanes, 0);
  for (size_t e = 0; e < edges.size(); ++e) {
    const int u = edges[e] / nv, v = edges[e] % nv;
    for (int s = 0; s < slots; ++s) {
      const std::int64_t x = val[e * static_cast<size_t>(slots) + s];
      if (x == 0) continue;
      const std::int64_t packed = x * (std::int64_t{1} << shift_of[s]);
      g.q[g.at(u, v) * g.lanes + lane_of[s]] += packed;
      g.q[g.at(v, u) * g.lanes + lane_of[s]] += packed;
    }
  }
  return g;
}

// One bracket paired as the Handbook's best candidate (B.8): a maximum-weight matching
// over the quality criteria, then, among the matchings as good, the one generated first
// (D.1-D.3). Those choices are settled in order, a window of them per solve: each choice's
// options get exact lexicographic weights in lanes below the criteria, so one (warm) solve
// finds the best choices of the window that keep the criteria at their optimum. A choice
// the matching already makes is kept without a solve when no earlier option can be
// optimal: an edge with slack under the optimal duals is in no optimal matching.
//
// Vertices are numbered as the graph: the bracket in bracket order (moved-down players
// first), then the next scoregroup (C.7) or everyone below (C.4), then the bye; then, when
// not all need pairing (C.7), `dummies` vertices joined to all at weight zero, so that the
// matching sought is perfect (a player matched to one is unpaired). Enough dummies when one
// pairs with another: the best weight of a matching of t pairs is concave in t.
template <int K>
class Engine {
 public:
  Engine(const Graph& g, int dummies)
      : g_(g),
        nv_(g.nv),
        nb_(g.nb),
        m_(g.m),
        nd_(dummies),
        n_(nv_ + nd_),
        solver_(n_),
        order_(static_cast<size_t>(nv_) * nv_, 0),
        window_(static_cast<size_t>(nv_) * nv_ * kWindowLanes, 0),
        removed_(static_cast<size_t>(nv_) * nv_, 0),
        bias_(static_cast<size_t>(nv_) * nv_, 0),
        alive_(static_cast<size_t>(n_), 1),
        in_rm_(static_cast<size_t>(n_), 0),
        unpaired_bonus_(static_cast<size_t>(nv_), 0) {
    const int wide = bits(static_cast<std::int64_t>(nv_) * nv_) + 2;
    d2b_unit_ = std::int64_t{1} << (bits(nv_) + 2);
    d2a_unit_ = d2b_unit_ << wide;
    set_bias();
    for (int u = 0; u < nv_; ++u)
      for (int v = u + 1; v < nv_; ++v) refresh(u, v);
    for (int d = nv_; d < n_; ++d)
      for (int v = 0; v < d; ++v) solver_.set_edge(v, d, v < nv_ ? dummy_weight(v) : W{});
  }

  // False if more dummies are needed (see above).
  bool solve_first() {
    mate_ = solver_.solve();
    overflowed_ = overflowed_ || solver_.overflowed();
    int to_players = 0;
    for (int d = nv_; d < n_; ++d) to_players += mate_[d] >= 0 && mate_[d] < nv_;
    return nd_ == 0 || to_players < nd_;
  }

  BracketPairing run() {
    moved_down_pairs();
    remainder_pairs();
    // Anything else the matching pairs inside the bracket (moved-down players together, only
    // in a collapsed bracket, outside the Handbook's candidates) stands as found.
    for (int u = 0; u < nb_; ++u)
      if (alive_[u] && in_bracket(mate_[u]) && mate_[u] > u) fix(u, mate_[u]);
    BracketPairing out;
    for (const auto& [u, v] : pairs_) out.pairs.push_back({g_.rank[u], g_.rank[v]});
    for (int u = 0; u < nb_; ++u) {
      if (!alive_[u]) continue;
      if (g_.bye_vertex == nb_ && mate_[u] == g_.bye_vertex)  // the last bracket's bye
        out.bye = g_.rank[u];
      else out.unpaired.push_back(g_.rank[u]);
    }
    return out;
  }

  // Whether a dual came near a lane's range: then the bracket is packed again, narrower.
  bool overflowed() const { return overflowed_; }

 private:
  using W = Lanes<K>;
  static constexpr int kOrderLane = K - kExtraLanes;  // the exchanges and the choices made
  static constexpr int kBiasLane = K - 1;

  // A choice: `value[v]` is what pairing `x` with `v` is worth to it (0: nothing), at most
  // `top`; the earlier choices of a window weigh more than all later ones together.
  struct Choice {
    int x = -1;
    std::vector<std::int64_t> value;
    std::int64_t top = 1;
  };

  size_t at(int u, int v) const { return static_cast<size_t>(u) * nv_ + v; }
  bool in_bracket(int v) const { return v >= 0 && v < nb_; }
  bool resident(int v) const { return v >= m_ && v < nb_; }
  bool usable(int u, int v) const { return g_.edge[at(u, v)] && !removed_[at(u, v)]; }
  std::vector<int> residents() const {
    std::vector<int> r;
    for (int v = m_; v < nb_; ++v)
      if (alive_[v]) r.push_back(v);
    return r;
  }

  // The lowest tie-break: toward the Handbook's first candidates, so that the matching found
  // mostly makes the choices below already and they need few solves.
  void set_bias() {
    const int residents = nb_ - m_;
    const int taken = std::min(m_, residents);
    const int half = (residents - taken) / 2;
    for (int u = 0; u < nb_; ++u)
      for (int v = u + 1; v < nv_; ++v) {
        int b = 0;
        if (v == g_.bye_vertex) {
          b = u;  // the bye low in the bracket
        } else if (v >= nb_) {
          continue;
        } else if (u < m_ && v >= m_) {
          b = nv_ - (v - m_);  // a moved-down player against the top residents
        } else if (u >= m_) {
          const int a = u - m_ - taken, c = v - m_ - taken;  // the remainder's top half against its bottom half
          b = std::max(0, nv_ - std::abs(c - a - half) - (a < 0 ? 1 : 0));
        }
        bias_[at(u, v)] = bias_[at(v, u)] = b;
      }
  }

  // D.2 a, b for the remainder `rm`, its top `pairs` the original S1: the fewest pairs within
  // S2, then the lowest sum of heads (the lower of each pair). With the pairs' number fixed
  // that sum is S1's, less the higher of each pair within S1, less S1's players left
  // unpaired, plus the lower of each pair within S2: so pairs across S1 and S2, the most,
  // weigh nothing and keep their ties (a solve stays quick).
  void add_exchanges(const std::vector<int>& rm, int pairs) {
    std::vector<char> s1(static_cast<size_t>(nv_), 0), in(static_cast<size_t>(nv_), 0);
    for (size_t i = 0; i < rm.size(); ++i) in[rm[i]] = 1, s1[rm[i]] = static_cast<int>(i) < pairs;
    auto add = [&](int u, int v, std::int64_t d) {
      order_[at(u, v)] += d;
      order_[at(v, u)] += d;
    };
    for (size_t i = 0; i < rm.size(); ++i)
      for (size_t j = i + 1; j < rm.size(); ++j) {
        const int u = rm[i], v = rm[j];
        if (s1[u] && s1[v]) add(u, v, v * d2b_unit_);
        if (!s1[u] && !s1[v]) add(u, v, -d2a_unit_ - u * d2b_unit_);
      }
    for (const int x : rm) {
      if (!s1[x]) continue;
      unpaired_bonus_[x] = x * d2b_unit_;
      for (int y = 0; y < nv_; ++y)
        if (!in[y]) add(x, y, unpaired_bonus_[x]);
    }
  }

  W weight(int u, int v) const {
    const size_t uv = at(u, v);
    W x;
    for (int l = 0; l < g_.lanes; ++l) x.v[l] = 2 * g_.q[uv * g_.lanes + l];
    x.v[kOrderLane] = 2 * order_[uv];
    for (int l = 0; l < kWindowLanes; ++l) x.v[kOrderLane + 1 + l] = 2 * window_[uv * kWindowLanes + l];
    x.v[kBiasLane] = 2 * bias_[uv];
    return x;
  }

  // The solver's edge (u, v) of players up to date.
  void refresh(int u, int v) {
    if (usable(u, v) && alive_[u] && alive_[v]) solver_.set_edge(u, v, weight(u, v));
    else solver_.remove_edge(u, v);
  }
  void refresh_all_of(int x) {
    for (int v = 0; v < nv_; ++v)
      if (v != x) refresh(x, v);
    if (alive_[x])
      for (int d = nv_; d < n_; ++d) solver_.set_edge(x, d, dummy_weight(x));
  }
  W dummy_weight(int x) const {  // unpaired
    W w;
    w.v[kOrderLane] = 2 * unpaired_bonus_[x];
    return w;
  }

  void resolve() {
    mate_ = solver_.resolve();
    overflowed_ = overflowed_ || solver_.overflowed();
  }

  // Whether edge (u, v) may be in a matching as good as the last one found in the criteria
  // and the choices made: no slack in those lanes.
  bool may_be_optimal(int u, int v) const {
    const W s = solver_.slack_with_blossoms(u, v);
    for (int l = 0; l <= kOrderLane; ++l)
      if (s.v[l] != 0) return false;
    return true;
  }

  // A pair settled: it stays matched, its players have no other edge.
  void fix(int u, int v) {
    alive_[u] = alive_[v] = 0;
    pairs_.push_back({std::min(u, v), std::max(u, v)});
    for (int w = 0; w < n_; ++w) {
      if (w != v && w != u) solver_.remove_edge(u, w);
      if (w != u && w != v) solver_.remove_edge(v, w);
    }
  }

  // Pairing u with v keeps a choice made.
  void keep(int u, int v) {
    order_[at(u, v)] += 1;
    order_[at(v, u)] += 1;
  }

  // How many choices fit in one solve.
  size_t window_size(std::int64_t top) const { return kWindowLanes * static_cast<size_t>(g_.lane_bits / bits(top)); }

  // Solves with the window's choices weighed, then takes their weights away again.
  void solve_window(const std::vector<Choice>& window) {
    std::vector<int> lane_of(window.size()), shift_of(window.size());
    for (size_t i = 0, lane = 0, used = 0; i < window.size(); ++i) {
      const int width = bits(window[i].top);
      if (used + width > static_cast<size_t>(g_.lane_bits)) ++lane, used = 0;
      lane_of[i] = static_cast<int>(lane);
      used += width;
    }
    for (size_t i = window.size(), lane = kWindowLanes, shift = 0; i-- > 0;) {
      if (lane_of[i] != static_cast<int>(lane)) lane = lane_of[i], shift = 0;
      shift_of[i] = static_cast<int>(shift);
      shift += bits(window[i].top);
    }
    auto apply = [&](bool on) {
      for (size_t i = 0; i < window.size(); ++i) {
        const int x = window[i].x;
        for (int v = 0; v < nv_; ++v) {
          const std::int64_t value = on ? window[i].value[v] * (std::int64_t{1} << shift_of[i]) : 0;
          window_[at(x, v) * kWindowLanes + lane_of[i]] = window_[at(v, x) * kWindowLanes + lane_of[i]] = value;
        }
      }
      for (const auto& ch : window) refresh_all_of(ch.x);
    };
    apply(true);
    resolve();
    apply(false);
  }

  // D.1: each of `xs` in turn against the first of its candidates (in bracket order) that an
  // optimal pairing allows; `candidates(x)` lists them.
  template <class Candidates>
  void choose_partners(const std::vector<int>& xs, Candidates&& candidates) {
    for (size_t i = 0; i < xs.size();) {
      const int x = xs[i];
      const std::vector<int> cand = candidates(x);
      bool settled = std::find(cand.begin(), cand.end(), mate_[x]) != cand.end();
      for (const int r : cand) {
        if (r == mate_[x]) break;
        if (may_be_optimal(x, r)) {
          settled = false;
          break;
        }
      }
      if (settled) {
        fix(x, mate_[x]);
        ++i;
        continue;
      }
      const std::int64_t top = std::max(1, nb_);
      const size_t n = std::min(xs.size() - i, window_size(top));
      std::vector<Choice> window;
      for (size_t j = i; j < i + n; ++j) {
        Choice ch{xs[j], std::vector<std::int64_t>(static_cast<size_t>(nv_), 0), top};
        const auto cj = candidates(xs[j]);
        for (size_t k = 0; k < cj.size(); ++k) ch.value[cj[k]] = static_cast<std::int64_t>(cj.size() - k);
        window.push_back(std::move(ch));
      }
      solve_window(window);
      for (size_t j = i; j < i + n; ++j) {
        const int y = mate_[xs[j]];
        if (alive_[xs[j]] && in_bracket(y) && alive_[y]) fix(xs[j], y);
      }
      i += n;
    }
  }

  // A heterogeneous bracket: which moved-down players are paired (S1, D.3: the lowest
  // bracket numbers), then their opponents in order (D.1).
  void moved_down_pairs() {
    if (m_ == 0) return;
    bool all = true;
    for (int x = 0; x < m_; ++x) all = all && resident(mate_[x]);
    if (!all) {
      const int step = static_cast<int>(window_size(1));
      for (int i = 0; i < m_; i += step) {
        std::vector<Choice> window;
        for (int x = i; x < std::min(m_, i + step); ++x) {
          Choice ch{x, std::vector<std::int64_t>(static_cast<size_t>(nv_), 0), 1};
          for (int r = m_; r < nb_; ++r) ch.value[r] = 1;
          window.push_back(std::move(ch));
        }
        solve_window(window);
        for (int x = i; x < std::min(m_, i + step); ++x)
          if (resident(mate_[x])) {
            for (int r = m_; r < nb_; ++r) keep(x, r);
            refresh_all_of(x);
          }
        resolve();
      }
    }
    std::vector<int> s1;
    for (int x = 0; x < m_; ++x)
      if (resident(mate_[x])) s1.push_back(x);
    choose_partners(s1, [&](int x) {
      std::vector<int> cand;
      for (int r = m_; r < nb_; ++r)
        if (alive_[r] && usable(x, r)) cand.push_back(r);
      return cand;
    });
  }

  // The homogeneous remainder: the fewest exchanges (D.2 a, b, in the weights), the ones
  // D.2 c and d prefer, then the transpositions (D.1).
  void remainder_pairs() {
    const std::vector<int> rm = residents();
    for (const int r : rm) in_rm_[r] = 1;
    auto heads = [&](int r) { return mate_[r] > r && in_rm_[mate_[r]]; };  // r heads a pair of the remainder
    int pairs = 0;
    for (const int r : rm) pairs += heads(r);
    if (pairs == 0) return;
    const auto p = static_cast<size_t>(pairs);
    auto exchanges = [&] {
      int e = 0;
      for (size_t i = p; i < rm.size(); ++i) e += heads(rm[i]);
      return e;
    };
    if (exchanges() > 0) {  // else none is the fewest: D.2 a, b hold already
      add_exchanges(rm, pairs);
      // The duals moved by potentials (S1 +c, S2 -c, the others +c) that absorb the new
      // weights but on pairs within S1, within S2 and outside: the pairs across stay tight.
      W c;
      c.v[kOrderLane] = 2 * nv_ * d2b_unit_;
      const W minus = W{} - c;
      for (int v = 0; v < n_; ++v)
        if (alive_[v]) solver_.shift_dual(v, in_rm_[v] && !in_s2(v, rm, p) ? c : in_rm_[v] ? minus : c);
      for (const int x : rm) refresh_all_of(x);
      resolve();
    }
    if (exchanges() > 0) {
      // D.2 c: the highest bracket numbers leave S1 (head no pair) ...
      std::vector<int> out(rm.begin(), rm.begin() + static_cast<std::ptrdiff_t>(p));
      std::reverse(out.begin(), out.end());
      settle_heads(out, false, [&](int u) {
        if (heads(u)) return;
        for (const int v : rm)
          if (v > u) {
            removed_[at(u, v)] = removed_[at(v, u)] = 1;
            refresh(u, v);
          }
      });
      // ... d: the lowest enter it.
      const std::vector<int> in(rm.begin() + static_cast<std::ptrdiff_t>(p), rm.end());
      settle_heads(in, true, [&](int v) {
        if (!heads(v)) return;
        for (const int w : rm)
          if (w > v) {
            keep(v, w);
            refresh(v, w);
          }
      });
    }
    std::vector<int> s1;
    std::vector<char> in_s1(static_cast<size_t>(n_), 0);
    for (const int r : rm)
      if (heads(r)) s1.push_back(r), in_s1[r] = 1;
    // S1 settled, every candidate as good pairs each of it with a higher number outside it:
    // the other edges of the remainder go, so no later choice can undo it.
    for (size_t i = 0; i < rm.size(); ++i)
      for (size_t j = i + 1; j < rm.size(); ++j) {
        const int u = rm[i], v = rm[j];
        if ((!in_s1[u] || in_s1[v]) && !removed_[at(u, v)]) {
          removed_[at(u, v)] = removed_[at(v, u)] = 1;
          refresh(u, v);
        }
      }
    choose_partners(s1, [&](int s) {
      std::vector<int> cand;
      for (const int v : rm)
        if (v > s && alive_[v] && !in_s1[v] && usable(s, v)) cand.push_back(v);
      return cand;
    });
  }

  static bool in_s2(int v, const std::vector<int>& rm, size_t pairs) {
    return std::find(rm.begin() + static_cast<std::ptrdiff_t>(pairs), rm.end(), v) != rm.end();
  }

  // D.2 c, d: lexicographically, the first of `xs` heading a pair (`want`) or not; `commit`
  // then keeps each one's outcome.
  template <class Commit>
  void settle_heads(const std::vector<int>& xs, bool want, Commit&& commit) {
    for (size_t i = 0; i < xs.size(); i += window_size(1)) {
      const size_t end = std::min(xs.size(), i + window_size(1));
      std::vector<Choice> window;
      for (size_t j = i; j < end; ++j) {
        Choice ch{xs[j], std::vector<std::int64_t>(static_cast<size_t>(nv_), 0), 1};
        for (int v = xs[j] + 1; v < nb_; ++v)
          if (in_rm_[v]) ch.value[v] = want ? 1 : -1;
        window.push_back(std::move(ch));
      }
      solve_window(window);
      for (size_t j = i; j < end; ++j) commit(xs[j]);
      resolve();
    }
  }

  const Graph& g_;
  int nv_, nb_, m_, nd_, n_;
  WeightedMatching<K> solver_;
  std::vector<std::int64_t> order_;   // the kOrderLane: exchanges (D.2 a, b) and the choices kept
  std::vector<std::int64_t> window_;  // the window lanes
  std::vector<char> removed_;
  std::vector<std::int64_t> bias_;
  std::vector<char> alive_, in_rm_;
  std::vector<std::int64_t> unpaired_bonus_;  // D.2 b: an original S1 player left unpaired
  std::vector<int> mate_;
  std::vector<std::pair<int, int>> pairs_;
  std::int64_t d2b_unit_ = 1, d2a_unit_ = 1;
  bool overflowed_ = false;
};

template <int K>
std::optional<BracketPairing> run_engine(const Graph& g, bool dummies) {
  int nd = dummies ? 2 + g.nv % 2 : 0;
  for (;;) {
    Engine<K> e(g, nd);
    if (e.solve_first() || nd > g.nv) {
      auto out = e.run();
      if (e.overflowed()) return std::nullopt;
      return out;
    }
    nd = 2 * nd + g.nv % 2;
  }
}

std::optional<BracketPairing> run_engine(const Graph& g, bool dummies) {
  const int lanes = g.lanes + kExtraLanes;
  if (lanes <= 5) return run_engine<5>(g, dummies);
  if (lanes <= 6) return run_engine<6>(g, dummies);
  if (lanes <= 7) return run_engine<7>(g, dummies);
  if (lanes <= 8) return run_engine<8>(g, dummies);
  if (lanes <= 10) return run_engine<10>(g, dummies);
  if (lanes <= 13) return run_engine<13>(g, dummies);
  return run_engine<kMaxLanes>(g, dummies);
}

std::vector<char> adjacency(const Field& f, const std::vector<int>& players, bool with_bye) {
  const int k = static_cast<int>(players.size()), n = k + (with_bye ? 1 : 0);
  std::vector<char> adj(static_cast<size_t>(n) * n, 0);
  for (int i = 0; i < k; ++i) {
    for (int j = i + 1; j < k; ++j)
      if (f.ok(players[i], players[j])) adj[static_cast<size_t>(i) * n + j] = adj[static_cast<size_t>(j) * n + i] = 1;
    if (with_bye && f.bye_ok(players[i])) adj[static_cast<size_t>(i) * n + k] = adj[static_cast<size_t>(k) * n + i] = 1;
  }
  return adj;
}

// Whether the players can all be paired, one of them given the bye if they are odd (A.9).
bool completable(const Field& f, const std::vector<int>& players) {
  const bool odd = players.size() % 2 == 1;
  const int n = static_cast<int>(players.size()) + (odd ? 1 : 0);
  return 2 * CardinalityMatching(n, adjacency(f, players, odd)).solve() == n;
}

BracketPairing pair_bracket(const Field& f, Plan plan) {
  if (auto first = first_candidate_if_perfect(f, plan)) return *first;
  if (plan.mode == Mode::normal && !plan.next.empty()) {
    // C.7 weighs only the downfloaters: none if the bracket pairs whole.
    std::vector<int> bracket = plan.mdps;
    bracket.insert(bracket.end(), plan.residents.begin(), plan.residents.end());
    const int n = static_cast<int>(bracket.size());
    if (n % 2 == 0 && 2 * CardinalityMatching(n, adjacency(f, bracket, false)).solve() == n) plan.next.clear();
  }
  const bool dummies = plan.mode == Mode::normal && !plan.next.empty();
  for (int lane_bits = kLaneBits;; lane_bits -= 10)  // narrower if a dual came near a lane's range
    if (auto out = run_engine(build_graph(f, plan, 0, lane_bits), dummies); out || lane_bits <= 20)
      return out.value_or(BracketPairing{});
}

// The whole round valid: everyone once, the pairs allowed, the bye to one who may have it.
bool valid(const Field& f, const std::vector<std::pair<int, int>>& pairs, int bye) {
  std::vector<int> seen(static_cast<size_t>(f.n), 0);
  for (const auto& [a, b] : pairs) {
    if (a < 0 || b < 0 || a >= f.n || b >= f.n || !f.ok(a, b)) return false;
    ++seen[a];
    ++seen[b];
  }
  if (bye >= 0 && (bye >= f.n || !f.bye_ok(bye) || f.n % 2 == 0)) return false;
  if (bye >= 0) ++seen[bye];
  if (bye < 0 && f.n % 2 == 1) return false;
  return std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; });
}

}  // namespace

SwissRound pair_swiss_round(const std::vector<Entrant>& active, const std::vector<GameResult>& played,
                            const SwissOptions& options) {
  Field f;
  f.p = swiss_history(active, played, options).players;
  f.n = static_cast<int>(f.p.size());
  f.point = std::max(1, options.scoring.win);
  f.mini = options.mini_match;
  if (f.n == 0) return {};
  const auto n = static_cast<size_t>(f.n);
  f.compat.assign(n * n, 0);
  for (int a = 0; a < f.n; ++a)
    for (int b = a + 1; b < f.n; ++b) {
      const auto& pa = f.p[a];
      const auto& pb = f.p[b];
      const bool met = std::binary_search(pa.opponents.begin(), pa.opponents.end(), pb.id);  // C.1
      const bool same_absolute = !f.mini && pa.strength == SwissStrength::absolute &&
                                 pb.strength == SwissStrength::absolute && pa.preference == pb.preference &&
                                 !pa.topscorer && !pb.topscorer;  // C.3
      f.compat[a * n + b] = f.compat[b * n + a] = !met && !same_absolute;
    }
  std::vector<int> everyone(n);
  for (int i = 0; i < f.n; ++i) everyone[i] = i;
  if (!completable(f, everyone)) return {};

  std::vector<std::vector<int>> groups;  // scoregroups, from the top
  for (int i = 0; i < f.n; ++i) {
    if (i == 0 || f.score(i) != f.score(i - 1)) groups.emplace_back();
    groups.back().push_back(i);
  }
  std::vector<std::pair<int, int>> pairs;
  int bye = -1;
  std::vector<int> moved_down;
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    std::vector<int> lower;
    for (size_t j = gi + 1; j < groups.size(); ++j) lower.insert(lower.end(), groups[j].begin(), groups[j].end());
    Plan plan;
    plan.mdps = moved_down;
    plan.residents = groups[gi];
    if (lower.empty()) {
      plan.mode = Mode::last;
      const auto r = pair_bracket(f, plan);
      pairs.insert(pairs.end(), r.pairs.begin(), r.pairs.end());
      bye = r.bye;
      break;
    }
    plan.next = groups[gi + 1];
    auto r = pair_bracket(f, plan);
    std::vector<int> rest = r.unpaired;
    rest.insert(rest.end(), lower.begin(), lower.end());
    if (!completable(f, rest)) {
      // A.9: this bracket is paired again so that the rest can be (C.4), and everyone below
      // it makes one collapsed last bracket with its downfloaters.
      Plan ppb;
      ppb.mdps = moved_down;
      ppb.residents = groups[gi];
      ppb.lower = lower;
      ppb.mode = Mode::ppb;
      r = pair_bracket(f, ppb);
      pairs.insert(pairs.end(), r.pairs.begin(), r.pairs.end());
      Plan clb;
      clb.mdps = r.unpaired;
      clb.residents = lower;
      clb.mode = Mode::last;
      const auto c = pair_bracket(f, clb);
      pairs.insert(pairs.end(), c.pairs.begin(), c.pairs.end());
      bye = c.bye;
      break;
    }
    pairs.insert(pairs.end(), r.pairs.begin(), r.pairs.end());
    moved_down = r.unpaired;
  }
  if (!valid(f, pairs, bye)) return {};  // never expected: the checks above allow a complete pairing

  std::sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
    const auto kx = std::tuple(-f.score(x.first), -f.score(x.second), x.first);
    const auto ky = std::tuple(-f.score(y.first), -f.score(y.second), y.first);
    return kx < ky;
  });
  SwissRound round;
  for (const auto& [a, b] : pairs) {
    const bool a_first = higher_takes_first(f.p[a], f.p[b]);
    round.pairs.push_back(a_first ? Pairing{f.p[a].id, f.p[b].id} : Pairing{f.p[b].id, f.p[a].id});
  }
  if (bye >= 0) round.bye = f.p[bye].id;
  return round;
}

}  // namespace bh::tournament
