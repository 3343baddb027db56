// Issue 17, item 7: every game of the test data, imported, exported and imported
// again, comes back with the same moves (and the same content key, so importing an
// export adds nothing). Random games of every game in the registry do the same.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>
#include <sstream>

#include "records/export.hpp"
#include "records/import.hpp"
#include "records/tafl_csv.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"
#include "test_data.hpp"

namespace bh::records {
namespace {

// Exports `game`'s record and reads it back; "" when it comes back the same.
std::string round_trip(const ReadGame& game) {
  const auto text = format_record(*game.record);
  if (!text) return "export failed: " + text.error().message;
  const auto back = read_records(*text, {});
  if (back.size() != 1) return "read " + std::to_string(back.size()) + " games back from:\n" + *text;
  if (!back[0].record) return "refused on the way back: " + back[0].refusal + "\n" + *text;
  if (back[0].record->moves != game.record->moves) return "other moves:\n" + *text;
  if (content_key(*back[0].record) != content_key(*game.record)) return "another content key:\n" + *text;
  if (back[0].end != game.end)
    return "another end: " + std::string(rules::to_string(back[0].end.reason)) + " instead of " +
           std::string(rules::to_string(game.end.reason)) + "\n" + *text;
  // Event, Site, Date and Round come first on the way out: the same tags, maybe reordered.
  auto a = back[0].record->tags, b = game.record->tags;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (a != b) return "other tags:\n" + *text;
  return "";
}

// The PDN 3.0 grammar's tokens (the standard's "PDN Grammars" page): tag pairs
// `[IDENTIFIER STRING]`, move numbers `[0-9]+\.(\.\.)?`, a normal move
// `Square - Square`, a capture `Square (x Square)+` with alpha squares `[a-h][1-8]`, and
// the game's result. "" when `text` keeps to them, else the first line or token that does not.
std::string outside_pdn_grammar(const std::string& text) {
  static const std::regex tag(R"re(\[[A-Z][a-zA-Z0-9_]* "([^"\\]|\\.)*"\])re");
  static const std::regex token(R"re([0-9]+\.(\.\.)?|[a-h][1-8](-[a-h][1-8]|(x[a-h][1-8])+)|1-0|0-1|1/2-1/2|\*)re");
  std::istringstream lines(text);
  std::string line;
  bool movetext = false;
  while (std::getline(lines, line)) {
    if (line.empty()) {
      movetext = true;
      continue;
    }
    if (!movetext) {
      if (!std::regex_match(line, tag)) return "tag line: " + line;
      continue;
    }
    std::istringstream words(line);
    std::string word;
    while (words >> word)
      if (!std::regex_match(word, token)) return "movetext token: " + word;
  }
  return "";
}

TEST(RoundTrip, TheGrammarCheckRefusesWhatIsNotPdn) {
  EXPECT_EQ(outside_pdn_grammar("[Event \"a \\\"b\\\"\"]\n\n1. c3-d4 f6-g5 2. d4xf6 g7xe5xc3 1-0\n"), "");
  EXPECT_EQ(outside_pdn_grammar("[event \"x\"]\n\n1. c3-d4 *\n"), "tag line: [event \"x\"]");
  EXPECT_EQ(outside_pdn_grammar("[Event \"x\"]\n\n1. c3:d4 *\n"), "movetext token: c3:d4");
  EXPECT_EQ(outside_pdn_grammar("[Event \"x\"]\n\n1. c3-d4xe5 *\n"), "movetext token: c3-d4xe5");
}

TEST(RoundTrip, EveryDraughtsGameOfTheTestData) {
  int checked = 0;
  for (const char* name : {"draughts/ussr1947.pdn", "draughts/abatsiev1965.pdn"}) {
    for (const auto& game : read_records(data_file(name), {"draughts"})) {
      if (!game.record) continue;
      EXPECT_EQ(round_trip(game), "") << name << " line " << game.line;
      EXPECT_EQ(outside_pdn_grammar(format_record(*game.record).value()), "") << name << " line " << game.line;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 208);
}

TEST(RoundTrip, EveryTaflGameOfTheTestData) {
  if (!rules::make_ruleset("brandubh").ok()) GTEST_SKIP() << "brandubh is not in the registry yet";
  for (const std::string game_id : {"brandubh", "copenhagen"}) {
    int checked = 0;
    for (const auto& game : read_tafl_csv(data_file("tafl/" + game_id + ".csv"), game_id)) {
      if (!game.record) continue;
      EXPECT_EQ(round_trip(game), "") << game_id << ".csv line " << game.line;
      ++checked;
    }
    EXPECT_GT(checked, game_id == "brandubh" ? 500 : 1700) << game_id;
  }
}

// Random legal games of every game of the registry (and its options), through export
// and import: captures, huffs, long king captures and all.
TEST(RoundTrip, RandomGamesOfEveryGame) {
  std::mt19937 random(2026);
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> games = {
      {"tavlei", {}},   {"tablut", {}},    {"seatafl", {}},    {"seatafl", {{"size", "11"}}},
      {"draughts", {}}, {"alquerque", {}}, {"copenhagen", {}}, {"brandubh", {}}};
  std::map<std::string, std::string> written;  // every record text, by game
  for (const auto& [id, options] : games) {
    auto made = rules::make_ruleset(id, rules::OptionText(options.begin(), options.end()));
    if (!made) continue;  // a variant not in the registry yet
    for (int round = 0; round < 30; ++round) {
      rules::GameState state(*made);
      Record record;
      record.game = id;
      record.options = options;
      record.first_player = "p" + std::to_string(round);
      record.second_player = "q";
      while (!state.status().over() && state.ply() < 200) {
        const auto legal = state.legal_moves();
        const auto& m = legal[random() % legal.size()];
        record.moves.push_back(state.rules().move_text(m));
        state.play(m);
      }
      const auto s = state.status();
      record.outcome = !s.over()                             ? Outcome::draw
                       : s.kind == rules::Status::Kind::draw ? Outcome::draw
                       : s.winner == rules::Side::first      ? Outcome::first_won
                                                             : Outcome::second_won;
      ReadGame game;
      game.record = record;
      game.end = s.over() ? s : rules::Status::draw(rules::EndReason::agreement);
      EXPECT_EQ(round_trip(game), "") << id << " game " << round;
      written[id] += format_record(record).value();
    }
  }
  // The games did what the move texts are for: tafl and draughts captures, huffs.
  EXPECT_NE(written["tablut"].find("x"), std::string::npos);
  EXPECT_NE(written["draughts"].find("x"), std::string::npos);
  EXPECT_NE(written["alquerque"].find("huff="), std::string::npos);
}

}  // namespace
}  // namespace bh::records
