// RULES.md 1.5: position strings and move texts, good and bad.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace bh::rules::tafl_test {
namespace {

void expect_bad_position(const Ruleset& r, const std::string& text, const std::string& why) {
  auto p = r.parse_position(text);
  ASSERT_FALSE(p.ok()) << text;
  EXPECT_EQ(p.error().code, Errc::bad_position) << text;
  EXPECT_NE(p.error().message.find(why), std::string::npos) << text << " -> " << p.error().message;
}

TEST(TaflNotation, StartStringsRoundTrip) {
  for (const char* id : {"tavlei", "tablut", "seatafl"}) {
    const auto r = rules(id);
    const std::string s = r->position_text(r->start());
    EXPECT_EQ(s, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a") << id;
    EXPECT_EQ(r->position_text(parse(*r, s)), s);
    EXPECT_TRUE(parse(*r, s) == r->start());
    EXPECT_EQ(r->to_move(r->start()), Side::first);  // attackers move first
    EXPECT_EQ(r->side_name(Side::first), "attackers");
    EXPECT_EQ(r->side_name(Side::second), "defenders");
  }
}

TEST(TaflNotation, MultiDigitRunsOnElevenByEleven) {
  const auto r = rules("seatafl", {{"size", 11}});
  const std::string s = "11/11/11/11/11/5k5/11/11/11/10a/a10 d";
  EXPECT_EQ(r->position_text(parse(*r, s)), s);
  EXPECT_EQ(r->to_move(parse(*r, s)), Side::second);
  EXPECT_EQ(status_text(*r, s), "ongoing");
}

TEST(TaflNotation, PositionWithoutKingIsAccepted) {
  const auto r = rules("tablut");
  const std::string s = "9/9/9/9/2a3a2/9/9/9/9 d";
  EXPECT_EQ(r->position_text(parse(*r, s)), s);
  EXPECT_EQ(status_text(*r, s), "a king_captured");
}

TEST(TaflNotation, BadPositions) {
  const auto t = rules("tavlei");
  expect_bad_position(*t, "", "expected '<ranks> <side>'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3", "expected '<ranks> <side>'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 w", "side to move must be 'a'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 ", "side to move must be 'a'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a ", "side to move must be 'a'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4 a", "expected 9 ranks");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3/9 a", "expected 9 ranks");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa4 a", "rank 1 has more than 9 squares");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaaa/a3d3a/4d4/4a4/3aaa3 a", "rank 5 has more than 9");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a3/3aaa3 a", "rank 2 has 8 squares");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4//3aaa3 a", "expected 9 ranks");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/ a", "rank 1 has 0 squares");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/9/ a", "expected 9 ranks");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aAa3 a", "bad character 'A'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4x4/3aaa3 a", "rank 2: bad character 'x'");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3\ta", "expected '<ranks> <side>'");
  expect_bad_position(*t, "3aaa3/4a4/4k4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a", "more than one king");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/03aaa3 a", "cannot be 0");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/0 a", "cannot be 0");
  expect_bad_position(*t, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/99999999999 a", "more than 9");
  expect_bad_position(*t, "9/9/9/9/3dad3/9/9/9/9 a", "only the king may stand on e5 (the throne)");
  expect_bad_position(*t, "9/9/9/9/4k4/9/9/9/a8 a", "only the king may stand on a1 (an exit)");
  expect_bad_position(*t, "8d/9/9/9/4k4/9/9/9/9 a", "only the king may stand on i9 (an exit)");
  const auto b = rules("tablut");
  expect_bad_position(*b, "9/9/9/9/4a4/9/9/9/4k4 a", "only the king may stand on e5 (the throne)");
  // An 11x11 string on a 9x9 board, and the reverse.
  expect_bad_position(*t, "11/11/11/11/11/5k5/11/11/11/11/11 a", "expected 9 ranks");
  const auto big = rules("seatafl", {{"size", 11}});
  expect_bad_position(*big, "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a", "expected 11 ranks");
  expect_bad_position(*big, "11/11/11/11/11/5k5/11/11/11/11/12 a", "rank 1 has more than 11");
  expect_bad_position(*big, "11/11/11/11/11/5k5/11/11/11/11/1a1a1a1a1a1a a", "rank 1 has more than 11");
}

