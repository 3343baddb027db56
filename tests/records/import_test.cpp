// Records read back (records/import.hpp, tafl_csv.hpp): the real games of tests/data,
// refusals with their line and reason, and hostile files.
#include "records/import.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "records/tafl_csv.hpp"
#include "rules/registry.hpp"
#include "test_data.hpp"

namespace bh::records {
namespace {

TEST(Import, TheUssrChampionshipsGive208GamesAndOneRefusal) {
  int imported = 0;
  std::vector<std::string> refusals;
  for (const char* name : {"draughts/ussr1947.pdn", "draughts/abatsiev1965.pdn"}) {
    const std::string text = data_file(name);
    ASSERT_FALSE(text.empty()) << name;
    for (const auto& game : read_records(text, {"draughts"})) {  // as --import does for a .pdn file
      if (game.record) {
        ++imported;
        EXPECT_EQ(game.record->game, "draughts");
        EXPECT_FALSE(game.record->moves.empty());
        EXPECT_NE(game.record->outcome, Outcome::unknown);
      } else {
        refusals.push_back(std::string(name) + " " + game.refusal);
      }
    }
  }
  EXPECT_EQ(imported, 208) << (refusals.empty() ? std::string() : refusals.front());
  ASSERT_EQ(refusals.size(), 1u);
  EXPECT_EQ(refusals[0], "draughts/abatsiev1965.pdn line 587: the record has no moves (every move is written '-')");
}

TEST(Import, KeepsTagsAndPlayersAsWritten) {
  const auto games = read_records(data_file("draughts/abatsiev1965.pdn"), {"draughts"});
  ASSERT_TRUE(games.at(0).record);
  const Record& r = *games[0].record;
  EXPECT_EQ(r.first_player, "Абаулин В.");
  EXPECT_EQ(r.second_player, "Абациев Н.");
  EXPECT_EQ(r.outcome, Outcome::first_won);
  EXPECT_EQ(tag_or(r, "Opening", ""), "Новоленинградская защита");
  EXPECT_EQ(tag_or(r, "Result", "none"), "none");  // written from the outcome, never kept
  EXPECT_EQ(r.moves.at(7), "b6:d4");               // written b6xd4
  EXPECT_EQ(games[0].end.reason, rules::EndReason::resignation);
}

TEST(Import, RefusesAnIllegalMoveWithItsLine) {
  const auto games = read_records("[GameType \"25\"]\n[Result \"1-0\"]\n1. c3-d4 f6-g5\n2. d4-e6 1-0\n", {});
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].record);
  EXPECT_EQ(games[0].refusal.substr(0, 30), "line 4: move 2 (white) 'd4-e6'");
}

TEST(Import, RefusesWhatItCannotPlace) {
  auto refusal = [](const std::string& text, const ReadOptions& options = {}) {
    const auto games = read_records(text, options);
    return games.size() == 1 && !games[0].record ? games[0].refusal : std::string("not refused");
  };
  EXPECT_EQ(refusal("[Event \"x\"]\n1. c3-d4 1-0\n"),
            "line 1: the record names no game (no Game or GameType tag); give one with --game");
  EXPECT_EQ(refusal("1. c3-d4 *\n", {"draughts"}),
            "line 1: the record gives no result and the rules do not end the game");
  EXPECT_EQ(refusal("[GameType \"20\"]\n1. 32-28 1-0\n"), "line 1: GameType '20' is not Russian draughts (25)");
  EXPECT_NE(refusal("[Game \"copenhagen-x\"]\n1. a1-a2 1-0\n").find("unknown game 'copenhagen-x'"), std::string::npos);
  EXPECT_EQ(refusal("[GameType \"25\"]\n[FEN \"W:Wz9:B1\"]\n1. a1-b2 1-0\n"), "line 1: unreadable FEN tag 'W:Wz9:B1'");
  EXPECT_EQ(refusal("[GameType \"25\"]\n[Result \"1-0\"]\n"), "line 1: the record has no moves");
  EXPECT_NE(refusal("[GameType \"25\"]\n1. c3-d4 f6-g5 2. - 1-0\n").find("line 2: move 2 (white) '-' is not written"),
            std::string::npos);
  // The rules end the game one way and the record says another.
  EXPECT_NE(refusal("[GameType \"25\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3xe5 0-1\n").find("a win for white (no_pieces)"),
            std::string::npos);
  EXPECT_NE(refusal("[GameType \"25\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3xe5 b8-a7 1-0\n").find("follows the end"),
            std::string::npos);
  // Two king captures with the same ends that take different men: the ends do not say which.
  const std::string two_routes = "[GameType \"25\"]\n[FEN \"W:WKf8:Bd2,g7,d6,c3,a7,d4\"]\n1. f8xc1 *\n";
  EXPECT_NE(refusal(two_routes).find("'f8xc1' is ambiguous: it matches f8:h6:c1 f8:c5:e3:c1"), std::string::npos)
      << refusal(two_routes);
  EXPECT_NE(refusal("[Game \"seatafl\"]\n[Options \"size\"]\n1. a1-a2 1-0\n").find("bad Options tag"),
            std::string::npos);
}

