#include "board_view.hpp"

#include <algorithm>

#include "line_fit.hpp"
#include "rules/alquerque/engine.hpp"
#include "rules/tafl/variant.hpp"

namespace bh::cli {
namespace {

using rules::Square;

template <class... F>
struct Overload : F... {
  using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

// Squares a game marks on the board: the tafl throne and corner exits (from the
// variant table), nothing for the other games.
struct SpecialSquares {
  int throne = -1;
  std::vector<Square> exits;
  std::string escape_note;  // for the legend
};

SpecialSquares special_squares(const rules::Ruleset& rules) {
  SpecialSquares s;
  const auto* variant = rules::tafl::find_variant(rules.game_id());
  if (variant == nullptr) return s;
  const rules::Geometry g = rules.geometry();
  if (variant->throne != rules::tafl::Throne::none) s.throne = g.at(g.width / 2, g.height / 2);
  if (variant->escape == rules::tafl::Escape::corner_exits) {
    s.exits = {g.at(0, 0), g.at(g.width - 1, 0), g.at(0, g.height - 1),
               g.at(g.width - 1, g.height - 1)};
  } else {
    s.escape_note = "king escapes at any edge";
  }
  return s;
}

bool contains(const std::vector<Square>& v, int s) {
  return std::find(v.begin(), v.end(), static_cast<Square>(s)) != v.end();
}

bool is_first_side(char piece) {
  return piece == 'a' || piece == 'w' || piece == 'W';
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
std::string line_row(const Orientation& o, int row, bool colour) {
  using rules::alquerque::joined;
  std::string line = "    ";
  for (int c = 0; c < o.g.width; ++c) {
    line += ' ';
    line += dim(joined(o.at(c, row), o.at(c, row + 1)) ? '|' : ' ', colour);
    line += ' ';
    if (c + 1 == o.g.width) break;
    const bool down = joined(o.at(c, row), o.at(c + 1, row + 1));  // top left to bottom right
    const bool up = joined(o.at(c, row + 1), o.at(c + 1, row));     // bottom left to top right
    line += dim(down && up ? 'X' : down ? '\\' : up ? '/' : ' ', colour);
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::vector<std::string> legend(const rules::Ruleset& rules, const SpecialSquares& special) {
  std::vector<std::string> items;
  const std::string_view id = rules.game_id();
  if (rules::tafl::find_variant(id) != nullptr) {
    items = {"a attackers", "d defenders", "K king"};
    if (special.throne >= 0) items.emplace_back("# throne");
    if (!special.exits.empty()) items.emplace_back("* exit");
    if (!special.escape_note.empty()) items.push_back("(" + special.escape_note + ")");
  } else if (id == "draughts") {
    items = {"w/b men", "W/B kings"};
  } else {
    items = {"w white", "b black"};
  }
  items.emplace_back("[ ] last move  x captured");  // one item: wrapped together
  return fit_items(items);
}

}  // namespace

char piece_at(const rules::Position& position, Square s) {
  return std::visit(
      Overload{
          [s](const rules::tafl::Position& p) -> char {
            if (p.king == s) return 'K';
            if (p.attacker_at(s)) return 'a';
            if (p.defender_at(s)) return 'd';
            return '\0';
          },
          [s](const rules::draughts::Position& p) -> char {
            const std::uint64_t b = std::uint64_t{1} << s;
            const bool king = (p.kings & b) != 0;
            if ((p.white & b) != 0) return king ? 'W' : 'w';
            if ((p.black & b) != 0) return king ? 'B' : 'b';
            return '\0';
          },
          [s](const rules::alquerque::Position& p) -> char {
            const std::uint32_t b = std::uint32_t{1} << s;
            if ((p.pieces[0] & b) != 0) return 'w';
            if ((p.pieces[1] & b) != 0) return 'b';
            return '\0';
          },
      },
      position.variant());
}

BoardMarks marks_for_move(const rules::Ruleset& rules, const rules::Position& before,
                          const rules::Position& after, std::string_view move) {
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
  const SpecialSquares special = special_squares(rules);
  const bool draughts = rules.game_id() == "draughts";
  const bool lined = std::holds_alternative<rules::alquerque::Position>(position.variant());
  auto cell = [&](Square s) {
    const char piece = piece_at(position, s);
    const bool in_move = contains(marks.last_move, s);
    const bool captured = piece == '\0' && contains(marks.captured, s);
    const bool light = draughts && (o.g.file(s) + o.g.rank(s)) % 2 != 0;
    char shown = piece;
    if (shown == '\0') {
      if (captured) shown = 'x';
      else if (s == special.throne) shown = '#';
      else if (contains(special.exits, s)) shown = '*';
      else if (light) shown = ' ';
      else shown = '.';
    }
    std::string text{in_move ? '[' : ' ', shown, in_move ? ']' : ' '};
    if (!style.colour) return text;
    std::string code;
    if (piece != '\0') {
      code = is_first_side(piece) ? "1;33" : "1;36";
      if (piece == 'K' || piece == 'W' || piece == 'B') code = piece == 'K' ? "1;35;4" : code + ";4";
    } else if (captured) {
      code = "1;31";
    } else if (shown == '#' || shown == '*') {
      code = "35";
    } else {
      code = "2";
    }
    if (in_move) code += ";44";
    return "\033[" + code + "m" + text + reset;
  };

  std::vector<std::string> lines;
  lines.push_back(file_letters(o, lined ? 1 : 0));
  for (int row = 0; row < o.g.height; ++row) {
    std::string line = rank_label(o.rank(row), true);
    for (int c = 0; c < o.g.width; ++c) {
      if (lined && c > 0) line += dim(rules::alquerque::joined(o.at(c - 1, row), o.at(c, row)) ? '-' : ' ', style.colour);
      line += cell(o.at(c, row));
    }
    line += rank_label(o.rank(row), false);
    lines.push_back(std::move(line));
    if (lined && row + 1 < o.g.height) lines.push_back(line_row(o, row, style.colour));
  }
  lines.push_back(file_letters(o, lined ? 1 : 0));
  for (auto& l : legend(rules, special)) lines.push_back(std::move(l));
  return lines;
}

}  // namespace bh::cli
