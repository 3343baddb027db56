// A deliberately naive tafl referee for the tests: a char per square, every rule of
// RULES.md section 1 written out per game with plain ifs, no bitboards and no tables.
// It shares nothing with the engine but the position-string format, so agreement
// between the two is evidence for both.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace bh::rules::tafl::naive {

struct Game {
  std::string id;                       // tavlei, tablut, seatafl, copenhagen, brandubh
  int n = 9;                            // board size
  int king_limit = 0;                   // 0: unlimited
  int piece_limit = 0;                  // 0: unlimited
  bool tavlei = false, tablut = false;  // id, looked up once
  bool copenhagen = false, brandubh = false;
  // Tavlei, Copenhagen and Brandubh share the squares: a throne only the king may stop
  // on, corner exits, hostile squares and an armed king (V1-V5, C2-C4, R2-R4).
  bool corners = false;
};

// From the game and its raw options, straight from RULES.md 1.1-1.3 and
// docs/rules/copenhagen.md, docs/rules/brandubh.md.
inline Game game(const std::string& id, int size = 9, int king_limit_opt = 0, int move_limit_opt = 0) {
  Game g{id, size, 0, 0, id == "tavlei", id == "tablut", id == "copenhagen", id == "brandubh", false};
  g.corners = g.tavlei || g.copenhagen || g.brandubh;
  if (id == "tavlei") g.king_limit = 3;
  if (id == "seatafl") {
    g.king_limit = king_limit_opt;
    g.piece_limit = move_limit_opt;
    if (move_limit_opt > 0 && (g.king_limit == 0 || move_limit_opt < g.king_limit)) g.king_limit = move_limit_opt;
  }
  return g;
}

struct Board {
  int n = 9;
  std::vector<char> sq;  // [rank * n + file]: '.', 'a', 'd', 'k'
  char side = 'a';
};

inline Board parse(const std::string& text, int n) {
  Board b;
  b.n = n;
  b.sq.assign(static_cast<std::size_t>(n * n), '.');
  int rank = n - 1, file = 0;
  std::size_t i = 0;
  for (; text[i] != ' '; ++i) {
    const char c = text[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '0' && c <= '9') {
      int run = c - '0';
      while (text[i + 1] >= '0' && text[i + 1] <= '9') run = run * 10 + (text[++i] - '0');
      file += run;
    } else {
      b.sq[static_cast<std::size_t>(rank * n + file)] = c;
      ++file;
    }
  }
  b.side = text[i + 1];
  return b;
}

inline std::string print(const Board& b) {
  std::string out;
  for (int r = b.n - 1; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < b.n; ++f) {
      const char c = b.sq[static_cast<std::size_t>(r * b.n + f)];
      if (c == '.') {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += c;
    }
    if (run) out += std::to_string(run);
    if (r) out += '/';
  }
  out += ' ';
  out += b.side;
  return out;
}

inline std::string name(int s, int n) { return std::string(1, char('a' + s % n)) + std::to_string(s / n + 1); }

inline bool on_board(int r, int f, int n) { return r >= 0 && f >= 0 && r < n && f < n; }
inline bool is_throne(const Game& g, int r, int f) { return (g.corners || g.tablut) && r == g.n / 2 && f == g.n / 2; }
inline bool is_exit(const Game& g, int r, int f) {
  return g.corners && (r == 0 || r == g.n - 1) && (f == 0 || f == g.n - 1);
}
inline bool is_edge(int r, int f, int n) { return r == 0 || f == 0 || r == n - 1 || f == n - 1; }
inline char at(const Board& b, int r, int f) { return b.sq[static_cast<std::size_t>(r * b.n + f)]; }
inline int find_king(const Board& b) {
  for (int s = 0; s < b.n * b.n; ++s)
    if (b.sq[static_cast<std::size_t>(s)] == 'k') return s;
  return -1;
}

const int dr[4] = {0, 0, 1, -1};
const int df[4] = {1, -1, 0, 0};

