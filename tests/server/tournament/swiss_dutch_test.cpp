// The Dutch Swiss pairing (server/tournament/swiss_dutch.hpp): worked examples paired by
// hand from the Handbook's rules (C.04.3), the history the pairing derives, the edge
// cases; then the properties every round must have, over many random tournaments (fixed
// seeds): no pair twice, everyone once, one bye only for an odd field and never a second
// one, sides within the rules, the same pairing for the same input in any order; and, for
// small fields, the same pairing as a brute-force search of every candidate compared by
// the Handbook's own definitions.
#include "tournament/swiss_dutch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <tuple>

namespace bh::tournament {
namespace {

// Players 1..n, rated so that the id is the pairing number.
std::vector<Entrant> field(int n) {
  std::vector<Entrant> out;
  for (int i = 1; i <= n; ++i) out.push_back({i, 2400 - 10 * i});
  return out;
}

GameResult game(int round, int first, int second, Outcome outcome) { return {round, first, second, outcome}; }
GameResult bye(int round, int player) { return {round, player, 0, Outcome::bye}; }

SwissRound round_of(std::initializer_list<std::pair<int, int>> pairs, int bye_to = 0) {
  SwissRound r;
  for (const auto& [first, second] : pairs) r.pairs.push_back({first, second});
  r.bye = bye_to;
  return r;
}

// Round 1 (A.2, B.2, E.5): S1 the top half, S2 the rest, 1-4, 2-5, 3-6; the odd one out,
// the lowest, has the bye. The top seed has the first side, then it alternates down the
// boards (the fixed rule that replaces the lot).
TEST(SwissDutch, RoundOnePairsTheTopHalfWithTheBottomHalfTopSeedFirstSideAlternatingLowestGetsTheBye) {
  EXPECT_EQ(pair_swiss_round(field(7), {}, {}), round_of({{1, 4}, {5, 2}, {3, 6}}, 7));
  EXPECT_EQ(pair_swiss_round(field(6), {}, {}), round_of({{1, 4}, {5, 2}, {3, 6}}));
  EXPECT_EQ(pair_swiss_round(field(2), {}, {}), round_of({{1, 2}}));
}

// Seven players, hand-paired from the rules. After round 1 (1-4 1-0, 5-2 ½, 3-6 0-1, 7 bye)
// the scoregroups are {1, 6, 7}, {2, 5}, {3, 4}; 7 cannot have a second bye.
//   {1, 6, 7}: S1 = {1}. 1-6 would float 7 down again after the bye's downfloat (C.12);
//     1-7 floats 6, perfect: 1-7, 1 granted its second side (E.1: 7 has no preference).
//   {6 | 2, 5}: 6 against 2 or 5 (2-5 met); 6-2 gives two first-side preferences (C.10),
//     6-5 none: 6-5, 2 floats.
//   {2 | 3, 4}, the last: 2-3, the bye to 4 (lowest, eligible): no criterion broken.
// After round 2 (7-1 0-1, 6-5 ½, 2-3 1-0, 4 bye): {1} 2pts, {2, 6} 1½, {4, 5, 7} 1, {3} 0.
//   {1} floats. {1 | 2, 6}: 1-2 or 1-6, each floating a player who floated down last round
//     (C.12 equal, C.16 equal): the first candidate, 1-2 (E.1: 1 first side).
//   {6 | 4, 5, 7}: 6-5 met; 6-4 then 5-7: 6's downfloat repeats but any pairing repeats it
//     (C.12), all preferences granted: 4-6 (4's strong first-side preference), 5-7.
//   {3}, the last: the bye (none yet).
TEST(SwissDutch, AWorkedExampleOfSevenPlayersFollowsTheCriteriaAndTheOrderOfCandidates) {
  auto players = field(7);
  std::vector<GameResult> results{game(1, 1, 4, Outcome::first_won), game(1, 5, 2, Outcome::draw),
                                  game(1, 3, 6, Outcome::second_won), bye(1, 7)};
  SwissOptions options;
  options.rounds = 5;
  EXPECT_EQ(pair_swiss_round(players, results, options), round_of({{7, 1}, {6, 5}, {2, 3}}, 4));
  results.insert(results.end(), {game(2, 7, 1, Outcome::second_won), game(2, 6, 5, Outcome::draw),
                                 game(2, 2, 3, Outcome::first_won), bye(2, 4)});
  EXPECT_EQ(pair_swiss_round(players, results, options), round_of({{1, 2}, {4, 6}, {5, 7}}, 3));
}

// Four players, round 2, all on ½ after 1-3 ½ and 4-2 ½. S1 = {1, 2}, S2 = {3, 4}: 1-3
// met; the transposition 1-4, 2-3 leaves both pairs with one preference (1 and 4 want the
// second side, 2 and 3 the first: C.10 twice). The first exchange (D.2: 2 with 3) gives S1
// = {1, 3}, S2 = {2, 4}: 1-2, 3-4, every preference granted, so it wins (B.8).
TEST(SwissDutch, AnExchangeBetweenS1AndS2BeatsTranspositionsThatDenySidePreferences) {
  const std::vector<GameResult> results{game(1, 1, 3, Outcome::draw), game(1, 4, 2, Outcome::draw)};
  EXPECT_EQ(pair_swiss_round(field(4), results, {}), round_of({{2, 1}, {3, 4}}));
}

// Five players, a bye worth nothing: after 1-3 1-0, 4-2 0-1, 5 the bye, {3, 4, 5} is the
// last bracket: 3-4 would leave 5 a second bye (C.2), so 3-5 and the bye to 4.
TEST(SwissDutch, TheByeGoesToTheLowestRankedPlayerWhoHasNotHadOne) {
  SwissOptions options;
  options.scoring.bye = 0;
  const std::vector<GameResult> results{game(1, 1, 3, Outcome::first_won), game(1, 4, 2, Outcome::second_won),
                                        bye(1, 5)};
  EXPECT_EQ(pair_swiss_round(field(5), results, options), round_of({{2, 1}, {3, 5}}, 4));
}

// Six players level on points after three rounds of drawn mini-matches (no sides, no
// floats), 1-5, 1-6, 2-5, 2-6, 3-6 met. S1 = {1, 2, 3}, S2 = {4, 5, 6}: 6 can meet no one
// in S1, so an exchange is needed. 3 with 4 (the smallest, D.2 b) leaves 1 and 2 only 5,
// impossible. Next, 3 with 5 and 2 with 4 tie on size and sums (D.2 a, b); moving the higher
// number out of S1 comes first (D.2 c): S1 = {1, 2, 5}, S2 = {3, 4, 6}, 1-3, 2-4, 5-6.
// Sides by E.5 (the odd pairing number has the first side).
TEST(SwissDutch, AmongExchangesEqualInSizeAndSumsTheOneMovingTheHigherNumberOutOfS1ComesFirst) {
  std::vector<GameResult> results;
  auto mini = [&](int round, int a, int b) {
    results.push_back(game(round, a, b, Outcome::draw));
    results.push_back(game(round, b, a, Outcome::draw));
  };
  mini(1, 1, 6), mini(1, 2, 5), mini(1, 3, 7), mini(1, 4, 8);
  mini(2, 1, 5), mini(2, 2, 6), mini(2, 3, 9), mini(2, 4, 10);
  mini(3, 3, 6), mini(3, 1, 11), mini(3, 2, 12), mini(3, 4, 13), mini(3, 5, 14);
  SwissOptions options;
  options.mini_match = true;
  EXPECT_EQ(pair_swiss_round(field(6), results, options), round_of({{1, 3}, {4, 2}, {5, 6}}));
}

// Two players who both had the first side twice (against two who withdrew) have the same
// absolute preference: they may not meet (C.3) unless one is a topscorer in the last round
// (A.7); then the higher-ranked gets his preference (E.2 equal, E.3 no difference, E.4).
TEST(SwissDutch, NonTopscorersWithTheSameAbsolutePreferenceDoNotMeetTopscorersInTheLastRoundMay) {
  const std::vector<Entrant> two{{1, 2000}, {2, 1900}};
  const std::vector<GameResult> results{game(1, 1, 3, Outcome::first_won), game(1, 2, 4, Outcome::first_won),
                                        game(2, 1, 4, Outcome::first_won), game(2, 2, 3, Outcome::first_won)};
  SwissOptions options;
  options.rounds = 5;
  EXPECT_EQ(pair_swiss_round(two, results, options), SwissRound{});
  options.rounds = 3;
  EXPECT_EQ(pair_swiss_round(two, results, options), round_of({{2, 1}}));
}

// C.1 counts games played: a forfeit is no meeting, so the two may be paired again.
TEST(SwissDutch, PlayersWhoMetMayNotMeetAgainButAForfeitIsNoMeeting) {
  const auto two = field(2);
  EXPECT_EQ(pair_swiss_round(two, {game(1, 1, 2, Outcome::draw)}, {}), SwissRound{});
  EXPECT_EQ(pair_swiss_round(two, {game(1, 1, 2, Outcome::first_won_by_forfeit)}, {}), round_of({{1, 2}}));
}

TEST(SwissDutch, NoPlayersOrOnlyWithdrawnOnesGiveAnEmptyRoundALonePlayerTheByeIfHeHadNone) {
  EXPECT_EQ(pair_swiss_round({}, {}, {}), SwissRound{});
  EXPECT_EQ(pair_swiss_round({}, {game(1, 1, 2, Outcome::draw)}, {}), SwissRound{});
  EXPECT_EQ(pair_swiss_round({{5, 1500}}, {}, {}), round_of({}, 5));
  EXPECT_EQ(pair_swiss_round({{5, 1500}}, {bye(1, 5)}, {}), SwissRound{});
  EXPECT_EQ(pair_swiss_round({{5, 1500}}, {game(1, 5, 6, Outcome::first_won_by_forfeit)}, {}), SwissRound{});
}

TEST(SwissDutch, TheHistoryDerivesScoresSidesPreferencesFloatsAndByesFromTheResults) {
  // 1: the first side twice (an absolute preference for the second), drew 3, then drew 2
  // who had more (an upfloat). 2: a forfeit win in round 1 (a bye for C.2, no game, a
  // downfloat), then the second side against 1 (a downfloat). 3: the bye in round 2. 4
  // withdrew: not active, but counted in 2's history.
  const std::vector<GameResult> results{game(1, 1, 3, Outcome::draw), game(1, 2, 4, Outcome::first_won_by_forfeit),
                                        game(2, 1, 2, Outcome::draw), bye(2, 3)};
  SwissOptions options;
  options.rounds = 3;
  const auto h = swiss_history({{3, 1500}, {1, 1700}, {2, 1600}, {3, 1400}}, results, options);
  EXPECT_EQ(h.round, 3);
  ASSERT_EQ(h.players.size(), 3u);  // 3 once
  const auto& p2 = h.players[0];    // 1½, pairing number 2
  const auto& p3 = h.players[1];    // 1½, pairing number 3
  const auto& p1 = h.players[2];    // 1
  EXPECT_EQ(p1.id, 1);
  EXPECT_EQ(p1.pairing_number, 1);
  EXPECT_EQ(p1.score, 2);
  EXPECT_EQ(p1.sides, (std::vector<SwissSide>{SwissSide::first, SwissSide::first}));
  EXPECT_EQ(p1.side_difference, 2);
  EXPECT_EQ(p1.preference, SwissSide::second);
  EXPECT_EQ(p1.strength, SwissStrength::absolute);
  EXPECT_EQ(p1.last_float, SwissFloat::up);
  EXPECT_EQ(p1.float_before_last, SwissFloat::none);
  EXPECT_EQ(p1.opponents, (std::vector<int>{2, 3}));
  EXPECT_FALSE(p1.had_bye);
  EXPECT_FALSE(p1.topscorer);  // exactly half of the 2 points possible
  EXPECT_EQ(p2.id, 2);
  EXPECT_EQ(p2.score, 3);
  EXPECT_EQ(p2.sides, (std::vector<SwissSide>{SwissSide::second}));
  EXPECT_EQ(p2.preference, SwissSide::first);
  EXPECT_EQ(p2.strength, SwissStrength::strong);
  EXPECT_EQ(p2.last_float, SwissFloat::down);
  EXPECT_EQ(p2.float_before_last, SwissFloat::down);
  EXPECT_EQ(p2.opponents, (std::vector<int>{1}));
  EXPECT_TRUE(p2.had_bye);
  EXPECT_TRUE(p2.topscorer);
  EXPECT_EQ(p3.id, 3);
  EXPECT_EQ(p3.score, 3);
  EXPECT_EQ(p3.preference, SwissSide::first);
  EXPECT_EQ(p3.strength, SwissStrength::strong);
  EXPECT_EQ(p3.last_float, SwissFloat::down);
  EXPECT_EQ(p3.float_before_last, SwissFloat::none);
  EXPECT_TRUE(p3.had_bye);
}

// ---------------------------------------------------------------------------------------
// Random tournaments.

// Whether the players can all be paired (one given a bye if odd) within C.1-C.3: by search.
bool pairable(const SwissHistory& h, bool mini) {
  const auto& p = h.players;
  const int n = static_cast<int>(p.size());
  auto may_meet = [&](int a, int b) {
    if (std::binary_search(p[a].opponents.begin(), p[a].opponents.end(), p[b].id)) return false;
    return mini || p[a].strength != SwissStrength::absolute || p[b].strength != SwissStrength::absolute ||
           p[a].preference != p[b].preference || p[a].topscorer || p[b].topscorer;
  };
  std::vector<char> used(static_cast<std::size_t>(n), 0);
  auto search = [&](auto&& self, bool bye_left) -> bool {
    int a = 0;
    while (a < n && used[a]) ++a;
    if (a == n) return true;
    used[a] = 1;
    if (bye_left && !p[a].had_bye && self(self, false)) return true;
    for (int b = a + 1; b < n; ++b)
      if (!used[b] && may_meet(a, b)) {
        used[b] = 1;
        if (self(self, bye_left)) return true;
        used[b] = 0;
      }
    used[a] = 0;
    return false;
  };
  return search(search, n % 2 == 1);
}

struct Tournament {
  std::vector<Entrant> entrants;  // the active ones
  std::vector<GameResult> results;
  SwissOptions options;
};

// Checks one round against the rules; returns the results it might have, played at random.
std::vector<GameResult> check_and_play(const Tournament& t, const SwissRound& r, int round, std::mt19937& rng,
                                       const std::string& where, int draws = 20) {
  SCOPED_TRACE(where);
  const auto h = swiss_history(t.entrants, t.results, t.options);
  std::map<int, const SwissPlayer*> by_id;
  for (const auto& p : h.players) by_id[p.id] = &p;
  const bool mini = t.options.mini_match;
  const bool last = t.options.rounds > 0 && round >= t.options.rounds;
  if (r.pairs.empty() && r.bye == 0) {
    if (!h.players.empty() && h.players.size() <= 12) {
      EXPECT_FALSE(pairable(h, mini)) << "an empty round though a pairing exists";
    }
    return {};
  }
  std::map<int, int> seen;
  for (const auto& pr : r.pairs) {
    ++seen[pr.first];
    ++seen[pr.second];
  }
  if (r.bye) ++seen[r.bye];
  EXPECT_EQ(seen.size(), h.players.size()) << "every active player once";
  for (const auto& [id, count] : seen) {
    EXPECT_EQ(count, 1) << "player " << id;
    EXPECT_TRUE(by_id.count(id)) << "not active: " << id;
  }
  EXPECT_EQ(r.bye != 0, h.players.size() % 2 == 1) << "a bye exactly when odd";
  if (r.bye && by_id.count(r.bye)) {
    EXPECT_FALSE(by_id[r.bye]->had_bye) << "a second bye: " << r.bye;
  }
  std::vector<GameResult> played;
  for (const auto& pr : r.pairs) {
    if (!by_id.count(pr.first) || !by_id.count(pr.second)) continue;
    const auto& a = *by_id[pr.first];
    const auto& b = *by_id[pr.second];
    EXPECT_FALSE(std::binary_search(a.opponents.begin(), a.opponents.end(), b.id))
        << pr.first << "-" << pr.second << " met before";
    if (!mini) {
      const bool relaxed = last && (a.topscorer || b.topscorer);  // A.7, C.8, C.9
      for (const auto& [p, side] : {std::pair{&a, SwissSide::first}, std::pair{&b, SwissSide::second}}) {
        const int diff = p->side_difference + (side == SwissSide::first ? 1 : -1);
        const auto& s = p->sides;
        const bool thrice = s.size() >= 2 && s[s.size() - 1] == side && s[s.size() - 2] == side;
        if (!relaxed) {
          EXPECT_LE(std::abs(diff), 2) << "player " << p->id << " side difference";
          EXPECT_FALSE(thrice) << "player " << p->id << " the same side three times running";
        }
      }
    }
    // Results: the higher rated usually wins; draws, forfeits.
    const int roll = static_cast<int>(rng() % 100);
    const bool first_stronger = a.pairing_number < b.pairing_number;
    const Outcome o = roll < 3                ? Outcome::first_won_by_forfeit
                      : roll < 5              ? Outcome::second_won_by_forfeit
                      : roll < 6              ? Outcome::both_forfeited
                      : roll < 6 + draws      ? Outcome::draw
                      : roll < 56 + draws / 2 ? (first_stronger ? Outcome::first_won : Outcome::second_won)
                                              : (first_stronger ? Outcome::second_won : Outcome::first_won);
    played.push_back({round, pr.first, pr.second, o});
    if (mini) {
      const int roll2 = static_cast<int>(rng() % 3);
      played.push_back({round, pr.second, pr.first,
                        roll2 == 0   ? Outcome::draw
                        : roll2 == 1 ? Outcome::first_won
                                     : Outcome::second_won});
    }
  }
  if (r.bye) played.push_back({round, r.bye, 0, Outcome::bye});
  return played;
}

// Plays `count` tournaments of 2..40 players to the end (or until no pairing exists),
// some withdrawing between rounds, checking each round, and that the pairing is the same
// for the same input in any order.
void play_random_tournaments(unsigned seed, int count, bool mini) {
  std::mt19937 rng(seed);
  for (int t_index = 0; t_index < count; ++t_index) {
    Tournament t;
    const int n = 2 + static_cast<int>(rng() % 39);
    for (int i = 1; i <= n; ++i) t.entrants.push_back({i, 1000 + static_cast<int>(rng() % 1500)});
    t.options.rounds = 2 + static_cast<int>(rng() % 11);
    t.options.mini_match = mini;
    if (rng() % 4 == 0) t.options.scoring.bye = 1;
    for (int round = 1; round <= t.options.rounds; ++round) {
      const std::string where = "seed " + std::to_string(seed) + ", tournament " + std::to_string(t_index) + " (" +
                                std::to_string(n) + " players), round " + std::to_string(round);
      const auto r = pair_swiss_round(t.entrants, t.results, t.options);
      auto shuffled = t;
      std::shuffle(shuffled.entrants.begin(), shuffled.entrants.end(), rng);
      std::shuffle(shuffled.results.begin(), shuffled.results.end(), rng);
      EXPECT_EQ(pair_swiss_round(shuffled.entrants, shuffled.results, t.options), r) << where << ": same input";
      const auto played = check_and_play(t, r, round, rng, where);
      if (played.empty()) break;
      t.results.insert(t.results.end(), played.begin(), played.end());
      if (rng() % 5 == 0 && !t.entrants.empty())  // a withdrawal
        t.entrants.erase(t.entrants.begin() + static_cast<std::ptrdiff_t>(rng() % t.entrants.size()));
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(SwissDutch, RandomTournamentsKeepTheAbsoluteCriteriaEveryoneOnceAtMostOneByeSidesWithinTheRules) {
  play_random_tournaments(31, 120, false);
  play_random_tournaments(1031, 120, false);
}

// Mini-matches: a round's two games (one on each side) are one pairing; sides are free.
TEST(SwissDutch, RandomMiniMatchTournamentsNeverPairTwiceAndIgnoreSides) {
  play_random_tournaments(7, 100, true);
  SwissOptions options;
  options.mini_match = true;
  const auto h =
      swiss_history(field(2), {game(1, 1, 2, Outcome::first_won), game(1, 2, 1, Outcome::first_won)}, options);
  for (const auto& p : h.players) {
    EXPECT_TRUE(p.sides.empty());
    EXPECT_EQ(p.preference, SwissSide::none);
    EXPECT_EQ(p.opponents.size(), 1u);
  }
  EXPECT_EQ(pair_swiss_round(field(2), {game(1, 1, 2, Outcome::draw), game(1, 2, 1, Outcome::draw)}, options),
            SwissRound{});
}

// ---------------------------------------------------------------------------------------
// A brute-force oracle for small fields: every candidate of each bracket enumerated and
// compared as the Handbook states the criteria (lists compared as lists, C.7 by pairing the
// next bracket every way, the order of candidates D.1-D.3 spelled out), so that the
// matching-based pairing is checked against the rules' own definitions.

struct Oracle {
  using Key = std::vector<std::vector<int>>;
  const SwissHistory& h;
  int win = 2;
  mutable std::map<std::vector<int>, Key> c7_memo;  // cleared per bracket
  int n() const { return static_cast<int>(h.players.size()); }
  const SwissPlayer& p(int i) const { return h.players[static_cast<std::size_t>(i)]; }
  int s(int i) const { return p(i).score; }
  bool may_meet(int a, int b) const {
    if (std::binary_search(p(a).opponents.begin(), p(a).opponents.end(), p(b).id)) return false;
    return p(a).strength != SwissStrength::absolute || p(b).strength != SwissStrength::absolute ||
           p(a).preference != p(b).preference || p(a).topscorer || p(b).topscorer;
  }
  // E.1-E.5, spelled out again.
  bool higher_first(int a, int b) const {
    const auto &x = p(a), &y = p(b);
    const auto F = SwissSide::first, S = SwissSide::second, N = SwissSide::none;
    if (x.preference == N && y.preference == N) return x.pairing_number % 2 == 1;
    if (y.preference == N) return x.preference == F;
    if (x.preference == N) return y.preference == S;
    if (x.preference != y.preference) return x.preference == F;
    if (x.strength != y.strength) return x.strength > y.strength ? x.preference == F : y.preference == S;
    if (x.strength == SwissStrength::absolute && std::abs(x.side_difference) != std::abs(y.side_difference))
      return std::abs(x.side_difference) > std::abs(y.side_difference) ? x.preference == F : y.preference == S;
    for (std::size_t i = 1; i <= std::min(x.sides.size(), y.sides.size()); ++i)
      if (x.sides[x.sides.size() - i] != y.sides[y.sides.size() - i]) return x.sides[x.sides.size() - i] == S;
    return x.preference == F;
  }
  using Pairs = std::vector<std::pair<int, int>>;
  // Every matching of `v` (pairs a < b by rank); `complete`: all paired but, if odd, one who
  // may have the bye.
  void matchings(const std::vector<int>& v, bool complete, Pairs& cur, std::vector<Pairs>& out) const {
    enumerate(v, complete ? static_cast<int>(v.size() % 2) : 0, complete, cur, out);
  }
  void enumerate(const std::vector<int>& v, int free_left, bool complete, Pairs& cur, std::vector<Pairs>& out) const {
    if (v.empty()) return out.push_back(cur);
    const int a = v.front();
    const std::vector<int> rest(v.begin() + 1, v.end());
    if (!complete) enumerate(rest, free_left, complete, cur, out);
    if (complete && free_left > 0 && !p(a).had_bye) enumerate(rest, free_left - 1, complete, cur, out);
    for (std::size_t i = 0; i < rest.size(); ++i) {
      if (!may_meet(a, rest[i])) continue;
      std::vector<int> r2 = rest;
      r2.erase(r2.begin() + static_cast<std::ptrdiff_t>(i));
      cur.push_back({a, rest[i]});
      enumerate(r2, free_left, complete, cur, out);
      cur.pop_back();
    }
  }
  bool completable(const std::vector<int>& v) const {
    std::vector<Pairs> all;
    Pairs cur;
    matchings(v, true, cur, all);
    return !all.empty();
  }
  static std::vector<int> unpaired(const std::vector<int>& v, const Pairs& m) {
    std::vector<int> out;
    for (const int x : v)
      if (std::none_of(m.begin(), m.end(), [&](const auto& pr) { return pr.first == x || pr.second == x; }))
        out.push_back(x);
    return out;
  }
  std::vector<int> psd(const std::vector<int>& v, const Pairs& m) const {
    int low = s(v.front());
    for (const int x : v) low = std::min(low, s(x));
    std::vector<int> out;
    for (const auto& [a, b] : m) out.push_back(std::abs(s(a) - s(b)));
    for (const int x : unpaired(v, m)) out.push_back(s(x) - low + win);
    std::sort(out.rbegin(), out.rend());
    return out;
  }
  Key key(const std::vector<int>& v, int mdps, const Pairs& m, const std::vector<int>* next) const {
    Key k;
    k.push_back({-static_cast<int>(m.size())});  // C.5
    k.push_back(psd(v, m));                      // C.6
    const auto down = unpaired(v, m);
    if (next) {  // C.7, the same for the same downfloaters
      auto& memo = c7_memo[down];
      if (!memo.empty()) {
        k.insert(k.end(), memo.begin(), memo.end());
      } else {
        std::vector<int> nb = down;
        nb.insert(nb.end(), next->begin(), next->end());
        std::sort(nb.begin(), nb.end());
        std::vector<Pairs> all;
        Pairs cur;
        matchings(nb, false, cur, all);
        std::vector<int> best{1};
        std::vector<int> best_psd;
        for (const auto& mm : all) {
          const std::vector<int> pairs{-static_cast<int>(mm.size())};
          const auto ps = psd(nb, mm);
          if (best.size() == 1 && best[0] == 1) best = pairs, best_psd = ps;
          else if (pairs < best || (pairs == best && ps < best_psd)) best = pairs, best_psd = ps;
        }
        memo = {best, best_psd};
        k.insert(k.end(), memo.begin(), memo.end());
      }
    }
    int c8 = 0, c9 = 0, c10 = 0, c11 = 0;
    for (const auto& [a, b] : m) {
      const bool af = higher_first(a, b);
      for (const auto& [x, first] : {std::pair{a, af}, std::pair{b, !af}}) {
        const auto got = first ? SwissSide::first : SwissSide::second;
        const bool missed = p(x).preference != SwissSide::none && got != p(x).preference;
        c10 += missed;
        c11 += missed && p(x).strength == SwissStrength::strong;
        if (p(a).topscorer || p(b).topscorer) {
          c8 += std::abs(p(x).side_difference + (first ? 1 : -1)) > 2;
          const auto& sd = p(x).sides;
          c9 += sd.size() >= 2 && sd[sd.size() - 1] == got && sd[sd.size() - 2] == got;
        }
      }
    }
    k.push_back({c8});
    k.push_back({c9});
    k.push_back({c10});
    k.push_back({c11});
    int low = s(v.front());
    for (const int x : v) low = std::min(low, s(x));
    for (int back = 1; back <= 2; ++back) {  // C.12-C.15, C.16-C.19
      auto fl = [&](int x) { return back == 1 ? p(x).last_float : p(x).float_before_last; };
      std::vector<int> downs, ups;
      for (const int x : down)
        if (fl(x) == SwissFloat::down) downs.push_back(s(x) - low + win);
      for (const auto& [a, b] : m) {
        if (s(a) == s(b)) continue;
        if (fl(a) == SwissFloat::down) downs.push_back(s(a) - s(b));
        if (fl(b) == SwissFloat::up) ups.push_back(s(a) - s(b));
      }
      std::sort(downs.rbegin(), downs.rend());
      std::sort(ups.rbegin(), ups.rend());
      k.push_back({static_cast<int>(downs.size())});
      k.push_back({static_cast<int>(ups.size())});
      k.push_back(downs);
      k.push_back(ups);
    }
    // Order of k: C.12, C.13, C.16, C.17, C.14, C.15, C.18, C.19 as pushed; reorder below.
    std::swap(k[k.size() - 6], k[k.size() - 4]);  // C.16 <-> C.14
    std::swap(k[k.size() - 5], k[k.size() - 3]);  // C.17 <-> C.15
    // Then the order of generation (D.3, D.1 on the moved-down players, D.2 and D.1 on the remainder).
    auto bsn = [&](int x) { return static_cast<int>(std::find(v.begin(), v.end(), x) - v.begin()); };
    std::map<int, int> partner;
    for (const auto& [a, b] : m) partner[bsn(a)] = bsn(b), partner[bsn(b)] = bsn(a);
    std::vector<int> s1, s1_partners, rem;
    bool outside = false;
    for (int x = 0; x < mdps; ++x)
      if (partner.count(x)) {
        if (partner[x] < mdps) outside = true;
        s1.push_back(x), s1_partners.push_back(partner[x]);
      }
    for (int x = mdps; x < static_cast<int>(v.size()); ++x)
      if (!partner.count(x) || partner[x] >= mdps) rem.push_back(x);
    std::vector<int> mins;
    for (const int x : rem)
      if (partner.count(x) && partner[x] > x) mins.push_back(x);
    const std::vector<int> orig(rem.begin(), rem.begin() + static_cast<std::ptrdiff_t>(mins.size()));
    std::vector<int> s1_to_s2, s2_to_s1, trans;
    for (const int x : orig)
      if (!std::count(mins.begin(), mins.end(), x)) s1_to_s2.push_back(-x);
    for (const int x : mins)
      if (!std::count(orig.begin(), orig.end(), x)) s2_to_s1.push_back(x);
    std::sort(s1_to_s2.begin(), s1_to_s2.end());  // the highest first (negated)
    int sum = 0;
    for (const int x : mins) sum += x;
    for (const int x : orig) sum -= x;
    for (const int x : mins) trans.push_back(partner[x]);
    k.push_back({outside ? 1 : 0});
    k.push_back(s1);
    k.push_back(s1_partners);
    k.push_back({static_cast<int>(s2_to_s1.size()), sum});
    k.push_back(s1_to_s2);
    k.push_back(s2_to_s1);
    k.push_back(trans);
    return k;
  }
  Pairs best(const std::vector<int>& v, int mdps, bool complete, const std::vector<int>* next,
             const std::vector<int>* lower) const {
    c7_memo.clear();
    std::vector<Pairs> all;
    Pairs cur;
    matchings(v, complete, cur, all);
    Pairs chosen;
    Key chosen_key;
    bool any = false;
    for (const auto& m : all) {
      if (lower) {  // C.4
        auto rest = unpaired(v, m);
        rest.insert(rest.end(), lower->begin(), lower->end());
        if (!completable(rest)) continue;
      }
      auto k = key(v, mdps, m, next);
      if (!any || k < chosen_key) chosen = m, chosen_key = std::move(k), any = true;
    }
    return chosen;
  }
  SwissRound pair() const {
    std::vector<int> everyone(static_cast<std::size_t>(n()));
    for (int i = 0; i < n(); ++i) everyone[static_cast<std::size_t>(i)] = i;
    if (n() == 0 || !completable(everyone)) return {};
    std::vector<std::vector<int>> groups;
    for (int i = 0; i < n(); ++i) {
      if (i == 0 || s(i) != s(i - 1)) groups.emplace_back();
      groups.back().push_back(i);
    }
    Pairs all;
    std::vector<int> md, last_bracket;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      std::vector<int> v = md;
      v.insert(v.end(), groups[g].begin(), groups[g].end());
      std::vector<int> lower;
      for (std::size_t j = g + 1; j < groups.size(); ++j) lower.insert(lower.end(), groups[j].begin(), groups[j].end());
      const int mdps = static_cast<int>(md.size());
      if (lower.empty()) {
        const auto m = best(v, mdps, true, nullptr, nullptr);
        all.insert(all.end(), m.begin(), m.end());
        last_bracket = unpaired(v, m);
        break;
      }
      auto m = best(v, mdps, false, &groups[g + 1], nullptr);
      auto rest = unpaired(v, m);
      rest.insert(rest.end(), lower.begin(), lower.end());
      if (!completable(rest)) {  // A.9
        m = best(v, mdps, false, nullptr, &lower);
        all.insert(all.end(), m.begin(), m.end());
        std::vector<int> clb = unpaired(v, m);
        const int cm = static_cast<int>(clb.size());
        clb.insert(clb.end(), lower.begin(), lower.end());
        const auto c = best(clb, cm, true, nullptr, nullptr);
        all.insert(all.end(), c.begin(), c.end());
        last_bracket = unpaired(clb, c);
        break;
      }
      all.insert(all.end(), m.begin(), m.end());
      md = unpaired(v, m);
    }
    std::sort(all.begin(), all.end(), [&](const auto& x, const auto& y) {
      return std::tuple(-s(x.first), -s(x.second), x.first) < std::tuple(-s(y.first), -s(y.second), y.first);
    });
    SwissRound r;
    for (const auto& [a, b] : all)
      r.pairs.push_back(higher_first(a, b) ? Pairing{p(a).id, p(b).id} : Pairing{p(b).id, p(a).id});
    if (!last_bracket.empty()) r.bye = p(last_bracket.front()).id;
    return r;
  }
};

// Small random tournaments, each round paired by the oracle and by the matching: the same.
TEST(SwissDutch, SmallTournamentsArePairedAsABruteForceSearchOfTheHandbooksCandidatesPairsThem) {
  std::mt19937 rng(2017);
  int rounds_checked = 0;
  for (int t_index = 0; t_index < 400 && !::testing::Test::HasFailure(); ++t_index) {
    Tournament t;
    const int n = 3 + static_cast<int>(rng() % 8);
    for (int i = 1; i <= n; ++i) t.entrants.push_back({i, 1000 + static_cast<int>(rng() % 1500)});
    t.options.rounds = 3 + static_cast<int>(rng() % 5);
    for (int round = 1; round <= t.options.rounds; ++round) {
      const auto h = swiss_history(t.entrants, t.results, t.options);
      const auto expected = Oracle{h, 2, {}}.pair();
      const auto r = pair_swiss_round(t.entrants, t.results, t.options);
      ASSERT_EQ(r, expected) << "tournament " << t_index << " (" << n << " players), round " << round;
      ++rounds_checked;
      const auto played = check_and_play(t, r, round, rng, "oracle", t_index % 2 == 0 ? 20 : 40);
      if (played.empty()) break;
      t.results.insert(t.results.end(), played.begin(), played.end());
    }
  }
  EXPECT_GT(rounds_checked, 1500);
}

// A larger field over a whole event: every round complete and within the rules.
TEST(SwissDutch, AHundredPlayersOverNineRoundsArePairedWithinTheRulesEachRound) {
  std::mt19937 rng(9);
  Tournament t;
  for (int i = 1; i <= 100; ++i) t.entrants.push_back({i, 1200 + static_cast<int>(rng() % 1200)});
  t.options.rounds = 9;
  for (int round = 1; round <= 9; ++round) {
    const auto r = pair_swiss_round(t.entrants, t.results, t.options);
    ASSERT_FALSE(r.pairs.empty()) << "round " << round;
    const auto played = check_and_play(t, r, round, rng, "round " + std::to_string(round));
    t.results.insert(t.results.end(), played.begin(), played.end());
    if (round == 4) t.entrants.erase(t.entrants.begin() + 10);
  }
}

}  // namespace
}  // namespace bh::tournament
