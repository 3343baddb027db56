// Arena tournaments (server/tournament/arena.hpp): the score of a player's games with
// lichess's streak rule, forfeits as documented; the pairing pass by rank, never the last
// opponent, sides by balance, its edge cases, and its properties over simulated events.
#include "tournament/arena.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

namespace bh::tournament {
namespace {

// Player 1's games against player 2, numbered 1, 2... in the order given: 'W' won, 'D'
// drawn, 'L' lost, 'F' won by forfeit, 'f' lost by forfeit, 'x' both forfeited.
std::vector<GameResult> games_of(const std::string& results) {
  std::vector<GameResult> out;
  int round = 0;
  for (char c : results) {
    ++round;
    const Outcome o = c == 'W'   ? Outcome::first_won
                      : c == 'D' ? Outcome::draw
                      : c == 'L' ? Outcome::second_won
                      : c == 'F' ? Outcome::first_won_by_forfeit
                      : c == 'f' ? Outcome::second_won_by_forfeit
                                 : Outcome::both_forfeited;
    out.push_back({round, 1, 2, o});
  }
  return out;
}

std::vector<int> per_game(const std::string& results) { return arena_score(1, games_of(results)).per_game; }

TEST(Arena, AWinScoresTwoADrawOneALossNothing) {
  const auto s = arena_score(1, games_of("WDLDW"));
  EXPECT_EQ(s.per_game, (std::vector<int>{2, 1, 0, 1, 2}));
  EXPECT_EQ(s.points, 6);
  EXPECT_EQ(s.games, 5);
  EXPECT_EQ(s.wins, 2);
  EXPECT_EQ(s.draws, 2);
  EXPECT_EQ(s.losses, 1);
  EXPECT_EQ(s.streak, 1);
  EXPECT_FALSE(s.on_fire);
  // The other player's side of the same games.
  EXPECT_EQ(arena_score(2, games_of("WDLDW")).per_game, (std::vector<int>{0, 1, 2, 1, 0}));
}

TEST(Arena, AfterTwoWinsRunningEachGameCountsDoubleUntilOneIsNotWon) {
  EXPECT_EQ(per_game("WWWW"), (std::vector<int>{2, 2, 4, 4}));
  EXPECT_EQ(per_game("WWWLWWW"), (std::vector<int>{2, 2, 4, 0, 2, 2, 4}));
  const auto s = arena_score(1, games_of("LWW"));
  EXPECT_EQ(s.streak, 2);
  EXPECT_TRUE(s.on_fire);  // the next game counts double
}

// lichess's example: two wins and a draw are worth 2 + 2 + (2 x 1).
TEST(Arena, ADrawOnFireScoresTwoAndEndsTheStreak) {
  EXPECT_EQ(per_game("WWD"), (std::vector<int>{2, 2, 2}));
  EXPECT_EQ(arena_score(1, games_of("WWD")).points, 6);
  EXPECT_EQ(per_game("WWDWW"), (std::vector<int>{2, 2, 2, 2, 2}));
  EXPECT_FALSE(arena_score(1, games_of("WWD")).on_fire);
}

TEST(Arena, AForfeitWinScoresTwoNeverDoubledAndLeavesTheStreakAsItWas) {
  EXPECT_EQ(per_game("WFW"), (std::vector<int>{2, 2, 2}));      // not two wins running
  EXPECT_EQ(per_game("WWFW"), (std::vector<int>{2, 2, 2, 4}));  // still on fire after it
  const auto s = arena_score(1, games_of("WWF"));
  EXPECT_EQ(s.wins, 3);
  EXPECT_TRUE(s.on_fire);
}

TEST(Arena, AForfeitLossOrABothForfeitedGameScoresNothingAndEndsTheStreak) {
  EXPECT_EQ(per_game("WWfW"), (std::vector<int>{2, 2, 0, 2}));
  EXPECT_EQ(per_game("WWxWW"), (std::vector<int>{2, 2, 0, 2, 2}));
  EXPECT_EQ(arena_score(1, games_of("WWf")).losses, 1);
  EXPECT_EQ(arena_score(2, games_of("x")).per_game, (std::vector<int>{0}));
}

TEST(Arena, GamesAreTakenByTheirNumberAndOtherPlayersGamesAndByesAreSkipped) {
  std::vector<GameResult> event = {
      {3, 1, 3, Outcome::first_won},  {1, 2, 1, Outcome::second_won}, {2, 4, 5, Outcome::draw},
      {4, 4, 1, Outcome::second_won}, {2, 1, 4, Outcome::first_won},  {5, 1, 0, Outcome::bye},
  };
  const auto s = arena_score(1, event);
  EXPECT_EQ(s.per_game, (std::vector<int>{2, 2, 4, 4}));
  EXPECT_EQ(s.points, 12);
  EXPECT_EQ(arena_score(9, event), ArenaScore{});
}

ArenaPlayer player(int id, int score, int rating, int last_opponent = 0) {
  ArenaPlayer p;
  p.id = id;
  p.score = score;
  p.rating = rating;
  p.last_opponent = last_opponent;
  return p;
}

TEST(ArenaPairing, NeighboursByScoreThenRatingThenIdArePaired) {
  // Ranked: 6 (score 9), 2 (4, 1800), 3 (4, 1500), 5 (4, 1500), 1 (0, 2000), 4 (0, 1000).
  const std::vector<ArenaPlayer> free = {player(1, 0, 2000), player(2, 4, 1800), player(3, 4, 1500),
                                         player(4, 0, 1000), player(5, 4, 1500), player(6, 9, 1200)};
  EXPECT_EQ(pair_arena(free), (std::vector<Pairing>{{6, 2}, {3, 5}, {1, 4}}));
}

TEST(ArenaPairing, NoOneMeetsTheirLastOpponentTheNextNearestIsTaken) {
  // Ranked 1, 2, 3, 4; 1 and 2 just met, and 4's last opponent was 3.
  const std::vector<ArenaPlayer> free = {player(1, 8, 0, 2), player(2, 6, 0, 1), player(3, 4, 0, 9),
                                         player(4, 2, 0, 3)};
  EXPECT_EQ(pair_arena(free), (std::vector<Pairing>{{1, 3}, {2, 4}}));
}

TEST(ArenaPairing, TwoLeftWhoJustMetSwapIntoTheNearestPair) {
  // 1-2 would pair, leaving 3 and 4, who just met: they swap in, 3 with 1 and 4 with 2.
  const std::vector<ArenaPlayer> free = {player(1, 8, 0), player(2, 6, 0), player(3, 4, 0, 4), player(4, 2, 0, 3)};
  EXPECT_EQ(pair_arena(free), (std::vector<Pairing>{{1, 3}, {2, 4}}));
}

TEST(ArenaPairing, TwoABlockKeepsApartAreNeverPairedEitherWay) {
  // Ranked 1, 2, 3, 4; 1 avoids 2 and 4 is avoided by 3: 1-3 and 2-4.
  auto one = player(1, 8, 0), three = player(3, 4, 0);
  one.avoid = {2};
  three.avoid = {4};
  EXPECT_EQ(pair_arena({one, player(2, 6, 0), three, player(4, 2, 0)}), (std::vector<Pairing>{{1, 3}, {2, 4}}));
  // Only two free, one avoiding the other: both wait.
  EXPECT_TRUE(pair_arena({one, player(2, 6, 0)}).empty());
}

TEST(ArenaPairing, NoneOrOnePlayerFreeOrTwoWhoJustMetArePairedWithNobody) {
  EXPECT_TRUE(pair_arena({}).empty());
  EXPECT_TRUE(pair_arena({player(1, 0, 1500)}).empty());
  EXPECT_TRUE(pair_arena({player(1, 2, 1500, 2), player(2, 0, 1500, 1)}).empty());
  // One-sided: 2 has played someone since, but 1's last opponent was 2.
  EXPECT_TRUE(pair_arena({player(1, 2, 1500, 2), player(2, 0, 1500, 7)}).empty());
  EXPECT_EQ(pair_arena({player(1, 2, 1500, 3), player(2, 0, 1500, 3)}), (std::vector<Pairing>{{1, 2}}));
}

TEST(ArenaPairing, WithAnOddNumberTheOneWhoWaitedLeastWaits) {
  auto a = player(1, 6, 1500), b = player(2, 4, 1500), c = player(3, 2, 1500);
  a.waiting_since = 10;
  b.waiting_since = 30;  // came back last
  c.waiting_since = 20;
  EXPECT_EQ(pair_arena({a, b, c}), (std::vector<Pairing>{{1, 3}}));
  // Equal waits: the lowest-ranked waits.
  b.waiting_since = c.waiting_since = a.waiting_since;
  EXPECT_EQ(pair_arena({a, b, c}), (std::vector<Pairing>{{1, 2}}));
}

TEST(ArenaPairing, TheOneLeftOutPairsAPlayerTheOthersCouldNot) {
  // 1 and 2 just met; 3 waited least but is the only opponent either can have.
  auto a = player(1, 6, 1500, 2), b = player(2, 4, 1500, 1), c = player(3, 2, 1500);
  c.waiting_since = 99;
  EXPECT_EQ(pair_arena({a, b, c}), (std::vector<Pairing>{{2, 3}}));  // 2 is nearer to 3 in rank
}

TEST(ArenaPairing, TheFirstSideGoesToTheLowerBalanceThenToTheHigherRanked) {
  auto a = player(1, 6, 1500), b = player(2, 4, 1500);
  EXPECT_EQ(pair_arena({a, b}), (std::vector<Pairing>{{1, 2}}));  // equal: the higher-ranked
  a.firsts = 3;
  a.seconds = 1;
  b.firsts = 1;
  b.seconds = 1;
  EXPECT_EQ(pair_arena({a, b}), (std::vector<Pairing>{{2, 1}}));  // 2's balance 0 < 1's 2
  b.firsts = 5;
  EXPECT_EQ(pair_arena({a, b}), (std::vector<Pairing>{{1, 2}}));  // 1's 2 < 2's 4
}

TEST(ArenaPairing, TheSamePlayersInAnyOrderGiveTheSamePairs) {
  std::mt19937 rng(7);
  std::vector<ArenaPlayer> free;
  for (int id = 1; id <= 101; ++id) {
    auto p =
        player(id, static_cast<int>(rng() % 12), 1200 + static_cast<int>(rng() % 800), static_cast<int>(rng() % 102));
    p.firsts = static_cast<int>(rng() % 5);
    p.seconds = static_cast<int>(rng() % 5);
    p.waiting_since = rng() % 50;
    free.push_back(p);
  }
  const auto expected = pair_arena(free);
  EXPECT_EQ(expected.size(), 50u);
  for (int i = 0; i < 20; ++i) {
    std::shuffle(free.begin(), free.end(), rng);
    EXPECT_EQ(pair_arena(free), expected);
  }
}

// The most pairs the free players allow (each player one forbidden relation or more), by
// brute force over subsets; small sets only.
int most_pairs(const std::vector<ArenaPlayer>& free) {
  const int n = static_cast<int>(free.size());
  std::vector<int> best(1u << n, 0);
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    const int i = __builtin_ctz(mask);
    const unsigned rest = mask & ~(1u << i);
    best[mask] = best[rest];  // i waits
    for (int j = i + 1; j < n; ++j) {
      if (!(rest & (1u << j))) continue;
      const auto &a = free[static_cast<std::size_t>(i)], &b = free[static_cast<std::size_t>(j)];
      if (a.last_opponent == b.id || b.last_opponent == a.id) continue;
      best[mask] = std::max(best[mask], 1 + best[rest & ~(1u << j)]);
    }
  }
  return best[(1u << n) - 1];
}

// The least total rank distance of a pairing with the most pairs, by brute force; `ranked`
// in rank order, small sets only.
int least_distance(const std::vector<ArenaPlayer>& ranked) {
  const int n = static_cast<int>(ranked.size());
  std::vector<std::pair<int, int>> best(1u << n, {0, 0});  // (-pairs, distance)
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    const int i = __builtin_ctz(mask);
    const unsigned rest = mask & ~(1u << i);
    best[mask] = best[rest];
    for (int j = i + 1; j < n; ++j) {
      if (!(rest & (1u << j))) continue;
      const auto &a = ranked[static_cast<std::size_t>(i)], &b = ranked[static_cast<std::size_t>(j)];
      if (a.last_opponent == b.id || b.last_opponent == a.id) continue;
      const auto& r = best[rest & ~(1u << j)];
      best[mask] = std::min(best[mask], std::pair{r.first - 1, r.second + j - i});
    }
  }
  return best[(1u << n) - 1].second;
}

