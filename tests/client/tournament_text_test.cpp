// What the client shows of a tournament: its line in the list, the whole view (the
// standings with its format's tie-breaks, a round robin's crosstable, the current round),
// the brief lines of a change while it is followed, and a player's pairing.
#include "tournament_text.hpp"

#include <gtest/gtest.h>

namespace bh::cli {
namespace {

namespace srv = protocol::server;
using Lines = std::vector<std::string>;

constexpr std::int64_t kNow = 1'750'000'000'000;

srv::TournamentView base(const std::string& format) {
  srv::TournamentView v;
  v.tournament_id = "t1";
  v.name = "Spring cup";
  v.format = format;
  v.game = "tablut";
  v.clock = protocol::ClockMs{600'000, 5'000};
  v.rated = true;
  v.max_players = 10;
  v.creator = "alice";
  return v;
}

srv::TournamentStanding row(int rank, const std::string& player, double points, int played) {
  srv::TournamentStanding s;
  s.rank = rank;
  s.player = player;
  s.points = points;
  s.played = played;
  return s;
}

srv::TournamentGame game(int round, const std::string& id, const std::string& first, const std::string& second,
                         std::optional<std::string> result) {
  srv::TournamentGame g;
  g.round = round;
  g.game_id = id;
  g.first = first;
  g.second = second;
  g.result = std::move(result);
  return g;
}

// A single round robin of three after its first round (carol rested), in round 2.
srv::TournamentView round_robin_in_round_two() {
  auto v = base("round_robin");
  v.cycles = 1;
  v.status = "running";
  v.round = 2;
  v.rounds = 3;
  v.players = 3;
  for (const auto* name : {"alice", "bob", "carol"}) v.entrants.push_back({name, 1500, 1, false, false, std::nullopt});
  auto a = row(1, "alice", 1, 1), c = row(2, "carol", 0, 0), b = row(3, "bob", 0, 1);
  a.sonneborn_berger = 0;
  c.sonneborn_berger = 0;
  b.sonneborn_berger = 0;
  a.cells = Lines{"", "", "1"};
  c.cells = Lines{"", "", ""};
  b.cells = Lines{"0", "", ""};
  a.group = c.group = b.group = 1;
  v.standings = {a, c, b};
  v.games = {game(1, "g1", "alice", "bob", "first"), game(1, "", "carol", "", "bye"),
             game(2, "g2", "carol", "alice", std::nullopt)};  // bob rests: no game of the server's
  for (auto& g : v.games) g.group = 1;
  return v;
}

TEST(TournamentText, ResultsReadAsACrosstableWritesThem) {
  EXPECT_EQ(tournament_result_text(std::nullopt), "playing");
  EXPECT_EQ(tournament_result_text("first"), "1-0");
  EXPECT_EQ(tournament_result_text("second"), "0-1");
  EXPECT_EQ(tournament_result_text("draw"), "½-½");
  EXPECT_EQ(tournament_result_text("second_by_forfeit"), "0-1 (forfeit)");
  EXPECT_EQ(tournament_result_text("both_forfeited"), "0-0 (both forfeited)");
  EXPECT_EQ(tournament_result_text("bye"), "bye");
  EXPECT_EQ(format_label("round_robin"), "round robin");
  EXPECT_EQ(default_tournament_name("round_robin", "tablut", "10+5"), "Round robin tablut 10+5");
  EXPECT_EQ(default_tournament_name("swiss", "draughts", "3d"), "Swiss draughts 3d");
}

TEST(TournamentText, AListLineSaysTheSettingsThePlayersAndWhereItStands) {
  auto t = base("swiss");
  t.status = "upcoming";
  t.players = 3;
  t.max_players = 64;
  t.starts_ms = kNow + 2 * 3'600'000 + 5 * 60'000;
  EXPECT_EQ(tournament_list_line(t, kNow),
            "t1  Spring cup  (Swiss, tablut 10+5, rated)  3/64 players  starts in 2 h 5 min");
  t.starts_ms = 0;
  t.is_private = true;
  EXPECT_EQ(tournament_list_line(t, kNow),
            "t1  Spring cup  (Swiss, tablut 10+5, rated, private)  3/64 players  alice starts it");
  t.is_private = false;
  t.status = "running";
  t.round = 2;
  t.rounds = 5;
  EXPECT_EQ(tournament_list_line(t, kNow), "t1  Spring cup  (Swiss, tablut 10+5, rated)  3 players  round 2/5");
  t.status = "finished";
  t.winner = "bob";
  EXPECT_EQ(tournament_list_line(t, kNow), "t1  Spring cup  (Swiss, tablut 10+5, rated)  3 players  winner bob");
  t.winner.reset();
  EXPECT_EQ(tournament_progress(t, kNow), "no single winner");
  auto arena = base("arena");
  arena.status = "running";
  arena.round = 12;
  arena.duration_min = 60;
  arena.started_ms = kNow - 35 * 60'000;
  arena.correspondence.reset();
  EXPECT_EQ(tournament_progress(arena, kNow), "12 games, 25 min left");
  arena.started_ms = kNow - 61 * 60'000;
  EXPECT_EQ(tournament_progress(arena, kNow), "12 games, its last games being played");
  auto mail = base("round_robin");
  mail.clock.reset();
  mail.correspondence = protocol::Correspondence{};
  mail.correspondence->days_per_move = 3;
  mail.options.values["size"] = "11";
  mail.game = "seatafl";
  EXPECT_EQ(tournament_game_text(mail), "seatafl size=11 3d a move");
}

TEST(TournamentText, AnUpcomingTournamentListsItsPlayersAndItsCreatorSeesTheInvite) {
  auto v = base("swiss");
  v.status = "upcoming";
  v.rounds = 5;
  v.bye_points = 1;
  v.is_private = true;
  v.invite_code = "c0ffee12";
  v.players = 2;
  v.entrants = {{"alice", 1612, 0, false, false, std::nullopt}, {"bob", 0, 0, false, false, std::nullopt}};
  EXPECT_EQ(
      tournament_lines(v, kNow),
      (Lines{"Tournament Spring cup (t1)", "  tablut 10+5, Swiss, 5 rounds, a bye scores 1, rated, private, by alice",
             "Upcoming: 2 of at most 10 players; alice starts it (start-tournament t1).",
             "Private: players join with  join-tournament t1 c0ffee12", "Players: alice 1612, bob"}));
  v.entrants.clear();
  v.players = 0;
  v.invite_code.reset();
  v.starts_ms = kNow + 40 * 60'000;
  const auto lines = tournament_lines(v, kNow);
  EXPECT_EQ(lines[2], "Upcoming: 0 of at most 10 players; starts in 40 min.");
  EXPECT_EQ(lines.back(), "No players yet: join-tournament t1");
}

TEST(TournamentText, TheComputerItsCreatorAddedIsListedWithItsLevelAndTheOperatorsAsRunByTheServer) {
  auto v = base("round_robin");
  v.status = "upcoming";
  v.creator = "";
  v.players = 3;
  v.entrants = {{"alice", 1612, 0, false, false, std::nullopt},
                {"computer", 1500, 0, false, true, 3},
                {"robo", 1400, 0, false, true, std::nullopt}};
  const auto lines = tournament_lines(v, kNow);
  EXPECT_NE(lines[1].find("run by this server"), std::string::npos) << lines[1];
  EXPECT_EQ(lines.back(), "Players: alice 1612, computer 1500 (bot, level 3), robo 1400 (bot)");
}

TEST(TournamentText, ARoundRobinShowsSonnebornBergerTheCrosstableAndTheRoundBeingPlayed) {
  EXPECT_EQ(tournament_lines(round_robin_in_round_two(), kNow),
            (Lines{"Tournament Spring cup (t1)",  //
                   "  tablut 10+5, round robin, rated, by alice", "Running: 3 players, round 2/3.",
                   "Standings:", "   #  player  points  SB  games  1  2  3", "   1  alice        1   0      1  x  .  1",
                   "   2  carol        0   0      0  .  x  .", "   3  bob          0   0      1  0  .  x",
                   "Round 2:", "   carol  -  alice  playing  -> watch g2", "   bob              bye"}));
}

TEST(TournamentText, ASwissShowsBuchholzAndItsMedianAndMarksAWithdrawnPlayer) {
  auto v = base("swiss");
  v.status = "finished";
  v.rounds = 2;
  v.round = 2;
  v.players = 2;
  v.winner = "bob";
  v.entrants = {{"bob", 1500, 0, false, false, std::nullopt}, {"dave", 1500, 0, true, false, std::nullopt}};
  auto b = row(1, "bob", 2, 2), d = row(2, "dave", 0.5, 2);
  b.buchholz = 0.5;
  b.median_buchholz = 0;
  d.buchholz = 2;
  d.median_buchholz = 1.5;
  v.standings = {b, d};
  const auto lines = tournament_lines(v, kNow);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[2], "Finished: winner bob (2 players).");
  EXPECT_EQ(lines[3], "Standings:");
  EXPECT_EQ(lines[4], "   #  player            points  Buch  Med  games");
  EXPECT_EQ(lines[5], "   1  bob                    2   0.5    0      2");
  EXPECT_EQ(lines[6], "   2  dave (withdrawn)     0.5     2  1.5      2");
}

TEST(TournamentText, AnArenaShowsEachGamesPointsTheStreakAndTheGamesBeingPlayed) {
  auto v = base("arena");
  v.clock = protocol::ClockMs{180'000, 2'000};
  v.status = "running";
  v.duration_min = 30;
  v.started_ms = kNow - 10 * 60'000;
  v.round = 3;
  v.players = 3;
  auto a = row(1, "alice", 8, 3), b = row(2, "bob", 2, 2);
  a.sheet = std::vector<int>{2, 2, 4};
  a.on_fire = true;
  b.sheet = std::vector<int>{2, 0};
  b.on_fire = false;
  v.standings = {a, b};
  v.games = {game(1, "g1", "alice", "bob", "first"), game(3, "g3", "bob", "carol", std::nullopt)};
  EXPECT_EQ(tournament_lines(v, kNow),
            (Lines{"Tournament Spring cup (t1)", "  tablut 3+2, arena, 30 min, rated, by alice",
                   "Running: 3 players, 3 games, 20 min left.", "Standings:",
                   "   #  player  points  games  points each game", "   1  alice        8      3  2 2 4 *",
                   "   2  bob          2      2  2 0", "Playing now:", "   bob  -  carol  playing  -> watch g3"}));
}

TEST(TournamentText, ChangesAreBriefAJoinAStartItsPairingsAResultAndTheRowsThatMoved) {
  auto before = base("round_robin");
  before.status = "upcoming";
  before.entrants = {{"alice", 1500, 0, false, false, std::nullopt}};
  before.players = 1;
  auto joined = before;
  joined.entrants.push_back({"bob", 1500, 0, false, false, std::nullopt});
  joined.entrants.push_back({"carol", 1500, 0, false, false, std::nullopt});
  joined.players = 3;
  EXPECT_EQ(tournament_changes(before, joined), Lines{"Spring cup: bob and carol joined (3 players)."});
  EXPECT_TRUE(tournament_changes(joined, joined).empty());

  // The start: round 1 paired, nobody has points yet.
  auto started = joined;
  started.status = "running";
  started.round = 1;
  started.rounds = 3;
  started.games = {game(1, "g1", "alice", "bob", std::nullopt), game(1, "", "carol", "", "bye")};
  for (const auto* p : {"alice", "bob", "carol"}) started.standings.push_back(row(1, p, 0, 0));
  EXPECT_EQ(tournament_changes(joined, started),
            (Lines{"Spring cup started: 3 players.", "Spring cup, round 1 of 3: alice - bob, carol (bye)."}));

  // alice wins: her result, and the rows that moved.
  auto decided = started;
  decided.games[0].result = "first";
  decided.standings = {row(1, "alice", 1, 1), row(2, "bob", 0, 1), row(2, "carol", 0, 0)};
  EXPECT_EQ(tournament_changes(started, decided),
            (Lines{"Spring cup, round 1: alice 1-0 bob.", "Standings: 1. alice 1, 2. bob 0, 2. carol 0"}));

  // carol withdraws.
  auto left = decided;
  left.entrants[2].withdrawn = true;
  left.players = 2;
  EXPECT_EQ(tournament_changes(decided, left), Lines{"Spring cup: carol withdrew (2 players)."});
}

TEST(TournamentText, APairingNamesTheRoundTheOpponentTheSideAndTheGame) {
  srv::TournamentPaired p{"t1", "Spring cup", 2, "g9", "bob", "second"};
  EXPECT_EQ(paired_line(p, "defenders", false),
            "Tournament Spring cup, round 2: you play bob with the defenders (game g9)");
  EXPECT_EQ(paired_line(p, "black", false), "Tournament Spring cup, round 2: you play bob with black (game g9)");
  EXPECT_EQ(paired_line(p, "", false), "Tournament Spring cup, round 2: you play bob with the second side (game g9)");
  EXPECT_EQ(paired_line(p, "black", true), "Tournament Spring cup: you play bob with black (game g9)");
}

}  // namespace
}  // namespace bh::cli
