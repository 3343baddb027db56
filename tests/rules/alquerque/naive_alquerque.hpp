// A deliberately naive Alquerque generator for the tests: a 5x5 char array, maps and
// sets, and RULES.md section 3 transcribed rule by rule with no cleverness, so that the
// fast bitboard engine can be checked against it. It reads and writes the same position
// string and move text, and is trusted only for valid input.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace naive {

struct Pt {
  int f = 0;  // file, 0 = a
  int r = 0;  // rank, 0 = 1
  friend auto operator<=>(const Pt&, const Pt&) = default;
};

inline bool on_board(int f, int r) { return f >= 0 && f < 5 && r >= 0 && r < 5; }
inline std::string name(Pt p) { return std::string(1, static_cast<char>('a' + p.f)) + std::to_string(p.r + 1); }
inline Pt pt(const std::string& s) { return Pt{s[0] - 'a', s[1] - '1'}; }

// Is there a line from (f, r) one step in direction (df, dr)? Orthogonal lines join
// every pair of neighbours; diagonal ones only leave points whose file + rank is even.
inline bool line(int f, int r, int df, int dr) {
  if (!on_board(f, r) || !on_board(f + df, r + dr)) return false;
  if (df != 0 && dr != 0) return (f + r) % 2 == 0;
  return true;
}

struct Pos {
  char board[5][5];            // [rank][file]: '.', 'w', 'b'
  char side = 'w';             // to move
  std::map<Pt, Pt> came_from;  // Q4: piece on key last moved sideways from value
  std::set<Pt> huff;           // Q6: pending choice (pieces of the other side)

  char at(Pt p) const { return board[p.r][p.f]; }
  char& at(Pt p) { return board[p.r][p.f]; }
  int count(char c) const {
    int n = 0;
    for (auto& row : board)
      for (char x : row) n += x == c;
    return n;
  }
};

inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

inline Pos parse(const std::string& text) {
  Pos p;
  const auto fields = split(text, ' ');
  const auto ranks = split(fields[0], '/');
  for (int i = 0; i < 5; ++i) {
    int f = 0;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '5') {
        for (int k = 0; k < c - '0'; ++k) p.board[4 - i][f++] = '.';
      } else {
        p.board[4 - i][f++] = c;
      }
    }
  }
  p.side = fields[1][0];
  if (fields[2] != "-")
    for (const auto& e : split(fields[2], ',')) p.came_from[pt(e.substr(3))] = pt(e.substr(0, 2));
  if (fields[3] != "-")
    for (const auto& e : split(fields[3], ',')) p.huff.insert(pt(e));
  return p;
}

inline std::string text(const Pos& p) {
  std::string out;
  for (int r = 4; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < 5; ++f) {
      if (p.board[r][f] == '.') {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += p.board[r][f];
    }
    if (run) out += std::to_string(run);
    if (r) out += '/';
  }
  out += ' ';
  out += p.side;
  std::vector<std::string> mem;
  for (auto [y, x] : p.came_from) mem.push_back(name(x) + "-" + name(y));
  std::sort(mem.begin(), mem.end());
  std::vector<std::string> huff;
  for (auto h : p.huff) huff.push_back(name(h));
  std::sort(huff.begin(), huff.end());
  auto join = [](const std::vector<std::string>& v) {
    if (v.empty()) return std::string("-");
    std::string s;
    for (auto& x : v) s += (s.empty() ? "" : ",") + x;
    return s;
  };
  return out + ' ' + join(mem) + ' ' + join(huff);
}

inline char enemy_of(char side) { return side == 'w' ? 'b' : 'w'; }

// Removes a piece and everything remembered about it.
inline void remove_piece(Pos& p, Pt at) {
  p.at(at) = '.';
  p.came_from.erase(at);
}