// An arena simulated: games end at random, their players come back free, and each pass
// pairs those free. Every pass: no one meets their last opponent, no one plays twice, each
// pair near in rank (the least total rank distance for almost every even pass, by brute
// force), as many pairs as can be, and no two left waiting could have played each other.
TEST(ArenaPairing, OverSimulatedEventsNoOneMeetsTheirLastOpponentAndPairsAreNearInRank) {
  std::mt19937 rng(31);
  std::map<int, int> excess;  // even passes: our total rank distance less the least possible -> passes
  int passes = 0, pairs_made = 0, short_of_best = 0;
  for (int event = 0; event < 60; ++event) {
    const int n = 2 + static_cast<int>(rng() % 30);
    std::map<int, ArenaPlayer> players;
    std::map<int, bool> busy;
    for (int id = 1; id <= n; ++id) players[id] = player(id, 0, 1000 + static_cast<int>(rng() % 1000));
    std::vector<Pairing> playing;
    std::int64_t clock = 0;
    for (int step = 0; step < 80; ++step) {
      ++clock;
      // Some games end.
      std::vector<Pairing> still;
      for (const auto& g : playing) {
        if (rng() % 3 != 0) {
          still.push_back(g);
          continue;
        }
        auto &a = players[g.first], &b = players[g.second];
        const int r = static_cast<int>(rng() % 3);
        a.score += r == 0 ? 2 : r == 1 ? 1 : 0;
        b.score += r == 2 ? 2 : r == 1 ? 1 : 0;
        a.last_opponent = b.id;
        b.last_opponent = a.id;
        ++a.firsts;
        ++b.seconds;
        a.waiting_since = b.waiting_since = clock;
        busy[a.id] = busy[b.id] = false;
      }
      playing = still;
      std::vector<ArenaPlayer> free;
      for (const auto& [id, p] : players)
        if (!busy[id] && rng() % 5 != 0) free.push_back(p);  // some are away
      const auto pairs = pair_arena(free);
      ++passes;

      std::vector<ArenaPlayer> ranked = free;
      std::sort(ranked.begin(), ranked.end(), [](const ArenaPlayer& a, const ArenaPlayer& b) {
        return std::tie(b.score, b.rating, a.id) < std::tie(a.score, a.rating, b.id);
      });
      std::map<int, int> rank;
      for (std::size_t i = 0; i < ranked.size(); ++i) rank[ranked[i].id] = static_cast<int>(i);
      std::set<int> paired;
      for (const auto& p : pairs) {
        ASSERT_TRUE(rank.contains(p.first) && rank.contains(p.second));
        EXPECT_TRUE(paired.insert(p.first).second) << p.first << " paired twice";
        EXPECT_TRUE(paired.insert(p.second).second) << p.second << " paired twice";
        EXPECT_NE(players[p.first].last_opponent, p.second);
        EXPECT_NE(players[p.second].last_opponent, p.first);
        ++pairs_made;
        busy[p.first] = busy[p.second] = true;
        playing.push_back(p);
      }
      for (const auto& a : free)
        for (const auto& b : free) {
          if (a.id >= b.id || paired.contains(a.id) || paired.contains(b.id)) continue;
          EXPECT_TRUE(a.last_opponent == b.id || b.last_opponent == a.id) << a.id << " and " << b.id << " both wait";
        }
      if (free.size() <= 10 && static_cast<int>(pairs.size()) < most_pairs(free)) ++short_of_best;
      // An odd pass leaves out who waited least, not who is farthest: only even ones compare.
      if (free.size() <= 10 && free.size() % 2 == 0) {
        int ours = 0;
        for (const auto& p : pairs) ours += std::abs(rank[p.first] - rank[p.second]);
        const int least = least_distance(ranked);
        ++excess[ours - least];
      }
    }
  }
  EXPECT_GT(pairs_made, 1000);
  EXPECT_EQ(short_of_best, 0) << "passes that paired fewer than they could, of " << passes;
  int compared = 0;
  for (const auto& [over, count] : excess) {
    EXPECT_LE(over, 2) << count << " passes";
    compared += count;
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GE(excess[0], compared * 99 / 100) << "passes as near in rank as can be, of " << compared;
}

}  // namespace
}  // namespace bh::tournament