TEST(TaflNotation, SeaTaflAllowsPiecesOnCentreAndCorners) {
  const auto s = rules("seatafl");
  const std::string p = "a8/9/9/9/4d4/9/9/2k6/8a a";
  EXPECT_EQ(s->position_text(parse(*s, p)), p);
}

TEST(TaflNotation, BadMoveTexts) {
  const auto t = rules("tavlei");
  const Position start = t->start();
  for (const char* text : {"", "e1e3", "z1-e3", "e1-e10", "e0-e3", "e1-", "-e3", "e1-e3-e5", "e1:e3", "E1-E3",
                           "huff e1 e1-e3 x", "huff e1 d1-c1"}) {
    auto m = t->legal_move_from_text(start, text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_EQ(m.error().code, Errc::bad_move_text) << text << ": " << m.error().message;
  }
  auto m = t->legal_move_from_text(start, "e1:e3");
  EXPECT_NE(m.error().message.find("FROM-TO"), std::string::npos) << m.error().message;
}

TEST(TaflNotation, WellFormedButIllegalMoves) {
  const auto t = rules("tavlei");
  const Position start = t->start();
  const std::pair<const char*, const char*> cases[] = {
      {"e1-e2", "e2 is occupied"},
      {"e3-e1", "the piece on e3 belongs to the defenders"},
      {"d1-c2", "along a rank or a file"},
      {"d1-d9", "the way is blocked at d5"},
      {"a1-a2", "there is no piece on a1"},
      {"d1-a1", "only the king may stop on an exit"},
      {"a6-a9", "only the king may stop on an exit"},
      {"f1-f1", "must leave its square"},
  };
  for (const auto& [text, why] : cases) {
    auto mv = t->legal_move_from_text(start, text);
    ASSERT_FALSE(mv.ok()) << text;
    EXPECT_EQ(mv.error().code, Errc::illegal_move) << text << ": " << mv.error().message;
    EXPECT_NE(mv.error().message.find(why), std::string::npos) << mv.error().message;
  }
  // Limits and the throne.
  const auto k = parse(*t, setup(9, {{"e1", 'k'}, {"c7", 'a'}, {"b5", 'd'}}, 'd'));
  EXPECT_NE(t->legal_move_from_text(k, "e1-e6").error().message.find("the king moves at most 3 squares"),
            std::string::npos);
  EXPECT_NE(t->legal_move_from_text(k, "b5-e5").error().message.find("only the king may stop on the throne"),
            std::string::npos);
  const auto b = rules("tablut");
  EXPECT_NE(b->legal_move_from_text(parse(*b, setup(9, {{"e4", 'k'}, {"c7", 'a'}}, 'd')), "e4-e5")
                .error()
                .message.find("no piece may stop on the empty throne"),
            std::string::npos);
  EXPECT_TRUE(t->legal_move_from_text(start, "d1-c1").ok());
  const auto big = rules("seatafl", {{"size", 11}});
  EXPECT_TRUE(big->legal_move_from_text(big->start(), "f10-j10").ok());
  EXPECT_EQ(big->legal_move_from_text(big->start(), "f10-f11").error().code, Errc::illegal_move);
  EXPECT_EQ(big->legal_move_from_text(big->start(), "f10-f12").error().code, Errc::bad_move_text);
}

TEST(TaflNotation, HashDistinguishesPositions) {
  const auto t = rules("tavlei");
  MoveList moves;
  t->legal_moves(t->start(), moves);
  std::vector<std::uint64_t> hashes;
  for (const auto& m : moves) hashes.push_back(t->apply(t->start(), m).hash());
  hashes.push_back(t->start().hash());
  std::sort(hashes.begin(), hashes.end());
  EXPECT_EQ(std::adjacent_find(hashes.begin(), hashes.end()), hashes.end());
  EXPECT_EQ(t->start().hash(), parse(*t, t->position_text(t->start())).hash());
}

}  // namespace
}  // namespace bh::rules::tafl_test