TEST(Import, TheRulesOrTheRecordDecideTheEnd) {
  const auto won = read_records("[GameType \"25\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3xe5 *\n", {});
  ASSERT_TRUE(won.at(0).record) << won[0].refusal;
  EXPECT_EQ(won[0].record->outcome, Outcome::first_won);
  EXPECT_EQ(won[0].end, rules::Status::win(rules::Side::first, rules::EndReason::no_pieces));
  EXPECT_EQ(won[0].points, (rules::Points{1, 0}));
  const auto on_time = read_records("[GameType \"25\"]\n[Termination \"time\"]\n1. c3-d4 0-1\n", {});
  ASSERT_TRUE(on_time.at(0).record) << on_time[0].refusal;
  EXPECT_EQ(on_time[0].end, rules::Status::win(rules::Side::second, rules::EndReason::time));
  const auto odd = read_records("[GameType \"25\"]\n[Termination \"king_escaped\"]\n1. c3-d4 0-1\n", {});
  EXPECT_EQ(odd.at(0).end.reason, rules::EndReason::resignation);  // only what the rules did not decide
  const auto drawn = read_records("[GameType \"25\"]\n1. c3-d4 1/2-1/2\n", {});
  ASSERT_TRUE(drawn.at(0).record);
  EXPECT_EQ(drawn[0].end, rules::Status::draw(rules::EndReason::agreement));
}

TEST(Import, AWrittenMiddleSquareChoosesTheRoute) {
  const auto games = read_records("[GameType \"25\"]\n[FEN \"W:WKf8:Bd2,g7,d6,c3,a7,d4\"]\n1. f8xe3xc1 1-0\n", {});
  ASSERT_TRUE(games.at(0).record) << games[0].refusal;
  EXPECT_EQ(games[0].record->moves, std::vector<std::string>{"f8:c5:e3:c1"});
}

TEST(Import, NumberedPdnReads) {
  const auto games = read_records("[GameType \"25\"]\n1. 22-18 11-15 2. 18x11 8x15 1-0\n", {});
  ASSERT_TRUE(games.at(0).record) << games[0].refusal;
  EXPECT_EQ(games[0].record->moves, (std::vector<std::string>{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}));
}

TEST(Import, TaflCsvLines) {
  // Until a game is in the registry its lines are refused as such, never misread.
  const auto unknown = read_tafl_csv("a1-a2,0,0,Black\n", "no-such-tafl");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_NE(unknown[0].refusal.find("line 1: unknown game 'no-such-tafl'"), std::string::npos);
  // The same form with a game the registry has: tablut, attackers first.
  const auto games = read_tafl_csv(
      "d1-d2 e3-f3 timeout,0,0,Ongoing\r\n\n"
      "d1-d2,0,0,White\n"
      "d1-d2 timeout e3-f3,0,0,Black\n"
      "d1-d2xd3,0,0,Black\n"
      "garbage\n",
      "tablut");
  ASSERT_EQ(games.size(), 5u);
  ASSERT_TRUE(games[0].record) << games[0].refusal;
  EXPECT_EQ(games[0].end, rules::Status::win(rules::Side::second, rules::EndReason::time));
  EXPECT_EQ(games[0].record->outcome, Outcome::second_won);  // the attackers ran out of time
  ASSERT_TRUE(games[1].record) << games[1].refusal;
  EXPECT_EQ(games[1].line, 3);
  EXPECT_EQ(games[1].record->outcome, Outcome::second_won);
  EXPECT_EQ(games[2].refusal, "line 4: a move after 'timeout'");
  EXPECT_NE(games[3].refusal.find("line 5: move 1 (attackers) 'd1-d2xd3': 'd1-d2xd3': the rules capture nothing"),
            std::string::npos)
      << games[3].refusal;
  EXPECT_EQ(games[4].refusal, "line 6: expected moves,attacker_captures,defender_captures,result");
}

