#include "records/move_text.hpp"

#include <algorithm>
#include <variant>
#include <vector>

#include "records/draughts_squares.hpp"

namespace bh::records {

namespace {

using rules::Errc;
using rules::make_error;
using rules::Move;
using rules::MoveList;
using rules::Position;
using rules::Ruleset;
using rules::Square;

MoveList legal_moves(const Ruleset& rules, const Position& p) {
  MoveList legal;
  rules.legal_moves(p, legal);
  return legal;
}

std::string name(const Ruleset& rules, Square s) { return rules::square_name(s, rules.geometry()); }

// The squares whose piece of the side not moving is gone after `m` (tafl: the king
// left out, as the tafl records write it).
std::vector<Square> captured(const Ruleset& rules, const Position& before, const Move& m) {
  const Position after = rules.apply(before, m);
  const rules::Side mover = rules.to_move(before);
  std::vector<Square> out;
  for (int s = 0; s < rules.geometry().squares(); ++s) {
    const auto square = static_cast<Square>(s);
    const auto was = before.piece_at(square);
    if (!was || was->side == mover || was->kind == rules::PieceKind::royal) continue;
    if (!after.piece_at(square)) out.push_back(square);
  }
  return out;
}

std::string draughts_written(const Ruleset& rules, const Position& before, const Move& m) {
  if (!m.jump) return name(rules, m.from()) + "-" + name(rules, m.to());
  const MoveList legal = legal_moves(rules, before);
  const auto same_ends = std::count_if(legal.begin(), legal.end(), [&](const Move& other) {
    return other.jump && other.from() == m.from() && other.to() == m.to();
  });
  if (same_ends == 1) return name(rules, m.from()) + "x" + name(rules, m.to());
  std::string out;
  for (int i = 0; i < m.length; ++i) out += (i > 0 ? "x" : "") + name(rules, m.path[i]);
  return out;
}

rules::Error bad(std::string_view text, const std::string& why) {
  return make_error(Errc::bad_move_text, "'" + std::string(text) + "' is not a move: " + why);
}

// A written draughts move: squares, and whether it is written as a capture.
struct Written {
  std::vector<Square> squares;
  bool capture = false;
};

rules::Result<Written> parse_draughts(std::string_view text) {
  Written w;
  char separator = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '-' && text[i] != ':' && text[i] != 'x') continue;
    const auto square = draughts_square(text.substr(start, i - start));
    if (!square) return bad(text, "'" + std::string(text.substr(start, i - start)) + "' is not a dark square");
    w.squares.push_back(*square);
    if (i < text.size()) {
      const char got = text[i] == ':' ? 'x' : text[i];
      if (separator != 0 && separator != got) return bad(text, "it mixes '-' and 'x'");
      separator = got;
    }
    start = i + 1;
  }
  if (w.squares.size() < 2) return bad(text, "expected squares joined by '-' or 'x', e.g. c3-d4 or c3xe5");
  w.capture = separator == 'x';
  if (!w.capture && w.squares.size() != 2) return bad(text, "a move that is not a capture has two squares");
  return w;
}

rules::Result<Move> read_draughts(const Ruleset& rules, const Position& p, std::string_view text) {
  auto written = parse_draughts(text);
  if (!written) return written.error();
  const Written& w = *written;
  const MoveList legal = legal_moves(rules, p);
  std::vector<Move> found;
  for (const Move& m : legal) {
    if (m.jump != w.capture || m.from() != w.squares.front() || m.to() != w.squares.back()) continue;
    // Every written middle square on the path, in order.
    int at = 1;
    bool ok = true;
    for (std::size_t k = 1; k + 1 < w.squares.size() && ok; ++k) {
      while (at < m.length - 1 && m.path[at] != w.squares[k]) ++at;
      ok = at < m.length - 1;
      ++at;
    }
    if (ok) found.push_back(m);
  }
  if (found.empty()) {
    std::string list;
    std::vector<Move> sorted(legal.begin(), legal.end());
    std::sort(sorted.begin(), sorted.end());
    for (const Move& m : sorted) list += " " + draughts_written(rules, p, m);
    return make_error(Errc::illegal_move, "'" + std::string(text) + "' matches no legal move (legal:" + list + ")");
  }
  // Routes that take the same pieces to the same square leave one game: the record is
  // not in doubt (PDN writes such king captures by their ends).
  const Position first = rules.apply(p, found.front());
  for (const Move& m : found) {
    if (!(rules.apply(p, m) == first)) {
      std::string list;
      for (const Move& f : found) list += " " + rules.move_text(f);
      return make_error(Errc::illegal_move, "'" + std::string(text) + "' is ambiguous: it matches" + list);
    }
  }
  return found.front();
}

