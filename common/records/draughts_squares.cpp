#include "records/draughts_squares.hpp"

#include <algorithm>
#include <vector>

#include "rules/notation.hpp"

namespace bh::records {

namespace {

constexpr rules::Geometry kBoard{8, 8};

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const auto at = text.find(separator, start);
    out.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

// Rewrites the squares of a FEN-like text (`T:Cs,Ks,...:Cs,...`) with `convert`.
template <class Convert>
std::optional<std::string> rewrite_fen(std::string_view fen, Convert convert) {
  while (!fen.empty() && (fen.back() == '.' || fen.back() == ' ' || fen.back() == '\r')) fen.remove_suffix(1);
  if (fen.size() < 2 || (fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':') return std::nullopt;
  std::string out(1, fen[0]);
  const auto parts = split(fen.substr(2), ':');
  if (parts.size() != 2) return std::nullopt;
  for (const std::string_view part : parts) {
    if (part.empty() || (part[0] != 'W' && part[0] != 'B')) return std::nullopt;
    out += ':';
    out += part[0];
    if (part.size() == 1) continue;  // a side with no pieces
    bool first = true;
    for (std::string_view item : split(part.substr(1), ',')) {
      const bool king = !item.empty() && item[0] == 'K';
      if (king) item.remove_prefix(1);
      const auto square = draughts_square(item);
      if (!square) return std::nullopt;
      if (!first) out += ',';
      first = false;
      if (king) out += 'K';
      out += convert(*square);
    }
  }
  return out;
}

}  // namespace

std::optional<rules::Square> numbered_square(int n) {
  if (n < 1 || n > 32) return std::nullopt;
  const int row = (n - 1) / 4;  // 0 = rank 8
  const int file = 2 * ((n - 1) % 4) + (row % 2 == 0 ? 1 : 0);
  return kBoard.at(file, 7 - row);
}

std::optional<rules::Square> draughts_square(std::string_view text) {
  if (all_digits(text)) return text.size() <= 2 ? numbered_square(std::stoi(std::string(text))) : std::nullopt;
  return rules::parse_square(text, kBoard);
}

std::optional<std::string> fen_to_position_text(std::string_view fen) {
  return rewrite_fen(fen, [](rules::Square s) { return rules::square_name(s, kBoard); });
}

std::optional<std::string> position_text_to_fen(std::string_view text) {
  return rewrite_fen(text, [](rules::Square s) {
    for (int n = 1; n <= 32; ++n)
      if (numbered_square(n) == s) return std::to_string(n);
    return std::string("?");  // a light square: the rules' text never names one
  });
}

}  // namespace bh::records
