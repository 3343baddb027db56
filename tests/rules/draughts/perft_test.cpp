// Perft for Russian draughts: the published start figures for the shallow depths, and
// the fast engine against the naive generator of naive.hpp on many random positions
// (seeded playouts from the start, and kings-heavy positions set up from strings).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "naive.hpp"
#include "rules/draughts/engine.hpp"
#include "rules/engines.hpp"

namespace bh::rules::draughts {
namespace {

const auto rules = make_draughts({});

Position parse(const std::string& text) {
  auto p = parse_position(text);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? *p : Position{};
}

std::vector<std::string> texts(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(move_text(m, geometry));
  std::sort(out.begin(), out.end());
  return out;
}

struct PerftCase {
  const char* position;
  int depth;
  std::uint64_t count;
};

// Start: the published Russian draughts figures that count every capture path
// separately (the table in the perft test of Kodra, a Russian draughts engine by
// Sochima Biereagu, 2017: 7, 49, 302, 1469, 7482, 37986, 190146, 929905, ...; see
// slow/perft_deep_test.cpp for the deeper ones and where the conventions part).
// The other rows were computed by this engine and checked against the naive
// generator (test NaiveAgrees below runs the same positions through both).
const PerftCase perft_table[] = {
    {"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 1, 7},
    {"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 2, 49},
    {"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 3, 302},
    {"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 4, 1469},
    {"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 5, 7482},
    {"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 6, 37986},
    // Ended positions: no move is legal, perft is 0 at any depth (RULES.md).
    {"W:W:Bb8", 1, 0},
    {"B:Wa1:B", 2, 0},
    {"W:Wh2:Bg3,f4", 1, 0},  // blocked: White loses (D7)
};

TEST(DraughtsPerft, Table) {
  for (const auto& c : perft_table)
    EXPECT_EQ(perft(parse(c.position), c.depth), c.count) << c.position << " depth " << c.depth;
  EXPECT_EQ(position_text(start_position()), perft_table[0].position);
}

TEST(DraughtsPerft, ThroughTheRulesetInterface) {
  EXPECT_EQ(rules->perft(rules->start(), 4), 1469u);
  EXPECT_EQ(rules->perft(rules->start(), 0), 1u);
}

TEST(DraughtsPerft, NaiveAgreesAtTheStart) {
  const auto start = naive::read(position_text(start_position()));
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(naive::perft(start, depth), perft(start_position(), depth));
}

// Compares the engine and the naive generator on one position: the move lists, the
// position after every move, and perft at `depth`.
void expect_agreement(const Position& p, int depth) {
  const std::string text = position_text(p);
  const auto board = naive::read(text);
  ASSERT_EQ(naive::write(board), text);
  MoveList fast;
  legal_moves(p, fast);
  const auto slow = naive::moves(board);
  ASSERT_EQ(texts(fast), texts(slow)) << text;
  for (const auto& m : fast)
    ASSERT_EQ(position_text(apply(p, m)), naive::write(naive::play(board, m))) << text << " " << move_text(m, geometry);
  if (!status(p).over()) {
    ASSERT_EQ(perft(p, depth), naive::perft(board, depth)) << text;
  }
}

TEST(DraughtsPerft, NaiveAgreesOnRandomPlayouts) {
  std::mt19937 rng(20261122);
  int positions = 0;
  for (int game = 0; game < 150; ++game) {
    Position p = start_position();
    for (int ply = 0; ply < 120; ++ply) {
      if (ply % 3 == 0) {
        expect_agreement(p, ply % 9 == 0 ? 3 : 2);
        ++positions;
      }
      MoveList moves;
      legal_moves(p, moves);
      if (moves.empty()) break;
      p = apply(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(positions, 2500);
}

// Random positions with many kings, written as strings: every piece is a king with
// probability 1/2 (always on its own promotion rank, where a man cannot stand).
std::string random_position(std::mt19937& rng) {
  std::vector<int> dark;
  for (int s = 0; s < 64; ++s)
    if ((s % 8 + s / 8) % 2 == 0) dark.push_back(s);
  std::shuffle(dark.begin(), dark.end(), rng);
  const int white = std::uniform_int_distribution<int>(1, 7)(rng);
  const int black = std::uniform_int_distribution<int>(1, 7)(rng);
  std::string lists[2];
  for (int i = 0; i < white + black; ++i) {
    const int s = dark[static_cast<std::size_t>(i)];
    const bool is_white = i < white;
    const bool own_far_rank = is_white ? s / 8 == 7 : s / 8 == 0;
    const bool king = own_far_rank || rng() % 2 == 0;
    std::string& list = lists[is_white ? 0 : 1];
    if (!list.empty()) list += ',';
    if (king) list += 'K';
    list += square_name(static_cast<Square>(s), geometry);
  }
  return std::string(rng() % 2 ? "W" : "B") + ":W" + lists[0] + ":B" + lists[1];
}

TEST(DraughtsPerft, NaiveAgreesOnRandomKingsHeavyPositions) {
  std::mt19937 rng(777);
  for (int i = 0; i < 1000; ++i) {
    Position p = parse(random_position(rng));
    // A few plies of play from there mixes captures and promotions in.
    for (int ply = 0; ply < 4; ++ply) {
      expect_agreement(p, ply == 0 ? 3 : 2);
      MoveList moves;
      legal_moves(p, moves);
      if (moves.empty()) break;
      p = apply(p, moves[rng() % moves.size()]);
    }
  }
}

}  // namespace
}  // namespace bh::rules::draughts