// Squares reached from `seeds` stepping orthogonally onto squares for which ok(r, f).
template <class Ok>
std::vector<bool> flood(const Board& b, const std::vector<int>& seeds, Ok ok) {
  std::vector<bool> seen(b.sq.size(), false);
  std::vector<int> todo = seeds;
  for (int s : seeds) seen[static_cast<std::size_t>(s)] = true;
  while (!todo.empty()) {
    const int s = todo.back();
    todo.pop_back();
    for (int d = 0; d < 4; ++d) {
      const int r = s / b.n + dr[d], f = s % b.n + df[d];
      if (!on_board(r, f, b.n) || seen[static_cast<std::size_t>(r * b.n + f)] || !ok(r, f)) continue;
      seen[static_cast<std::size_t>(r * b.n + f)] = true;
      todo.push_back(r * b.n + f);
    }
  }
  return seen;
}

// C8, as docs/rules/copenhagen.md words it: the king on the edge; the empty squares it
// can walk to (at least one, no corner among them) walled in by defenders only; and
// every wall defender among the "held" defenders, found by striking out, until none is
// left to strike, each defender that has a line with no neighbour off the board, held,
// or a fort square other than the throne, or that stands in a row on the edge (held
// defenders and the king, side by side) whose every member faces a square neither held
// nor in the fort and whose two ends are not fort squares.
inline bool exit_fort(const Game& g, const Board& b, int k) {
  if (!is_edge(k / b.n, k % b.n, b.n)) return false;
  const auto room = flood(b, {k}, [&](int r, int f) { return at(b, r, f) == '.'; });
  int squares = 0;
  for (int s = 0; s < b.n * b.n; ++s) {
    if (!room[static_cast<std::size_t>(s)]) continue;
    ++squares;
    if (is_exit(g, s / b.n, s % b.n)) return false;
  }
  if (squares < 2) return false;
  auto in_room = [&](int r, int f) { return on_board(r, f, b.n) && room[static_cast<std::size_t>(r * b.n + f)]; };
  auto in_wall = [&](int r, int f) {
    if (!on_board(r, f, b.n) || in_room(r, f) || at(b, r, f) == '.') return false;
    for (int d = 0; d < 4; ++d)
      if (in_room(r + dr[d], f + df[d])) return true;
    return false;
  };
  std::vector<bool> held(b.sq.size(), false);
  for (int s = 0; s < b.n * b.n; ++s) held[static_cast<std::size_t>(s)] = b.sq[static_cast<std::size_t>(s)] == 'd';
  auto is_held = [&](int r, int f) { return on_board(r, f, b.n) && held[static_cast<std::size_t>(r * b.n + f)]; };
  auto good = [&](int r, int f) {  // a neighbour that can never turn hostile
    return !on_board(r, f, b.n) || is_held(r, f) || (in_room(r, f) && !is_throne(g, r, f));
  };
  for (bool struck = true; struck;) {
    struck = false;
    std::vector<int> out;
    for (int s = 0; s < b.n * b.n; ++s) {
      const int r = s / b.n, f = s % b.n;
      if (!is_held(r, f)) continue;
      if (!(good(r, f + 1) || good(r, f - 1)) || !(good(r + 1, f) || good(r - 1, f))) out.push_back(s);
    }
    // Rows on each edge: walk the edge square by square.
    for (int e = 0; e < 4 && g.copenhagen; ++e) {
      auto square = [&](int i) {  // i-th square of edge e, from 0 to n-1
        if (e == 0) return std::make_pair(0, i);
        if (e == 1) return std::make_pair(b.n - 1, i);
        if (e == 2) return std::make_pair(i, 0);
        return std::make_pair(i, b.n - 1);
      };
      const int ir = e == 0 ? 1 : e == 1 ? -1 : 0, inf = e == 2 ? 1 : e == 3 ? -1 : 0;
      for (int i = 1; i < b.n - 1;) {
        auto [r, f] = square(i);
        if (!is_held(r, f) && at(b, r, f) != 'k') {
          ++i;
          continue;
        }
        const int first = i;
        bool all_face_open = true;
        std::vector<int> row;
        while (i < b.n - 1) {
          auto [rr, ff] = square(i);
          if (!is_held(rr, ff) && at(b, rr, ff) != 'k') break;
          if (good(rr + ir, ff + inf)) all_face_open = false;
          row.push_back(rr * b.n + ff);
          ++i;
        }
        auto [br, bf] = square(first - 1);
        auto [er, ef] = square(i);
        if (all_face_open && !in_room(br, bf) && !in_room(er, ef))
          for (int s : row)
            if (b.sq[static_cast<std::size_t>(s)] == 'd') out.push_back(s);
      }
    }
    for (int s : out) {
      if (held[static_cast<std::size_t>(s)]) struck = true;
      held[static_cast<std::size_t>(s)] = false;
    }
  }
  for (int s = 0; s < b.n * b.n; ++s)
    if (in_wall(s / b.n, s % b.n) && (at(b, s / b.n, s % b.n) != 'd' || !held[static_cast<std::size_t>(s)]))
      return false;
  return true;
}

