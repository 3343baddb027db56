// Round-robin schedules (server/tournament/round_robin.hpp): the FIDE Handbook's Berger
// tables as printed, a bye for each seed of an odd field, and for every field size the
// properties a schedule must have: each seed once a round, each pair once a cycle, sides
// balanced, a double round robin's pairs on both sides; snake groups.
#include "tournament/round_robin.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <utility>

namespace bh::tournament {
namespace {

std::vector<Round> rounds_of(std::initializer_list<std::initializer_list<std::pair<int, int>>> table) {
  std::vector<Round> out;
  for (const auto& round : table) {
    Round r;
    for (const auto& [first, second] : round) r.push_back({first, second});
    out.push_back(std::move(r));
  }
  return out;
}

// FIDE Handbook C.05, Annex 1 (Berger tables), as printed: "1-4, 2-3 / 4-3, 1-2 / 2-4,
// 3-1", the first named with white.
TEST(RoundRobin, TheBergerTablesAreTheFideHandbooksForFourAndSixPlayers) {
  EXPECT_EQ(berger_schedule(4), rounds_of({{{1, 4}, {2, 3}}, {{4, 3}, {1, 2}}, {{2, 4}, {3, 1}}}));
  EXPECT_EQ(berger_schedule(6), rounds_of({{{1, 6}, {2, 5}, {3, 4}},
                                           {{6, 4}, {5, 3}, {1, 2}},
                                           {{2, 6}, {3, 1}, {4, 5}},
                                           {{6, 5}, {1, 4}, {2, 3}},
                                           {{3, 6}, {4, 2}, {5, 1}}}));
}

TEST(RoundRobin, AnOddFieldGivesEachSeedOneByeAndTheSecondCycleSwapsTheSides) {
  const auto single = berger_schedule(5);
  ASSERT_EQ(single.size(), 5u);
  std::set<int> byes;
  for (const auto& round : single) {
    ASSERT_EQ(round.back().second, 0);
    byes.insert(round.back().first);
  }
  EXPECT_EQ(byes, (std::set<int>{1, 2, 3, 4, 5}));
  // Four players twice: the first cycle's rounds 2 and 3 exchanged, then the first
  // cycle again, sides swapped.
  EXPECT_EQ(berger_schedule(4, 2), rounds_of({{{1, 4}, {2, 3}},
                                              {{2, 4}, {3, 1}},
                                              {{4, 3}, {1, 2}},
                                              {{4, 1}, {3, 2}},
                                              {{3, 4}, {2, 1}},
                                              {{4, 2}, {1, 3}}}));
}

// Where the two cycles of a double round robin meet, no seed has the same side three
// games running (a bye between two games is no game).
TEST(RoundRobin, ADoubleRoundRobinGivesNoSeedTheSameSideThreeGamesRunning) {
  for (int n = 3; n <= 24; ++n) {
    SCOPED_TRACE("players " + std::to_string(n));
    std::map<int, std::vector<bool>> sides;  // seed -> first side, game by game
    for (const auto& round : berger_schedule(n, 2))
      for (const auto& p : round) {
        if (p.second == 0) continue;
        sides[p.first].push_back(true);
        sides[p.second].push_back(false);
      }
    for (const auto& [seed, played] : sides)
      for (std::size_t i = 2; i < played.size(); ++i)
        EXPECT_FALSE(played[i] == played[i - 1] && played[i] == played[i - 2]) << "seed " << seed << ", game " << i;
  }
}

TEST(RoundRobin, EveryFieldMeetsEachPairOnceACycleEachSeedOnceARoundTheSidesBalanced) {
  for (int n = 2; n <= 24; ++n) {
    for (int cycles = 1; cycles <= 2; ++cycles) {
      SCOPED_TRACE("players " + std::to_string(n) + ", cycles " + std::to_string(cycles));
      const auto rounds = berger_schedule(n, cycles);
      ASSERT_EQ(static_cast<int>(rounds.size()), cycles * (n % 2 == 0 ? n - 1 : n));
      std::map<std::pair<int, int>, int> met;  // (first, second) -> games
      std::map<int, int> firsts, seconds;
      for (const auto& round : rounds) {
        std::set<int> seen;
        for (const auto& p : round) {
          EXPECT_TRUE(seen.insert(p.first).second);
          if (p.second == 0) continue;
          EXPECT_TRUE(seen.insert(p.second).second);
          EXPECT_NE(p.first, p.second);
          ++met[{p.first, p.second}];
          ++firsts[p.first];
          ++seconds[p.second];
        }
        EXPECT_EQ(static_cast<int>(seen.size()), n) << "every seed in every round";
      }
      for (int a = 1; a <= n; ++a)
        for (int b = a + 1; b <= n; ++b) {
          const int ab = met[{a, b}], ba = met[{b, a}];
          EXPECT_EQ(ab + ba, cycles) << a << "-" << b;
          if (cycles == 2) {
            EXPECT_TRUE(ab == 1 && ba == 1) << a << "-" << b << ": both sides";
          }
        }
      for (int s = 1; s <= n; ++s) EXPECT_LE(std::abs(firsts[s] - seconds[s]), cycles == 1 ? 1 : 0) << "seed " << s;
    }
  }
}

TEST(RoundRobin, NotAScheduleWithoutTwoPlayersOrWithThreeCycles) {
  EXPECT_TRUE(berger_schedule(1).empty());
  EXPECT_TRUE(berger_schedule(0).empty());
  EXPECT_TRUE(berger_schedule(4, 0).empty());
  EXPECT_TRUE(berger_schedule(4, 3).empty());
}

TEST(RoundRobin, SnakeGroupsAreTheFewestOfAtMostTheSizeAndEvenInStrength) {
  EXPECT_EQ(snake_groups(10, 4), (std::vector<std::vector<int>>{{1, 6, 7}, {2, 5, 8}, {3, 4, 9, 10}}));
  EXPECT_EQ(snake_groups(8, 8), (std::vector<std::vector<int>>{{1, 2, 3, 4, 5, 6, 7, 8}}));
  EXPECT_EQ(snake_groups(8, 4), (std::vector<std::vector<int>>{{1, 4, 5, 8}, {2, 3, 6, 7}}));
  for (int n = 1; n <= 60; ++n)
    for (int size = 2; size <= 10; ++size) {
      const auto groups = snake_groups(n, size);
      std::size_t smallest = 1000, largest = 0, total = 0;
      for (const auto& g : groups) {
        smallest = std::min(smallest, g.size());
        largest = std::max(largest, g.size());
        total += g.size();
      }
      EXPECT_EQ(static_cast<int>(total), n);
      EXPECT_LE(static_cast<int>(largest), size);
      EXPECT_LE(largest - smallest, 1u) << n << " players, groups of " << size;
      EXPECT_EQ(static_cast<int>(groups.size()), (n + size - 1) / size);
    }
  EXPECT_TRUE(snake_groups(0, 4).empty());
  EXPECT_TRUE(snake_groups(5, 1).empty());
}

}  // namespace
}  // namespace bh::tournament
