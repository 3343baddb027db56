// Move generation, apply, status and perft for Russian draughts (RULES.md D1-D7).
//
// One generator serves every caller: for_each_move() visits each legal move as a
// Delta (enough to apply it) plus its path, so legal_moves() collects Moves, perft()
// recurses without any move list, and the last ply is counted without applying.
#include <bit>
#include <cassert>

#include "rules/draughts/engine.hpp"

namespace bh::rules::draughts {
namespace {

using Bits = std::uint64_t;

constexpr Bits bit(int s) { return Bits{1} << s; }
constexpr Bits file_a = 0x0101010101010101ULL;
constexpr Bits file_h = file_a << 7;
constexpr Bits rank_1 = 0xFFULL;
constexpr Bits rank_8 = rank_1 << 56;

// Directions: 0 = NE (+9), 1 = NW (+7), 2 = SE (-7), 3 = SW (-9); reverse(d) = 3 - d.
constexpr int reverse(int d) { return 3 - d; }
constexpr int file_step[4] = {1, -1, 1, -1};
constexpr int rank_step[4] = {1, 1, -1, -1};

template <int D>
constexpr Bits shift(Bits b) {
  if constexpr (D == 0) return (b & ~file_h) << 9;
  if constexpr (D == 1) return (b & ~file_a) << 7;
  if constexpr (D == 2) return (b & ~file_h) >> 7;
  if constexpr (D == 3) return (b & ~file_a) >> 9;
}

constexpr std::uint8_t none = 0xFF;

// next[s][d]: the diagonal neighbour of s in direction d, or `none` off the board.
constexpr auto make_next() {
  std::array<std::array<std::uint8_t, 4>, 64> next{};
  for (int s = 0; s < 64; ++s)
    for (int d = 0; d < 4; ++d) {
      const int f = s % 8 + file_step[d];
      const int r = s / 8 + rank_step[d];
      next[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)] =
          f < 0 || f > 7 || r < 0 || r > 7 ? none : static_cast<std::uint8_t>(r * 8 + f);
    }
  return next;
}
constexpr auto next = make_next();
constexpr std::uint8_t step(int s, int d) { return next[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)]; }

constexpr Bits dark_squares = [] {
  Bits b = 0;
  for (int s = 0; s < 64; ++s)
    if ((s % 8 + s / 8) % 2 == 0) b |= bit(s);
  return b;
}();

// What a move does to the board; enough to apply it.
struct Delta {
  std::uint8_t from;
  std::uint8_t to;
  bool becomes_king;  // a man that reached its far rank (D4)
  Bits captured;
};

// The side to move is a template parameter (White) in the hot functions below, so
// that every choice between the two sides is made at compile time.
struct Sides {
  Bits own, enemy, own_men, own_kings, empty;
};

template <bool White>
[[gnu::always_inline]] inline Sides sides_of(const Position& p) {
  const Bits own = White ? p.white : p.black;
  const Bits enemy = White ? p.black : p.white;
  return {own, enemy, own & ~p.kings, own & p.kings, ~(own | enemy) & dark_squares};
}

template <bool White>
[[gnu::always_inline]] inline Position apply_delta(const Position& p, const Delta& m) {
  Position q = p;
  Bits& own = White ? q.white : q.black;
  Bits& enemy = White ? q.black : q.white;
  const bool king = (p.kings & bit(m.from)) != 0 || m.becomes_king;
  own &= ~bit(m.from);
  own |= bit(m.to);
  enemy &= ~m.captured;
  q.kings &= ~(m.captured | bit(m.from));
  if (king) q.kings |= bit(m.to);
  q.to_move = White ? Side::second : Side::first;
  return q;
}

// Capture chains of one piece (D2-D6). Captured pieces stay on the board (in `occ`)
// until the move ends, so they block and cannot be jumped twice; the start square is
// taken out of `occ` because it counts as empty during the move.
template <bool White, class Visit>
struct Capturer {
  Bits enemy;
  Bits occ;
  bool started_as_man;
  Visit& visit;
  std::uint8_t path[Move::max_path];
  int len = 1;
  int found = 0;

