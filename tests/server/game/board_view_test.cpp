// The `board` object alone (game/board_view.hpp): each game's board as RULES.md draws it,
// read from the rules module, and the position string read back with the board's
// letters exactly as docs/protocol.md ("Games") describes it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "game/board_view.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::game {
namespace {

namespace sv = protocol::server;

std::shared_ptr<const rules::Ruleset> ruleset(const std::string& game, const rules::OptionText& options = {}) {
  auto made = rules::make_ruleset(game, options);
  EXPECT_TRUE(made.ok()) << game;
  return *made;
}

const std::vector<sv::BoardPiece> kTaflPieces = {
    {"a", "first", "man", "attacker"}, {"d", "second", "man", "defender"}, {"k", "second", "royal", "king"}};

// RULES.md V1: the throne e5 and the four corner exits.
TEST(BoardView, TavleiHasTheThroneAndFourCornerExits) {
  const auto board = board_view(*ruleset("tavlei"));
  EXPECT_EQ(board.files, 9);
  EXPECT_EQ(board.ranks, 9);
  EXPECT_EQ(board.marked, (std::map<std::string, std::string>{
                              {"a1", "exit"}, {"a9", "exit"}, {"i1", "exit"}, {"i9", "exit"}, {"e5", "throne"}}));
  EXPECT_FALSE(board.lines.has_value());
  EXPECT_EQ(board.pieces, kTaflPieces);
  EXPECT_FALSE(board.note.has_value());
}

// RULES.md B1, B5: a throne, no exit squares; the king escapes at any edge.
TEST(BoardView, TablutHasAThroneAndItsKingEscapesAtAnyEdge) {
  const auto board = board_view(*ruleset("tablut"));
  EXPECT_EQ(board.files, 9);
  EXPECT_EQ(board.marked, (std::map<std::string, std::string>{{"e5", "throne"}}));
  EXPECT_EQ(board.pieces, kTaflPieces);
  EXPECT_EQ(board.note, "king escapes at any edge");
}

// RULES.md S1, S4, S5: no throne, no exits, 9x9 or 11x11.
TEST(BoardView, SeaTaflHasNoMarkedSquareOnEitherSize) {
  for (const int size : {9, 11}) {
    const auto board = board_view(*ruleset("seatafl", {{"size", std::to_string(size)}}));
    EXPECT_EQ(board.files, size);
    EXPECT_EQ(board.ranks, size);
    EXPECT_TRUE(board.marked.empty());
    EXPECT_FALSE(board.lines.has_value());
    EXPECT_EQ(board.pieces, kTaflPieces);
    EXPECT_EQ(board.note, "king escapes at any edge");
  }
}

// RULES.md section 2: played on the 32 dark squares; a1 is dark, at White's left.
TEST(BoardView, DraughtsMarksThe32LightSquaresWithA1Dark) {
  const auto board = board_view(*ruleset("draughts"));
  EXPECT_EQ(board.files, 8);
  EXPECT_EQ(board.ranks, 8);
  EXPECT_EQ(board.marked.size(), 32u);
  for (const auto& [square, kind] : board.marked) EXPECT_EQ(kind, "light") << square;
  for (const char* light : {"b1", "a2", "h1", "a8", "g8", "d5"}) EXPECT_TRUE(board.marked.contains(light)) << light;
  for (const char* dark : {"a1", "c1", "b2", "h8", "e5", "d8"}) EXPECT_FALSE(board.marked.contains(dark)) << dark;
  EXPECT_FALSE(board.lines.has_value());
  EXPECT_EQ(board.pieces, (std::vector<sv::BoardPiece>{{"w", "first", "man", "white"},
                                                       {"b", "second", "man", "black"},
                                                       {"W", "first", "king", "white-king"},
                                                       {"B", "second", "king", "black-king"}}));
  EXPECT_FALSE(board.note.has_value());
}

// RULES.md section 3: orthogonal lines everywhere, diagonals only from points whose
// file + rank is even; each line once, its ends in square order.
TEST(BoardView, AlquerqueHasItsLinesWithDiagonalsOnlyWhereTheyExist) {
  const auto board = board_view(*ruleset("alquerque"));
  EXPECT_EQ(board.files, 5);
  EXPECT_EQ(board.ranks, 5);
  EXPECT_TRUE(board.marked.empty());
  ASSERT_TRUE(board.lines.has_value());
  const auto& lines = *board.lines;
  EXPECT_EQ(lines.size(), 40u + 16u);  // 2 x 5 x 4 orthogonal, one diagonal per cell
  std::set<std::vector<std::string>> seen(lines.begin(), lines.end());
  EXPECT_EQ(seen.size(), lines.size());
  const std::vector<std::vector<std::string>> start = {{"a1", "b1"}, {"a1", "a2"}, {"a1", "b2"}};
  EXPECT_TRUE(std::equal(start.begin(), start.end(), lines.begin()));
  for (const auto& line : {std::vector<std::string>{"b2", "c3"}, {"c3", "d4"}, {"d2", "c3"}, {"b4", "a5"}})
    EXPECT_TRUE(seen.contains(line)) << line[0] << "-" << line[1];
  for (const auto& line : {std::vector<std::string>{"b1", "a2"}, {"b1", "c2"}, {"a2", "b3"}, {"a1", "c1"}})
    EXPECT_FALSE(seen.contains(line)) << line[0] << "-" << line[1];
  EXPECT_EQ(board.pieces,
            (std::vector<sv::BoardPiece>{{"w", "first", "man", "white"}, {"b", "second", "man", "black"}}));
  EXPECT_FALSE(board.note.has_value());
}

TEST(BoardView, ASharedBoardIsMadeOncePerGameAndOptions) {
  const auto a = shared_board(*ruleset("seatafl", {{"size", "11"}}));
  const auto b = shared_board(*ruleset("seatafl", {{"size", "11"}}));
  const auto nine = shared_board(*ruleset("seatafl"));
  EXPECT_EQ(a.get(), b.get());
  EXPECT_NE(a.get(), nine.get());
  EXPECT_EQ(*a, board_view(*ruleset("seatafl", {{"size", "11"}})));
  EXPECT_EQ(nine->files, 9);
}

// ---- the position string, read as docs/protocol.md says ----

// Square name -> the board's letter of the piece on it.
using Placement = std::map<std::string, char>;

std::string square(int file, int rank) { return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank); }

