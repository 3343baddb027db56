// The board renderer: coordinates, pieces, kings, throne and exits, last move and
// captures, plain ASCII or colour, Alquerque's lines, the board turned round for the
// second side, and every line within 80 columns.
#include "board_text.hpp"

#include <gtest/gtest.h>

#include "line_fit.hpp"
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
            "a attackers  d defenders  K king  # throne  (king escapes at any edge)\n"
            "[ ] last move  x captured\n");
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
  ASSERT_EQ(lines.size(), 15u);  // the legend takes two lines to stay within 80 columns
  EXPECT_EQ(lines[0], "     a  b  c  d  e  f  g  h  i  j  k");
  EXPECT_EQ(lines[1], " 11  .  .  .  a  a  a  a  a  .  .  .  11");
  EXPECT_EQ(lines[6], "  6  a  a  .  d  d  K  d  d  .  a  a  6");
  EXPECT_EQ(lines[11], "  1  .  .  .  a  a  a  a  a  .  .  .  1");
  EXPECT_EQ(lines[13].find("throne"), std::string::npos);
  EXPECT_EQ(lines[14], "[ ] last move  x captured");
}

TEST(BoardView, BrandubhIsSevenBySevenWithThroneAndCornerExits) {
  auto r = game("brandubh");
  EXPECT_EQ(join(render_board(*r, r->start())),
            "     a  b  c  d  e  f  g\n"
            "  7  *  .  .  a  .  .  *  7\n"
            "  6  .  .  .  a  .  .  .  6\n"
            "  5  .  .  .  d  .  .  .  5\n"
            "  4  a  a  d  K  d  a  a  4\n"
            "  3  .  .  .  d  .  .  .  3\n"
            "  2  .  .  .  a  .  .  .  2\n"
            "  1  *  .  .  a  .  .  *  1\n"
            "     a  b  c  d  e  f  g\n"
            "a attackers  d defenders  K king  # throne  * exit  [ ] last move  x captured\n");
}