  static bool promotes(int s) { return White ? s >= 56 : s < 8; }

  void emit(int to, Bits captured, bool as_king) {
    ++found;
    visit(Delta{path[0], static_cast<std::uint8_t>(to), as_king && started_as_man, captured}, path, len);
  }

  void man(int sq, Bits captured) {
    bool any = false;
    for (int d = 0; d < 4; ++d) {
      const std::uint8_t n = step(sq, d);
      if (n == none || !(enemy & ~captured & bit(n))) continue;
      const std::uint8_t l = step(n, d);
      if (l == none || (occ & bit(l))) continue;
      any = true;
      path[len++] = l;
      if (promotes(l)) king(l, captured | bit(n), d);  // D4: it goes on as a king
      else man(l, captured | bit(n));
      --len;
    }
    if (!any && len > 1) emit(sq, captured, false);
  }

  // The first uncaptured enemy a king sees along d from sq, with an empty square
  // beyond it; `none` if there is none.
  std::uint8_t king_target(int sq, int d, Bits captured) const {
    std::uint8_t t = step(sq, d);
    while (t != none && !(occ & bit(t))) t = step(t, d);
    if (t == none || !(enemy & ~captured & bit(t))) return none;
    const std::uint8_t l = step(t, d);
    return l == none || (occ & bit(l)) ? none : t;
  }

  bool king_can_capture(int sq, Bits captured, int came) const {
    for (int d = 0; d < 4; ++d)
      if (d != reverse(came) && king_target(sq, d, captured) != none) return true;
    return false;
  }

  // `came` is the direction of the jump that landed here, or -1 at the start.
  void king(int sq, Bits captured, int came) {
    bool any = false;
    for (int d = 0; d < 4; ++d) {
      if (came >= 0 && d == reverse(came)) continue;  // blocked by the piece just taken
      const std::uint8_t t = king_target(sq, d, captured);
      if (t == none) continue;
      any = true;
      const Bits taken = captured | bit(t);
      std::uint8_t landings[7];
      bool goes_on[7];
      int count = 0;
      bool any_goes_on = false;
      for (std::uint8_t l = step(t, d); l != none && !(occ & bit(l)); l = step(l, d)) {
        landings[count] = l;
        goes_on[count] = king_can_capture(l, taken, d);
        any_goes_on |= goes_on[count];
        ++count;
      }
      // D5: if it can capture further from some landing squares, it must land there.
      for (int i = 0; i < count; ++i) {
        if (any_goes_on && !goes_on[i]) continue;
        path[len++] = landings[i];
        if (goes_on[i]) king(landings[i], taken, d);
        else emit(landings[i], taken, true);
        --len;
      }
    }
    if (!any && len > 1) emit(sq, captured, true);
  }
};

struct Counter {
  std::uint64_t n = 0;
  void operator()(const Delta&, const std::uint8_t*, int) { ++n; }
};

// Visits every capture of the man (or king) on `sq`; returns how many there were.
template <bool White, class Visit>
int man_captures(const Sides& s, int sq, Visit& visit) {
  Capturer<White, Visit> c{s.enemy, (s.own | s.enemy) & ~bit(sq), true, visit, {}, 1, 0};
  c.path[0] = static_cast<std::uint8_t>(sq);
  c.man(sq, 0);
  return c.found;
}
template <bool White, class Visit>
int king_captures(const Sides& s, int sq, Visit& visit) {
  Capturer<White, Visit> c{s.enemy, (s.own | s.enemy) & ~bit(sq), false, visit, {}, 1, 0};
  c.path[0] = static_cast<std::uint8_t>(sq);
  c.king(sq, 0, -1);
  return c.found;
}

// The first jumps of the men, by bitboards: from[d] holds the men that can jump in
// direction d; `complex` the men with a capture that goes on past its first jump or
// crowns. Every other man's captures are single jumps, handled without the Capturer.
template <bool White>
struct ManJumps {
  Bits from[4];
  Bits complex;