// Ranks from the top, '/' between them, a letter per piece or a decimal run of empty
// squares (tafl, Alquerque); the second field is the side to move.
Placement read_ranks(const std::string& board, int files, int ranks) {
  Placement out;
  int rank = ranks, file = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '/') {
      EXPECT_EQ(file, files) << board;
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '9') {
      int run = c - '0';
      while (i + 1 < board.size() && board[i + 1] >= '0' && board[i + 1] <= '9') run = run * 10 + (board[++i] - '0');
      file += run;
    } else {
      out[square(file, rank)] = c;
      ++file;
    }
  }
  EXPECT_EQ(rank, 1) << board;
  EXPECT_EQ(file, files) << board;
  return out;
}

// Draughts: `W:Wa1,c1,Kd4:Bb8,h6`. A man of the W list is the board's `w`, a `K` one `W`.
Placement read_draughts(const std::string& text) {
  Placement out;
  std::size_t at = 2;
  for (const char list : {'W', 'B'}) {
    EXPECT_EQ(text[at], list) << text;
    const std::size_t end = std::min(text.find(':', at), text.size());
    std::string entries = text.substr(at + 1, end - at - 1);
    std::size_t from = 0;
    while (from < entries.size()) {
      const std::size_t comma = std::min(entries.find(',', from), entries.size());
      std::string entry = entries.substr(from, comma - from);
      const bool king = entry[0] == 'K';
      if (king) entry.erase(0, 1);
      out[entry] = king ? list : static_cast<char>(list - 'A' + 'a');
      from = comma + 1;
    }
    at = end + 1;
  }
  return out;
}

// Every piece the rules see, by square, with the letter the board gives its kind.
Placement rules_placement(const rules::Ruleset& rules, const rules::Position& p, const sv::Board& board) {
  Placement out;
  const auto pieces = rules.pieces();
  const rules::Geometry g = rules.geometry();
  for (int s = 0; s < g.squares(); ++s) {
    const auto piece = p.piece_at(static_cast<rules::Square>(s));
    if (!piece) continue;
    const auto kind = std::find(pieces.begin(), pieces.end(), *piece);
    EXPECT_NE(kind, pieces.end());
    out[rules::square_name(static_cast<rules::Square>(s), g)] =
        board.pieces[static_cast<std::size_t>(kind - pieces.begin())].letter[0];
  }
  return out;
}

// The position strings of random games (kings crowned, huffs pending, captures) read
// back with the board's letters give exactly the rules' pieces, and the side to move
// is the second field (tafl `a`/`d`, Alquerque `w`/`b`) or the first letter (draughts).
TEST(BoardView, ThePositionStringIsReadWithTheBoardsLettersAsDocumented) {
  const std::vector<std::pair<std::string, rules::OptionText>> games = {
      {"tavlei", {}},     {"tablut", {}},   {"seatafl", {}},  {"seatafl", {{"size", "11"}}},
      {"copenhagen", {}}, {"brandubh", {}}, {"draughts", {}}, {"alquerque", {}}};
  std::mt19937 rng(14);
  for (const auto& [game, options] : games) {
    const auto rules = ruleset(game, options);
    const sv::Board board = board_view(*rules);
    std::set<char> letters_seen;
    for (int playout = 0; playout < 40; ++playout) {
      rules::GameState state(rules);
      for (int ply = 0; ply < 200 && !state.status().over(); ++ply) {
        const std::string text = rules->position_text(state.position());
        const bool first = state.to_move() == rules::Side::first;
        const std::string fields = text.substr(text.find(' ') + 1);
        Placement read;
        if (game == "draughts") {
          read = read_draughts(text);
          EXPECT_EQ(text[0], first ? 'W' : 'B') << text;
        } else {
          read = read_ranks(text.substr(0, text.find(' ')), board.files, board.ranks);
          const char side = fields[0];
          if (game == "alquerque") {
            EXPECT_EQ(side, first ? 'w' : 'b') << text;
            EXPECT_EQ(std::count(text.begin(), text.end(), ' '), 3) << text;
          } else {
            EXPECT_EQ(side, first ? 'a' : 'd') << text;
            EXPECT_EQ(fields.size(), 1u) << text;
          }
        }
        const Placement expected = rules_placement(*rules, state.position(), board);
        ASSERT_EQ(read, expected) << game << ": " << text;
        for (const auto& [sq, letter] : read) letters_seen.insert(letter);
        const auto legal = state.legal_moves();
        state.play(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
      }
    }
    // Every kind of piece was met and read (draughts kings included).
    EXPECT_EQ(letters_seen.size(), board.pieces.size()) << game;
  }
}

}  // namespace
}  // namespace bh::game
