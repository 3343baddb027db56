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
  std::string id;                       // tavlei, tablut, seatafl
  int n = 9;                            // board size
  int king_limit = 0;                   // 0: unlimited
  int piece_limit = 0;                  // 0: unlimited
  bool tavlei = false, tablut = false;  // id, looked up once
};

// From the game and its raw options, straight from RULES.md 1.1-1.3.
inline Game game(const std::string& id, int size = 9, int king_limit_opt = 0, int move_limit_opt = 0) {
  Game g{id, size, 0, 0, id == "tavlei", id == "tablut"};
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
inline bool is_throne(const Game& g, int r, int f) { return (g.tavlei || g.tablut) && r == g.n / 2 && f == g.n / 2; }
inline bool is_exit(const Game& g, int r, int f) {
  return g.tavlei && (r == 0 || r == g.n - 1) && (f == 0 || f == g.n - 1);
}
inline char at(const Board& b, int r, int f) { return b.sq[static_cast<std::size_t>(r * b.n + f)]; }
inline int find_king(const Board& b) {
  for (int s = 0; s < b.n * b.n; ++s)
    if (b.sq[static_cast<std::size_t>(s)] == 'k') return s;
  return -1;
}

// "" while the game goes on; else "<winner side char> <reason>".
inline std::string terminal(const Game& g, const Board& b) {
  const int k = find_king(b);
  if (k < 0) return "a king_captured";
  const int kr = k / b.n, kf = k % b.n;
  const bool on_edge = kr == 0 || kf == 0 || kr == b.n - 1 || kf == b.n - 1;
  if (g.tavlei ? is_exit(g, kr, kf) : on_edge) return "d king_escaped";
  if (g.tavlei && std::count(b.sq.begin(), b.sq.end(), 'a') == 0) return "d no_attackers";
  return "";
}

const int dr[4] = {0, 0, 1, -1};
const int df[4] = {1, -1, 0, 0};

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
        if (g.tavlei && p != 'k' && (is_throne(g, r, f) || is_exit(g, r, f))) continue;  // V3: pass only
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
  if (victim == 'a' && c == 'k' && g.tavlei) return true;
  if (g.tavlei) {
    if (is_exit(g, r, f)) return true;
    if (is_throne(g, r, f)) return victim == 'a' || c == '.';
  }
  return false;
}

inline bool attacker(const Board& b, int r, int f) { return on_board(r, f, b.n) && at(b, r, f) == 'a'; }

inline Board apply(const Game& g, const Board& b0, std::pair<int, int> m) {
  Board b = b0;
  const char p = b.sq[static_cast<std::size_t>(m.first)];
  b.sq[static_cast<std::size_t>(m.first)] = '.';
  b.sq[static_cast<std::size_t>(m.second)] = p;
  const int tr = m.second / b.n, tf = m.second % b.n;
  const char enemy = b.side == 'a' ? 'd' : 'a';
  if (p != 'k' || g.tavlei) {
    for (int d = 0; d < 4; ++d) {
      const int vr = tr + dr[d], vf = tf + df[d];
      if (!on_board(vr, vf, b.n) || at(b, vr, vf) != enemy) continue;
      if (hostile(g, b, vr + dr[d], vf + df[d], enemy)) b.sq[static_cast<std::size_t>(vr * b.n + vf)] = '.';
    }
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
      if (g.tavlei) {
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