TEST(BoardView, CopenhagenIsElevenByElevenWithThroneAndCornerExits) {
  auto r = game("copenhagen");
  const auto lines = render_board(*r, r->start());
  EXPECT_EQ(lines[0], "     a  b  c  d  e  f  g  h  i  j  k");
  EXPECT_EQ(lines[1], " 11  *  .  .  a  a  a  a  a  .  .  *  11");
  EXPECT_EQ(lines[6], "  6  a  a  .  d  d  K  d  d  .  a  a  6");
  EXPECT_EQ(lines[11], "  1  *  .  .  a  a  a  a  a  .  .  *  1");
  for (const auto& l : lines) EXPECT_LE(l.size(), 80u) << l;
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

TEST(BoardView, AlquerqueStartIsDrawnWithItsLinesDiagonalsOnEvenPoints) {
  auto r = game("alquerque");
  EXPECT_EQ(join(render_board(*r, r->start())),
            "     a   b   c   d   e\n"
            "  5  b - b - b - b - b  5\n"
            "     | \\ | / | \\ | / |\n"
            "  4  b - b - b - b - b  4\n"
            "     | / | \\ | / | \\ |\n"
            "  3  b - b - . - w - w  3\n"
            "     | \\ | / | \\ | / |\n"
            "  2  w - w - w - w - w  2\n"
            "     | / | \\ | / | \\ |\n"
            "  1  w - w - w - w - w  1\n"
            "     a   b   c   d   e\n"
            "w white  b black  [ ] last move  x captured\n");
}

TEST(BoardView, AlquerqueLastMoveAndLinesInColourKeepTheirColumns) {
  auto r = game("alquerque");
  rules::GameState g(r);
  ASSERT_TRUE(g.play("d2-c3"));
  const auto marks = marks_for_move(*r, g.start(), g.position(), "d2-c3");
  const auto plain = render_board(*r, g.position(), marks);
  EXPECT_EQ(plain[5], "  3  b - b -[w]- w - w  3");
  EXPECT_EQ(plain[7], "  2  w - w - w -[.]- w  2");
  const auto coloured = render_board(*r, g.position(), marks, BoardStyle{true});
  ASSERT_EQ(coloured.size(), plain.size());
  EXPECT_NE(coloured[2].find("\033[2m\\\033[0m"), std::string::npos) << coloured[2];  // lines are dim
  for (std::size_t i = 0; i < plain.size(); ++i) EXPECT_EQ(visible_width(coloured[i]), plain[i].size()) << plain[i];
}

TEST(BoardView, AlquerqueTurnedRoundShowsBlackBelowAndTheSameLines) {
  auto r = game("alquerque");
  EXPECT_EQ(join(render_board(*r, r->start(), {}, BoardStyle{false, true})),
            "     e   d   c   b   a\n"
            "  1  w - w - w - w - w  1\n"
            "     | \\ | / | \\ | / |\n"
            "  2  w - w - w - w - w  2\n"
            "     | / | \\ | / | \\ |\n"
            "  3  w - w - . - b - b  3\n"
            "     | \\ | / | \\ | / |\n"
            "  4  b - b - b - b - b  4\n"
            "     | / | \\ | / | \\ |\n"
            "  5  b - b - b - b - b  5\n"
            "     e   d   c   b   a\n"
            "w white  b black  [ ] last move  x captured\n");
}

TEST(BoardView, DraughtsTurnedRoundPutsBlackAtTheBottomAndReversesFilesAndRanks) {
  auto r = game("draughts");
  rules::GameState g(r);
  ASSERT_TRUE(g.play("c3-d4"));
  const auto marks = marks_for_move(*r, g.start(), g.position(), "c3-d4");
  EXPECT_EQ(join(render_board(*r, g.position(), marks, BoardStyle{false, true})),
            "     h  g  f  e  d  c  b  a\n"
            "  1     w     w     w     w  1\n"
            "  2  w     w     w     w     2\n"
            "  3     w     w    [.]    w  3\n"
            "  4  .     .    [w]    .     4\n"
            "  5     .     .     .     .  5\n"
            "  6  b     b     b     b     6\n"
            "  7     b     b     b     b  7\n"
            "  8  b     b     b     b     8\n"
            "     h  g  f  e  d  c  b  a\n"
            "w/b men  W/B kings  [ ] last move  x captured\n");
}

TEST(BoardView, TaflTurnedRoundIsTheBoardRotatedHalfATurn) {
  auto r = game("tavlei");
  rules::GameState g(r);
  ASSERT_TRUE(g.play("d1-d3"));
  const auto normal = render_board(*r, g.position());
  const auto flipped = render_board(*r, g.position(), {}, BoardStyle{false, true});
  ASSERT_EQ(normal.size(), flipped.size());
  EXPECT_EQ(flipped[0], "     i  h  g  f  e  d  c  b  a");
  EXPECT_EQ(flipped[1], "  1  *  .  .  a  a  .  .  .  *  1");  // rank 1 on top, file i on the left
  EXPECT_EQ(flipped[3], "  3  .  .  .  .  d  a  .  .  .  3");  // d3, just played, right of the centre
  for (int row = 1; row <= 9; ++row) {
    // Row `row` turned round is row 10 - row read backwards, labels aside.
    std::string cells = normal[static_cast<std::size_t>(10 - row)].substr(4, 27);
    std::reverse(cells.begin(), cells.end());
    EXPECT_EQ(flipped[static_cast<std::size_t>(row)].substr(4, 27), cells) << row;
  }
}

TEST(BoardView, ColourOnlyWhenAsked) {
  auto r = game("tavlei");
  for (const auto& l : render_board(*r, r->start())) EXPECT_EQ(l.find('\033'), std::string::npos) << l;
  const auto coloured = render_board(*r, r->start(), {}, BoardStyle{true});
  EXPECT_NE(coloured[5].find("\033[1;35;4m K "), std::string::npos) << coloured[5];  // the king stands out
  EXPECT_NE(coloured[1].find("\033[35m * "), std::string::npos) << coloured[1];      // an exit
  EXPECT_NE(coloured[1].find("\033[0m"), std::string::npos);
}

// Every game at every size, plain and coloured, either way round, with a last move
// marked: no line passes 80 columns (colour codes take no columns).
TEST(BoardView, EveryGameEverySizeFitsEightyColumns) {
  int boards = 0;
  for (const auto& info : rules::catalogue()) {
    std::vector<rules::OptionText> choices{{}};
    for (const auto& option : info.options) {
      std::vector<rules::OptionText> more;
      for (const auto& base : choices) {
        for (int v : option.allowed) {
          auto o = base;
          o[option.name] = std::to_string(v);
          more.push_back(o);
        }
      }
      if (!more.empty()) choices = std::move(more);
    }
    for (const auto& options : choices) {
      auto r = rules::make_ruleset(info.id, options);
      ASSERT_TRUE(r) << info.id;
      const rules::Ruleset& rules = **r;
      rules::MoveList moves;
      rules.legal_moves(rules.start(), moves);
      ASSERT_FALSE(moves.empty()) << info.id;
      const rules::Position after = rules.apply(rules.start(), moves[0]);
      const auto marks = marks_for_move(rules, rules.start(), after, rules.move_text(moves[0]));
      for (bool colour : {false, true}) {
        for (bool flipped : {false, true}) {
          ++boards;
          for (const auto& l : render_board(rules, after, marks, BoardStyle{colour, flipped}))
            EXPECT_LE(visible_width(l), screen_width) << info.id << " " << rules.geometry().width << ": " << l;
        }
      }
    }
  }
  EXPECT_GE(boards, 4 * 5);  // five games at least, seatafl in more than one size
}

TEST(BoardLineFit, ItemsWrapBeforeEightyColumnsAndNeverSplit) {
  const std::string a(40, 'a'), b(38, 'b'), c(81, 'c');
  EXPECT_EQ(fit_items({a, b}), (std::vector<std::string>{a + "  " + b}));  // 80 exactly
  EXPECT_EQ(fit_items({a, b + "b"}), (std::vector<std::string>{a, b + "b"}));
  EXPECT_EQ(fit_items({"x", c, "y"}), (std::vector<std::string>{"x", c, "y"}));
  EXPECT_TRUE(fit_items({}).empty());
}

TEST(BoardLineFit, ColourCodesTakeNoColumns) {
  EXPECT_EQ(visible_width("\033[1;35;4m K \033[0m"), 3u);
  EXPECT_EQ(visible_width("plain"), 5u);
}

// Names of every script (issue 26): a column per character, not per byte.
TEST(BoardLineFit, ANonLatinNameTakesAColumnPerCharacter) {
  const std::string ivan = "\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD";  // Иван
  EXPECT_EQ(visible_width(ivan), 4u);
  EXPECT_EQ(visible_width("\033[1m" + ivan + "\033[0m vs bob"), 11u);
  std::string first;
  for (int i = 0; i < 8; ++i) first += ivan;  // 32 characters, 64 bytes
  EXPECT_EQ(fit_items({"seatafl", "g-1234567890", "ply 120", first + " (attackers) vs"}).size(), 1u);
}

// A live game's header with the longest names (32 characters) and the widest game.
TEST(BoardLineFit, HeaderWithLongestNamesFitsEightyColumns) {
  const std::string first(32, 'f'), second(32, 's');
  const auto lines = fit_items(
      {"seatafl", "g-1234567890", "ply 120", first + " (attackers) vs", second + " (defenders)", "(you: defenders)"});
  for (const auto& l : lines) EXPECT_LE(l.size(), screen_width) << l;
  EXPECT_EQ(lines[0], "seatafl  g-1234567890  ply 120  " + first + " (attackers) vs");
}

TEST(BoardView, UnparsableMoveTextStillShowsCaptures) {
  auto r = game("tablut");
  const auto marks = marks_for_move(*r, r->start(), r->start(), "nonsense");
  EXPECT_TRUE(marks.last_move.empty());
  EXPECT_TRUE(marks.captured.empty());
}

}  // namespace
}  // namespace bh::cli
