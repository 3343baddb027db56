#include "rules/notation.hpp"

#include <charconv>

namespace bh::rules {

std::string square_name(Square s, Geometry g) {
  std::string out(1, static_cast<char>('a' + g.file(s)));
  out += std::to_string(g.rank(s) + 1);
  return out;
}

std::optional<Square> parse_square(std::string_view text, Geometry g) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const int file = text[0] - 'a';
  int rank = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data() + 1, end, rank);
  if (ec != std::errc{} || ptr != end || text[1] == '0') return std::nullopt;
  if (file < 0 || file >= g.width || rank < 1 || rank > g.height) return std::nullopt;
  return g.at(file, rank - 1);
}

namespace {
void append_square(std::string& out, Square s, Geometry g) {
  out += static_cast<char>('a' + g.file(s));
  const int rank = g.rank(s) + 1;
  if (rank >= 10) out += static_cast<char>('0' + rank / 10);
  out += static_cast<char>('0' + rank % 10);
}
}  // namespace

void append_move_text(std::string& out, const Move& m, Geometry g) {
  if (m.huff != no_square) {
    out += "huff ";
    append_square(out, m.huff, g);
    out += ' ';
  }
  for (int i = 0; i < m.length; ++i) {
    if (i > 0) out += m.jump ? ':' : '-';
    append_square(out, m.path[i], g);
  }
}

std::string move_text(const Move& m, Geometry g) {
  std::string out;
  append_move_text(out, m, g);
  return out;
}

namespace {
Error bad(std::string_view text, std::string_view why) {
  return make_error(Errc::bad_move_text, "bad move text '" + std::string(text) + "': " + std::string(why));
}
}  // namespace

Result<Move> parse_move_text(std::string_view text, Geometry g) {
  const std::string_view whole = text;
  if (text.size() > 128) return bad(whole.substr(0, 32), "too long");
  Move m;
  constexpr std::string_view huff_word = "huff ";
  if (text.starts_with(huff_word)) {
    text.remove_prefix(huff_word.size());
    const auto space = text.find(' ');
    if (space == std::string_view::npos) return bad(whole, "expected 'huff SQUARE MOVE'");
    const auto sq = parse_square(text.substr(0, space), g);
    if (!sq) return bad(whole, "'" + std::string(text.substr(0, space)) + "' is not a square");
    m.huff = *sq;
    text.remove_prefix(space + 1);
  }
  char separator = 0;
  while (true) {
    const auto cut = text.find_first_of("-:");
    const auto token = text.substr(0, cut);
    const auto sq = parse_square(token, g);
    if (!sq) return bad(whole, "'" + std::string(token) + "' is not a square on this board");
    if (m.length == Move::max_path) return bad(whole, "too many squares");
    m.push(*sq);
    if (cut == std::string_view::npos) break;
    if (separator != 0 && text[cut] != separator) return bad(whole, "mixes '-' and ':'");
    separator = text[cut];
    text.remove_prefix(cut + 1);
  }
  if (m.length < 2) return bad(whole, "expected FROM-TO or FROM:TO[:TO...]");
  if (separator == '-' && m.length != 2) return bad(whole, "a simple move has exactly two squares");
  m.jump = separator == ':';
  return m;
}

}  // namespace bh::rules
