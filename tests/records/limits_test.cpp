// Hostile record files (issue 26, points 5 and 6): the limits of what one line and one
// game may hold, the file read as a stream, and names cleaned of control characters.
#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>

#include "records/export.hpp"
#include "records/import.hpp"
#include "records/line_reader.hpp"
#include "records/tafl_csv.hpp"
#include "records/tag_text.hpp"

namespace bh::records {
namespace {

const std::string kGame = "[GameType \"25\"]\n[White \"alice\"]\n[Black \"bob\"]\n1. c3-d4 f6-g5 1-0\n";

// A stream of `size` bytes of `fill` that never holds them: memory stays one buffer.
class Endless : public std::streambuf {
 public:
  Endless(std::size_t size, char fill, std::string tail) : left_(size), fill_(fill), tail_(std::move(tail)) {
    block_.assign(4096, fill_);
  }
  std::size_t delivered() const { return delivered_; }

 protected:
  int_type underflow() override {
    if (left_ > 0) {
      const std::size_t n = std::min(left_, block_.size());
      left_ -= n;
      delivered_ += n;
      setg(block_.data(), block_.data(), block_.data() + n);
      return traits_type::to_int_type(block_[0]);
    }
    if (!tail_done_) {
      tail_done_ = true;
      if (!tail_.empty()) {
        setg(tail_.data(), tail_.data(), tail_.data() + tail_.size());
        return traits_type::to_int_type(tail_[0]);
      }
    }
    return traits_type::eof();
  }

 private:
  std::size_t left_;
  char fill_;
  std::string tail_, block_;
  bool tail_done_ = false;
  std::size_t delivered_ = 0;
};

TEST(ReadLimits, ALineLongerThanTheLimitIsSkippedUnreadAndTheNextIsRead) {
  std::istringstream in(std::string(100, 'x') + "\nshort\r\n" + std::string(10, 'y'));
  LineReader lines(in, 16);
  auto first = lines.next();
  ASSERT_TRUE(first);
  EXPECT_TRUE(first->too_long);
  EXPECT_EQ(first->number, 1);
  auto second = lines.next();
  ASSERT_TRUE(second);
  EXPECT_FALSE(second->too_long);
  EXPECT_EQ(second->text, "short");
  auto third = lines.next();
  ASSERT_TRUE(third);
  EXPECT_EQ(third->text, std::string(10, 'y'));
  EXPECT_FALSE(lines.next());
  EXPECT_FALSE(lines.failed());
}

TEST(ReadLimits, ALineOfExactlyTheLimitIsRead) {
  std::istringstream in(std::string(16, 'x') + "\r\n" + std::string(17, 'x') + "\n");
  LineReader lines(in, 16);
  EXPECT_EQ(lines.next()->text.size(), 16u);
  EXPECT_TRUE(lines.next()->too_long);
  EXPECT_FALSE(lines.next());
}

TEST(ReadLimits, A100MegabyteLineRefusesItsGameAndTheNextGameIsRead) {
  // The one-line file: 100 MB in a [White] tag. Read through a stream that never
  // holds it, so the test also shows the reader keeps no more than one line's buffer.
  Endless source(100u << 20, 'a', "\"]\n[Black \"b\"]\n1. c3-d4 1-0\n" + kGame);
  std::istream in(&source);
  std::vector<RawGame> games;
  ASSERT_TRUE(read_tag_pairs(in, {}, [&](RawGame g) { games.push_back(std::move(g)); }));
  EXPECT_EQ(source.delivered(), 100u << 20);
  ASSERT_EQ(games.size(), 2u);
  // The game the line was in goes on to its end (here its result), without the line.
  EXPECT_EQ(games[0].error, "line 1: the line is longer than 65536 bytes (not read)");
  EXPECT_EQ(games[0].tags.size(), 1u);
  EXPECT_TRUE(games[1].error.empty());
  EXPECT_EQ(*find_tag(games[1].tags, "White"), "alice");
}

TEST(ReadLimits, TooManyTagsALongTagNameOrValueRefuseTheGame) {
  ReadLimits limits;
  std::string many;
  for (int i = 0; i < 100000; ++i) many += "[T" + std::to_string(i) + " \"v\"]\n";
  auto games = read_tag_pairs(many + "1. c3-d4 *\n" + kGame, limits);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].error, "line 65: the game has more than 64 tags");
  EXPECT_EQ(games[0].tags.size(), 64u);
  EXPECT_TRUE(games[1].error.empty());

