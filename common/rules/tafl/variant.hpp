// The tafl family as data (RULES.md 1.4): one row per game. The engine reads only
// these fields; a further variant is a further row, not new code.
//
// Thread-safety: constant data.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace bh::rules::tafl {

// Where the king wins by stopping.
enum class Escape : std::uint8_t {
  corner_exits,  // the four corners are exits: only the king may stop there, hostile to all (V1, V3, V5)
  any_edge,      // any edge square (B5, S4)
};

// What the centre square is.
enum class Throne : std::uint8_t {
  none,                // an ordinary square (S1)
  restricted_hostile,  // only the king may stop; hostile to attackers always, to defenders when empty (V3, V5)
  banned_when_empty,   // while empty no piece, not even the king, may stop on it (B1)
};

// How the king is captured (T6); always only by the attacker that has just moved.
struct KingCapture {
  // Attackers on every side of the king capture it; with this flag an empty throne
  // may stand in for one of them ("3 + throne", V6, B4).
  bool throne_completes_enclosure;
  // Away from the throne (not on it, not next to it) two attackers on one line, or an
  // attacker and a hostile exit, capture the king like any piece (V6).
  bool sandwich_off_throne;
};

// What the third occurrence of a position means (T5, C11).
enum class Repetition : std::uint8_t {
  draw,            // T5
  defenders_lose,  // C11, R9: a perpetual repetition is the defenders' loss
};

// Rules that only some variants have. Each costs the engine work only when set, so
// the variants without them pay nothing (RULES.md 1.4; docs/rules/copenhagen.md).
struct Extras {
  bool shieldwall = false;    // C6: a row on the edge captured by bracketing it
  bool exit_fort = false;     // C8: the king in an unbreakable edge fort wins
  bool encirclement = false;  // C10, R8: attackers win by enclosing every defender
  Repetition repetition = Repetition::draw;
};

struct Variant {
  std::string_view id;
  Escape escape;
  int king_limit;   // most squares the king moves; 0: unlimited (options may lower it)
  int piece_limit;  // most squares other pieces move; 0: unlimited
  Throne throne;
  bool king_armed;  // the king captures and helps capture (V4); else never (B3, S2)
  KingCapture king_capture;
  bool no_attackers_defenders_win;  // V7
  int board_size;                   // without a size option
  Extras extras;
};

inline constexpr std::array<Variant, 5> variants{{
    {"tavlei", Escape::corner_exits, 3, 0, Throne::restricted_hostile, true, {true, true}, true, 9, {}},
    {"tablut", Escape::any_edge, 0, 0, Throne::banned_when_empty, false, {true, false}, false, 9, {}},
    {"seatafl", Escape::any_edge, 0, 0, Throne::none, false, {false, false}, false, 9, {}},
    // Copenhagen: the king is captured only by enclosure (4, or 3 + the empty throne),
    // so never on the edge (C5); docs/rules/copenhagen.md.
    {"copenhagen",
     Escape::corner_exits,
     0,
     0,
     Throne::restricted_hostile,
     true,
     {true, false},
     false,
     11,
     {true, true, true, Repetition::defenders_lose}},
    // Brandubh as played on the site of tests/data/tafl: docs/rules/brandubh.md.
    {"brandubh",
     Escape::corner_exits,
     0,
     0,
     Throne::restricted_hostile,
     true,
     {true, true},
     false,
     7,
     {false, false, true, Repetition::defenders_lose}},
}};

constexpr const Variant* find_variant(std::string_view id) {
  for (const auto& v : variants)
    if (v.id == id) return &v;
  return nullptr;
}

// Start positions by board size (RULES.md 1.1 and 1.3; Copenhagen shares the 11x11
// one, Brandubh has the 7x7 one), in position-string form.
constexpr std::string_view start_text(int size) {
  if (size == 7) return "3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 a";
  return size == 11 ? "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a"
                    : "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a";
}

}  // namespace bh::rules::tafl