// Regression: 214 Copenhagen games of the site's records were refused because a capture
// written twice (`e7-k7xk6xk6`) did not match the one capture the rules make.
TEST(Import, ACaptureWrittenTwiceIsOneCapture) {
  const auto games = read_tafl_csv("d1-d2xd3xd3,0,0,Black\n", "tablut");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_NE(games[0].refusal.find("the rules capture nothing"), std::string::npos) << games[0].refusal;
  // A capture the rules make, marked twice: read as the move it is.
  const auto real = read_tafl_csv(data_file("tafl/copenhagen.csv"), "copenhagen");
  ASSERT_GE(real.size(), 7u);
  EXPECT_TRUE(real[6].record.has_value()) << real[6].refusal;  // line 7: e7-k7xk6xk6 at move 22
}

TEST(Import, BrandubhFileIsReadOnceTheGameExists) {
  const std::string text = data_file("tafl/brandubh.csv");
  ASSERT_FALSE(text.empty());
  const auto games = read_tafl_csv(text, "brandubh");
  EXPECT_EQ(games.size(), 525u);
  if (!rules::make_ruleset("brandubh").ok()) {
    for (const auto& g : games) EXPECT_NE(g.refusal.find("unknown game 'brandubh'"), std::string::npos) << g.refusal;
    GTEST_SKIP() << "brandubh is not in the registry yet: every line is refused as an unknown game";
  }
  int imported = 0;
  for (const auto& g : games) imported += g.record ? 1 : 0;
  EXPECT_GT(imported, 400);
}

// The site's records as a user imports them: every game whose moves the rules accept and
// whose end the record agrees with is read; the rest are refused, each for a reason that
// names its line. The same counts as tests/rules/tafl/real_games_test.cpp finds: the
// site went on past a threefold repetition in 11 Copenhagen and 5 Brandubh games, and
// the games with no result that the rules do not end are not games to archive (nor
// are the two Brandubh lines with no move at all).
TEST(Import, TheSitesRecordsAreReadExceptRepetitionsAndUnfinishedGames) {
  struct Expected {
    const char* game;
    std::size_t lines, read, repetition, no_result, no_moves;
  };
  for (const Expected e : {Expected{"copenhagen", 1752, 1710, 11, 31, 0}, Expected{"brandubh", 525, 513, 5, 5, 2}}) {
    const auto games = read_tafl_csv(data_file(std::string("tafl/") + e.game + ".csv"), e.game);
    ASSERT_EQ(games.size(), e.lines) << e.game;
    std::size_t read = 0, repetition = 0, no_result = 0, no_moves = 0;
    for (const auto& g : games) {
      if (g.record) {
        ++read;
      } else if (g.refusal.find("follows the end of the game (repetition)") != std::string::npos) {
        ++repetition;
      } else if (g.refusal.find("the record gives no result and the rules do not end the game") != std::string::npos) {
        ++no_result;
      } else if (g.refusal.ends_with("the record has no moves")) {
        ++no_moves;  // the two lines of brandubh.csv with nothing but a result
      } else {
        ADD_FAILURE() << e.game << ": " << g.refusal;
      }
    }
    EXPECT_EQ(read, e.read) << e.game;
    EXPECT_EQ(repetition, e.repetition) << e.game;
    EXPECT_EQ(no_result, e.no_result) << e.game;
    EXPECT_EQ(no_moves, e.no_moves) << e.game;
  }
}

TEST(Import, RandomTextNeverCrashesTheImport) {
  std::mt19937 random(7);
  const std::string alphabet = "[]{}()\"\\;$!?.-x:0123456789abcdefgh \n*GameTyp25FENW";
  for (int round = 0; round < 1000; ++round) {
    std::string text = round % 3 == 0 ? "[GameType \"25\"]\n" : "";
    const int length = static_cast<int>(random() % 120);
    for (int i = 0; i < length; ++i) text += alphabet[random() % alphabet.size()];
    for (const auto& game : read_records(text, {"draughts"}))
      EXPECT_TRUE(game.record.has_value() || game.refusal.starts_with("line ")) << game.refusal;
    for (const auto& game : read_tafl_csv(text, "tablut"))
      EXPECT_TRUE(game.record.has_value() || game.refusal.starts_with("line ")) << game.refusal;
  }
}

}  // namespace
}  // namespace bh::records
