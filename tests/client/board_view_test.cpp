// The board renderer: coordinates, pieces, kings, throne and exits, last move and
// captures, plain ASCII or colour.
#include "board_view.hpp"

#include <gtest/gtest.h>

#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::cli {
namespace {

std::shared_ptr<const rules::Ruleset> game(std::string_view id) {
  auto r = rules::make_ruleset(id);
  EXPECT_TRUE(r) << id;
  return *r;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(BoardView, TablutStartHasCoordinatesOnBothAxesAndAKing) {
  auto r = game("tablut");
  EXPECT_EQ(join(render_board(*r, r->start())),
            "     a  b  c  d  e  f  g  h  i\n"
            "  9  .  .  .  a  a  a  .  .  .  9\n"
            "  8  .  .  .  .  a  .  .  .  .  8\n"
            "  7  .  .  .  .  d  .  .  .  .  7\n"
            "  6  a  .  .  .  d  .  .  .  a  6\n"
            "  5  a  a  d  d  K  d  d  a  a  5\n"
            "  4  a  .  .  .  d  .  .  .  a  4\n"
            "  3  .  .  .  .  d  .  .  .  .  3\n"
            "  2  .  .  .  .  a  .  .  .  .  2\n"
            "  1  .  .  .  a  a  a  .  .  .  1\n"
            "     a  b  c  d  e  f  g  h  i\n"
            "a attackers  d defenders  K king  # throne  (king escapes at any edge)  [ ] last move  x captured\n");
}

TEST(BoardView, TavleiMarksCornerExitsAndTheLastMove) {
  auto r = game("tavlei");
  rules::GameState g(r);
  ASSERT_TRUE(g.play("d1-d3"));
  const auto marks = marks_for_move(*r, g.start(), g.position(), "d1-d3");
  EXPECT_EQ(marks.last_move, (std::vector<rules::Square>{3, 21}));
  EXPECT_TRUE(marks.captured.empty());
  EXPECT_EQ(join(render_board(*r, g.position(), marks)),
            "     a  b  c  d  e  f  g  h  i\n"
            "  9  *  .  .  a  a  a  .  .  *  9\n"
            "  8  .  .  .  .  a  .  .  .  .  8\n"
            "  7  .  .  .  .  d  .  .  .  .  7\n"
            "  6  a  .  .  .  d  .  .  .  a  6\n"
            "  5  a  a  d  d  K  d  d  a  a  5\n"
            "  4  a  .  .  .  d  .  .  .  a  4\n"
            "  3  .  .  . [a] d  .  .  .  .  3\n"
            "  2  .  .  .  .  a  .  .  .  .  2\n"
            "  1  *  .  . [.] a  a  .  .  *  1\n"
            "     a  b  c  d  e  f  g  h  i\n"
            "a attackers  d defenders  K king  # throne  * exit  [ ] last move  x captured\n");
}

TEST(BoardView, EmptyThroneIsMarked) {
  auto r = game("tavlei");
  auto p = r->parse_position("3aaa3/4a4/4d4/a3d3a/aadd1ddaa/a3d3a/4k4/4a4/3aaa3 a");
  ASSERT_TRUE(p) << p.error().message;
  const auto lines = render_board(*r, *p);
  EXPECT_EQ(lines[5], "  5  a  a  d  d  #  d  d  a  a  5");
  EXPECT_EQ(lines[7], "  3  .  .  .  .  K  .  .  .  .  3");
  EXPECT_EQ(lines[9], "  1  *  .  .  a  a  a  .  .  *  1");
}

TEST(BoardView, SeaTaflHasNoThroneAndGrowsTo11WithTwoDigitRanks) {
  auto r = rules::make_ruleset("seatafl", {{"size", "11"}});
  ASSERT_TRUE(r);
  const auto lines = render_board(**r, (*r)->start());
  ASSERT_EQ(lines.size(), 14u);
  EXPECT_EQ(lines[0], "     a  b  c  d  e  f  g  h  i  j  k");
  EXPECT_EQ(lines[1], " 11  .  .  .  a  a  a  a  a  .  .  .  11");
  EXPECT_EQ(lines[6], "  6  a  a  .  d  d  K  d  d  .  a  a  6");
  EXPECT_EQ(lines[11], "  1  .  .  .  a  a  a  a  a  .  .  .  1");
  EXPECT_EQ(lines[13].find("throne"), std::string::npos);
}

TEST(BoardView, DraughtsCaptureIsHighlightedAndLightSquaresAreBlank) {
  auto r = game("draughts");
  rules::GameState g(r);
  ASSERT_TRUE(g.play("c3-d4"));
  ASSERT_TRUE(g.play("f6-e5"));
  const rules::Position before = g.position();
  ASSERT_TRUE(g.play("d4:f6"));
  const auto marks = marks_for_move(*r, before, g.position(), "d4:f6");
  ASSERT_EQ(marks.captured.size(), 1u);
  EXPECT_EQ(rules::square_name(marks.captured[0], r->geometry()), "e5");
  const auto lines = render_board(*r, g.position(), marks);
  EXPECT_EQ(lines[3], "  6     b     b    [w]    b  6");
  EXPECT_EQ(lines[4], "  5  .     .     x     .     5");
  EXPECT_EQ(lines[5], "  4     .    [.]    .     .  4");
  EXPECT_EQ(lines.back(), "w/b men  W/B kings  [ ] last move  x captured");
}

TEST(BoardView, DraughtsKingsAreUppercase) {
  auto r = game("draughts");
  auto p = r->parse_position("W:WKa1,c3:Bh8,Kb8");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(piece_at(*p, 0), 'W');
  EXPECT_EQ(piece_at(*p, 18), 'w');
  EXPECT_EQ(piece_at(*p, 63), 'b');
  EXPECT_EQ(piece_at(*p, 57), 'B');
  EXPECT_EQ(piece_at(*p, 1), '\0');
}

TEST(BoardView, AlquerqueFiveByFive) {
  auto r = game("alquerque");
  const auto lines = render_board(*r, r->start());
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[0], "     a  b  c  d  e");
  EXPECT_EQ(lines[1], "  5  b  b  b  b  b  5");
  EXPECT_EQ(lines[3], "  3  b  b  .  w  w  3");
  EXPECT_EQ(lines[5], "  1  w  w  w  w  w  1");
}

TEST(BoardView, ColourOnlyWhenAsked) {
  auto r = game("tavlei");
  for (const auto& l : render_board(*r, r->start())) EXPECT_EQ(l.find('\033'), std::string::npos) << l;
  const auto coloured = render_board(*r, r->start(), {}, BoardStyle{true});
  EXPECT_NE(coloured[5].find("\033[1;35;4m K "), std::string::npos) << coloured[5];  // the king stands out
  EXPECT_NE(coloured[1].find("\033[35m * "), std::string::npos) << coloured[1];      // an exit
  EXPECT_NE(coloured[1].find("\033[0m"), std::string::npos);
}

TEST(BoardView, UnparsableMoveTextStillShowsCaptures) {
  auto r = game("tablut");
  const auto marks = marks_for_move(*r, r->start(), r->start(), "nonsense");
  EXPECT_TRUE(marks.last_move.empty());
  EXPECT_TRUE(marks.captured.empty());
}

}  // namespace
}  // namespace bh::cli
