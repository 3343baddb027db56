// Tafl keys, ordering hints and evaluation.
//
// The evaluation, from the defenders' side, then signed for the side to move:
// material; the king's free lines to an escape square (one free line with the defenders
// to move is an escape next move; two with the attackers to move cannot both be
// blocked); squares the king reaches in one move from which a free line opens (an escape
// in two); the king's distance to the nearest escape; attackers next to and near the
// king; the king's mobility; attackers guarding the exits of the corner variants.
#include <algorithm>
#include <cstdlib>

#include "tafl_adapter.hpp"
#include "zobrist.hpp"

namespace bh::bot {

namespace tafl = rules::tafl;
using tafl::bit;
using tafl::u128;

namespace {

constexpr auto keys = make_zobrist<3, 121>(0x7461666cULL);  // "tafl"

template <class F>
inline void for_each_square(u128 set, F&& f) {
  for (auto w = static_cast<std::uint64_t>(set); w != 0; w &= w - 1) f(__builtin_ctzll(w));
  for (auto w = static_cast<std::uint64_t>(set >> 64); w != 0; w &= w - 1) f(64 + __builtin_ctzll(w));
}

inline bool has(u128 set, int s) { return ((set >> s) & 1) != 0; }

// Free lines from `from` to an escape square within `limit` steps (0: unlimited).
int free_lines(const tafl::Rules& r, u128 occ, int from, int limit) {
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    int s = from;
    for (int steps = 1;; ++steps) {
      s = r.neighbour[s][d];
      if (s < 0 || has(occ, s) || (limit > 0 && steps > limit)) break;
      if (has(r.escape, s)) {
        ++n;
        break;
      }
    }
  }
  return n;
}

constexpr int attacker_value = 100;
constexpr int defender_value = 160;
constexpr int escape_next_move = 2500;  // a free line, defenders to move
constexpr int two_free_lines = 1200;    // attackers to move cannot close both
constexpr int one_free_line = 150;
constexpr int route_value = 70;  // per square (up to 4) that opens a free line
constexpr int distance_value = 14;
constexpr int adjacent_attacker = 35;
constexpr int near_attacker = 6;
constexpr int king_mobility = 3;
constexpr int corner_guard_value = 12;

}  // namespace

TaflAdapter::TaflAdapter(const rules::Ruleset& rules) {
  const auto& o = rules.options();
  auto option = [&o](const char* name) {
    const auto it = o.find(name);
    return it == o.end() ? 0 : it->second;
  };
  // The board size from the ruleset itself: an option (seatafl) or the variant's own (7, 11).
  r = tafl::make_rules(*tafl::find_variant(rules.game_id()), rules.geometry().width, option("king_limit"),
                       option("move_limit"));
  if (r.variant.escape == tafl::Escape::corner_exits) {
    for (int s = 0; s < r.size * r.size; ++s) {
      for_each_square(r.exits, [&](int e) {
        const int dr = std::abs(r.rank[s] - r.rank[e]), df = std::abs(r.file[s] - r.file[e]);
        if (s != e && dr <= 2 && df <= 2) corner_guard |= bit(s);
      });
    }
  }
}

std::uint64_t TaflAdapter::key(const Pos& b) const {
  std::uint64_t k = b.side != 0 ? keys.second_to_move : 0;
  for_each_square(b.att, [&k](int s) { k ^= keys.piece[0][static_cast<std::size_t>(s)]; });
  for_each_square(b.def, [&k](int s) { k ^= keys.piece[1][static_cast<std::size_t>(s)]; });
  if (b.king >= 0) k ^= keys.piece[2][static_cast<std::size_t>(b.king)];
  return k;
}

int TaflAdapter::capture_hint(const Pos& b, Mv m) const {
  const bool attackers = b.side == 0;
  const u128 enemies = attackers ? b.def : b.att;
  u128 friends = attackers ? b.att : b.def;
  if (!attackers && r.variant.king_armed && b.king >= 0) friends |= bit(b.king);
  friends &= ~bit(m.from);
  const u128 hostile = attackers ? r.hostile_to_defenders : r.hostile_to_attackers;
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    const int e = r.neighbour[m.to][d];
    if (e < 0 || !has(enemies, e)) continue;
    const int beyond = r.neighbour[e][d];
    if (beyond >= 0 && (has(friends, beyond) || has(hostile, beyond))) ++n;
  }
  return n;
}

int TaflAdapter::evaluate(const Pos& b) const {
  if (b.king < 0) return 0;  // terminal: the search never asks
  const u128 occ = b.att | b.def | bit(b.king);
  int s = defender_value * count(b.def) - attacker_value * count(b.att);

  const int lines = free_lines(r, occ, b.king, r.king_limit);
  if (lines > 0) {
    if (b.side == 1) return escape_next_move + s;
    s += lines >= 2 ? two_free_lines : one_free_line;
  }
  // Squares the king reaches in one move, and how many of them open a free line.
  const u128 occ_no_king = occ & ~bit(b.king);
  int routes = 0, mobility = 0;
  for (int d = 0; d < 4; ++d) {
    int q = b.king;
    for (int steps = 1;; ++steps) {
      q = r.neighbour[q][d];
      if (q < 0 || has(occ, q) || (r.king_limit > 0 && steps > r.king_limit)) break;
      ++mobility;
      if (routes < 4 && free_lines(r, occ_no_king, q, r.king_limit) > 0) ++routes;
    }
  }
  s += route_value * routes + king_mobility * mobility;

  const int kr = r.rank[b.king], kf = r.file[b.king], last = r.size - 1;
  int distance;
  if (r.variant.escape == tafl::Escape::any_edge) {
    distance = std::min(std::min(kr, kf), std::min(last - kr, last - kf));
  } else {
    distance = std::min(kr, last - kr) + std::min(kf, last - kf);
  }
  s -= distance_value * distance;

  int adjacent = 0, near = 0;
  for_each_square(b.att, [&](int a) {
    const int dr = std::abs(r.rank[a] - kr), df = std::abs(r.file[a] - kf);
    if (dr + df == 1) {
      ++adjacent;
    } else if (dr <= 2 && df <= 2) {
      ++near;
    }
  });
  s -= adjacent_attacker * adjacent + near_attacker * near;
  if (corner_guard != 0) s -= corner_guard_value * count(b.att & corner_guard);
  return b.side == 1 ? s : -s;
}

}  // namespace bh::bot
