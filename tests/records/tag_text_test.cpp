// The tag-pair reader and writer (records/tag_text.hpp): PDN's syntax with its quirks,
// and hostile text that must give faults, never a crash.
#include "records/tag_text.hpp"

#include <gtest/gtest.h>

#include <random>

namespace bh::records {
namespace {

std::vector<std::string> texts(const RawGame& g) {
  std::vector<std::string> out;
  for (const auto& t : g.moves) out.push_back(t.text);
  return out;
}

TEST(TagText, ReadsTagsMovesCommentsVariationsAndResults) {
  const auto games = read_tag_pairs(
      "\xEF\xBB\xBF[Event  \"A \\\"B\\\"\"]\r\n[Result \"1-0\"]\r\n\r\n1. c3-d4 {a comment} f6-g5! 2.d4-e5 $1 d6xf4 "
      "3. g3xe5 1-0\r\n% a line comment\n[Event \"B\"]\n1. c3-b4 (1. a3-b4 {x} b6-a5) 1... b6-a5 ; rest\n 1/2-1/2\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].line, 1);
  EXPECT_EQ(*find_tag(games[0].tags, "Event"), "A \"B\"");
  EXPECT_EQ(texts(games[0]), (std::vector<std::string>{"c3-d4", "f6-g5", "d4-e5", "d6xf4", "g3xe5"}));
  EXPECT_EQ(games[0].moves[0].line, 4);
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(games[1].line, 6);
  EXPECT_EQ(texts(games[1]), (std::vector<std::string>{"c3-b4", "b6-a5"}));
  EXPECT_EQ(games[1].result, "1/2-1/2");
  EXPECT_TRUE(games[1].error.empty());
}

TEST(TagText, PaddedTagsAndGamesWithoutAResultToken) {
  const auto games = read_tag_pairs("[White       \"X\"]\n1. - - 2. - -\n[White \"Y\"]\n1. c3-d4\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(*find_tag(games[0].tags, "White"), "X");
  EXPECT_EQ(texts(games[0]), (std::vector<std::string>{"-", "-", "-", "-"}));
  EXPECT_EQ(games[1].result, "");
}

TEST(TagText, FaultsAreNamedWithTheirLine) {
  EXPECT_EQ(read_tag_pairs("[Event \"A\"]\n1. c3-d4 {never closed\n").at(0).error,
            "line 2: a comment '{' is never closed");
  EXPECT_EQ(read_tag_pairs("\n[Event A]\n1. c3-d4\n").at(0).error, "line 2: a tag is not of the form [Name \"value\"]");
  EXPECT_EQ(read_tag_pairs("[Event \"A\"]\n\n1. c3-d4 (b6-a5\n").at(0).error,
            "line 3: a variation '(' is never closed");
  EXPECT_EQ(read_tag_pairs("[Event \"unterminated").at(0).error.substr(0, 7), "line 1:");
}

TEST(TagText, TagPairEscapesWhatItMust) {
  EXPECT_EQ(tag_pair("White", "a \"b\" \\ c\nd"), "[White \"a \\\"b\\\" \\\\ c d\"]\n");
  const auto back = read_tag_pairs(tag_pair("White", "a \"b\" \\ c") + "1. c3-d4 *");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(*find_tag(back[0].tags, "White"), "a \"b\" \\ c");
}

TEST(TagText, RandomBytesNeverCrashTheReader) {
  std::mt19937 random(17);
  const std::string alphabet = "[]{}()\"\\;%$!?.-x:0123456789abc \n\r\t*/";
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const int length = static_cast<int>(random() % 200);
    for (int i = 0; i < length; ++i)
      text += round % 2 == 0 ? alphabet[random() % alphabet.size()] : static_cast<char>(random() % 256);
    for (const auto& game : read_tag_pairs(text)) {
      EXPECT_GE(game.line, 1);
      for (const auto& move : game.moves) EXPECT_FALSE(move.text.empty());
    }
  }
}

}  // namespace
}  // namespace bh::records
