// Shared helpers of the Alquerque tests: positions from text, sorted move texts, and
// seeded random positions (playouts and random set-ups) for the naive cross-check.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <string>
#include <vector>

#include "rules/alquerque/engine.hpp"
#include "rules/engines.hpp"

namespace aqt {

using bh::rules::Move;
using bh::rules::MoveList;
using bh::rules::Position;
using bh::rules::Ruleset;

inline const Ruleset& rules() {
  static const auto r = bh::rules::make_alquerque({});
  return *r;
}

inline Position pos(const std::string& text) {
  auto p = rules().parse_position(text);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? *p : rules().start();
}

inline std::vector<std::string> move_texts_of(const Position& p) {
  MoveList moves;
  rules().legal_moves(p, moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(rules().move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}
inline std::vector<std::string> move_texts(const std::string& text) { return move_texts_of(pos(text)); }

// The position text after playing `move` (which must be legal) in `text`.
inline std::string after(const std::string& text, const std::string& move) {
  const Position p = pos(text);
  auto m = rules().legal_move_from_text(p, move);
  EXPECT_TRUE(m.ok()) << move << " in " << text << ": " << (m.ok() ? "" : m.error().message);
  if (!m.ok()) return "";
  return rules().position_text(rules().apply(p, *m));
}

// "ongoing" or "<winner> <reason>", the same shape as naive::status.
inline std::string status_text(const Position& p) {
  const auto s = rules().status(p);
  if (!s.over()) return "ongoing";
  return std::string(rules().side_name(s.winner)) + " " + std::string(bh::rules::to_string(s.reason));
}

// Positions met in seeded random playouts from the start (every position of each game).
inline std::vector<std::string> playout_positions(unsigned seed, int games) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (int g = 0; g < games; ++g) {
    Position p = rules().start();
    for (int ply = 0; ply < 200; ++ply) {
      out.push_back(rules().position_text(p));
      MoveList moves;
      rules().legal_moves(p, moves);
      if (moves.empty()) break;
      // Prefer quiet moves half of the time so that huffing (Q6) comes up often.
      std::vector<Move> quiet;
      for (const auto& m : moves)
        if (!m.jump) quiet.push_back(m);
      const auto& pool = (!quiet.empty() && rng() % 2 == 0) ? quiet : moves;
      p = rules().apply(p, pool[rng() % pool.size()]);
    }
  }
  return out;
}

// Random set-ups the parser accepts: up to 12 pieces a side anywhere, Q4 memory on
// random pieces, and sometimes a pending huff choice; many reach corners of the rules
// (far-rank pieces, long chains) that playouts rarely meet.
inline std::vector<std::string> random_setups(unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  while (static_cast<int>(out.size()) < count) {
    bh::rules::alquerque::Position p;
    const int nw = 1 + static_cast<int>(rng() % 12), nb = 1 + static_cast<int>(rng() % 12);
    std::vector<int> squares(25);
    for (int i = 0; i < 25; ++i) squares[i] = i;
    std::shuffle(squares.begin(), squares.end(), rng);
    if (nw + nb > 25) continue;
    for (int i = 0; i < nw; ++i) p.pieces[0] |= 1u << squares[i];
    for (int i = nw; i < nw + nb; ++i) p.pieces[1] |= 1u << squares[i];
    p.to_move = rng() % 2 ? bh::rules::Side::first : bh::rules::Side::second;
    for (int s = 0; s < 25; ++s) {
      const bool white = (p.pieces[0] >> s & 1u) != 0, black = (p.pieces[1] >> s & 1u) != 0;
      if (!white && !black) continue;
      if ((white && s / 5 == 4) || (black && s / 5 == 0)) continue;
      const unsigned roll = rng() % 6;
      if (roll == 0 && s % 5 != 0) p.from_west |= 1u << s;
      if (roll == 1 && s % 5 != 4) p.from_east |= 1u << s;
    }
    const std::uint32_t theirs = p.pieces[1 - bh::rules::index(p.to_move)];
    if (rng() % 3 == 0 && std::popcount(theirs) >= 2) {
      std::uint32_t h = 0;
      while (std::popcount(h) < 2) h = theirs & static_cast<std::uint32_t>(rng());
      p.huff = h;
    }
    EXPECT_EQ(bh::rules::alquerque::inconsistency(p), "");
    out.push_back(bh::rules::alquerque::to_text(p));
  }
  return out;
}

}  // namespace aqt
