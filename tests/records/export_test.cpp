// Records as text (records/export.hpp, move_text.hpp): the PDN of a draughts game
// exactly, each family's move text, and what cannot be written.
#include "records/export.hpp"

#include <gtest/gtest.h>

#include "records/draughts_squares.hpp"
#include "records/import.hpp"

namespace bh::records {
namespace {

Record draughts_game() {
  Record r;
  r.game = "draughts";
  r.first_player = "alice";
  r.second_player = "bob";
  r.outcome = Outcome::first_won;
  r.tags = {{"Event", "Boardhall"}, {"Site", "play.example.org"}, {"Date", "2026.11.26"}, {"Opening", "x"}};
  r.moves = {"c3-d4", "f6-e5", "d4:f6", "g7:e5"};
  return r;
}

TEST(Export, DraughtsAsPdn) {
  const auto text = format_record(draughts_game());
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_EQ(*text,
            "[Event \"Boardhall\"]\n[Site \"play.example.org\"]\n[Date \"2026.11.26\"]\n[Round \"-\"]\n"
            "[White \"alice\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n[GameType \"25\"]\n[Opening \"x\"]\n\n"
            "1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-0\n\n");
}

TEST(Export, DraughtsFromASetUpPositionAndLongCaptures) {
  Record r;
  r.game = "draughts";
  r.start_position = "B:Wa1:Bh8";  // black to move: the movetext starts "1..."
  r.moves = {"h8-g7", "a1-b2"};
  auto text = format_record(r);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("[SetUp \"1\"]\n[FEN \"B:W29:B4\"]\n"), std::string::npos) << *text;
  EXPECT_NE(text->find("\n1... h8-g7 2. a1-b2 *\n"), std::string::npos) << *text;
  EXPECT_NE(text->find("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]"), std::string::npos);
  // e3 goes round the four men either way: the ends alone would not say which.
  r.start_position = "W:We3:Bd4,d6,f4,f6,h8";
  r.moves = {"e3:c5:e7:g5:e3"};
  text = format_record(r);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("\n1. e3xc5xe7xg5xe3 *\n"), std::string::npos) << *text;
  // A king's two routes from f8 to c1 take different men: written by every landing square.
  r.start_position = "W:WKf8:Bd2,g7,d6,c3,a7,d4";
  r.moves = {"f8:h6:c1"};
  text = format_record(r);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("\n1. f8xh6xc1 *\n"), std::string::npos) << *text;
}

TEST(Export, NumberedSquaresAndFen) {
  EXPECT_EQ(numbered_square(1), numbered_square(1));
  EXPECT_EQ(fen_to_position_text("W:W21,22:B1,K5."), "W:Wa3,c3:Bb8,Ka7");
  EXPECT_EQ(position_text_to_fen("W:Wa3,c3:Bb8,Ka7"), "W:W21,22:B1,K5");
  EXPECT_EQ(fen_to_position_text("W:W33:B1"), std::nullopt);
  EXPECT_EQ(fen_to_position_text("X"), std::nullopt);
  EXPECT_EQ(fen_to_position_text("W:Wa3"), std::nullopt);
}

TEST(Export, TaflAndAlquerqueInTheSameForm) {
  Record r;
  r.game = "tablut";
  r.first_player = "ann";
  r.second_player = "ben";
  r.outcome = Outcome::draw;
  r.moves = {"d1-d3"};
  auto text = format_record(r);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("[Attackers \"ann\"]\n[Defenders \"ben\"]\n[Result \"1/2-1/2\"]\n[Game \"tablut\"]\n"),
            std::string::npos)
      << *text;
  EXPECT_NE(text->find("\n1. d1-d3 1/2-1/2\n"), std::string::npos) << *text;
  r.game = "seatafl";
  r.options = {{"size", "11"}};
  r.moves = {};
  text = format_record(r);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("[Game \"seatafl\"]\n[Options \"size=11\"]\n"), std::string::npos) << *text;
  Record a;
  a.game = "alquerque";
  a.moves = {"c2-c3"};
  text = format_record(a);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("[White \"\"]\n[Black \"\"]\n[Result \"*\"]\n[Game \"alquerque\"]\n"), std::string::npos);
}

TEST(Export, RefusesWhatItCannotWrite) {
  Record r = draughts_game();
  r.game = "copenhagen-not-a-game";
  EXPECT_EQ(format_record(r).error().code, rules::Errc::unknown_game);
  r = draughts_game();
  r.moves.push_back("a1-a2");
  EXPECT_NE(format_record(r).error().message.find("move 5 'a1-a2'"), std::string::npos);
  r = draughts_game();
  r.start_position = "nonsense";
  EXPECT_EQ(format_record(r).error().code, rules::Errc::bad_position);
  EXPECT_EQ(record_extension("draughts"), "pdn");
  EXPECT_EQ(record_extension("tablut"), "txt");
}

TEST(Export, LongMovetextIsWrappedAndReadsBack) {
  Record r;
  r.game = "tablut";
  r.outcome = Outcome::draw;
  r.moves = {"d1-d2", "e3-f3", "d2-d1", "f3-e3", "a4-b4", "e4-f4", "b4-c4", "f4-g4", "c4-c3", "g4-g3"};
  const auto text = format_record(r);
  ASSERT_TRUE(text.ok()) << text.error().message;
  const auto back = read_records(*text, {});
  ASSERT_EQ(back.size(), 1u);
  ASSERT_TRUE(back[0].record) << back[0].refusal;
  EXPECT_EQ(back[0].record->moves, r.moves);
}

}  // namespace
}  // namespace bh::records