// C10, R8: no defender and not the king can walk to the edge over squares without an
// attacker.
inline bool encircled(const Board& b) {
  std::vector<int> seeds;
  for (int s = 0; s < b.n * b.n; ++s)
    if (b.sq[static_cast<std::size_t>(s)] == 'd' || b.sq[static_cast<std::size_t>(s)] == 'k') seeds.push_back(s);
  const auto reach = flood(b, seeds, [&](int r, int f) { return at(b, r, f) != 'a'; });
  for (int s = 0; s < b.n * b.n; ++s)
    if (reach[static_cast<std::size_t>(s)] && is_edge(s / b.n, s % b.n, b.n)) return false;
  return true;
}

// "" while the game goes on; else "<winner side char> <reason>".
inline std::string terminal(const Game& g, const Board& b) {
  const int k = find_king(b);
  if (k < 0) return "a king_captured";
  const int kr = k / b.n, kf = k % b.n;
  if (g.corners ? is_exit(g, kr, kf) : is_edge(kr, kf, b.n)) return "d king_escaped";
  if (g.tavlei && std::count(b.sq.begin(), b.sq.end(), 'a') == 0) return "d no_attackers";
  if (g.copenhagen && b.side == 'a' && exit_fort(g, b, k)) return "d exit_fort";
  if ((g.copenhagen || g.brandubh) && b.side == 'd' && encircled(b)) return "a encircled";
  return "";
}

inline std::vector<std::pair<int, int>> moves(const Game& g, const Board& b) {
  std::vector<std::pair<int, int>> out;
  if (!terminal(g, b).empty()) return out;
  for (int s = 0; s < b.n * b.n; ++s) {
    const char p = b.sq[static_cast<std::size_t>(s)];
    const bool mine = b.side == 'a' ? p == 'a' : (p == 'd' || p == 'k');
    if (!mine) continue;
    const int limit = p == 'k' ? g.king_limit : g.piece_limit;
    for (int d = 0; d < 4; ++d) {
      for (int step = 1;; ++step) {
        const int r = s / b.n + dr[d] * step, f = s % b.n + df[d] * step;
        if (!on_board(r, f, b.n) || at(b, r, f) != '.') break;
        if (limit > 0 && step > limit) break;
        if (g.corners && p != 'k' && (is_throne(g, r, f) || is_exit(g, r, f))) continue;  // V3, C2: pass only
        if (g.tablut && is_throne(g, r, f)) continue;  // B1: the empty throne, pass only
        out.emplace_back(s, r * b.n + f);
      }
    }
  }
  return out;
}

// Is (r, f) hostile to a piece `victim` ('a' or 'd')? (T2, V4, V5, B3)
inline bool hostile(const Game& g, const Board& b, int r, int f, char victim) {
  if (!on_board(r, f, b.n)) return false;
  const char c = at(b, r, f);
  if (victim == 'd' && c == 'a') return true;
  if (victim == 'a' && c == 'd') return true;
  if (victim == 'a' && c == 'k' && g.corners) return true;
  if (g.corners) {
    if (is_exit(g, r, f)) return true;
    if (is_throne(g, r, f)) return victim == 'a' || c == '.';
  }
  return false;
}

inline bool attacker(const Board& b, int r, int f) { return on_board(r, f, b.n) && at(b, r, f) == 'a'; }

