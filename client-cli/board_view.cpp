#include "board_view.hpp"

#include <algorithm>

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

std::string file_letters(int width) {
  std::string line = "    ";
  for (int f = 0; f < width; ++f) {
    line += ' ';
    line += static_cast<char>('a' + f);
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

std::string legend(const rules::Ruleset& rules, const SpecialSquares& special) {
  std::string out;
  const std::string_view id = rules.game_id();
  if (rules::tafl::find_variant(id) != nullptr) {
    out = "a attackers  d defenders  K king";
    if (special.throne >= 0) out += "  # throne";
    if (!special.exits.empty()) out += "  * exit";
    if (!special.escape_note.empty()) out += "  (" + special.escape_note + ")";
  } else if (id == "draughts") {
    out = "w/b men  W/B kings";
  } else {
    out = "w white  b black";
  }
  out += "  [ ] last move  x captured";
  return out;
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
  const rules::Geometry g = rules.geometry();
  const SpecialSquares special = special_squares(rules);
  const bool draughts = rules.game_id() == "draughts";
  std::vector<std::string> lines;
  lines.push_back(file_letters(g.width));
  for (int rank = g.height - 1; rank >= 0; --rank) {
    std::string line = rank_label(rank, true);
    for (int file = 0; file < g.width; ++file) {
      const Square s = g.at(file, rank);
      const char piece = piece_at(position, s);
      const bool in_move = contains(marks.last_move, s);
      const bool captured = piece == '\0' && contains(marks.captured, s);
      const bool light = draughts && (file + rank) % 2 != 0;
      char shown = piece;
      if (shown == '\0') {
        if (captured) shown = 'x';
        else if (s == special.throne) shown = '#';
        else if (contains(special.exits, s)) shown = '*';
        else if (light) shown = ' ';
        else shown = '.';
      }
      if (!style.colour) {
        line += in_move ? '[' : ' ';
        line += shown;
        line += in_move ? ']' : ' ';
        continue;
      }
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
      line += "\033[" + code + "m";
      line += in_move ? '[' : ' ';
      line += shown;
      line += in_move ? ']' : ' ';
      line += reset;
    }
    line += rank_label(rank, false);
    lines.push_back(std::move(line));
  }
  lines.push_back(file_letters(g.width));
  lines.push_back(legend(rules, special));
  return lines;
}

}  // namespace bh::cli