rules::Result<Move> read_tafl(const Ruleset& rules, const Position& p, std::string_view text) {
  const auto x = text.find('x');
  const std::string_view move = text.substr(0, x);
  auto parsed = rules.legal_move_from_text(p, move);
  if (!parsed) return parsed.error();
  if (x == std::string_view::npos) return parsed;  // captures not written: nothing to check
  std::vector<Square> said;
  std::string_view rest = text.substr(x);
  while (!rest.empty()) {
    if (rest[0] != 'x') return bad(text, "expected 'x' before each captured square");
    rest.remove_prefix(1);
    const auto next = rest.find('x');
    const auto square = rules::parse_square(rest.substr(0, next), rules.geometry());
    if (!square) return bad(text, "'" + std::string(rest.substr(0, next)) + "' is not a square of the board");
    said.push_back(*square);
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next);
  }
  std::vector<Square> made = captured(rules, p, *parsed);
  std::sort(said.begin(), said.end());
  // The tafl sites' records sometimes write one capture twice (`e7-k7xk6xk6`): a set.
  said.erase(std::unique(said.begin(), said.end()), said.end());
  std::sort(made.begin(), made.end());
  if (said != made) {
    std::string list;
    for (const Square s : made) list += " " + name(rules, s);
    return make_error(Errc::illegal_move, "'" + std::string(text) + "': the rules capture" +
                                              (made.empty() ? std::string(" nothing") : list) + " here");
  }
  return parsed;
}

rules::Result<Move> read_alquerque(const Ruleset& rules, const Position& p, std::string_view text) {
  std::string rules_text;
  if (text.starts_with("huff=")) {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return bad(text, "expected 'huff=SQUARE,MOVE'");
    rules_text = "huff " + std::string(text.substr(5, comma - 5)) + " ";
    text.remove_prefix(comma + 1);
  }
  for (const char c : text) rules_text += c == 'x' ? ':' : c;
  return rules.legal_move_from_text(p, rules_text);
}

}  // namespace

Family family_of(const Ruleset& rules) {
  const Position start = rules.start();
  if (std::holds_alternative<rules::draughts::Position>(start.variant())) return Family::draughts;
  if (std::holds_alternative<rules::tafl::Position>(start.variant())) return Family::tafl;
  return Family::alquerque;
}

std::string written_move(const Ruleset& rules, const Position& before, const Move& m) {
  switch (family_of(rules)) {
    case Family::draughts:
      return draughts_written(rules, before, m);
    case Family::tafl: {
      std::string out = name(rules, m.from()) + "-" + name(rules, m.to());
      for (const Square s : captured(rules, before, m)) out += "x" + name(rules, s);
      return out;
    }
    case Family::alquerque: {
      std::string out;
      if (m.huff != rules::no_square) out = "huff=" + name(rules, m.huff) + ",";
      for (int i = 0; i < m.length; ++i) out += (i > 0 ? (m.jump ? "x" : "-") : "") + name(rules, m.path[i]);
      return out;
    }
  }
  return rules.move_text(m);
}

rules::Result<Move> read_written_move(const Ruleset& rules, const Position& p, std::string_view text) {
  if (rules.status(p).over()) return make_error(Errc::game_over, "the game is over already");
  switch (family_of(rules)) {
    case Family::draughts:
      return read_draughts(rules, p, text);
    case Family::tafl:
      return read_tafl(rules, p, text);
    case Family::alquerque:
      return read_alquerque(rules, p, text);
  }
  return make_error(Errc::bad_move_text, "unknown family");
}

}  // namespace bh::records
