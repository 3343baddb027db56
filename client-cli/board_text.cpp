#include "board_text.hpp"

#include <algorithm>
#include <optional>

#include "line_fit.hpp"

namespace bh::cli {
namespace {

using rules::Square;

bool contains(const std::vector<Square>& v, int s) {
  return std::find(v.begin(), v.end(), static_cast<Square>(s)) != v.end();
}

constexpr const char* reset = "\033[0m";

// Which square each screen column and row shows: file a on the left and the top rank
// first, or the board turned round.
struct Orientation {
  rules::Geometry g;
  bool flipped;
  int file(int column) const { return flipped ? g.width - 1 - column : column; }
  int rank(int row) const { return flipped ? row : g.height - 1 - row; }
  Square at(int column, int row) const { return g.at(file(column), rank(row)); }
};

// File letters centred over the cells; `gap` columns between cells (1 where lines are drawn).
std::string file_letters(const Orientation& o, int gap) {
  std::string line = "    ";
  for (int c = 0; c < o.g.width; ++c) {
    if (c > 0) line += std::string(static_cast<std::size_t>(gap), ' ');
    line += ' ';
    line += static_cast<char>('a' + o.file(c));
    line += ' ';
  }
  line.pop_back();  // no trailing space
  return line;
}

std::string rank_label(int rank, bool left) {
  std::string n = std::to_string(rank + 1);
  if (left) return std::string(3 - n.size(), ' ') + n + ' ';
  return ' ' + n;
}

std::string dim(char c, bool colour) {
  if (!colour || c == ' ') return std::string(1, c);
  return std::string("\033[2m") + c + reset;
}

// Alquerque: the lines between screen row `row` and the row below it. Under each point
// a '|' when a line runs down from it; between two points a backslash, '/' or 'X' for the
// diagonals that cross there.
std::string line_row(const rules::Ruleset& rules, const Orientation& o, int row, bool colour) {
  auto joined = [&rules](Square a, Square b) { return rules.joined(a, b); };
  std::string line = "    ";
  for (int c = 0; c < o.g.width; ++c) {
    line += ' ';
    line += dim(joined(o.at(c, row), o.at(c, row + 1)) ? '|' : ' ', colour);
    line += ' ';
    if (c + 1 == o.g.width) break;
    const bool down = joined(o.at(c, row), o.at(c + 1, row + 1));  // top left to bottom right
    const bool up = joined(o.at(c, row + 1), o.at(c + 1, row));    // bottom left to top right
    line += dim(down && up ? 'X' : down ? '\\' : up ? '/' : ' ', colour);
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

// Which squares a board marks and what the legend says of them.
struct SpecialSquares {
  bool throne = false, exits = false;
};

SpecialSquares special_squares(const rules::Ruleset& rules) {
  SpecialSquares s;
  for (int i = 0; i < rules.geometry().squares(); ++i) {
    const rules::SquareKind k = rules.square_kind(static_cast<Square>(i));
    s.throne = s.throne || k == rules::SquareKind::throne;
    s.exits = s.exits || k == rules::SquareKind::exit;
  }
  return s;
}

// The pieces' letters: "w/b men", "W/B kings" when every kind of piece belongs to both
// sides (draughts), else one item each ("a attackers", "K king"; "w white").
std::vector<std::string> piece_legend(const rules::Ruleset& rules) {
  const std::vector<rules::Piece> pieces = rules.pieces();
  auto of_kind = [&](rules::PieceKind k) {
    std::vector<rules::Piece> out;
    for (const auto& p : pieces)
      if (p.kind == k) out.push_back(p);
    return out;
  };
  const std::vector<rules::Piece> men = of_kind(rules::PieceKind::man);
  const std::vector<rules::Piece> kings = of_kind(rules::PieceKind::king);
  std::vector<std::string> items;
  if (men.size() == 2 && kings.size() == 2 && men.size() + kings.size() == pieces.size()) {
    items.push_back(std::string{men[0].letter, '/', men[1].letter} + " men");
    items.push_back(std::string{kings[0].letter, '/', kings[1].letter} + " kings");
    return items;
  }
  for (const auto& p : pieces) {
    const std::string name = p.kind == rules::PieceKind::man ? std::string(rules.side_name(p.side)) : "king";
    items.push_back(std::string(1, p.letter) + " " + name);
  }
  return items;
}

std::vector<std::string> legend(const rules::Ruleset& rules) {
  std::vector<std::string> items = piece_legend(rules);
  const SpecialSquares special = special_squares(rules);
  if (special.throne) items.emplace_back("# throne");
  if (special.exits) items.emplace_back("* exit");
  if (!rules.board_note().empty()) items.push_back("(" + std::string(rules.board_note()) + ")");
  items.emplace_back("[ ] last move  x captured");  // one item: wrapped together
  return fit_items(items);
}

// The ANSI colour of a piece: the first side yellow, the second cyan, kings underlined,
// a royal piece (the tafl king) magenta.
std::string piece_colour(const rules::Piece& p) {
  if (p.kind == rules::PieceKind::royal) return "1;35;4";
  const std::string code = p.side == rules::Side::first ? "1;33" : "1;36";
  return p.kind == rules::PieceKind::king ? code + ";4" : code;
}

}  // namespace

char piece_at(const rules::Position& position, Square s) {
  const auto piece = position.piece_at(s);
  return piece ? piece->letter : '\0';
}

BoardMarks marks_for_move(const rules::Ruleset& rules, const rules::Position& before, const rules::Position& after,
                          std::string_view move) {
  BoardMarks marks;
  std::optional<Square> from;
  if (auto parsed = rules.parse_move(move)) {
    for (int i = 0; i < parsed->length; ++i) marks.last_move.push_back(parsed->path[static_cast<std::size_t>(i)]);
    from = parsed->from();
  }
  const int squares = rules.geometry().squares();
  for (int s = 0; s < squares; ++s) {
    const auto sq = static_cast<Square>(s);
    if (from && *from == sq) continue;
    if (piece_at(before, sq) != '\0' && piece_at(after, sq) == '\0') marks.captured.push_back(sq);
  }
  return marks;
}

std::vector<std::string> render_board(const rules::Ruleset& rules, const rules::Position& position,
                                      const BoardMarks& marks, BoardStyle style) {
  const Orientation o{rules.geometry(), style.flipped};
  const bool lined = rules.has_lines();
  auto cell = [&](Square s) {
    const std::optional<rules::Piece> piece = position.piece_at(s);
    const bool in_move = contains(marks.last_move, s);
    const bool captured = !piece && contains(marks.captured, s);
    char shown = piece ? piece->letter : '.';
    bool special = false;  // an empty throne or exit
    if (!piece) {
      const rules::SquareKind kind = rules.square_kind(s);
      if (captured) shown = 'x';
      else if (kind == rules::SquareKind::throne) shown = '#';
      else if (kind == rules::SquareKind::exit) shown = '*';
      else if (kind == rules::SquareKind::light) shown = ' ';
      special = !captured && (shown == '#' || shown == '*');
    }
    std::string text{in_move ? '[' : ' ', shown, in_move ? ']' : ' '};
    if (!style.colour) return text;
    std::string code;
    if (piece) code = piece_colour(*piece);
    else if (captured) code = "1;31";
    else if (special) code = "35";
    else code = "2";
    if (in_move) code += ";44";
    return "\033[" + code + "m" + text + reset;
  };

  std::vector<std::string> lines;
  lines.push_back(file_letters(o, lined ? 1 : 0));
  for (int row = 0; row < o.g.height; ++row) {
    std::string line = rank_label(o.rank(row), true);
    for (int c = 0; c < o.g.width; ++c) {
      if (lined && c > 0) line += dim(rules.joined(o.at(c - 1, row), o.at(c, row)) ? '-' : ' ', style.colour);
      line += cell(o.at(c, row));
    }
    line += rank_label(o.rank(row), false);
    lines.push_back(std::move(line));
    if (lined && row + 1 < o.g.height) lines.push_back(line_row(rules, o, row, style.colour));
  }
  lines.push_back(file_letters(o, lined ? 1 : 0));
  for (auto& l : legend(rules)) lines.push_back(std::move(l));
  return lines;
}

}  // namespace bh::cli
