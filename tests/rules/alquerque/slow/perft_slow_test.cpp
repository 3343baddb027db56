// Deep Alquerque perft (label slow). The start counts to depth 7 are justified by the
// naive generator (naive_alquerque.hpp) agreeing at every depth; deeper counts come from
// the fast engine alone, locked here so that any change to them is deliberate.
#include <gtest/gtest.h>

#include "../alquerque_support.hpp"
#include "../naive_alquerque.hpp"

namespace {

using namespace aqt;

const std::string start_text = "bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -";

TEST(AlquerqueSlowPerft, StartCounts) {
  const std::uint64_t counts[] = {4, 8, 41, 350, 4038, 54165, 778928, 12755390};
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(rules().perft(rules().start(), d), counts[d - 1]) << "depth " << d;
}

TEST(AlquerqueSlowPerft, StartAgreesWithNaiveToDepth7) {
  const auto start = naive::parse(start_text);
  for (int d = 1; d <= 7; ++d) EXPECT_EQ(rules().perft(rules().start(), d), naive::perft(start, d)) << "depth " << d;
}

// perft through legal_moves + apply (the interface the server uses) equals the fast
// bulk-counting perft. Leaves are the positions reached after `depth` plies, ended
// ones included; an ended position has no move, so its perft is 0 (RULES.md).
std::uint64_t slow_perft(const Position& p, int depth) {
  if (rules().status(p).over()) return 0;
  MoveList moves;
  rules().legal_moves(p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const auto& m : moves) n += slow_perft(rules().apply(p, m), depth - 1);
  return n;
}

TEST(AlquerqueSlowPerft, InterfacePerftEqualsFastPerft) {
  EXPECT_EQ(slow_perft(rules().start(), 7), 778928u);
  for (const auto& text : random_setups(99, 40))
    EXPECT_EQ(slow_perft(pos(text), 4), rules().perft(pos(text), 4)) << text;
}

TEST(AlquerqueSlowPerft, ManyPlayoutPositionsAgreeWithNaiveAtDepth3) {
  const auto positions = playout_positions(424242, 60);
  ASSERT_GT(positions.size(), 1000u);
  for (const auto& text : positions)
    ASSERT_EQ(rules().perft(pos(text), 3), naive::perft(naive::parse(text), 3)) << text;
}

TEST(AlquerqueSlowPerft, ManyRandomSetupsAgreeWithNaiveAtDepth3) {
  for (const auto& text : random_setups(2026, 1000))
    ASSERT_EQ(rules().perft(pos(text), 3), naive::perft(naive::parse(text), 3)) << text;
}

}  // namespace