  [[gnu::always_inline]] explicit ManJumps(const Sides& s) {
    const Bits e = s.empty;
    const Bits x = s.enemy;
    // j<d>: squares from which a man can jump in direction d.
    const Bits j0 = shift<3>(shift<3>(e) & x), j1 = shift<2>(shift<2>(e) & x);
    const Bits j2 = shift<1>(shift<1>(e) & x), j3 = shift<0>(shift<0>(e) & x);
    from[0] = s.own_men & j0;
    from[1] = s.own_men & j1;
    from[2] = s.own_men & j2;
    from[3] = s.own_men & j3;
    complex = 0;
    if ((from[0] | from[1] | from[2] | from[3]) == 0) return;
    constexpr Bits far = White ? rank_8 : rank_1;
    // Landing squares from which the chain goes on (never back over the piece just
    // taken, so the reverse direction is left out) or where the man is crowned.
    const Bits c0 = shift<0>(shift<0>(from[0])) & (far | j0 | j1 | j2);
    const Bits c1 = shift<1>(shift<1>(from[1])) & (far | j0 | j1 | j3);
    const Bits c2 = shift<2>(shift<2>(from[2])) & (far | j0 | j2 | j3);
    const Bits c3 = shift<3>(shift<3>(from[3])) & (far | j1 | j2 | j3);
    complex = shift<3>(shift<3>(c0)) | shift<2>(shift<2>(c1)) | shift<1>(shift<1>(c2)) | shift<0>(shift<0>(c3));
  }
  bool any() const { return (from[0] | from[1] | from[2] | from[3]) != 0; }
};

template <bool White, int D, class Visit>
[[gnu::always_inline]] inline void single_jumps(Bits sources, Visit& visit) {
  constexpr int delta = D == 0 ? 9 : D == 1 ? 7 : D == 2 ? -7 : -9;
  for (Bits b = sources; b; b &= b - 1) {
    const int from = std::countr_zero(b);
    std::uint8_t path[2] = {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(from + 2 * delta)};
    visit(Delta{path[0], path[1], false, bit(from + delta)}, path, 2);
  }
}

// Visits every capture; returns how many there were.
template <bool White, class Visit>
[[gnu::always_inline]] inline int for_each_capture(const Sides& s, Visit& visit) {
  int found = 0;
  const ManJumps<White> jumps(s);
  if (jumps.any()) {
    const Bits simple = ~jumps.complex;
    single_jumps<White, 0>(jumps.from[0] & simple, visit);
    single_jumps<White, 1>(jumps.from[1] & simple, visit);
    single_jumps<White, 2>(jumps.from[2] & simple, visit);
    single_jumps<White, 3>(jumps.from[3] & simple, visit);
    found += std::popcount(jumps.from[0] & simple) + std::popcount(jumps.from[1] & simple) +
             std::popcount(jumps.from[2] & simple) + std::popcount(jumps.from[3] & simple);
    for (Bits b = jumps.complex; b; b &= b - 1) found += man_captures<White>(s, std::countr_zero(b), visit);
  }
  for (Bits b = s.own_kings; b; b &= b - 1) found += king_captures<White>(s, std::countr_zero(b), visit);
  return found;
}

// The number of captures by men (bulk counting: single jumps by popcount).
template <bool White>
[[gnu::always_inline]] inline std::uint64_t count_man_captures(const Sides& s) {
  const ManJumps<White> jumps(s);
  if (!jumps.any()) return 0;
  const Bits simple = ~jumps.complex;
  std::uint64_t n =
      static_cast<std::uint64_t>(std::popcount(jumps.from[0] & simple) + std::popcount(jumps.from[1] & simple) +
                                 std::popcount(jumps.from[2] & simple) + std::popcount(jumps.from[3] & simple));
  if (jumps.complex) {
    Counter c;
    for (Bits b = jumps.complex; b; b &= b - 1) man_captures<White>(s, std::countr_zero(b), c);
    n += c.n;
  }
  return n;
}

