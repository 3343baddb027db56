// The search's view of Alquerque: the Alquerque engine's free functions over its
// Position (which carries Q4's memory and the pending huff choice, so a move that leaves
// a capture untaken is searched with its huff), Zobrist keys over every part of the
// position, and the evaluation (alquerque_eval.cpp). Captures are not compulsory (the
// huff is the penalty), so the quiescence search may stand pat and tries captures.
//
// Thread-safety: stateless; const methods only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "levels.hpp"
#include "rules/alquerque/engine.hpp"

namespace bh::bot {

struct AlquerqueAdapter {
  using Pos = rules::alquerque::Position;
  using Mv = rules::Move;
  static constexpr bool repetition_draws = false;  // Q1-Q5 make every game finite
  static constexpr bool forced_captures = false;
  static constexpr bool null_move_pruning = false;  // zugzwang is common
  static constexpr LevelTable level_table = LevelTable::alquerque;
  static constexpr bool capture_quiescence = true;

  explicit AlquerqueAdapter(const rules::Ruleset&) {}

  static Pos from(const rules::Position& p) { return p.as<Pos>(); }
  static void generate(const Pos& p, std::vector<Mv>& out) {
    out.clear();
    rules::alquerque::legal_moves(p, out);
  }
  static Pos apply(const Pos& p, const Mv& m) { return rules::alquerque::apply(p, m); }
  static std::optional<int> terminal(const Pos&) { return std::nullopt; }  // no move or no piece: seen by the search
  static std::uint64_t key(const Pos& p);
  static int evaluate(const Pos& p);
  static int capture_hint(const Pos&, const Mv& m) { return m.jump ? m.length - 1 : 0; }
  static bool is_capture(const Pos&, const Mv& m) { return m.jump; }
  static int history_index(const Mv& m) { return m.from() * 128 + m.to(); }
  static bool same(const Mv& a, const Mv& b) { return a == b; }
  static rules::Move to_rules(const Mv& m) { return m; }
  static int side(const Pos& p) { return rules::index(p.to_move); }
  static bool irreversible(const Pos&, const Pos&) { return true; }
};

}  // namespace bh::bot
