// Position strings for Russian draughts (RULES.md section 2, Notation):
// `W:Wa1,c1,Kd4:Bb8,h6`.
#include <bit>
#include <string>

#include "rules/draughts/engine.hpp"

namespace bh::rules::draughts {
namespace {

Error bad(std::string_view text, const std::string& why) {
  const std::string shown = text.size() > 60 ? std::string(text.substr(0, 60)) + "..." : std::string(text);
  return make_error(Errc::bad_position, "bad draughts position '" + shown + "': " + why);
}

void append_side(std::string& out, char letter, std::uint64_t pieces, std::uint64_t kings) {
  out += letter;
  bool first = true;
  for (int file = 0; file < 8; ++file)
    for (int rank = 0; rank < 8; ++rank) {
      const Square s = geometry.at(file, rank);
      if (!(pieces & (std::uint64_t{1} << s))) continue;
      if (!first) out += ',';
      first = false;
      if (kings & (std::uint64_t{1} << s)) out += 'K';
      out += square_name(s, geometry);
    }
}

}  // namespace

std::string position_text(const Position& p) {
  std::string out(1, p.to_move == Side::first ? 'W' : 'B');
  out += ':';
  append_side(out, 'W', p.white, p.kings);
  out += ':';
  append_side(out, 'B', p.black, p.kings);
  return out;
}

Result<Position> parse_position(std::string_view text) {
  if (text.size() > 200) return bad(text, "too long");
  if (text.size() < 2 || text[1] != ':')
    return bad(text, "expected the side to move, 'W' or 'B', then ':' (e.g. W:Wa1,c1,Kd4:Bb8,h6)");
  Position p;
  if (text[0] == 'W') p.to_move = Side::first;
  else if (text[0] == 'B') p.to_move = Side::second;
  else return bad(text, "bad side letter '" + std::string(1, text[0]) + "' for the side to move (expected 'W' or 'B')");

  std::string_view rest = text.substr(2);
  const auto colon = rest.find(':');
  if (colon == std::string_view::npos) return bad(text, "expected two piece lists, ':W...:B...'");
  const std::string_view lists[2] = {rest.substr(0, colon), rest.substr(colon + 1)};
  const char letters[2] = {'W', 'B'};
  for (int side = 0; side < 2; ++side) {
    std::string_view list = lists[side];
    if (list.empty() || list[0] != letters[side]) {
      const std::string got = list.empty() ? std::string("nothing") : "'" + std::string(1, list[0]) + "'";
      return bad(text, std::string(side == 0 ? "the first" : "the second") + " piece list must start with '" +
                           letters[side] + "', found " + got);
    }
    list.remove_prefix(1);
    std::uint64_t& pieces = side == 0 ? p.white : p.black;
    while (!list.empty()) {
      const auto comma = list.find(',');
      std::string_view token = list.substr(0, comma);
      list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
      if (comma != std::string_view::npos && list.empty()) return bad(text, "a piece list ends with ','");
      if (token.empty()) return bad(text, "empty entry in a piece list");
      const bool king = token[0] == 'K';
      const std::string_view name = king ? token.substr(1) : token;
      const auto sq = parse_square(name, geometry);
      if (!sq)
        return bad(text, "'" + std::string(token) + "' is not a square of the 8x8 board (expected e.g. c3 or Kd4)");
      const int file = geometry.file(*sq);
      const int rank = geometry.rank(*sq);
      const std::uint64_t b = std::uint64_t{1} << *sq;
      if ((file + rank) % 2 != 0)
        return bad(text, std::string(name) + " is a light square; pieces stand on dark squares only");
      if ((p.white | p.black) & b) return bad(text, std::string(name) + " is listed twice");
      if (!king && side == 0 && rank == 7)
        return bad(text, "a white man on " + std::string(name) + " would stand on its promotion rank (write K" +
                             std::string(name) + " for a king)");
      if (!king && side == 1 && rank == 0)
        return bad(text, "a black man on " + std::string(name) + " would stand on its promotion rank (write K" +
                             std::string(name) + " for a king)");
      pieces |= b;
      if (king) p.kings |= b;
    }
    if (std::popcount(pieces) > 12)
      return bad(text, std::string(side == 0 ? "White" : "Black") + " has " + std::to_string(std::popcount(pieces)) +
                           " pieces; at most 12 are possible");
  }
  return p;
}

}  // namespace bh::rules::draughts