template <bool White, int D, class Visit>
[[gnu::always_inline]] inline void man_steps(const Sides& s, Visit& visit) {
  constexpr int delta = D == 0 ? 9 : D == 1 ? 7 : D == 2 ? -7 : -9;
  constexpr Bits far = White ? rank_8 : rank_1;
  for (Bits b = shift<D>(s.own_men) & s.empty; b; b &= b - 1) {
    const int to = std::countr_zero(b);
    std::uint8_t path[2] = {static_cast<std::uint8_t>(to - delta), static_cast<std::uint8_t>(to)};
    visit(Delta{path[0], path[1], (far & bit(to)) != 0, 0}, path, 2);
  }
}

// Visits every legal move of the side to move (captures are compulsory, D3).
template <bool White, class Visit>
[[gnu::always_inline]] inline void for_each_move(const Position& p, Visit& visit) {
  const Sides s = sides_of<White>(p);
  if (for_each_capture<White>(s, visit) > 0) return;
  if constexpr (White) {
    man_steps<White, 0>(s, visit);
    man_steps<White, 1>(s, visit);
  } else {
    man_steps<White, 2>(s, visit);
    man_steps<White, 3>(s, visit);
  }
  for (Bits b = s.own_kings; b; b &= b - 1) {
    const int from = std::countr_zero(b);
    for (int d = 0; d < 4; ++d)
      for (std::uint8_t to = step(from, d); to != none && (s.empty & bit(to)); to = step(to, d)) {
        std::uint8_t path[2] = {static_cast<std::uint8_t>(from), to};
        visit(Delta{path[0], to, false, 0}, path, 2);
      }
  }
}

template <int D>
[[gnu::always_inline]] inline int ray_count(Bits kings, Bits empty) {
  int n = 0;
  for (Bits x = shift<D>(kings) & empty; x; x = shift<D>(x) & empty) n += std::popcount(x);
  return n;
}

// The number of legal moves, without applying any (bulk counting at the last ply).
template <bool White>
[[gnu::always_inline]] inline std::uint64_t count_moves(const Position& p) {
  const Sides s = sides_of<White>(p);
  std::uint64_t captures = count_man_captures<White>(s);
  if (s.own_kings) {
    Counter c;
    for (Bits b = s.own_kings; b; b &= b - 1) king_captures<White>(s, std::countr_zero(b), c);
    captures += c.n;
  }
  if (captures > 0) return captures;
  std::uint64_t n = White ? std::popcount(shift<0>(s.own_men) & s.empty) + std::popcount(shift<1>(s.own_men) & s.empty)
                          : std::popcount(shift<2>(s.own_men) & s.empty) + std::popcount(shift<3>(s.own_men) & s.empty);
  if (s.own_kings)
    n += static_cast<std::uint64_t>(ray_count<0>(s.own_kings, s.empty) + ray_count<1>(s.own_kings, s.empty) +
                                    ray_count<2>(s.own_kings, s.empty) + ray_count<3>(s.own_kings, s.empty));
  return n;
}

// The perft recursion, written once and compiled twice: for any x86-64 CPU, and for
// those with the POPCNT instruction (the default build targets the baseline ISA,
// where std::popcount is a library call). perft() picks one at run time.
template <bool White, std::uint64_t (*Next)(const Position&, int)>
[[gnu::always_inline]] inline std::uint64_t perft_body(const Position& p, int depth) {
  if (depth == 1) return count_moves<White>(p);
  std::uint64_t total = 0;
  auto visit = [&](const Delta& m, const std::uint8_t*, int) { total += Next(apply_delta<White>(p, m), depth - 1); };
  for_each_move<White>(p, visit);
  return total;
}

