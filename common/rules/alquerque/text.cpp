// The Alquerque position string (RULES.md section 3): `<ranks> <side> <q4> <huff>`.
// Parsing is strict: only the exact text to_text would print is accepted, so every
// accepted string round-trips unchanged.
#include <algorithm>
#include <bit>
#include <vector>

#include "rules/alquerque/engine.hpp"

namespace bh::rules::alquerque {
namespace {

Error bad(std::string_view text, const std::string& why) {
  std::string shown(text.substr(0, 80));
  return make_error(Errc::bad_position, "bad alquerque position '" + shown + "': " + why);
}

std::string name(int s) { return square_name(static_cast<Square>(s), geometry); }

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  while (true) {
    const auto cut = text.find(sep);
    parts.push_back(text.substr(0, cut));
    if (cut == std::string_view::npos) return parts;
    text.remove_prefix(cut + 1);
  }
}

// Q4 entries and huff squares are printed sorted as text (for squares: file, then rank).
std::string join_sorted(std::vector<std::string> items) {
  if (items.empty()) return "-";
  std::sort(items.begin(), items.end());
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ',';
    out += item;
  }
  return out;
}

}  // namespace

std::string to_text(const Position& p) {
  std::string out;
  for (int r = 4; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < 5; ++f) {
      const std::uint32_t b = 1u << (r * 5 + f);
      const char c = (p.pieces[0] & b) != 0 ? 'w' : (p.pieces[1] & b) != 0 ? 'b' : 0;
      if (c == 0) {
        ++run;
        continue;
      }
      if (run > 0) out += static_cast<char>('0' + run);
      run = 0;
      out += c;
    }
    if (run > 0) out += static_cast<char>('0' + run);
    if (r > 0) out += '/';
  }
  out += p.to_move == Side::first ? " w " : " b ";
  std::vector<std::string> memory;
  for (int s = 0; s < 25; ++s) {
    if ((p.from_west >> s & 1u) != 0) memory.push_back(name(s - 1) + "-" + name(s));
    if ((p.from_east >> s & 1u) != 0) memory.push_back(name(s + 1) + "-" + name(s));
  }
  out += join_sorted(std::move(memory));
  out += ' ';
  std::vector<std::string> huff;
  for (int s = 0; s < 25; ++s)
    if ((p.huff >> s & 1u) != 0) huff.push_back(name(s));
  out += join_sorted(std::move(huff));
  return out;
}

Result<Position> parse(std::string_view text) {
  if (text.size() > 200) return bad(text, "too long");
  const auto fields = split(text, ' ');
  if (fields.size() != 4)
    return bad(
        text, "expected 4 fields separated by single spaces: RANKS SIDE Q4 HUFF, got " + std::to_string(fields.size()));
  Position p;

  // Ranks, top first.
  const auto ranks = split(fields[0], '/');
  if (ranks.size() != 5) return bad(text, "expected 5 ranks separated by '/', got " + std::to_string(ranks.size()));
  for (int i = 0; i < 5; ++i) {
    const int r = 4 - i;
    const std::string rank_name = "rank " + std::to_string(r + 1);
    int f = 0;
    bool last_was_digit = false;
    for (const char c : ranks[i]) {
      if (c >= '1' && c <= '5') {
        if (last_was_digit)
          return bad(text, rank_name + ": two digits in a row (write one run of empty points as one digit)");
        last_was_digit = true;
        f += c - '0';
        if (f > 5) return bad(text, rank_name + " has more than 5 points");
        continue;
      }
      last_was_digit = false;
      if (c != 'w' && c != 'b')
        return bad(text, rank_name + ": unexpected '" + std::string(1, c) + "' (expected w, b or a digit 1-5)");
      if (f >= 5) return bad(text, rank_name + " has more than 5 points");
      p.pieces[c == 'w' ? 0 : 1] |= 1u << (r * 5 + f);
      ++f;
    }
    if (f != 5) return bad(text, rank_name + " has " + std::to_string(f) + " points, not 5");
  }
  if (std::popcount(p.pieces[0]) > 12) return bad(text, "White has more than 12 pieces");
  if (std::popcount(p.pieces[1]) > 12) return bad(text, "Black has more than 12 pieces");
  if (p.pieces[0] == 0 && p.pieces[1] == 0) return bad(text, "both sides have no pieces");

  // Side to move.
  if (fields[1] == "w") p.to_move = Side::first;
  else if (fields[1] == "b") p.to_move = Side::second;
  else return bad(text, "side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'");

  // Q4 memory: x-y, the piece now on y last moved sideways from x.
  if (fields[2] != "-") {
    std::string previous;
    for (const auto entry : split(fields[2], ',')) {
      const std::string e(entry);
      const auto dash = entry.find('-');
      const auto x = dash == std::string_view::npos ? std::nullopt : parse_square(entry.substr(0, dash), geometry);
      const auto y = dash == std::string_view::npos ? std::nullopt : parse_square(entry.substr(dash + 1), geometry);
      if (!x || !y) return bad(text, "Q4 entry '" + e + "' is not FROM-TO with two points a1..e5");
      if (!previous.empty() && !(previous < e))
        return bad(text, "Q4 entries must be sorted as text without repeats ('" + previous + "' before '" + e + "')");
      previous = e;
      const int xs = *x, ys = *y;
      if (xs / 5 != ys / 5 || (xs - ys != 1 && ys - xs != 1))
        return bad(text, "Q4 entry '" + e + "' is not a sideways step (same rank, next file)");
      const std::uint32_t yb = 1u << ys;
      if (((p.pieces[0] | p.pieces[1]) & yb) == 0) return bad(text, "Q4 entry '" + e + "': no piece on " + name(ys));
      if (((p.from_west | p.from_east) & yb) != 0)
        return bad(text, "Q4 memory has two entries for the piece on " + name(ys));
      if (xs < ys) p.from_west |= yb;
      else p.from_east |= yb;
    }
  }

  // Pending huff choice: pieces of the side that just moved.
  if (fields[3] != "-") {
    std::string previous;
    for (const auto entry : split(fields[3], ',')) {
      const std::string e(entry);
      const auto s = parse_square(entry, geometry);
      if (!s) return bad(text, "huff entry '" + e + "' is not a point a1..e5");
      if (!previous.empty() && !(previous < e))
        return bad(text, "huff squares must be sorted as text without repeats ('" + previous + "' before '" + e + "')");
      previous = e;
      const std::uint32_t b = 1u << *s;
      if ((p.pieces[1 - index(p.to_move)] & b) == 0)
        return bad(text, "huff entry " + e + " is not a piece of the side that just moved");
      p.huff |= b;
    }
  }

  if (const auto why = inconsistency(p); !why.empty()) return bad(text, why);
  return p;
}

}  // namespace bh::rules::alquerque
