// Square names and move text, shared by every game.
#include <gtest/gtest.h>

#include "rules/notation.hpp"

namespace bh::rules {
namespace {

constexpr Geometry nine{9, 9};
constexpr Geometry eleven{11, 11};

TEST(Notation, SquareNames) {
  EXPECT_EQ(square_name(nine.at(0, 0), nine), "a1");
  EXPECT_EQ(square_name(nine.at(8, 8), nine), "i9");
  EXPECT_EQ(square_name(eleven.at(10, 10), eleven), "k11");
  EXPECT_EQ(parse_square("k11", eleven), eleven.at(10, 10));
  EXPECT_EQ(parse_square("e5", nine), nine.at(4, 4));
}

TEST(Notation, SquaresOffTheBoardAreRefused) {
  for (const char* bad : {"j1", "a10", "a0", "a", "", "A1", "a01", "a1x", "11"})
    EXPECT_FALSE(parse_square(bad, nine).has_value()) << bad;
}

TEST(Notation, RoundTripsEveryMoveShape) {
  for (const char* text : {"e1-e3", "c3:e5:g3", "huff b2 c2-c3", "huff a1 a1:c3:e5"}) {
    auto m = parse_move_text(text, nine);
    ASSERT_TRUE(m.ok()) << text << ": " << m.error().message;
    EXPECT_EQ(move_text(*m, nine), text);
  }
}

TEST(Notation, MalformedMovesAreBadMoveText) {
  for (const char* bad : {"", "e1", "e1-", "-e3", "e1-e3-e5", "e1-e3:e5", "e1 e3", "z9-a1", "huff", "huff b2",
                          "huff zz c2-c3", "e1--e3", "e1-e3 "}) {
    auto m = parse_move_text(bad, nine);
    ASSERT_FALSE(m.ok()) << "'" << bad << "'";
    EXPECT_EQ(m.error().code, Errc::bad_move_text) << bad;
  }
}

TEST(Notation, OverlongMoveTextIsRefused) {
  std::string text = "a1";
  for (int i = 0; i < 40; ++i) text += ":a1";
  EXPECT_FALSE(parse_move_text(text, nine).ok());
}

}  // namespace
}  // namespace bh::rules