  limits.line_bytes = 4 << 20;  // so that the tag itself, not its line, is too long
  games = read_tag_pairs("[" + std::string(1 << 20, 'N') + " \"v\"]\n1. c3-d4 *\n", limits);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].error, "line 1: a tag name is longer than 64 bytes");
  EXPECT_TRUE(games[0].tags.empty());

  games = read_tag_pairs("[White \"" + std::string(1025, 'w') + "\"]\n1. c3-d4 *\n", limits);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].error, "line 1: the value of the tag White is longer than 1024 bytes");
  games = read_tag_pairs("[White \"" + std::string(1024, 'w') + "\"]\n1. c3-d4 *\n", limits);
  EXPECT_TRUE(games.at(0).error.empty());
}

TEST(ReadLimits, TooManyMovesRefuseTheGame) {
  ReadLimits limits;
  limits.moves = 3;
  auto games = read_tag_pairs("[White \"a\"]\n1. c3-d4 f6-g5\n2. d4-e5 g5-h4 *\n", limits);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].error, "line 3: the game has more than 3 moves");
  EXPECT_EQ(games[0].moves.size(), 3u);

  const auto csv = read_tafl_csv("e1-e2 e2-e1 e1-e2 e2-e1,0,0,Black\n", "tablut", limits);
  ASSERT_EQ(csv.size(), 1u);
  EXPECT_EQ(csv[0].refusal, "line 1: the game has more than 3 moves");
}

TEST(ReadLimits, ATaflListLineLongerThanTheLimitIsRefusedAndTheNextIsRead) {
  ReadLimits limits;
  limits.line_bytes = 1024;
  const auto games = read_tafl_csv(std::string(5000, 'x') + ",0,0,Black\n\n" + "d1-d2,0,0,Ongoing\n", "tablut", limits);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].refusal, "line 1: the line is longer than 1024 bytes (not read)");
  EXPECT_EQ(games[1].line, 3);
}

TEST(ReadLimits, APlayersNameLongerThanTheLimitRefusesTheGame) {
  ReadOptions options;
  options.limits.name_chars = 5;
  auto games = read_records("[GameType \"25\"]\n[White \"Абвгде\"]\n1. c3-d4 1-0\n", options);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].record);
  EXPECT_EQ(games[0].refusal, "line 1: a player's name is longer than 5 characters");
  EXPECT_EQ(games[0].title, "Абвгде - ");
  games = read_records("[GameType \"25\"]\n[White \"Абвгд\"]\n1. c3-d4 1-0\n", options);
  ASSERT_TRUE(games.at(0).record) << games[0].refusal;
  EXPECT_EQ(games[0].record->first_player, "Абвгд");
}

TEST(ReadLimits, ControlCharactersInNamesAndTagsAreRemovedOnImport) {
  // BEL, ESC[2J, U+202E (RIGHT-TO-LEFT OVERRIDE), a C1 CSI and a tab.
  const auto games = read_records(
      "[GameType \"25\"]\n[White \"al\aice\x1b[2J\"]\n[Black \"\xE2\x80\xAE"
      "bob\xC2\x9B\"]\n[Event \"a\tb\x7f\"]\n1. c3-d4 1-0\n",
      {});
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].record) << games[0].refusal;
  EXPECT_EQ(games[0].record->first_player, "alice[2J");
  EXPECT_EQ(games[0].record->second_player, "bob");
  EXPECT_EQ(tag_or(*games[0].record, "Event", ""), "a b");
  EXPECT_EQ(games[0].title, "alice[2J - bob");
}

TEST(ReadLimits, ExportWritesNoControlCharacterOfANameStoredBefore) {
  Record record;
  record.game = "draughts";
  record.first_player = "al\aice\x1b[2J";
  record.second_player =
      "\xE2\x80\xAE"
      "bob";
  record.outcome = Outcome::first_won;
  record.moves = {"c3-d4"};
  record.tags = {{"Event", "x\x1b]0;title\a"}};
  const auto text = format_record(record);
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_NE(text->find("[White \"alice[2J\"]"), std::string::npos) << *text;
  EXPECT_NE(text->find("[Black \"bob\"]"), std::string::npos) << *text;
  EXPECT_NE(text->find("[Event \"x]0;title\"]"), std::string::npos) << *text;
  for (const char c : *text) EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << int(c);
  EXPECT_EQ(text->find("\xE2\x80\xAE"), std::string::npos);
}

}  // namespace
}  // namespace bh::records
