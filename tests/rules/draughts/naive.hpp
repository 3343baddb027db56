// A deliberately naive Russian draughts move generator for the tests: a plain board
// array, the rules of RULES.md section 2 written out literally, no bitboards, no
// shortcuts. It reads and writes position strings itself, so it shares nothing with
// the engine but the text format and the Move type.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/notation.hpp"
#include "rules/types.hpp"

namespace bh::rules::draughts::naive {

struct Board {
  std::array<char, 64> at{};  // '.', 'w' white man, 'W' white king, 'b', 'B'
  bool white_to_move = true;
};

inline int sq(int file, int rank) { return rank * 8 + file; }
inline bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
inline bool is_white(char c) { return c == 'w' || c == 'W'; }
inline bool is_black(char c) { return c == 'b' || c == 'B'; }
inline bool is_king(char c) { return c == 'W' || c == 'B'; }

// Reads `W:Wa1,Kd4:Bb8` (trusted input written by the tests or the engine).
inline Board read(const std::string& text) {
  Board b;
  b.at.fill('.');
  b.white_to_move = text[0] == 'W';
  char side = 0;
  bool king = false;
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    if (c == 'W' || c == 'B') {
      side = c;
    } else if (c == 'K') {
      king = true;
    } else if (c >= 'a' && c <= 'h') {
      const int s = sq(c - 'a', text[i + 1] - '1');
      b.at[static_cast<std::size_t>(s)] = side == 'W' ? (king ? 'W' : 'w') : (king ? 'B' : 'b');
      king = false;
      ++i;
    }
  }
  return b;
}

inline std::string write(const Board& b) {
  std::string out = b.white_to_move ? "W:W" : "B:W";
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) out += ":B";
    bool first = true;
    for (int f = 0; f < 8; ++f)
      for (int r = 0; r < 8; ++r) {
        const char c = b.at[static_cast<std::size_t>(sq(f, r))];
        if (pass == 0 ? !is_white(c) : !is_black(c)) continue;
        if (!first) out += ',';
        first = false;
        if (is_king(c)) out += 'K';
        out += static_cast<char>('a' + f);
        out += static_cast<char>('1' + r);
      }
  }
  return out;
}

struct Search {
  const Board& b;
  int start;
  bool white;
  std::vector<Move>& out;
  Move path;
  std::array<bool, 64> taken{};

  bool empty(int s) const { return b.at[static_cast<std::size_t>(s)] == '.' || s == start; }
  bool enemy_here(int s) const {
    const char c = b.at[static_cast<std::size_t>(s)];
    return s != start && !taken[static_cast<std::size_t>(s)] && (white ? is_black(c) : is_white(c));
  }
  bool far_rank(int rank) const { return white ? rank == 7 : rank == 0; }

  // Every (taken square, landing square) jump available from `from`.
  std::vector<std::pair<int, int>> jumps(int from, bool king) const {
    std::vector<std::pair<int, int>> result;
    const int f0 = from % 8, r0 = from / 8;
    for (int df : {-1, 1})
      for (int dr : {-1, 1}) {
        if (!king) {
          if (on_board(f0 + 2 * df, r0 + 2 * dr) && enemy_here(sq(f0 + df, r0 + dr)) &&
              empty(sq(f0 + 2 * df, r0 + 2 * dr)))
            result.push_back({sq(f0 + df, r0 + dr), sq(f0 + 2 * df, r0 + 2 * dr)});
          continue;
        }
        int k = 1;
        while (on_board(f0 + k * df, r0 + k * dr) && empty(sq(f0 + k * df, r0 + k * dr))) ++k;
        if (!on_board(f0 + k * df, r0 + k * dr) || !enemy_here(sq(f0 + k * df, r0 + k * dr))) continue;
        const int victim = sq(f0 + k * df, r0 + k * dr);
        for (int j = k + 1; on_board(f0 + j * df, r0 + j * dr) && empty(sq(f0 + j * df, r0 + j * dr)); ++j)
          result.push_back({victim, sq(f0 + j * df, r0 + j * dr)});
      }
    return result;
  }

  void extend(int at, bool king) {
    auto options = jumps(at, king);
    if (options.empty()) {
      if (path.length > 1) out.push_back(path);
      return;
    }
    // D5: a king lands only where it can go on, if it can go on from any landing
    // square of the same capture.
    std::vector<bool> goes_on(options.size());
    for (std::size_t i = 0; i < options.size(); ++i) {
      const int landing = options[i].second;
      taken[static_cast<std::size_t>(options[i].first)] = true;
      goes_on[i] = !jumps(landing, king || far_rank(landing / 8)).empty();
      taken[static_cast<std::size_t>(options[i].first)] = false;
    }
    for (std::size_t i = 0; i < options.size(); ++i) {
      bool sibling_goes_on = false;
      for (std::size_t j = 0; j < options.size(); ++j)
        if (options[j].first == options[i].first && goes_on[j]) sibling_goes_on = true;
      if (king && sibling_goes_on && !goes_on[i]) continue;
      taken[static_cast<std::size_t>(options[i].first)] = true;
      path.push(static_cast<Square>(options[i].second));
      extend(options[i].second, king || far_rank(options[i].second / 8));
      --path.length;
      taken[static_cast<std::size_t>(options[i].first)] = false;
    }
  }
};

inline std::vector<Move> moves(const Board& b) {
  std::vector<Move> out;
  const bool white = b.white_to_move;
  for (int s = 0; s < 64; ++s) {
    const char c = b.at[static_cast<std::size_t>(s)];
    if (white ? !is_white(c) : !is_black(c)) continue;
    Search search{b, s, white, out, {}, {}};
    search.path.push(static_cast<Square>(s));
    search.extend(s, is_king(c));
  }
  for (auto& m : out) m.jump = true;
  if (!out.empty()) return out;
  for (int s = 0; s < 64; ++s) {
    const char c = b.at[static_cast<std::size_t>(s)];
    if (white ? !is_white(c) : !is_black(c)) continue;
    const int f0 = s % 8, r0 = s / 8;
    for (int df : {-1, 1})
      for (int dr : {-1, 1}) {
        if (!is_king(c) && dr != (white ? 1 : -1)) continue;
        for (int k = 1; on_board(f0 + k * df, r0 + k * dr); ++k) {
          const int t = sq(f0 + k * df, r0 + k * dr);
          if (b.at[static_cast<std::size_t>(t)] != '.') break;
          out.push_back(simple_move(static_cast<Square>(s), static_cast<Square>(t)));
          if (!is_king(c)) break;
        }
      }
  }
  return out;
}

inline Board play(const Board& b, const Move& m) {
  Board n = b;
  char piece = b.at[m.from()];
  n.at[m.from()] = '.';
  for (int i = 1; i < m.length; ++i) {
    const int a = m.path[i - 1], z = m.path[i];
    const int df = z % 8 > a % 8 ? 1 : -1, dr = z / 8 > a / 8 ? 1 : -1;
    for (int s = a + dr * 8 + df; s != z; s += dr * 8 + df) n.at[static_cast<std::size_t>(s)] = '.';
    if (piece == 'w' && z / 8 == 7) piece = 'W';
    if (piece == 'b' && z / 8 == 0) piece = 'B';
  }
  n.at[m.to()] = piece;
  n.white_to_move = !b.white_to_move;
  return n;
}

inline std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (const auto& m : moves(b)) n += perft(play(b, m), depth - 1);
  return n;
}

}  // namespace bh::rules::draughts::naive