std::uint64_t perft_generic_black(const Position& p, int depth);
std::uint64_t perft_generic_white(const Position& p, int depth) {
  return perft_body<true, perft_generic_black>(p, depth);
}
std::uint64_t perft_generic_black(const Position& p, int depth) {
  return perft_body<false, perft_generic_white>(p, depth);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define BH_DRAUGHTS_POPCNT 1
std::uint64_t perft_popcnt_black(const Position& p, int depth);
[[gnu::target("popcnt")]] std::uint64_t perft_popcnt_white(const Position& p, int depth) {
  return perft_body<true, perft_popcnt_black>(p, depth);
}
[[gnu::target("popcnt")]] std::uint64_t perft_popcnt_black(const Position& p, int depth) {
  return perft_body<false, perft_popcnt_white>(p, depth);
}
#endif

// Runs `f` with the side to move as a compile-time constant.
template <class F>
decltype(auto) with_side(const Position& p, F&& f) {
  return p.to_move == Side::first ? f(std::true_type{}) : f(std::false_type{});
}

}  // namespace

bool is_consistent(const Position& p) {
  return (p.white & p.black) == 0 && ((p.white | p.black) & ~dark_squares) == 0 &&
         (p.kings & ~(p.white | p.black)) == 0 && (p.white & ~p.kings & rank_8) == 0 &&
         (p.black & ~p.kings & rank_1) == 0 && std::popcount(p.white) <= 12 && std::popcount(p.black) <= 12;
}

Position start_position() {
  Position p;
  p.white = dark_squares & 0x0000000000FFFFFFULL;
  p.black = dark_squares & 0xFFFFFF0000000000ULL;
  return p;
}

void legal_moves(const Position& p, MoveList& out) {
  assert(is_consistent(p));
  if (status(p).over()) return;
  auto visit = [&](const Delta& d, const std::uint8_t* path, int len) {
    Move m;
    for (int i = 0; i < len; ++i) m.push(path[i]);
    m.jump = d.captured != 0;
    out.push_back(m);
  };
  with_side(p, [&](auto white) { for_each_move<decltype(white)::value>(p, visit); });
}

Position apply(const Position& p, const Move& m) {
  assert(is_consistent(p));
  assert(m.length >= 2);
  const bool white = p.to_move == Side::first;
  const Bits enemy = white ? p.black : p.white;
  Delta d{m.from(), m.to(), false, 0};
  const bool was_man = !(p.kings & bit(m.from()));
  for (int i = 1; i < m.length; ++i) {
    const int a = m.path[i - 1];
    const int b = m.path[i];
    if (was_man && (white ? b >= 56 : b < 8)) d.becomes_king = true;
    if (!m.jump) continue;
    const int df = (b % 8 > a % 8) ? 1 : -1;
    const int dr = (b / 8 > a / 8) ? 1 : -1;
    const int dir = dr > 0 ? (df > 0 ? 0 : 1) : (df > 0 ? 2 : 3);
    for (int s = step(a, dir); s != b && s != none; s = step(s, dir))
      if (enemy & bit(s)) d.captured |= bit(s);
  }
  const Position q = white ? apply_delta<true>(p, d) : apply_delta<false>(p, d);
  assert(is_consistent(q));
  return q;
}

Status status(const Position& p) {
  const Side mover = p.to_move;
  const Bits own = mover == Side::first ? p.white : p.black;
  const Bits enemy = mover == Side::first ? p.black : p.white;
  if (own == 0) return Status::win(other(mover), EndReason::no_pieces);
  if (enemy == 0) return Status::win(mover, EndReason::no_pieces);
  if (with_side(p, [&](auto white) { return count_moves<decltype(white)::value>(p); }) == 0)
    return Status::win(other(mover), EndReason::no_legal_move);
  return Status::ongoing();
}

std::uint64_t perft(const Position& p, int depth) {
  if (status(p).over()) return 0;
  if (depth <= 0) return 1;
  const bool white = p.to_move == Side::first;
#ifdef BH_DRAUGHTS_POPCNT
  if (__builtin_cpu_supports("popcnt")) return white ? perft_popcnt_white(p, depth) : perft_popcnt_black(p, depth);
#endif
  return white ? perft_generic_white(p, depth) : perft_generic_black(p, depth);
}

bool is_kings_only_ply(const Position& before, const Move& m) { return !m.jump && (before.kings & bit(m.from())) != 0; }

}  // namespace bh::rules::draughts
