// Standings (server/tournament/standings.hpp): each tie-break against a hand computation
// in a small event (written beside it), ranks shared by complete ties, head-to-head only
// among players who have all met, forfeits and byes, a double round robin's crosstable,
// and an arena's table from its arena scores.
#include "tournament/standings.hpp"

#include <gtest/gtest.h>

#include <map>

namespace bh::tournament {
namespace {

constexpr Outcome W = Outcome::first_won;
constexpr Outcome L = Outcome::second_won;
constexpr Outcome D = Outcome::draw;

std::map<int, Standing> by_player(const std::vector<Standing>& table) {
  std::map<int, Standing> out;
  for (const auto& s : table) out[s.player] = s;
  return out;
}

std::vector<int> order_of(const std::vector<Standing>& table) {
  std::vector<int> out;
  for (const auto& s : table) out.push_back(s.player);
  return out;
}

std::vector<int> ranks_of(const std::vector<Standing>& table) {
  std::vector<int> out;
  for (const auto& s : table) out.push_back(s.rank);
  return out;
}

const std::vector<Entrant> four = {{1, 2000}, {2, 1900}, {3, 1800}, {4, 1700}};

// A single round robin of four (half-points: a win 2, a draw 1):
//   1-2 ½-½, 1-3 1-0, 1-4 ½-½, 2-3 ½-½, 2-4 1-0, 3-4 1-0
//   points: 1: 1+2+1 = 4, 2: 1+1+2 = 4, 3: 0+1+2 = 3, 4: 1+0+0 = 1
// 1 and 2 are tied and drew: head-to-head 1 each. Sonneborn-Berger, points x the
// opponent's points (quarter-points):
//   1: 1x4 (2) + 2x3 (3) + 1x1 (4) = 11      2: 1x4 (1) + 1x3 (3) + 2x1 (4) = 9
// Performance, Ra + dp(p):
//   1: Ra (1900+1800+1700)/3 = 1800, 2/3 = 66.7% -> 67%, dp 125: 1925
//   2: Ra (2000+1800+1700)/3 = 1833.3 -> 1833, 67%: 1958
//   3: Ra (2000+1900+1700)/3 = 1866.7 -> 1867, 1½/3 = 50%, dp 0: 1867
//   4: Ra (2000+1900+1800)/3 = 1900, ½/3 = 16.7% -> 17%, dp -273: 1627
TEST(Standings, ARoundRobinTieIsBrokenBySonnebornBergerWhenHeadToHeadIsEven) {
  const std::vector<GameResult> results = {{1, 1, 2, D}, {1, 3, 4, W}, {2, 1, 3, W},
                                           {2, 2, 4, W}, {3, 4, 1, D}, {3, 3, 2, D}};
  const auto table = standings(four, results, Format::round_robin);
  EXPECT_EQ(order_of(table), (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(ranks_of(table), (std::vector<int>{1, 2, 3, 4}));
  auto s = by_player(table);
  EXPECT_EQ(s[1].points, 4);
  EXPECT_EQ(s[2].points, 4);
  EXPECT_EQ(s[1].head_to_head, 1);
  EXPECT_EQ(s[2].head_to_head, 1);
  EXPECT_EQ(s[1].sonneborn_berger, 11);
  EXPECT_EQ(s[2].sonneborn_berger, 9);
  EXPECT_EQ(s[1].performance, 1925);
  EXPECT_EQ(s[2].performance, 1958);
  EXPECT_EQ(s[3].performance, 1867);
  EXPECT_EQ(s[4].performance, 1627);
  EXPECT_EQ(s[1].played, 3);
  EXPECT_EQ(s[1].wins, 1);
  EXPECT_EQ(s[1].draws, 2);
  EXPECT_EQ(s[4].losses, 2);
}

// 1-2 0-1, 1-3 ½-½, 1-4 1-0, 2-3 0-1, 2-4 0-1, 3-4 1-0
//   points: 1: 0+1+2 = 3, 2: 2+0+0 = 2, 3: 1+2+2 = 5, 4: 0+2+0 = 2
// 2 and 4 are tied; 4 beat 2 (head-to-head 2 to 0), though 2's Sonneborn-Berger is the
// higher: 2: 2x3 (beat 1) = 6, 4: 2x2 (beat 2) = 4.
TEST(Standings, HeadToHeadComesBeforeSonnebornBerger) {
  const std::vector<GameResult> results = {{1, 1, 2, L}, {1, 3, 4, W}, {2, 1, 3, D},
                                           {2, 2, 4, L}, {3, 1, 4, W}, {3, 2, 3, L}};
  const auto table = standings(four, results, Format::round_robin);
  EXPECT_EQ(order_of(table), (std::vector<int>{3, 1, 4, 2}));
  auto s = by_player(table);
  EXPECT_EQ(s[4].head_to_head, 2);
  EXPECT_EQ(s[2].head_to_head, 0);
  EXPECT_EQ(s[2].sonneborn_berger, 6);
  EXPECT_EQ(s[4].sonneborn_berger, 4);
}

// A Swiss of six, two rounds: 1-2 1-0, 3-4 1-0, 5-6 1-0; 5-1 1-0, 6-3 1-0, 2-4 1-0.
//   points: 5: 4; 1, 2, 3, 6: 2; 4: 0
// Of the four tied, 1 beat 2 and 6 beat 3, but 1 never met 3 or 6: no head-to-head for
// any of them. Buchholz decides: 1: 2 (2) + 4 (5) = 6, 6: 4 (5) + 2 (3) = 6,
// 2: 2 (1) + 0 (4) = 2, 3: 0 (4) + 2 (6) = 2.
TEST(Standings, HeadToHeadAppliesOnlyWhenAllTheTiedPlayersHaveMet) {
  const std::vector<Entrant> six = {{1, 1500}, {2, 1500}, {3, 1500}, {4, 1500}, {5, 1500}, {6, 1500}};
  const std::vector<GameResult> results = {{1, 1, 2, W}, {1, 3, 4, W}, {1, 5, 6, W},
                                           {2, 5, 1, W}, {2, 6, 3, W}, {2, 2, 4, W}};
  const auto table = standings(six, results, Format::swiss);
  auto s = by_player(table);
  for (int id : {1, 2, 3, 6}) {
    EXPECT_EQ(s[id].points, 2);
    EXPECT_EQ(s[id].head_to_head, 0) << id;
  }
  EXPECT_EQ(s[1].buchholz, 6);
  EXPECT_EQ(s[6].buchholz, 6);
  EXPECT_EQ(s[2].buchholz, 2);
  EXPECT_EQ(s[3].buchholz, 2);
  EXPECT_EQ(order_of(table).front(), 5);
  EXPECT_EQ(s[1].rank, 2);
  EXPECT_EQ(s[6].rank, 2);  // equal on everything: opponents 1500 all, one win in two
  EXPECT_EQ(s[2].rank, 4);
  EXPECT_EQ(s[3].rank, 4);
  EXPECT_EQ(s[4].rank, 6);
}

// A Swiss of five, three rounds (a bye scores 2):
//   round 1: 1-2 ½-½, 3-4 ½-½, 5 bye
//   round 2: 1-3 won by 1 by forfeit (3 did not come), 2-5 0-1, 4 bye
//   round 3: 1-5 ½-½, 2-4 ½-½, 3 absent (withdrew)
//   points: 1: 1+2+1 = 4, 2: 1+0+1 = 2, 3: 1+0+0 = 1, 4: 1+2+1 = 4, 5: 2+2+1 = 5
// As opponents count them, 3's absence after its last round taking part (round 1; a
// forfeit loss is no part) is a draw: 1 + 1 = 2; the others as they are.
// Buchholz, a dummy opponent with the player's own points for each round without a game:
//   1: 2 (2) + 4 (dummy, forfeit win) + 5 (5) = 11
//   4: 2 (3, adjusted) + 4 (dummy, bye) + 2 (2) = 8
//   2: 4 (1) + 5 (5) + 4 (4) = 13
//   3: 4 (4) + 1 (dummy, forfeit loss) + 1 (dummy, absent) = 6
//   5: 5 (dummy, bye) + 2 (2) + 4 (1) = 11
// 1 and 4 are tied on 4 and never met (no head-to-head): 1's Buchholz puts 1 first.
// Median Buchholz (the lowest, a round given away first, and the highest cut):
//   1: 11 - 2 - 5 = 4; 2: 13 - 4 - 5 = 4; 3: 6 - 1 (forfeit loss) - 4 = 1;
//   4: 8 - 2 - 4 = 2; 5: 11 - 2 - 5 = 4
// Performance, over the board only: 1: (1900+1600)/2 = 1750 at 50%: 1750;
//   4: (1800+1900)/2 = 1850 at 50%: 1850; 5: (1900+2000)/2 = 1950, 75%: +193 = 2143
TEST(Standings, SwissBuchholzCountsADummyOpponentForUnplayedRoundsAndTheMedianCutsBothEnds) {
  const std::vector<Entrant> five = {{1, 2000}, {2, 1900}, {3, 1800}, {4, 1700}, {5, 1600}};
  const std::vector<GameResult> results = {{1, 1, 2, D},
                                           {1, 3, 4, D},
                                           {1, 5, 0, Outcome::bye},
                                           {2, 1, 3, Outcome::first_won_by_forfeit},
                                           {2, 2, 5, L},
                                           {2, 4, 0, Outcome::bye},
                                           {3, 1, 5, D},
                                           {3, 2, 4, D}};
  const auto table = standings(five, results, Format::swiss);
  EXPECT_EQ(order_of(table), (std::vector<int>{5, 1, 4, 2, 3}));
  auto s = by_player(table);
  EXPECT_EQ(s[1].points, 4);
  EXPECT_EQ(s[4].points, 4);
  EXPECT_EQ(s[1].head_to_head, 0);
  EXPECT_EQ(s[1].buchholz, 11);
  EXPECT_EQ(s[4].buchholz, 8);
  EXPECT_EQ(s[2].buchholz, 13);
  EXPECT_EQ(s[3].buchholz, 6);
  EXPECT_EQ(s[5].buchholz, 11);
  EXPECT_EQ(s[1].median_buchholz, 4);
  EXPECT_EQ(s[2].median_buchholz, 4);
  EXPECT_EQ(s[3].median_buchholz, 1);
  EXPECT_EQ(s[4].median_buchholz, 2);
  EXPECT_EQ(s[5].median_buchholz, 4);
  EXPECT_EQ(s[1].performance, 1750);
  EXPECT_EQ(s[4].performance, 1850);
  EXPECT_EQ(s[5].performance, 2143);
  EXPECT_EQ(s[1].played, 2);
  EXPECT_EQ(s[3].played, 1);
  EXPECT_EQ(s[5].played, 2);
}

// Player 1 over four rounds: beat 2, lost to 3 by forfeit, drew with 4, lost to 5.
//   1-2 1-0, 3-4 ½-½, 5-6 1-0; 1-3 forfeit (3 wins), 2-5 0-1, 4-6 1-0;
//   1-4 ½-½, 2-6 0-1, 3-5 0-1; 1-5 0-1, 2-4 0-1, 3-6 1-0
//   points: 1: 2+0+1+0 = 3, 2: 0, 3: 1+2+0+2 = 5, 4: 1+2+1+2 = 6, 5: 8, 6: 2
// 1's rounds: 0 (2), 3 (dummy: given away), 6 (4), 8 (5); Buchholz 17. The median cuts
// the round given away before the lowest: 17 - 3 - 8 = 6 (not 17 - 0 - 8 = 9).
TEST(Standings, MedianBuchholzCutsARoundGivenAwayBeforeTheLowest) {
  const std::vector<Entrant> six = {{1, 1500}, {2, 1500}, {3, 1500}, {4, 1500}, {5, 1500}, {6, 1500}};
  const std::vector<GameResult> results = {
      {1, 1, 2, W}, {1, 3, 4, D}, {1, 5, 6, W}, {2, 1, 3, Outcome::second_won_by_forfeit},
      {2, 2, 5, L}, {2, 4, 6, W}, {3, 1, 4, D}, {3, 2, 6, L},
      {3, 3, 5, L}, {4, 1, 5, L}, {4, 2, 4, L}, {4, 3, 6, W}};
  auto s = by_player(standings(six, results, Format::swiss));
  EXPECT_EQ(s[1].points, 3);
  EXPECT_EQ(s[3].points, 5);
  EXPECT_EQ(s[4].points, 6);
  EXPECT_EQ(s[5].points, 8);
  EXPECT_EQ(s[1].buchholz, 17);
  EXPECT_EQ(s[1].median_buchholz, 6);
  EXPECT_EQ(s[1].losses, 2);  // the forfeit included
  EXPECT_EQ(s[1].played, 3);
}

// Three draw among themselves and each beat the fourth: equal on points, head-to-head (2),
// Sonneborn-Berger (1x4 + 1x4 + 2x0 = 8) and performance (1500 + dp(67%) = 1625).
TEST(Standings, PlayersEqualOnEveryTieBreakShareARankAndTheNextRankSkips) {
  const std::vector<Entrant> even = {{4, 1500}, {3, 1500}, {2, 1500}, {1, 1500}};
  const std::vector<GameResult> results = {{1, 1, 2, D}, {1, 3, 4, W}, {2, 1, 3, D},
                                           {2, 2, 4, W}, {3, 4, 1, L}, {3, 2, 3, D}};
  const auto table = standings(even, results, Format::round_robin);
  EXPECT_EQ(order_of(table), (std::vector<int>{1, 2, 3, 4}));  // ties listed by rating, then id
  EXPECT_EQ(ranks_of(table), (std::vector<int>{1, 1, 1, 4}));
  EXPECT_EQ(table[0].sonneborn_berger, 8);
  EXPECT_EQ(table[0].head_to_head, 2);
  EXPECT_EQ(table[0].performance, 1625);
}

TEST(Standings, AForfeitScoresItsPointsButIsNoGamePlayedAndAByeScoresTheScoringsBye) {
  const std::vector<Entrant> three = {{1, 1600}, {2, 1500}, {3, 1400}};
  const std::vector<GameResult> results = {{1, 1, 2, Outcome::first_won_by_forfeit},
                                           {1, 3, 0, Outcome::bye},
                                           {2, 1, 3, Outcome::both_forfeited},
                                           {2, 2, 0, Outcome::bye}};
  const Scoring scoring{2, 1, 0, 1};  // a bye scores ½
  auto s = by_player(standings(three, results, Format::swiss, scoring));
  EXPECT_EQ(s[1].points, 2);
  EXPECT_EQ(s[1].wins, 1);
  EXPECT_EQ(s[1].losses, 1);  // both forfeited
  EXPECT_EQ(s[1].played, 0);
  EXPECT_EQ(s[1].performance, 0);  // no game played
  EXPECT_EQ(s[2].points, 1);
  EXPECT_EQ(s[3].points, 1);
  EXPECT_EQ(s[3].losses, 1);
  EXPECT_EQ(s[3].played, 0);
  // Every round of theirs unplayed: Buchholz is their own points twice over.
  EXPECT_EQ(s[1].buchholz, 4);
  EXPECT_EQ(s[2].buchholz, 2);
  // A round robin's Sonneborn-Berger counts games played only.
  auto rr = by_player(standings(three, results, Format::round_robin, scoring));
  EXPECT_EQ(rr[1].sonneborn_berger, 0);
  EXPECT_EQ(rr[2].head_to_head, 0);  // 2 and 3 are tied and have not played each other
  EXPECT_EQ(rr[3].head_to_head, 0);
}

TEST(Standings, ResultsNamingSomeoneNotRankedAreSkipped) {
  const std::vector<GameResult> results = {{1, 1, 2, W}, {2, 1, 3, W}, {3, 3, 2, W}};
  const auto table = standings({{1, 1500}, {2, 1500}}, results, Format::round_robin);
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table[0].player, 1);
  EXPECT_EQ(table[0].points, 2);
  EXPECT_EQ(table[0].played, 1);
  EXPECT_EQ(table[1].points, 0);
  EXPECT_TRUE(standings({}, results, Format::swiss).empty());
}

// A double round robin of three (each pair both sides), by round:
//   1: 1-2 1-0   2: 2-3 ½-½   3: 3-1 0-1   4: 2-1 ½-½   5: 3-2 forfeit (2 wins)   6: 1-3 0-1
//   points: 1: 2+2+1+0 = 5, 2: 0+1+1+2 = 4, 3: 1+0+0+2 = 3
TEST(Standings, ADoubleRoundRobinCrosstableHasBothGamesOfEachPairInRoundOrder) {
  const std::vector<Entrant> three = {{1, 1500}, {2, 1400}, {3, 1300}};
  const std::vector<GameResult> results = {
      {1, 1, 2, W}, {2, 2, 3, D}, {3, 3, 1, L}, {4, 2, 1, D}, {5, 3, 2, Outcome::second_won_by_forfeit}, {6, 1, 3, L}};
  const auto rows = crosstable(three, results);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].standing.player, 1);
  EXPECT_EQ(rows[1].standing.player, 2);
  EXPECT_EQ(rows[2].standing.player, 3);
  EXPECT_EQ(rows[0].standing.points, 5);
  using Cell = std::vector<CrossGame>;
  EXPECT_EQ(rows[0].cells, (std::vector<Cell>{{}, {{1, 2, true}, {4, 1, true}}, {{3, 2, true}, {6, 0, true}}}));
  EXPECT_EQ(rows[1].cells, (std::vector<Cell>{{{1, 0, true}, {4, 1, true}}, {}, {{2, 1, true}, {5, 2, false}}}));
  EXPECT_EQ(rows[2].cells, (std::vector<Cell>{{{3, 0, true}, {6, 2, true}}, {{2, 1, true}, {5, 0, false}}, {}}));
}

// An arena by game number: 1 beats 2, 4 and (on fire) 3: 2 + 2 + 4 = 8. 3 beats 4 and 2,
// then loses: 4. 2 and 4 lose twice and draw each other: 1 each, then performance:
//   2: Ra (1500+1600+1400)/3 = 1500, ½/3 = 17%: 1500 - 273 = 1227
//   4: Ra (1600+1500+1500)/3 = 1533.3 -> 1533: 1533 - 273 = 1260
TEST(Standings, AnArenaRanksByArenaScoreThenPerformance) {
  const std::vector<Entrant> players = {{1, 1500}, {2, 1500}, {3, 1600}, {4, 1400}};
  const std::vector<GameResult> results = {{1, 1, 2, W}, {2, 3, 4, W}, {3, 1, 4, W},
                                           {4, 3, 2, W}, {5, 1, 3, W}, {6, 2, 4, D}};
  const auto table = standings(players, results, Format::arena);
  EXPECT_EQ(order_of(table), (std::vector<int>{1, 3, 4, 2}));
  EXPECT_EQ(ranks_of(table), (std::vector<int>{1, 2, 3, 4}));
  auto s = by_player(table);
  EXPECT_EQ(s[1].points, 8);  // 6 without the streak
  EXPECT_EQ(s[3].points, 4);
  EXPECT_EQ(s[2].points, 1);
  EXPECT_EQ(s[4].points, 1);
  EXPECT_EQ(s[2].performance, 1227);
  EXPECT_EQ(s[4].performance, 1260);
  EXPECT_EQ(s[1].wins, 3);
  EXPECT_EQ(s[2].draws, 1);
  EXPECT_EQ(s[2].head_to_head, 0);  // not an arena tie-break
}

}  // namespace
}  // namespace bh::tournament
