// The level table's shape: 1..7 bounded by depth or nodes (reproducible), 8 by time;
// budgets grow and noise shrinks with the level.
#include <gtest/gtest.h>

#include "engine/levels.hpp"

namespace bh::bot {
namespace {

constexpr LevelTable tables[] = {LevelTable::standard, LevelTable::alquerque};

TEST(Levels, OnlyTheTopLevelIsBoundedByTime) {
  for (const LevelTable table : tables) {
    const auto spec = [table](int l) -> const Level& { return level_spec(l, table); };
    for (int l = min_level; l < max_level; ++l) {
      EXPECT_FALSE(spec(l).timed) << l;
      EXPECT_TRUE(spec(l).max_nodes > 0 || spec(l).max_depth <= 4) << l;
      EXPECT_LE(spec(l).min_depth, 2) << l;  // cheap in every game
    }
    EXPECT_TRUE(spec(max_level).timed);
    EXPECT_EQ(spec(max_level).noise, 0);
    EXPECT_EQ(spec(max_level).eval_noise, 0);
  }
}

TEST(Levels, StrongerLevelsSearchMoreAndBlunderLess) {
  for (const LevelTable table : tables) {
    const auto spec = [table](int l) -> const Level& { return level_spec(l, table); };
    for (int l = min_level + 1; l < max_level; ++l) {
      const Level& lo = spec(l - 1);
      const Level& hi = spec(l);
      EXPECT_LE(hi.noise, lo.noise) << l;
      if (lo.noise == 0) {
        EXPECT_LE(hi.eval_noise, lo.eval_noise) << l;
      }
      EXPECT_GE(hi.max_depth, lo.max_depth) << l;
      if (lo.max_nodes > 0) {
        EXPECT_GT(hi.max_nodes, lo.max_nodes) << l;
      }
    }
    EXPECT_GE(spec(1).noise, 300);  // a beginner
    EXPECT_EQ(spec(1).max_depth, 1);
  }
}

TEST(Levels, AlquerquePlaysByItsOwnSmallerBudgets) {
  for (int l = 3; l < max_level; ++l)
    EXPECT_LT(level_spec(l, LevelTable::alquerque).max_nodes, level_spec(l).max_nodes) << l;
}

}  // namespace
}  // namespace bh::bot
