// A tournament's life as a value (server/tournament/tournament.hpp): joining, withdrawing,
// the start, each game's end moving it on, the arena's passes, the catch-up after a
// restart; each step checked by what it returns, no server involved.
#include "tournament/tournament.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace bh::tournament {
namespace {

// Game ids unique across the whole test program, as the server's are.
std::function<std::string()> ids() {
  return [] {
    static int n = 0;
    return "g" + std::to_string(++n);
  };
}

Change changed(Step step) {
  if (auto* refused = std::get_if<Refused>(&step)) ADD_FAILURE() << "refused: " << refused->message;
  return std::get<Change>(std::move(step));
}

Refusal refused(const Step& step) {
  EXPECT_TRUE(std::holds_alternative<Refused>(step));
  return std::holds_alternative<Refused>(step) ? std::get<Refused>(step).why : Refusal::bad_settings;
}

Settings settings(Format format) {
  Settings s;
  s.name = "Test";
  s.format = format;
  s.game = "brandubh";
  s.time.initial_ms = 60'000;
  s.creator = "alice";
  s.rounds = 3;
  s.cycles = 2;
  s.duration_ms = 600'000;
  return s;
}

Tournament with_players(Settings s, int n) {
  Tournament t = create("t1", std::move(s), 1000);
  for (int i = 0; i < n; ++i) t = changed(join(t, "p" + std::to_string(i + 1), 2000 - 10 * i, false)).next;
  return t;
}

// Every game still being played decided: the first side wins.
Tournament first_wins_all(Tournament t, std::vector<Change>* changes = nullptr) {
  auto next_id = ids();
  for (bool any = true; any;) {
    any = false;
    for (const auto& g : t.games) {
      if (g.outcome) continue;
      auto change = changed(game_ended(t, g.game_id, Outcome::first_won, 5000, next_id));
      t = change.next;
      if (changes) changes->push_back(change);
      any = true;
      break;
    }
  }
  return t;
}

TEST(Tournament, PlayersAreNumberedInTheOrderTheyJoinAndNobodyJoinsTwice) {
  const auto t = with_players(settings(Format::swiss), 3);
  ASSERT_EQ(t.players.size(), 3u);
  EXPECT_EQ(t.players[2].name, "p3");
  EXPECT_EQ(t.players[2].number, 3);
  EXPECT_EQ(refused(join(t, "p1", 1500, false)), Refusal::already_joined);
}

TEST(Tournament, AFullTournamentATooLowRatingAndABotWhereNoneMayJoinAreRefused) {
  auto s = settings(Format::swiss);
  s.max_players = 2;
  s.min_rating = 1600;
  const auto t = with_players(s, 2);
  EXPECT_EQ(refused(join(t, "late", 1700, false)), Refusal::full);
  const auto open = with_players(settings(Format::swiss), 0);
  auto rated = settings(Format::swiss);
  rated.min_rating = 1600;
  EXPECT_EQ(refused(join(create("t", rated, 0), "weak", 1500, false)), Refusal::rating_too_low);
  EXPECT_EQ(refused(join(open, "robot", 1500, true)), Refusal::bots_not_allowed);
}

TEST(Tournament, AWithdrawalBeforeTheStartLeavesThePlayerOutAndTheyMayComeBack) {
  auto t = with_players(settings(Format::swiss), 3);
  t = changed(withdraw(t, "p2")).next;
  EXPECT_EQ(entrants(t, true).size(), 2u);
  EXPECT_EQ(refused(withdraw(t, "p2")), Refusal::not_joined);
  t = changed(join(t, "p2", 1990, false)).next;
  EXPECT_EQ(entrants(t, true).size(), 3u);
  EXPECT_EQ(t.players.size(), 3u);  // the same number again
}

TEST(Tournament, OnlyItsCreatorStartsItAndWithAtLeastTwoPlayers) {
  const auto one = with_players(settings(Format::swiss), 1);
  EXPECT_EQ(refused(start(one, "p1", 2000, ids())), Refusal::not_creator);
  EXPECT_EQ(refused(start(one, "alice", 2000, ids())), Refusal::too_few_players);
  const auto cancelled = changed(start_or_cancel(one, 2000, ids()));
  EXPECT_TRUE(cancelled.finished);
  EXPECT_EQ(cancelled.next.status, Status::finished);
  EXPECT_TRUE(cancelled.next.games.empty());
}

TEST(Tournament, ADoubleRoundRobinOfFourPlaysSixRoundsEachPairOnBothSidesThenEnds) {
  auto t = with_players(settings(Format::round_robin), 4);
  auto started = changed(start(t, "alice", 2000, ids()));
  EXPECT_TRUE(started.paired);
  EXPECT_EQ(started.created.size(), 2u);
  EXPECT_EQ(started.next.round, 1);
  for (const auto& p : started.next.players) EXPECT_EQ(p.group, 1);
  std::vector<Change> changes;
  t = first_wins_all(started.next, &changes);
  EXPECT_EQ(t.status, Status::finished);
  EXPECT_TRUE(changes.back().finished);
  ASSERT_EQ(t.games.size(), 12u);
  std::map<std::pair<int, int>, int> sides;  // (first, second) -> games
  for (const auto& g : t.games) ++sides[{g.first, g.second}];
  for (int a = 1; a <= 4; ++a)
    for (int b = 1; b <= 4; ++b)
      if (a != b) {
        EXPECT_EQ((sides[{a, b}]), 1) << a << " against " << b;
      }
  // One round at a time: a round is paired when the one before it is over.
  int rounds_paired = 0;
  for (const auto& c : changes) rounds_paired += c.paired;
  EXPECT_EQ(rounds_paired, 5);
}

TEST(Tournament, ACorrespondenceRoundRobinMakesEveryRoundsGamesAtTheStart) {
  auto s = settings(Format::round_robin);
  s.time = TimeControl{0, 0, 3};
  s.cycles = 1;
  const auto started = changed(start(with_players(s, 5), "alice", 2000, ids()));
  EXPECT_EQ(started.created.size(), 10u);  // every pair of five, byes being rests
  EXPECT_EQ(started.next.round, 5);
  const auto t = first_wins_all(started.next);
  EXPECT_EQ(t.status, Status::finished);
}

TEST(Tournament, ARoundRobinWithdrawalForfeitsTheRestAndAnnulsFewerThanHalfPlayed) {
  auto s = settings(Format::round_robin);
  s.cycles = 1;
  auto t = changed(start(with_players(s, 4), "alice", 2000, ids())).next;
  t = changed(withdraw(t, "p4")).next;  // during round 1: their game there goes on
  t = first_wins_all(t);
  EXPECT_EQ(t.status, Status::finished);
  int forfeits = 0;
  for (const auto& g : t.games)
    if (g.outcome == Outcome::first_won_by_forfeit || g.outcome == Outcome::second_won_by_forfeit) {
      ++forfeits;
      EXPECT_TRUE(g.game_id.empty());  // no game made for them
    }
  EXPECT_EQ(forfeits, 2);
  // One game played of three: annulled, as if they never came.
  for (const auto& r : results(t)) {
    EXPECT_NE(r.first, 4);
    EXPECT_NE(r.second, 4);
  }
}

TEST(Tournament, ASwissPairsRoundByRoundNobodyTwiceAndGivesTheOddPlayerTheBye) {
  auto t = with_players(settings(Format::swiss), 5);
  std::vector<Change> changes;
  auto started = changed(start(t, "alice", 2000, ids()));
  changes.push_back(started);
  t = first_wins_all(started.next, &changes);
  EXPECT_EQ(t.status, Status::finished);
  std::set<std::pair<int, int>> met;
  std::set<int> had_bye;
  for (const auto& g : t.games) {
    if (g.second == 0) {
      EXPECT_EQ(g.outcome, Outcome::bye);
      EXPECT_TRUE(had_bye.insert(g.first).second) << "a second bye for " << g.first;
      continue;
    }
    EXPECT_TRUE(met.insert({std::min(g.first, g.second), std::max(g.first, g.second)}).second);
  }
  EXPECT_EQ(had_bye.size(), 3u);  // a bye each round
}

TEST(Tournament, ASwissMiniMatchPlaysEachPairOnBothSidesInOneRoundTheReturnGameAfterTheFirst) {
  auto s = settings(Format::swiss);
  s.mini_match = true;
  s.rounds = 1;
  const auto started = changed(start(with_players(s, 4), "alice", 2000, ids()));
  ASSERT_EQ(started.next.games.size(), 4u);  // both games of each pair written at once
  std::map<std::pair<int, int>, int> pairs;
  for (const auto& g : started.next.games) ++pairs[{g.first, g.second}];
  for (const auto& [sides, n] : pairs) EXPECT_EQ((pairs[{sides.second, sides.first}]), 1);
  // Live, a player sits in one game at a time: the return game is made when the first ends.
  ASSERT_EQ(started.created.size(), 2u);
  EXPECT_EQ(playable_now(started.next).size(), 2u);
  const auto first_game = started.created[0];
  const auto ended = changed(game_ended(started.next, first_game.game_id, Outcome::draw, 3000, ids()));
  ASSERT_EQ(ended.created.size(), 1u);
  EXPECT_EQ(ended.created[0].first, first_game.second);
  EXPECT_EQ(ended.created[0].second, first_game.first);
  // By correspondence both are played at once.
  s.time = TimeControl{0, 0, 3};
  EXPECT_EQ(changed(start(with_players(s, 4), "alice", 2000, ids())).created.size(), 4u);
}

TEST(Tournament, AGameEndIsTakenOnceAndOnlyForItsOwnGames) {
  auto t = changed(start(with_players(settings(Format::swiss), 2), "alice", 2000, ids())).next;
  const auto game_id = t.games.front().game_id;
  t = changed(game_ended(t, game_id, Outcome::draw, 3000, ids())).next;
  EXPECT_EQ(refused(game_ended(t, game_id, Outcome::first_won, 3000, ids())), Refusal::not_found);
  EXPECT_EQ(refused(game_ended(t, "elsewhere", Outcome::first_won, 3000, ids())), Refusal::not_found);
}

TEST(Tournament, AnArenaPairsFreePlayersUntilItsTimeAndEndsWithItsLastGame) {
  auto t = changed(start(with_players(settings(Format::arena), 4), "alice", 2000, ids())).next;
  EXPECT_TRUE(t.games.empty());
  auto pass = changed(arena_pass(t, {"p1", "p2", "p3", "p4"}, 3000, ids()));
  EXPECT_EQ(pass.created.size(), 2u);
  t = pass.next;
  t = changed(game_ended(t, t.games[0].game_id, Outcome::first_won, 4000, ids())).next;
  // After its time: nobody is paired, and it ends once the game left has ended.
  const auto late = changed(arena_pass(t, {"p1", "p2"}, 2000 + 600'000, ids()));
  EXPECT_TRUE(late.created.empty());
  EXPECT_FALSE(late.finished);
  const auto last = changed(game_ended(late.next, t.games[1].game_id, Outcome::draw, 2000 + 600'001, ids()));
  EXPECT_TRUE(last.finished);
}

TEST(Tournament, AfterARestartARoundWhoseResultsTheArchiveGaveMovesOn) {
  auto t = changed(start(with_players(settings(Format::swiss), 4), "alice", 2000, ids())).next;
  for (auto& g : t.games) g.outcome = Outcome::second_won;  // as read back from the archive
  const auto caught = changed(catch_up(t, 9000, ids()));
  EXPECT_TRUE(caught.paired);
  EXPECT_EQ(caught.next.round, 2);
  EXPECT_EQ(caught.created.size(), 2u);
  // Nothing to do: nothing changes.
  const auto again = changed(catch_up(caught.next, 9000, ids()));
  EXPECT_TRUE(again.created.empty());
  EXPECT_EQ(again.next, caught.next);
}

TEST(Tournament, TheArchivesAbortedGameIsTheForfeitOfTheSideThatNeverMoved) {
  EXPECT_EQ(outcome_of_game("aborted", 0), Outcome::second_won_by_forfeit);
  EXPECT_EQ(outcome_of_game("aborted", 1), Outcome::first_won_by_forfeit);
  EXPECT_EQ(outcome_of_game("first", 40), Outcome::first_won);
  EXPECT_EQ(outcome_of_game("draw", 40), Outcome::draw);
  EXPECT_EQ(outcome_of_game("nonsense", 40), std::nullopt);
  for (auto o : {Outcome::first_won, Outcome::second_won, Outcome::draw, Outcome::first_won_by_forfeit,
                 Outcome::second_won_by_forfeit, Outcome::both_forfeited, Outcome::bye})
    EXPECT_EQ(outcome_from(outcome_text(o)), o);
}

TEST(Tournament, SettingsOutsideTheirLimitsAreRefusedWithTheReason) {
  auto s = settings(Format::swiss);
  EXPECT_FALSE(check_settings(s));
  s.rounds = 0;
  EXPECT_TRUE(check_settings(s));
  auto arena = settings(Format::arena);
  arena.time = TimeControl{0, 0, 2};
  EXPECT_EQ(check_settings(arena), "an arena is played live");
  auto big = settings(Format::round_robin);
  big.max_players = 40;
  EXPECT_TRUE(check_settings(big));
  big.group_size = 8;
  EXPECT_FALSE(check_settings(big));
}

}  // namespace
}  // namespace bh::tournament

namespace bh::tournament {
namespace {

TEST(Tournament, ItsCreatorAddsTheComputerAtALevelWhenBotsMayEnter) {
  Settings s = settings(Format::round_robin);
  s.bots = true;
  s.min_rating = 1800;  // the creator's choice: the computer needs no rating
  Tournament t = create("t1", s, 1000);
  const std::vector<Candidate> bots{{"robo", 1500}, {"droid", 1600}};
  EXPECT_EQ(refused(add_computer(t, "bob", bots, 3)), Refusal::not_creator);
  EXPECT_EQ(refused(add_computer(t, "alice", {}, 3)), Refusal::no_computer);
  Change added = changed(add_computer(t, "alice", bots, 3));
  ASSERT_EQ(added.next.players.size(), 1u);
  EXPECT_EQ(added.next.players[0].name, "robo");
  EXPECT_TRUE(added.next.players[0].bot);
  EXPECT_EQ(added.next.players[0].level, 3);
  EXPECT_EQ(added.next.settings.min_rating, 1800);
  ASSERT_EQ(added.players.size(), 1u);
  EXPECT_EQ(added.players[0].level, 3);  // the row written says the level
  // The next connected bot not in it comes second; then there is none left.
  Change again = changed(add_computer(added.next, "alice", bots, 7));
  EXPECT_EQ(again.next.players[1].name, "droid");
  EXPECT_EQ(again.next.players[1].level, 7);
  EXPECT_EQ(refused(add_computer(again.next, "alice", bots, 2)), Refusal::no_computer);
  // Its creator takes it out before the start; nobody else, and no human that way.
  EXPECT_EQ(refused(withdraw_computer(again.next, "bob", "robo")), Refusal::not_creator);
  Tournament with_human = changed(join(again.next, "bob", 1900, false)).next;
  EXPECT_EQ(refused(withdraw_computer(with_human, "alice", "bob")), Refusal::not_joined);
  Change out = changed(withdraw_computer(with_human, "alice", "robo"));
  EXPECT_FALSE(out.next.player("robo")->in());
}

TEST(Tournament, TheComputerIsNotAddedWhenBotsMayNotEnterOrItStarted) {
  Tournament t = create("t1", settings(Format::round_robin), 1000);
  EXPECT_EQ(refused(add_computer(t, "alice", {{"robo", 1500}}, 4)), Refusal::bots_not_allowed);
  Settings s = settings(Format::arena);
  s.bots = true;
  Tournament arena = with_players(s, 2);
  arena = changed(start(arena, "alice", 2000, ids())).next;
  EXPECT_EQ(refused(add_computer(arena, "alice", {{"robo", 1500}}, 4)), Refusal::started);
}

}  // namespace
}  // namespace bh::tournament
