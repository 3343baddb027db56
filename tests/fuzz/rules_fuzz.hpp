// The body shared by the rules fuzz targets (one per game: tavlei_fuzz.cpp, ...).
//
// Input: the first line is a position string, each further line a move text.
// Properties checked (a violation aborts, which libFuzzer reports as a crash):
// - parse_position never crashes; when it succeeds, position_text round-trips to a
//   string that parses to an equal Position and prints the same text;
// - on the parsed position and on the start: legal_moves, status, to_move, perft(1)
//   agree (perft(1) is the number of legal moves), and every legal move is applied,
//   printed, and read back by legal_move_from_text as the same move;
// - every move line goes through parse_move and legal_move_from_text on the start and
//   on the parsed position; an accepted move is applied.
// Thread-safety: libFuzzer calls the entry point from one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "rules/registry.hpp"

namespace bh::fuzz {

[[noreturn]] inline void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz property violated: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

inline const rules::Ruleset& ruleset(std::string_view game, const rules::OptionText& options) {
  static const std::shared_ptr<const rules::Ruleset> rs = [&] {
    auto made = rules::make_ruleset(game, options);
    if (!made) fail("make_ruleset", made.error().message);
    return *made;
  }();
  return *rs;
}

// The position after `m`, checked: printable, parses back to itself, status known.
inline void check_after(const rules::Ruleset& rs, const rules::Position& p, const rules::Move& m) {
  const rules::Position next = rs.apply(p, m);
  const std::string text = rs.position_text(next);
  auto back = rs.parse_position(text);
  if (!back) fail("a position reached by a legal move does not parse", text + " (" + back.error().message + ")");
  if (!(*back == next)) fail("a position reached by a legal move does not round-trip", text);
  (void)rs.status(next);
}

inline void check_position(const rules::Ruleset& rs, const rules::Position& p) {
  const std::string text = rs.position_text(p);
  auto again = rs.parse_position(text);
  if (!again) fail("position_text does not parse", text + " (" + again.error().message + ")");
  if (!(*again == p)) fail("position_text does not round-trip to an equal position", text);
  if (rs.position_text(*again) != text) fail("position_text is not stable", text);
  if (again->hash() != p.hash()) fail("equal positions hash differently", text);

  (void)rs.to_move(p);
  const rules::Status status = rs.status(p);
  rules::MoveList moves;
  rs.legal_moves(p, moves);
  if (status.over() && !moves.empty()) fail("legal moves after the game ended", text);
  const std::uint64_t leaves = rs.perft(p, 1);
  if (leaves != moves.size())
    fail("perft(1) differs from the number of legal moves",
         text + ": perft " + std::to_string(leaves) + ", legal " + std::to_string(moves.size()));
  for (const rules::Move& m : moves) {
    const std::string mt = rs.move_text(m);
    auto read = rs.legal_move_from_text(p, mt);
    if (!read) fail("a legal move's text is refused", text + " / " + mt + " (" + read.error().message + ")");
    if (!(*read == m)) fail("a legal move's text reads back as another move", text + " / " + mt);
    check_after(rs, p, m);
  }
}

inline void try_move(const rules::Ruleset& rs, const rules::Position& p, std::string_view text) {
  auto m = rs.legal_move_from_text(p, text);
  if (!m) return;
  check_after(rs, p, *m);
}

inline int run_one(std::string_view game, const rules::OptionText& options, const std::uint8_t* data,
                   std::size_t size) {
  const rules::Ruleset& rs = ruleset(game, options);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto eol = input.find('\n');
  const std::string_view position_line = input.substr(0, eol);
  std::string_view rest = eol == std::string_view::npos ? std::string_view{} : input.substr(eol + 1);

  static const rules::Position start = rs.start();
  auto parsed = rs.parse_position(position_line);
  if (parsed) {
    check_position(rs, *parsed);
  } else if (parsed.error().code != rules::Errc::bad_position) {
    fail("parse_position failed with a code other than bad_position", parsed.error().message);
  }

  for (int lines = 0; !rest.empty() && lines < 16; ++lines) {
    const auto end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    (void)rs.parse_move(line);
    try_move(rs, start, line);
    if (parsed) try_move(rs, *parsed, line);
  }
  return 0;
}

}  // namespace bh::fuzz
