// Small helpers for the tafl tests: rulesets by id, positions built from piece lists,
// and everything read back as text so that tests compare rendered strings.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "naive.hpp"
#include "rules/engines.hpp"

namespace bh::rules::tafl_test {

namespace naive = tafl::naive;

inline std::shared_ptr<const Ruleset> rules(const std::string& id, OptionValues options = {}) {
  auto r = make_tafl(id, std::move(options));
  EXPECT_NE(r, nullptr) << id;
  return r;
}

// A position string from pieces given by square name, e.g. {{"e5", 'k'}, {"d5", 'a'}}.
inline std::string setup(int n, std::initializer_list<std::pair<const char*, char>> pieces, char side = 'a') {
  naive::Board b;
  b.n = n;
  b.sq.assign(static_cast<std::size_t>(n * n), '.');
  for (const auto& [sq, piece] : pieces) {
    const int file = sq[0] - 'a';
    const int rank = std::stoi(sq + 1) - 1;
    b.sq[static_cast<std::size_t>(rank * n + file)] = piece;
  }
  b.side = side;
  return naive::print(b);
}

inline Position parse(const Ruleset& r, const std::string& text) {
  auto p = r.parse_position(text);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error().message);
  return p.ok() ? *p : r.start();
}

// The position after playing `moves` (texts) from `text`; "illegal: <move>" if one is refused.
inline std::string play(const Ruleset& r, const std::string& text, std::initializer_list<const char*> moves) {
  Position p = parse(r, text);
  for (const char* m : moves) {
    auto mv = r.legal_move_from_text(p, m);
    if (!mv) return std::string("illegal: ") + m + " (" + mv.error().message + ")";
    p = r.apply(p, *mv);
  }
  return r.position_text(p);
}

// Destinations of the piece on `from`, sorted by name.
inline std::vector<std::string> destinations(const Ruleset& r, const std::string& text, const std::string& from) {
  MoveList moves;
  r.legal_moves(parse(r, text), moves);
  std::vector<std::string> out;
  for (const auto& m : moves) {
    const std::string t = r.move_text(m);
    if (t.substr(0, t.find('-')) == from) out.push_back(t.substr(t.find('-') + 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// "ongoing", or "<a|d> <reason>" for a win, "draw <reason>".
inline std::string status_text(const Status& s) {
  if (s.kind == Status::Kind::ongoing) return "ongoing";
  if (s.kind == Status::Kind::draw) return "draw " + std::string(to_string(s.reason));
  return std::string(s.winner == Side::first ? "a " : "d ") + std::string(to_string(s.reason));
}
inline std::string status_text(const Ruleset& r, const std::string& text) {
  return status_text(r.status(parse(r, text)));
}

}  // namespace bh::rules::tafl_test
