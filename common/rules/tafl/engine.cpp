#include "rules/tafl/engine.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>

#include "rules/notation.hpp"

namespace bh::rules::tafl {

namespace {

constexpr int line_bits = 11;
constexpr std::uint32_t line_mask = (1U << line_bits) - 1;

// reach[pos][occupancy]: the squares of one line a rook on `pos` reaches (pos excluded).
struct LineTable {
  std::array<std::array<std::uint16_t, 1U << line_bits>, line_bits> reach{};
};

constexpr LineTable make_line_table() {
  LineTable t{};
  for (int pos = 0; pos < line_bits; ++pos) {
    for (std::uint32_t occ = 0; occ <= line_mask; ++occ) {
      std::uint32_t m = 0;
      for (int p = pos + 1; p < line_bits && ((occ >> p) & 1U) == 0; ++p) m |= 1U << p;
      for (int p = pos - 1; p >= 0 && ((occ >> p) & 1U) == 0; --p) m |= 1U << p;
      t.reach[pos][occ] = static_cast<std::uint16_t>(m);
    }
  }
  return t;
}

constexpr LineTable lines = make_line_table();

constexpr std::uint32_t line(u128 set, int shift) { return static_cast<std::uint32_t>(set >> shift) & line_mask; }

template <class F>
inline void for_each_square(u128 set, F&& f) {
  for (auto w = static_cast<std::uint64_t>(set); w != 0; w &= w - 1) f(std::countr_zero(w));
  for (auto w = static_cast<std::uint64_t>(set >> 64); w != 0; w &= w - 1) f(64 + std::countr_zero(w));
}

std::uint16_t window(int pos, int limit) {
  std::uint32_t m = 0;
  for (int p = 0; p < line_bits; ++p)
    if (limit == 0 || std::abs(p - pos) <= limit) m |= 1U << p;
  return static_cast<std::uint16_t>(m);
}

inline u128 occupancy(const Board& b) { return b.att | b.def | (b.king >= 0 ? bit(b.king) : u128{0}); }

inline bool throne_empty(const Rules& r, u128 occ) { return r.throne >= 0 && (occ & r.throne_bit) == 0; }

// The stopping squares of the piece on `s` along its rank and its file, as line masks.
struct Reach {
  std::uint32_t along_rank;
  std::uint32_t along_file;
};

inline Reach reach(const Rules& r, u128 occ, u128 occt, int s, const std::array<std::uint16_t, 11>& win,
                   const std::array<std::uint16_t, 11>& ban_rank, const std::array<std::uint16_t, 11>& ban_file) {
  const int rk = r.rank[s];
  const int fl = r.file[s];
  const std::uint32_t row = line(occ, rk * r.size) | r.outside;
  const std::uint32_t col = line(occt, fl * r.size) | r.outside;
  return {static_cast<std::uint32_t>(lines.reach[fl][row] & win[fl] & ~ban_rank[rk]),
          static_cast<std::uint32_t>(lines.reach[rk][col] & win[rk] & ~ban_file[fl])};
}

// Calls f(from, to) for every legal move of the side to move.
template <class F>
inline void for_each_move(const Rules& r, const Board& b, F&& f) {
  const u128 occ = occupancy(b);
  const int te = throne_empty(r, occ) ? 1 : 0;
  const u128 own = b.side == 0 ? b.att : b.def;
  for_each_square(own, [&](int s) {
    const Reach m = reach(r, occ, b.occt, s, r.piece_window, r.piece_ban_rank[te], r.piece_ban_file[te]);
    f(s, m);
  });
  if (b.side == 1 && b.king >= 0) {
    const Reach m = reach(r, occ, b.occt, b.king, r.king_window, r.king_ban_rank[te], r.king_ban_file[te]);
    f(b.king, m);
  }
}

}  // namespace

Rules make_rules(const Variant& v, int size, int king_limit_option, int move_limit_option) {
  assert(size == 7 || size == 9 || size == 11);
  Rules r;
  r.variant = v;
  r.size = size;
  r.king_limit = v.king_limit;
  r.piece_limit = v.piece_limit;
  if (king_limit_option > 0) r.king_limit = king_limit_option;
  if (move_limit_option > 0) {
    r.piece_limit = move_limit_option;
    r.king_limit = r.king_limit == 0 ? move_limit_option : std::min(r.king_limit, move_limit_option);  // S5
  }
  const int n = size * size;
  r.board = (u128{1} << n) - 1;
  u128 edge = 0;
  for (int s = 0; s < n; ++s) {
    const int rk = s / size;
    const int fl = s % size;
    r.rank[s] = static_cast<std::uint8_t>(rk);
    r.file[s] = static_cast<std::uint8_t>(fl);
    r.transposed[s] = static_cast<std::uint8_t>(fl * size + rk);
    r.neighbour[s] = {
        static_cast<std::int8_t>(fl + 1 < size ? s + 1 : -1), static_cast<std::int8_t>(fl > 0 ? s - 1 : -1),
        static_cast<std::int8_t>(rk + 1 < size ? s + size : -1), static_cast<std::int8_t>(rk > 0 ? s - size : -1)};
    if (rk == 0 || fl == 0 || rk == size - 1 || fl == size - 1) edge |= bit(s);
    if (fl + 1 < size) r.east_open |= bit(s);
    if (fl > 0) r.west_open |= bit(s);
  }
  r.edge = edge;
  const u128 corners = bit(0) | bit(size - 1) | bit(n - size) | bit(n - 1);
  if (v.throne != Throne::none) {
    r.throne = (size / 2) * size + size / 2;
    r.throne_bit = bit(r.throne);
  }
  r.exits = v.escape == Escape::corner_exits ? corners : 0;
  r.escape = v.escape == Escape::corner_exits ? corners : edge;
  const u128 restricted_throne = v.throne == Throne::restricted_hostile ? r.throne_bit : 0;
  const u128 banned_empty_throne = v.throne == Throne::banned_when_empty ? r.throne_bit : 0;
  r.hostile_to_attackers = r.exits | restricted_throne;
  r.hostile_to_defenders = r.exits;
  r.hostile_to_defenders_empty = restricted_throne;
  // The special squares are symmetric under transposition (centre, corners), but the
  // per-file masks are computed by transposing anyway.
  auto transpose = [&](u128 set) {
    u128 t = 0;
    for_each_square(set, [&](int s) { t |= bit(r.transposed[s]); });
    return t;
  };
  for (int te = 0; te < 2; ++te) {
    const u128 piece_ban = r.exits | restricted_throne | (te ? banned_empty_throne : 0);
    const u128 king_ban = te ? banned_empty_throne : 0;
    const u128 piece_ban_t = transpose(piece_ban);
    const u128 king_ban_t = transpose(king_ban);
    for (int i = 0; i < size; ++i) {
      r.piece_ban_rank[te][i] = static_cast<std::uint16_t>(line(piece_ban, i * size));
      r.piece_ban_file[te][i] = static_cast<std::uint16_t>(line(piece_ban_t, i * size));
      r.king_ban_rank[te][i] = static_cast<std::uint16_t>(line(king_ban, i * size));
      r.king_ban_file[te][i] = static_cast<std::uint16_t>(line(king_ban_t, i * size));
    }
  }
  for (int i = 0; i < size; ++i) {
    r.piece_window[i] = window(i, r.piece_limit);
    r.king_window[i] = window(i, r.king_limit);
  }
  r.outside = static_cast<std::uint16_t>(line_mask & ~((1U << size) - 1));
  return r;
}

Board to_board(const Rules& r, const Position& p) {
  Board b;
  b.att = (u128{p.attackers[1]} << 64) | p.attackers[0];
  b.def = (u128{p.defenders[1]} << 64) | p.defenders[0];
  b.king = p.king == no_square ? -1 : p.king;
  b.side = index(p.to_move);
  const u128 occ = occupancy(b);
  for_each_square(occ, [&](int s) { b.occt |= bit(r.transposed[s]); });
  return b;
}

Position to_position(const Rules& r, const Board& b) {
  Position p;
  p.attackers = {static_cast<std::uint64_t>(b.att), static_cast<std::uint64_t>(b.att >> 64)};
  p.defenders = {static_cast<std::uint64_t>(b.def), static_cast<std::uint64_t>(b.def >> 64)};
  p.king = b.king < 0 ? no_square : static_cast<Square>(b.king);
  p.to_move = b.side == 0 ? Side::first : Side::second;
  p.size = static_cast<std::uint8_t>(r.size);
  return p;
}

std::string inconsistency(const Rules& r, const Position& p) {
  if (p.size != r.size)
    return "the board is " + std::to_string(p.size) + "x" + std::to_string(p.size) + ", the rules expect " +
           std::to_string(r.size) + "x" + std::to_string(r.size);
  const Board b = to_board(r, p);
  if ((b.att & b.def) != 0) return "a square holds both an attacker and a defender";
  if (((b.att | b.def) & ~r.board) != 0) return "a piece lies off the board";
  if (b.king >= r.size * r.size) return "the king lies off the board";
  if (b.king >= 0 && ((b.att | b.def) & bit(b.king)) != 0) return "the king shares its square";
  const u128 king_only = r.exits | (r.variant.throne != Throne::none ? r.throne_bit : 0);
  if (((b.att | b.def) & king_only) != 0) return "only the king may stand on the throne or an exit";
  return {};
}

namespace {

// The squares orthogonally next to any square of `set`.
inline u128 spread(const Rules& r, u128 set) {
  return (((set & r.east_open) << 1) | ((set & r.west_open) >> 1) | (set << r.size) | (set >> r.size)) & r.board;
}

// C8. The fort is the region of empty squares the king can reach, the king's square
// included; its wall is every piece next to it. The attackers can never break in when
// the wall is all defenders none of which can ever be captured. Those are found as the
// largest set of defenders in which each one is safe while the others stand:
// - on each of its two lines, a neighbour is off the board, in the set, or a fort
//   square other than the throne (attackers never get into the fort; the throne turns
//   hostile to defenders when the king leaves it);
// - with the shieldwall (C6), it is in no row the wall could take: a run along the
//   edge of set members and the king, every one with an open square in front (not in
//   the set, not a fort square) and no fort square at either end.
// No defender of the set can be the first to fall, so none ever falls.
bool exit_fort(const Rules& r, const Board& b) {
  if ((r.edge & bit(b.king)) == 0) return false;
  const u128 empty = r.board & ~(b.att | b.def);  // the king's square counts as empty
  u128 fort = bit(b.king);
  for (u128 grown = fort | (spread(r, fort) & empty); grown != fort; grown = fort | (spread(r, fort) & empty))
    fort = grown;
  if (fort == bit(b.king)) return false;    // the king cannot move
  if ((fort & r.exits) != 0) return false;  // a way out is open: no fort needed
  const u128 wall = spread(r, fort) & ~fort;
  if ((wall & b.att) != 0) return false;
  const u128 fort_safe = fort & ~r.throne_bit;
  u128 held = b.def;
  for (;;) {
    const u128 safe = held | fort_safe;
    u128 keep = held;
    for_each_square(held, [&](int s) {
      const auto& nb = r.neighbour[s];
      for (int axis = 0; axis < 4; axis += 2) {
        const int one = nb[axis], other = nb[axis + 1];
        if (one < 0 || other < 0 || (safe & bit(one)) != 0 || (safe & bit(other)) != 0) continue;
        keep &= ~bit(s);
      }
    });
    if (r.variant.extras.shieldwall) {
      const int last = r.size - 1;
      // Each edge from one corner to the other: its first square, the step along it
      // and the step inward (E, W, N, S as in Rules::neighbour).
      const int starts[4] = {0, last * r.size, 0, last};
      const int along[4] = {0, 0, 2, 2};
      const int inward[4] = {2, 3, 0, 1};
      for (int e = 0; e < 4; ++e) {
        int s = r.neighbour[starts[e]][along[e]];
        while (s >= 0) {
          if ((((held & keep) | bit(b.king)) & bit(s)) == 0) {
            s = r.neighbour[s][along[e]];
            continue;
          }
          const int before = r.neighbour[s][along[e] ^ 1];
          u128 run = 0;
          bool pinned = true;
          for (; s >= 0 && (((held & keep) | bit(b.king)) & bit(s)) != 0; s = r.neighbour[s][along[e]]) {
            run |= bit(s);
            if ((safe & bit(r.neighbour[s][inward[e]])) != 0) pinned = false;
          }
          const bool open_ends = (fort & bit(before)) == 0 && (s < 0 || (fort & bit(s)) == 0);
          if (pinned && open_ends) keep &= ~run;
        }
      }
    }
    if (keep == held) break;
    held = keep;
  }
  return (wall & ~held) == 0;
}

// C10. Every defender, the king included, is shut in: no path of squares free of
// attackers leads from any of them to the edge.
bool encircled(const Rules& r, const Board& b) {
  const u128 open = r.board & ~b.att;
  u128 reach = b.def | bit(b.king);
  while ((reach & r.edge) == 0) {
    const u128 grown = reach | (spread(r, reach) & open);
    if (grown == reach) return true;
    reach = grown;
  }
  return false;
}

}  // namespace

Status terminal_status(const Rules& r, const Board& b) {
  if (b.king < 0) return Status::win(Side::first, EndReason::king_captured);
  if ((r.escape & bit(b.king)) != 0) return Status::win(Side::second, EndReason::king_escaped);
  if (r.variant.no_attackers_defenders_win && b.att == 0) return Status::win(Side::second, EndReason::no_attackers);
  const Extras& x = r.variant.extras;
  if (x.exit_fort && b.side == 0 && exit_fort(r, b)) return Status::win(Side::second, EndReason::exit_fort);
  if (x.encirclement && b.side == 1 && encircled(r, b)) return Status::win(Side::first, EndReason::encircled);
  return Status::ongoing();
}

int generate(const Rules& r, const Board& b, Mv* out) {
  int n = 0;
  for_each_move(r, b, [&](int s, Reach m) {
    const int rank_base = r.rank[s] * r.size;
    const int fl = r.file[s];
    for (std::uint32_t w = m.along_rank; w != 0; w &= w - 1)
      out[n++] = {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(rank_base + std::countr_zero(w))};
    for (std::uint32_t w = m.along_file; w != 0; w &= w - 1)
      out[n++] = {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(std::countr_zero(w) * r.size + fl)};
  });
  return n;
}

int count_moves(const Rules& r, const Board& b) {
  int n = 0;
  for_each_move(r, b, [&](int, Reach m) { n += std::popcount(m.along_rank) + std::popcount(m.along_file); });
  return n;
}

namespace {

bool king_captured(const Rules& r, const Board& b, int mover) {
  const int k = b.king;
  const auto& kn = r.neighbour[k];
  int dir = -1;
  for (int d = 0; d < 4; ++d)
    if (kn[d] == mover) dir = d ^ 1;  // the direction from the mover to the king
  if (dir < 0) return false;          // T6: the mover must take part
  const KingCapture rule = r.variant.king_capture;
  const bool near_throne = r.throne >= 0 && (k == r.throne || std::find(kn.begin(), kn.end(), r.throne) != kn.end());
  if (rule.sandwich_off_throne && !near_throne) {
    const int beyond = kn[dir];
    return beyond >= 0 && ((b.att | r.exits) & bit(beyond)) != 0;
  }
  for (int d = 0; d < 4; ++d) {
    const int s = kn[d];
    if (s < 0) return false;
    if ((b.att & bit(s)) != 0) continue;
    if (rule.throne_completes_enclosure && s == r.throne) continue;
    return false;
  }
  return true;
}

// C6. The enemies in rows along the edge that a move to the edge square `to` closes:
// each row of two or more, bracketed at its far end by a piece of the mover's side or
// a corner, every member with a piece of the mover's side straight in front of it.
// `friends` and `enemies` are read after the move, before any capture.
u128 shieldwall(const Rules& r, int to, u128 friends, u128 enemies) {
  const int rk = r.rank[to], fl = r.file[to], last = r.size - 1;
  int inward;  // E, W, N, S as in Rules::neighbour
  if (rk == 0) inward = 2;
  else if (rk == last) inward = 3;
  else if (fl == 0) inward = 0;
  else if (fl == last) inward = 1;
  else return 0;
  if ((rk == 0 || rk == last) && (fl == 0 || fl == last)) return 0;  // a corner: the king has escaped
  const int along = inward < 2 ? 2 : 0;
  u128 caught = 0;
  for (int d = along; d < along + 2; ++d) {
    u128 row = 0;
    int members = 0;
    int s = r.neighbour[to][d];
    for (; s >= 0 && (enemies & bit(s)) != 0; s = r.neighbour[s][d], ++members) {
      if ((friends & bit(r.neighbour[s][inward])) == 0) break;
      row |= bit(s);
    }
    if (s < 0 || (enemies & bit(s)) != 0 || members < 2) continue;  // off the board, or a member unpinned
    if (((friends | r.exits) & bit(s)) != 0) caught |= row;
  }
  return caught;
}

}  // namespace

Board apply(const Rules& r, const Board& b, Mv m) {
  Board n = b;
  const u128 move_bits = bit(m.from) | bit(m.to);
  n.occt ^= bit(r.transposed[m.from]) | bit(r.transposed[m.to]);
  const bool king_moves = m.from == b.king;
  if (king_moves) n.king = m.to;
  else if (b.side == 0) n.att ^= move_bits;
  else n.def ^= move_bits;

  if (!king_moves || r.variant.king_armed) {
    const auto& nb = r.neighbour[m.to];
    u128& victims = b.side == 0 ? n.def : n.att;
    u128 hostile;
    if (b.side == 0) {
      hostile = n.att | r.hostile_to_defenders;
      if (throne_empty(r, occupancy(n))) hostile |= r.hostile_to_defenders_empty;
    } else {
      hostile = n.def | r.hostile_to_attackers;
      if (r.variant.king_armed && n.king >= 0) hostile |= bit(n.king);
    }
    u128 walled = 0;
    if (r.variant.extras.shieldwall) {
      const u128 king = n.king >= 0 ? bit(n.king) : u128{0};
      walled = b.side == 0 ? shieldwall(r, m.to, n.att, n.def | king) & ~king  // C6: the king stays
                           : shieldwall(r, m.to, n.def | king, n.att);
    }
    for (int d = 0; d < 4; ++d) {
      const int v = nb[d];
      if (v < 0 || (victims & bit(v)) == 0) continue;
      const int beyond = r.neighbour[v][d];
      if (beyond < 0 || (hostile & bit(beyond)) == 0) continue;
      victims ^= bit(v);
      n.occt ^= bit(r.transposed[v]);
    }
    if (walled != 0) {
      walled &= victims;  // not twice
      victims ^= walled;
      for_each_square(walled, [&](int v) { n.occt ^= bit(r.transposed[v]); });
    }
    if (b.side == 0 && n.king >= 0 && king_captured(r, n, m.to)) {
      n.occt ^= bit(r.transposed[n.king]);
      n.king = -1;
    }
  }
  n.side = b.side ^ 1;
  return n;
}

Status status(const Rules& r, const Board& b) {
  const Status s = terminal_status(r, b);
  if (s.over()) return s;
  if (count_moves(r, b) == 0) return Status::win(b.side == 0 ? Side::second : Side::first, EndReason::no_legal_move);
  return s;
}

namespace {

std::uint64_t perft_rec(const Rules& r, const Board& b, int depth) {
  if (terminal_status(r, b).over()) return 0;
  if (depth == 1) return static_cast<std::uint64_t>(count_moves(r, b));
  Mv moves[max_moves];
  const int n = generate(r, b, moves);
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += perft_rec(r, apply(r, b, moves[i]), depth - 1);
  return total;
}

}  // namespace

std::uint64_t perft(const Rules& r, const Board& b, int depth) {
  if (depth <= 0) return 1;
  return perft_rec(r, b, depth);
}

// ---- Position strings (RULES.md 1.5) ----

namespace {

Error bad_position(std::string_view text, const std::string& why) {
  const std::string shown(text.substr(0, 160));
  return make_error(Errc::bad_position, "bad tafl position '" + shown + "': " + why);
}

}  // namespace

Result<Position> parse_position(const Rules& r, std::string_view text) {
  const auto space = text.find(' ');
  if (space == std::string_view::npos)
    return bad_position(text, "expected '<ranks> <side>', e.g. '" + std::string(start_text(r.size)) + "'");
  const std::string_view ranks = text.substr(0, space);
  const std::string_view side = text.substr(space + 1);
  Position p;
  p.size = static_cast<std::uint8_t>(r.size);
  if (side == "a") p.to_move = Side::first;
  else if (side == "d") p.to_move = Side::second;
  else
    return bad_position(text,
                        "the side to move must be 'a' (attackers) or 'd' (defenders), not '" + std::string(side) + "'");
  const auto rank_count = static_cast<int>(std::count(ranks.begin(), ranks.end(), '/')) + 1;
  if (rank_count != r.size)
    return bad_position(
        text, "expected " + std::to_string(r.size) + " ranks separated by '/', found " + std::to_string(rank_count));
  const Geometry g{r.size, r.size};
  std::size_t pos = 0;
  for (int rk = r.size - 1; rk >= 0; --rk) {
    const auto slash = ranks.find('/', pos);
    const std::string_view row = ranks.substr(pos, slash == std::string_view::npos ? ranks.size() - pos : slash - pos);
    pos = slash + 1;
    const std::string rank_name = "rank " + std::to_string(rk + 1);
    int fl = 0;
    for (std::size_t i = 0; i < row.size();) {
      const char c = row[i];
      if (c >= '0' && c <= '9') {
        if (c == '0') return bad_position(text, rank_name + ": an empty run cannot be 0 or start with 0");
        int run = 0;
        while (i < row.size() && row[i] >= '0' && row[i] <= '9' && run <= r.size) run = run * 10 + (row[i++] - '0');
        fl += run;
        if (fl > r.size) break;
        continue;
      }
      if (fl >= r.size) {
        fl = r.size + 1;
        break;
      }
      const Square s = g.at(fl, rk);
      if (c == 'a') {
        p.attackers[s >> 6] |= std::uint64_t{1} << (s & 63);
      } else if (c == 'd') {
        p.defenders[s >> 6] |= std::uint64_t{1} << (s & 63);
      } else if (c == 'k') {
        if (p.king != no_square) return bad_position(text, "more than one king");
        p.king = s;
      } else {
        return bad_position(text, rank_name + ": bad character '" + std::string(1, c) +
                                      "' (expected a, d, k or a number of empty squares)");
      }
      ++fl;
      ++i;
    }
    if (fl != r.size)
      return bad_position(text, rank_name + " has " +
                                    (fl > r.size ? "more than " + std::to_string(r.size) : std::to_string(fl)) +
                                    " squares, expected " + std::to_string(r.size));
  }
  const u128 special = r.exits | r.throne_bit;
  const Board b = to_board(r, p);
  if (((b.att | b.def) & special) != 0) {
    int first = -1;
    for_each_square((b.att | b.def) & special, [&](int s) {
      if (first < 0) first = s;
    });
    return bad_position(text, "only the king may stand on " + square_name(static_cast<Square>(first), g) +
                                  (first == r.throne ? " (the throne)" : " (an exit)"));
  }
  assert(inconsistency(r, p).empty());
  return p;
}

std::string position_text(const Rules& r, const Position& p) {
  const Geometry g{r.size, r.size};
  std::string out;
  for (int rk = r.size - 1; rk >= 0; --rk) {
    int run = 0;
    for (int fl = 0; fl < r.size; ++fl) {
      const Square s = g.at(fl, rk);
      char c = 0;
      if (p.attacker_at(s)) c = 'a';
      else if (p.defender_at(s)) c = 'd';
      else if (p.king == s) c = 'k';
      if (c == 0) {
        ++run;
        continue;
      }
      if (run > 0) out += std::to_string(run);
      run = 0;
      out += c;
    }
    if (run > 0) out += std::to_string(run);
    if (rk > 0) out += '/';
  }
  out += p.to_move == Side::first ? " a" : " d";
  return out;
}

}  // namespace bh::rules::tafl