// Directions of a simple move and of the first jump (Q1, Q2): forward, diagonally
// forward, sideways. fwd is +1 for White (towards rank 5), -1 for Black.
inline std::vector<std::pair<int, int>> first_dirs(int fwd) { return {{0, fwd}, {1, fwd}, {-1, fwd}, {1, 0}, {-1, 0}}; }
inline std::vector<std::pair<int, int>> all_dirs() {
  return {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
}

// Can the piece on `s` (of the side to move) make a legal first jump?
inline bool can_jump_first(const Pos& p, Pt s) {
  const char me = p.side;
  const char opp = enemy_of(me);
  const int fwd = me == 'w' ? 1 : -1;
  for (auto [df, dr] : first_dirs(fwd)) {
    if (!line(s.f, s.r, df, dr) || !line(s.f + df, s.r + dr, df, dr)) continue;
    if (p.at({s.f + df, s.r + dr}) == opp && p.at({s.f + 2 * df, s.r + 2 * dr}) == '.') return true;
  }
  return false;
}

struct Result {
  std::string move;
  Pos after;
};

// Moves of the side to move with no pending choice; `prefix` is put before each text.
inline void plain_moves(const Pos& p, const std::string& prefix, std::vector<Result>& out) {
  const char me = p.side;
  const char opp = enemy_of(me);
  const int fwd = me == 'w' ? 1 : -1;
  const int far_rank = me == 'w' ? 4 : 0;

  std::set<Pt> could_capture;  // Q6, in the position as the player faces it
  for (int r = 0; r < 5; ++r)
    for (int f = 0; f < 5; ++f)
      if (p.board[r][f] == me && can_jump_first(p, {f, r})) could_capture.insert({f, r});

  for (int r = 0; r < 5; ++r) {
    for (int f = 0; f < 5; ++f) {
      if (p.board[r][f] != me) continue;
      const Pt from{f, r};
      // Q1 simple moves, Q4, Q5.
      if (r != far_rank) {
        for (auto [df, dr] : first_dirs(fwd)) {
          if (!line(f, r, df, dr)) continue;
          const Pt to{f + df, r + dr};
          if (p.at(to) != '.') continue;
          auto mem = p.came_from.find(from);
          if (mem != p.came_from.end() && mem->second == to) continue;  // Q4
          Pos q = p;
          q.huff.clear();
          q.at(from) = '.';
          q.came_from.erase(from);
          q.at(to) = me;
          if (dr == 0) q.came_from[to] = from;
          if (!could_capture.empty()) {  // Q6 huffing
            if (could_capture.count(from)) {
              remove_piece(q, to);
            } else if (could_capture.size() == 1) {
              remove_piece(q, *could_capture.begin());
            } else {
              q.huff = could_capture;
            }
          }
          q.side = opp;
          out.push_back({prefix + name(from) + "-" + name(to), q});
        }
      }
      // Q2 / Q3 captures: depth-first over jump chains.
      struct Frame {
        Pos board;
        Pt at;
        std::string path;
        bool first;
      };
      Pos start = p;
      start.at(from) = '.';  // the mover is in hand during its move
      std::vector<Frame> stack{{start, from, name(from), true}};
      while (!stack.empty()) {
        Frame fr = stack.back();
        stack.pop_back();
        bool jumped = false;
        const auto dirs = fr.first ? first_dirs(fwd) : all_dirs();
        for (auto [df, dr] : dirs) {
          const Pt mid{fr.at.f + df, fr.at.r + dr};
          const Pt land{fr.at.f + 2 * df, fr.at.r + 2 * dr};
          if (!line(fr.at.f, fr.at.r, df, dr) || !line(mid.f, mid.r, df, dr)) continue;
          if (fr.board.at(mid) != opp || fr.board.at(land) != '.') continue;
          if (land == from) continue;  // Q3
          jumped = true;
          Frame next = fr;
          remove_piece(next.board, mid);  // removed at once
          next.at = land;
          next.path += ":" + name(land);
          next.first = false;
          stack.push_back(next);
        }
        if (!jumped && !fr.first) {
          Pos q = fr.board;
          q.came_from.erase(from);
          q.at(fr.at) = me;
          q.huff.clear();
          q.side = opp;
          out.push_back({prefix + fr.path, q});
        }
      }
    }
  }
}

inline std::vector<Result> moves(const Pos& p) {
  std::vector<Result> out;
  if (p.count('w') == 0 || p.count('b') == 0) return out;  // Q7
  if (p.huff.empty()) {
    plain_moves(p, "", out);
    return out;
  }
  for (Pt h : p.huff) {  // Q6: the opponent names one, removed before the move
    Pos q = p;
    remove_piece(q, h);
    q.huff.clear();
    plain_moves(q, "huff " + name(h) + " ", out);
  }
  return out;
}

// "ongoing", or "<winner> <reason>" as the engine reports it.
inline std::string status(const Pos& p) {
  const char me = p.side;
  const char opp = enemy_of(me);
  auto side_name = [](char c) { return std::string(c == 'w' ? "white" : "black"); };
  if (p.count(me) == 0) return side_name(opp) + " no_pieces";
  if (p.count(opp) == 0) return side_name(me) + " no_pieces";
  if (moves(p).empty()) return side_name(opp) + " no_legal_move";
  return "ongoing";
}

inline std::uint64_t perft(const Pos& p, int depth) {
  if (p.count('w') == 0 || p.count('b') == 0) return 0;
  if (depth == 0) return moves(p).empty() ? 0 : 1;
  std::uint64_t n = 0;
  for (const auto& m : moves(p)) n += depth == 1 ? 1 : perft(m.after, depth - 1);
  return n;
}

}  // namespace naive
