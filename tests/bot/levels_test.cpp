// The level table's shape: 1..7 bounded by depth or nodes (reproducible), 8 by time;
// budgets grow and noise shrinks with the level.
#include <gtest/gtest.h>

#include "engine/levels.hpp"

namespace bh::bot {
namespace {

TEST(Levels, OnlyTheTopLevelIsBoundedByTime) {
  for (int l = min_level; l < max_level; ++l) {
    EXPECT_FALSE(level_spec(l).timed) << l;
    EXPECT_TRUE(level_spec(l).max_nodes > 0 || level_spec(l).max_depth <= 4) << l;
    EXPECT_LE(level_spec(l).min_depth, 2) << l;  // cheap in every game
  }
  EXPECT_TRUE(level_spec(max_level).timed);
  EXPECT_EQ(level_spec(max_level).noise, 0);
  EXPECT_EQ(level_spec(max_level).eval_noise, 0);
}

TEST(Levels, StrongerLevelsSearchMoreAndBlunderLess) {
  for (int l = min_level + 1; l < max_level; ++l) {
    const Level& lo = level_spec(l - 1);
    const Level& hi = level_spec(l);
    EXPECT_LE(hi.noise, lo.noise) << l;
    if (lo.noise == 0) {
      EXPECT_LE(hi.eval_noise, lo.eval_noise) << l;
    }
    EXPECT_GE(hi.max_depth, lo.max_depth) << l;
    if (lo.max_nodes > 0) {
      EXPECT_GT(hi.max_nodes, lo.max_nodes) << l;
    }
  }
  EXPECT_GE(level_spec(1).noise, 300);  // a beginner
  EXPECT_EQ(level_spec(1).max_depth, 1);
}

}  // namespace
}  // namespace bh::bot
