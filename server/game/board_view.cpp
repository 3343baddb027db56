#include "game/board_view.hpp"

#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::game {

namespace sv = protocol::server;
using rules::Piece;
using rules::PieceKind;

namespace {

// The letters the position string writes for the pieces of the start position.
// Piece::letter is what a terminal board shows, and the position string does not always
// use it (tafl writes its king 'k', a terminal shows 'K'). Where the string's board
// lists ranks ("/"-separated, from the top, digits for runs of empty squares: tafl and
// Alquerque), reading the start position off it says which letter is which piece. Empty
// for any other form (draughts lists squares by side: its letters are Piece::letter's).
std::vector<std::pair<Piece, char>> letters_of_start(const rules::Ruleset& rules) {
  const rules::Position start = rules.start();
  const std::string text = rules.position_text(start);
  const std::string_view board = std::string_view(text).substr(0, text.find(' '));
  if (board.find('/') == std::string_view::npos) return {};
  const rules::Geometry g = rules.geometry();
  std::vector<std::pair<Piece, char>> found;
  int rank = g.height - 1, file = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '0' && c <= '9') {
      int run = c - '0';
      while (i + 1 < board.size() && board[i + 1] >= '0' && board[i + 1] <= '9') run = run * 10 + (board[++i] - '0');
      file += run;
    } else {
      if (rank < 0 || file >= g.width) return {};
      if (const auto piece = start.piece_at(g.at(file, rank))) found.emplace_back(*piece, c);
      ++file;
    }
  }
  return found;
}

std::string_view kind_text(PieceKind kind) {
  switch (kind) {
    case PieceKind::man:
      return "man";
    case PieceKind::king:
      return "king";
    case PieceKind::royal:
      return "royal";
  }
  return "man";
}

// The web page's name of a piece: the side's name in the singular ("attackers" ->
// "attacker", "white"), "-king" added for a crowned man, and "king" for the royal piece.
std::string piece_name(const rules::Ruleset& rules, const Piece& piece) {
  if (piece.kind == PieceKind::royal) return "king";
  std::string side(rules.side_name(piece.side));
  if (side.ends_with('s')) side.pop_back();
  return piece.kind == PieceKind::king ? side + "-king" : side;
}

std::string_view square_kind_text(rules::SquareKind kind) {
  switch (kind) {
    case rules::SquareKind::throne:
      return "throne";
    case rules::SquareKind::exit:
      return "exit";
    case rules::SquareKind::light:
      return "light";
    case rules::SquareKind::plain:
      break;
  }
  return "plain";
}

}  // namespace

sv::Board board_view(const rules::Ruleset& rules) {
  const rules::Geometry g = rules.geometry();
  sv::Board board;
  board.files = g.width;
  board.ranks = g.height;
  for (int s = 0; s < g.squares(); ++s) {
    const auto square = static_cast<rules::Square>(s);
    const rules::SquareKind kind = rules.square_kind(square);
    if (kind != rules::SquareKind::plain)
      board.marked.emplace(rules::square_name(square, g), std::string(square_kind_text(kind)));
  }
  if (rules.has_lines()) {
    board.lines.emplace();
    for (int a = 0; a < g.squares(); ++a)
      for (int b = a + 1; b < g.squares(); ++b)
        if (rules.joined(static_cast<rules::Square>(a), static_cast<rules::Square>(b)))
          board.lines->push_back({rules::square_name(static_cast<rules::Square>(a), g),
                                  rules::square_name(static_cast<rules::Square>(b), g)});
  }
  const auto letters = letters_of_start(rules);
  for (const Piece& piece : rules.pieces()) {
    char letter = piece.letter;
    for (const auto& [seen, written] : letters)
      if (seen == piece) letter = written;
    // The side as the protocol says it everywhere (views::side_text; not linked here, so
    // that the archive's answers need no room code).
    const std::string side = piece.side == rules::Side::first ? "first" : "second";
    board.pieces.push_back(
        {std::string(1, letter), side, std::string(kind_text(piece.kind)), piece_name(rules, piece)});
  }
  if (!rules.board_note().empty()) board.note = std::string(rules.board_note());
  return board;
}

std::shared_ptr<const sv::Board> shared_board(const rules::Ruleset& rules) {
  constexpr std::size_t kKept = 64;
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const sv::Board>, std::less<>> boards;
  std::string key(rules.game_id());
  for (const auto& [name, value] : rules.options()) key += " " + name + "=" + std::to_string(value);
  {
    std::lock_guard lock(mutex);
    if (const auto it = boards.find(key); it != boards.end()) return it->second;
  }
  auto made = std::make_shared<const sv::Board>(board_view(rules));
  std::lock_guard lock(mutex);
  if (boards.size() < kKept) boards.emplace(std::move(key), made);
  return made;
}

}  // namespace bh::game
