// Alquerque move generation, apply, status and perft on 25-bit boards (RULES.md Q1-Q7).
// See engine.hpp for the decisions taken where RULES.md leaves room.
#include <array>
#include <bit>
#include <cassert>

#include "rules/alquerque/engine.hpp"

namespace bh::rules::alquerque {
namespace {

using BB = std::uint32_t;

constexpr BB all = (1u << 25) - 1;
constexpr BB file_a = 0x108421u;  // a1 a2 a3 a4 a5
constexpr BB file_e = file_a << 4;
constexpr BB rank_mask(int r) { return 0x1Fu << (5 * r); }
constexpr BB bit(int s) { return 1u << s; }

// Points with diagonal lines (has_diagonals, engine.hpp).
constexpr BB make_even() {
  BB b = 0;
  for (int s = 0; s < 25; ++s)
    if (has_diagonals(static_cast<Square>(s))) b |= bit(s);
  return b;
}
constexpr BB even = make_even();

enum Dir : int { N, S, E, W, NE, NW, SE, SW };

// The points one step along a line in direction D from each point of b.
template <Dir D>
constexpr BB shift(BB b) {
  if constexpr (D == N) return (b << 5) & all;
  else if constexpr (D == S) return b >> 5;
  else if constexpr (D == E) return (b & ~file_e) << 1;
  else if constexpr (D == W) return (b & ~file_a) >> 1;
  else if constexpr (D == NE) return ((b & even & ~file_e) << 6) & all;
  else if constexpr (D == NW) return ((b & even & ~file_a) << 4) & all;
  else if constexpr (D == SE) return (b & even & ~file_e) >> 4;
  else return (b & even & ~file_a) >> 6;
}

constexpr BB shift(Dir d, BB b) {
  switch (d) {
    case N:
      return shift<N>(b);
    case S:
      return shift<S>(b);
    case E:
      return shift<E>(b);
    case W:
      return shift<W>(b);
    case NE:
      return shift<NE>(b);
    case NW:
      return shift<NW>(b);
    case SE:
      return shift<SE>(b);
    case SW:
      return shift<SW>(b);
  }
  return 0;
}

// Directions seen from a side (0 White, moving up; 1 Black, moving down).
template <int Me>
struct Way;
template <>
struct Way<0> {
  static constexpr Dir fwd = N, fwd_e = NE, fwd_w = NW;
  static constexpr Dir back = S, back_e = SW, back_w = SE;  // reverse of fwd, fwd_e, fwd_w
  static constexpr BB far = rank_mask(4);
};
template <>
struct Way<1> {
  static constexpr Dir fwd = S, fwd_e = SE, fwd_w = SW;
  static constexpr Dir back = N, back_e = NW, back_w = NE;
  static constexpr BB far = rank_mask(0);
};
constexpr int delta_of(Dir d) {
  constexpr int deltas[] = {5, -5, 1, -1, 6, 4, -4, -6};
  return deltas[d];
}

struct Jump {
  BB mid = 0;       // the point jumped over
  BB land_bit = 0;  // the landing point, as a set
  std::uint8_t land = 0;
};
struct Jumps {
  std::array<Jump, 8> at{};
  std::uint8_t n = 0;
};
using JumpTable = std::array<Jumps, 25>;

// first_for: -1 every direction (later jumps of a chain); 0/1 the first jump of
// White/Black, which goes like a simple move (Q2): never backward.
constexpr JumpTable make_jumps(int first_for) {
  JumpTable t{};
  for (int s = 0; s < 25; ++s) {
    for (int di = 0; di < 8; ++di) {
      const Dir d = static_cast<Dir>(di);
      if (first_for == 0 && (d == S || d == SE || d == SW)) continue;
      if (first_for == 1 && (d == N || d == NE || d == NW)) continue;
      const BB mid = shift(d, bit(s));
      const BB land = shift(d, mid);
      if (land == 0) continue;
      t[s].at[t[s].n++] = Jump{mid, land, static_cast<std::uint8_t>(std::countr_zero(land))};
    }
  }
  return t;
}
constexpr JumpTable any_jumps = make_jumps(-1);
constexpr std::array<JumpTable, 2> first_jumps = {make_jumps(0), make_jumps(1)};

inline BB pop_lsb(BB& b) {
  const BB low = b & (0u - b);
  b ^= low;
  return low;
}
inline int sq(BB single) { return std::countr_zero(single); }

// Pieces of `own` (side Me) with a legal first jump: p+d enemy, p+2d empty.
template <int Me>
inline BB capturers_of(BB own, BB opp, BB empty) {
  using Wy = Way<Me>;
  BB c = shift<Wy::back>(opp & shift<Wy::back>(empty));
  c |= shift<Wy::back_e>(opp & shift<Wy::back_e>(empty));
  c |= shift<Wy::back_w>(opp & shift<Wy::back_w>(empty));
  c |= shift<W>(opp & shift<W>(empty));  // eastward jumps
  c |= shift<E>(opp & shift<E>(empty));  // westward jumps
  return c & own;
}

// The named piece (of the side not to move) is removed before the rest of the move.
inline Position remove_named(const Position& p, BB named) {
  Position q = p;
  q.pieces[1 - index(p.to_move)] &= ~named;
  q.from_west &= ~named;
  q.from_east &= ~named;
  q.huff = 0;
  return q;
}

// A simple move from -> to by the side to move of `p` (p.huff already resolved), with
// `cap` the pieces that could have captured (Q6). sideways: +1 east, -1 west, 0 not.
template <int Me>
inline Position play_simple(const Position& p, BB from, BB to, int sideways, BB cap) {
  Position q = p;
  q.pieces[Me] ^= from | to;
  q.from_west &= ~from;
  q.from_east &= ~from;
  if (sideways > 0) q.from_west |= to;
  if (sideways < 0) q.from_east |= to;
  if (cap != 0) {
    // Q6: the moved piece if it could have captured, else a single candidate at once,
    // else the opponent names one next move.
    const BB victim = (cap & from) != 0 ? to : (std::has_single_bit(cap) ? cap : 0);
    if (victim != 0) {
      q.pieces[Me] &= ~victim;
      q.from_west &= ~victim;
      q.from_east &= ~victim;
    } else {
      q.huff = cap;
    }
  }
  q.to_move = other(p.to_move);
  return q;
}

template <int Me>
inline Position play_capture(const Position& p, BB from, BB to, BB removed) {
  Position q = p;
  q.pieces[Me] ^= from | to;
  q.pieces[1 - Me] &= ~removed;
  const BB gone = from | removed;
  q.from_west &= ~gone;
  q.from_east &= ~gone;
  q.huff = 0;
  q.to_move = other(p.to_move);
  return q;
}

// Complete chains continuing from `at`: jumps in any direction (Q2), landing only on
// `free` points (empty ones other than the move's start: Q3), jumped pieces removed at
// once. Calls leaf(at, removed) once per complete chain.
template <class Leaf>
void chains(int at, BB opp, BB free, BB removed, Leaf& leaf) {
  const Jumps& js = any_jumps[at];
  bool any = false;
  for (int i = 0; i < js.n; ++i) {
    const Jump& j = js.at[i];
    if ((opp & j.mid) != 0 && (free & j.land_bit) != 0) {
      any = true;
      chains(j.land, opp & ~j.mid, free | j.mid, removed | j.mid, leaf);
    }
  }
  if (!any) leaf(at, removed);
}

std::uint64_t count_chains(int at, BB opp, BB free) {
  const Jumps& js = any_jumps[at];
  std::uint64_t total = 0;
  for (int i = 0; i < js.n; ++i) {
    const Jump& j = js.at[i];
    if ((opp & j.mid) != 0 && (free & j.land_bit) != 0) total += count_chains(j.land, opp & ~j.mid, free | j.mid);
  }
  return total != 0 ? total : 1;
}

// Every move of the side to move of `p` (no pending choice), as the resulting position
// (child) and, lazily, as a Move. The start square stays out of `free`, which gives Q3.
template <int Me, class OnSimple, class OnChainLeaf>
inline void for_each_move(const Position& p, OnSimple&& on_simple, OnChainLeaf&& on_chain_start) {
  using Wy = Way<Me>;
  const BB own = p.pieces[Me];
  const BB opp = p.pieces[1 - Me];
  const BB empty = all & ~(own | opp);
  const BB movers = own & ~Wy::far;  // Q5
  auto each = [&](BB targets, int delta, int sideways) {
    while (targets != 0) {
      const BB to = pop_lsb(targets);
      on_simple(sq(to) - delta, sq(to), sideways);
    }
  };
  each(shift<Wy::fwd>(movers) & empty, delta_of(Wy::fwd), 0);
  each(shift<Wy::fwd_e>(movers) & empty, delta_of(Wy::fwd_e), 0);
  each(shift<Wy::fwd_w>(movers) & empty, delta_of(Wy::fwd_w), 0);
  each(shift<E>(movers & ~p.from_east) & empty, 1, 1);    // Q4
  each(shift<W>(movers & ~p.from_west) & empty, -1, -1);  // Q4
  BB cap = capturers_of<Me>(own, opp, empty);
  while (cap != 0) {
    const int from = sq(pop_lsb(cap));
    const Jumps& js = first_jumps[Me][from];
    for (int i = 0; i < js.n; ++i) {
      const Jump& j = js.at[i];
      if ((opp & j.mid) != 0 && (empty & j.land_bit) != 0) on_chain_start(from, j, opp & ~j.mid, empty | j.mid);
    }
  }
}

template <int Me>
std::uint64_t count_moves(const Position& p) {
  using Wy = Way<Me>;
  const BB own = p.pieces[Me];
  const BB opp = p.pieces[1 - Me];
  const BB empty = all & ~(own | opp);
  const BB movers = own & ~Wy::far;
  std::uint64_t n = std::popcount(shift<Wy::fwd>(movers) & empty) + std::popcount(shift<Wy::fwd_e>(movers) & empty) +
                    std::popcount(shift<Wy::fwd_w>(movers) & empty) +
                    std::popcount(shift<E>(movers & ~p.from_east) & empty) +
                    std::popcount(shift<W>(movers & ~p.from_west) & empty);
  BB cap = capturers_of<Me>(own, opp, empty);
  while (cap != 0) {
    const int from = sq(pop_lsb(cap));
    const Jumps& js = first_jumps[Me][from];
    for (int i = 0; i < js.n; ++i) {
      const Jump& j = js.at[i];
      if ((opp & j.mid) != 0 && (empty & j.land_bit) != 0) n += count_chains(j.land, opp & ~j.mid, empty | j.mid);
    }
  }
  return n;
}

template <int Me>
bool has_move(const Position& p) {
  using Wy = Way<Me>;
  const BB own = p.pieces[Me];
  const BB opp = p.pieces[1 - Me];
  const BB empty = all & ~(own | opp);
  const BB movers = own & ~Wy::far;
  const BB targets = (shift<Wy::fwd>(movers) | shift<Wy::fwd_e>(movers) | shift<Wy::fwd_w>(movers) |
                      shift<E>(movers & ~p.from_east) | shift<W>(movers & ~p.from_west)) &
                     empty;
  return targets != 0 || capturers_of<Me>(own, opp, empty) != 0;
}

template <int Me>
bool any_move(const Position& p) {
  if (p.huff == 0) return has_move<Me>(p);
  for (BB h = p.huff; h != 0;)
    if (has_move<Me>(remove_named(p, pop_lsb(h)))) return true;
  return false;
}

template <int Me>
std::uint64_t perft_side(const Position& p, int depth);

template <int Me>
std::uint64_t perft_plain(const Position& p, int depth) {
  if (depth == 1) return count_moves<Me>(p);
  const BB own = p.pieces[Me];
  const BB opp = p.pieces[1 - Me];
  const BB cap = capturers_of<Me>(own, opp, all & ~(own | opp));
  std::uint64_t total = 0;
  for_each_move<Me>(
      p,
      [&](int from, int to, int sideways) {
        total += perft_side<1 - Me>(play_simple<Me>(p, bit(from), bit(to), sideways, cap), depth - 1);
      },
      [&](int from, const Jump& first, BB opp_left, BB free) {
        auto leaf = [&](int at, BB removed) {
          total += perft_side<1 - Me>(play_capture<Me>(p, bit(from), bit(at), removed), depth - 1);
        };
        chains(first.land, opp_left, free, first.mid, leaf);
      });
  return total;
}

template <int Me>
std::uint64_t perft_side(const Position& p, int depth) {
  if (p.pieces[0] == 0 || p.pieces[1] == 0) return 0;  // Q7: the game is over
  if (p.huff == 0) return perft_plain<Me>(p, depth);
  std::uint64_t total = 0;
  for (BB h = p.huff; h != 0;) total += perft_plain<Me>(remove_named(p, pop_lsb(h)), depth);
  return total;
}

template <int Me>
void generate(const Position& p, Square named, MoveList& out) {
  for_each_move<Me>(
      p,
      [&](int from, int to, int) {
        Move m = simple_move(static_cast<Square>(from), static_cast<Square>(to));
        m.huff = named;
        out.push_back(m);
      },
      [&](int from, const Jump& first, BB opp_left, BB free) {
        Move m;
        m.huff = named;
        m.jump = true;
        m.push(static_cast<Square>(from));
        m.push(first.land);
        // Rebuild the path: a recursive walk that pushes and pops landing points.
        auto walk = [&](auto& self, int at, BB opp_now, BB free_now) -> void {
          const Jumps& js = any_jumps[at];
          bool any = false;
          for (int i = 0; i < js.n; ++i) {
            const Jump& j = js.at[i];
            if ((opp_now & j.mid) != 0 && (free_now & j.land_bit) != 0) {
              any = true;
              m.push(j.land);
              self(self, j.land, opp_now & ~j.mid, free_now | j.mid);
              --m.length;
            }
          }
          if (!any) out.push_back(m);
        };
        walk(walk, first.land, opp_left, free);
      });
}

}  // namespace

Position start_position() {
  Position p;
  p.pieces[index(Side::first)] = rank_mask(0) | rank_mask(1) | bit(13) | bit(14);   // d3 e3
  p.pieces[index(Side::second)] = rank_mask(3) | rank_mask(4) | bit(10) | bit(11);  // a3 b3
  return p;
}

std::string inconsistency(const Position& p) {
  const BB w = p.pieces[0], b = p.pieces[1];
  if (((w | b | p.from_west | p.from_east | p.huff) & ~all) != 0) return "bits beyond the 25 points";
  if ((w & b) != 0) return "a point holds two pieces";
  if (std::popcount(w) > 12) return "White has more than 12 pieces";
  if (std::popcount(b) > 12) return "Black has more than 12 pieces";
  if (w == 0 && b == 0) return "both sides have no pieces";
  const BB mem = p.from_west | p.from_east;
  if ((p.from_west & p.from_east) != 0) return "a piece remembers two previous points";
  if ((mem & ~(w | b)) != 0) return "Q4 memory names an empty point";
  if ((p.from_west & file_a) != 0 || (p.from_east & file_e) != 0) return "Q4 memory names a point off the board";
  if ((mem & ((w & rank_mask(4)) | (b & rank_mask(0)))) != 0)
    return "Q4 memory for a piece on its far rank, which cannot have moved sideways (Q5)";
  if (p.huff != 0) {
    if ((p.huff & ~p.pieces[1 - index(p.to_move)]) != 0)
      return "the huff choice names a point without a piece of the side that just moved";
    if (std::has_single_bit(p.huff)) return "a huff choice has at least two pieces (a single one is removed at once)";
  }
  return {};
}

std::uint32_t capturers(const Position& p) {
  const BB own = p.pieces[index(p.to_move)];
  const BB opp = p.pieces[1 - index(p.to_move)];
  const BB empty = all & ~(own | opp);
  return p.to_move == Side::first ? capturers_of<0>(own, opp, empty) : capturers_of<1>(own, opp, empty);
}

Status status(const Position& p) {
  assert(inconsistency(p).empty());
  const Side me = p.to_move;
  if (p.pieces[index(me)] == 0) return Status::win(other(me), EndReason::no_pieces);
  if (p.pieces[1 - index(me)] == 0) return Status::win(me, EndReason::no_pieces);
  const bool can_move = me == Side::first ? any_move<0>(p) : any_move<1>(p);
  if (!can_move) return Status::win(other(me), EndReason::no_legal_move);
  return Status::ongoing();
}

void legal_moves(const Position& p, MoveList& out) {
  assert(inconsistency(p).empty());
  if (p.pieces[0] == 0 || p.pieces[1] == 0) return;
  auto gen = [&](const Position& q, Square named) {
    if (q.to_move == Side::first) generate<0>(q, named, out);
    else generate<1>(q, named, out);
  };
  if (p.huff == 0) return gen(p, no_square);
  for (BB h = p.huff; h != 0;) {
    const BB named = pop_lsb(h);
    gen(remove_named(p, named), static_cast<Square>(sq(named)));
  }
}

Position apply(const Position& p, const Move& m) {
  assert(inconsistency(p).empty());
  assert(m.length >= 2);
  assert((m.huff != no_square) == (p.huff != 0));
  const Position q = m.huff != no_square ? remove_named(p, bit(m.huff)) : p;
  const BB from = bit(m.from());
  const BB to = bit(m.to());
  const bool white = p.to_move == Side::first;
  if (m.jump) {
    BB removed = 0;
    for (int i = 1; i < m.length; ++i) removed |= bit((m.path[i - 1] + m.path[i]) / 2);
    return white ? play_capture<0>(q, from, to, removed) : play_capture<1>(q, from, to, removed);
  }
  const int step = m.to() - m.from();
  const int sideways = step == 1 ? 1 : step == -1 ? -1 : 0;
  const BB cap = capturers(q);
  return white ? play_simple<0>(q, from, to, sideways, cap) : play_simple<1>(q, from, to, sideways, cap);
}

std::uint64_t perft(const Position& p, int depth) {
  assert(inconsistency(p).empty());
  if (depth <= 0) return status(p).over() ? 0 : 1;
  return p.to_move == Side::first ? perft_side<0>(p, depth) : perft_side<1>(p, depth);
}

}  // namespace bh::rules::alquerque