// C6: the squares of the rows along the edge that the piece just moved to (tr, tf)
// closes, king included (the caller spares him).
inline std::vector<int> shieldwall(const Board& b, int tr, int tf) {
  std::vector<int> out;
  if (!is_edge(tr, tf, b.n) || ((tr == 0 || tr == b.n - 1) && (tf == 0 || tf == b.n - 1))) return out;
  auto mine = [&](char c) { return b.side == 'a' ? c == 'a' : (c == 'd' || c == 'k'); };
  auto theirs = [&](char c) { return b.side == 'a' ? (c == 'd' || c == 'k') : c == 'a'; };
  // Inward: the step off the edge. Along: the two steps that stay on it.
  const int ir = tr == 0 ? 1 : tr == b.n - 1 ? -1 : 0;
  const int inf = ir != 0 ? 0 : (tf == 0 ? 1 : -1);
  for (int sign = -1; sign <= 1; sign += 2) {
    const int ar = ir == 0 ? sign : 0, af = ir == 0 ? 0 : sign;
    std::vector<int> row;
    int r = tr + ar, f = tf + af;
    bool pinned = true;
    while (on_board(r, f, b.n) && theirs(at(b, r, f))) {
      if (!mine(at(b, r + ir, f + inf))) pinned = false;
      row.push_back(r * b.n + f);
      r += ar;
      f += af;
    }
    if (!pinned || row.size() < 2 || !on_board(r, f, b.n)) continue;
    const bool corner = (r == 0 || r == b.n - 1) && (f == 0 || f == b.n - 1);
    if (mine(at(b, r, f)) || (corner && at(b, r, f) == '.')) out.insert(out.end(), row.begin(), row.end());
  }
  return out;
}

inline Board apply(const Game& g, const Board& b0, std::pair<int, int> m) {
  Board b = b0;
  const char p = b.sq[static_cast<std::size_t>(m.first)];
  b.sq[static_cast<std::size_t>(m.first)] = '.';
  b.sq[static_cast<std::size_t>(m.second)] = p;
  const int tr = m.second / b.n, tf = m.second % b.n;
  const char enemy = b.side == 'a' ? 'd' : 'a';
  if (p != 'k' || g.corners) {
    std::vector<int> taken;  // decided on the board as the move left it, then removed
    if (g.copenhagen) taken = shieldwall(b, tr, tf);
    for (int d = 0; d < 4; ++d) {
      const int vr = tr + dr[d], vf = tf + df[d];
      if (!on_board(vr, vf, b.n) || at(b, vr, vf) != enemy) continue;
      if (hostile(g, b, vr + dr[d], vf + df[d], enemy)) taken.push_back(vr * b.n + vf);
    }
    for (int s : taken)
      if (b.sq[static_cast<std::size_t>(s)] != 'k') b.sq[static_cast<std::size_t>(s)] = '.';
  }
  const int k = find_king(b);
  if (b.side == 'a' && k >= 0) {
    const int kr = k / b.n, kf = k % b.n;
    if (std::abs(kr - tr) + std::abs(kf - tf) == 1) {  // T6: the mover must touch the king
      int around = 0;
      bool throne_side = false;
      for (int d = 0; d < 4; ++d) {
        if (attacker(b, kr + dr[d], kf + df[d])) ++around;
        if (is_throne(g, kr + dr[d], kf + df[d])) throne_side = true;
      }
      bool captured = false;
      if (g.copenhagen) {  // C5: only enclosed, so never on the edge
        captured = around == 4 || (around == 3 && throne_side);
      } else if (g.tavlei || g.brandubh) {  // V6, R5
        if (is_throne(g, kr, kf)) captured = around == 4;
        else if (throne_side) captured = around == 3;
        else {
          const int br = kr + (kr - tr), bf = kf + (kf - tf);
          captured = attacker(b, br, bf) || (on_board(br, bf, b.n) && is_exit(g, br, bf));
        }
      } else if (g.tablut) {
        captured = around == 4 || (around == 3 && throne_side);
      } else {
        captured = around == 4;
      }
      if (captured) b.sq[static_cast<std::size_t>(k)] = '.';
    }
  }
  b.side = b.side == 'a' ? 'd' : 'a';
  return b;
}

inline std::string status(const Game& g, const Board& b) {
  std::string t = terminal(g, b);
  if (!t.empty()) return t;
  if (moves(g, b).empty()) return std::string(1, b.side == 'a' ? 'd' : 'a') + " no_legal_move";
  return "ongoing";
}

inline std::uint64_t perft(const Game& g, const Board& b, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return moves(g, b).size();  // the same sum, without making the moves
  std::uint64_t total = 0;
  for (const auto& m : moves(g, b)) total += perft(g, apply(g, b, m), depth - 1);
  return total;
}

}  // namespace bh::rules::tafl::naive
