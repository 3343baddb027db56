// The search's view of Russian draughts: the draughts engine's free functions over its
// Position, its Zobrist hash as the key, and the evaluation (draughts_eval.cpp).
// Captures are compulsory, so the quiescence search follows every forced capture.
//
// Thread-safety: stateless; const methods only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "levels.hpp"
#include "rules/draughts/engine.hpp"

namespace bh::bot {

struct DraughtsAdapter {
  using Pos = rules::draughts::Position;
  using Mv = rules::Move;
  static constexpr bool repetition_draws = true;
  static constexpr bool forced_captures = true;
  static constexpr bool null_move_pruning = false;  // zugzwang is common
  static constexpr LevelTable level_table = LevelTable::standard;
  static constexpr bool capture_quiescence = true;

  explicit DraughtsAdapter(const rules::Ruleset&) {}

  static Pos from(const rules::Position& p) { return p.as<Pos>(); }
  static void generate(const Pos& p, std::vector<Mv>& out) {
    out.clear();
    rules::draughts::legal_moves(p, out);
  }
  static Pos apply(const Pos& p, const Mv& m) { return rules::draughts::apply(p, m); }
  // Every end of draughts is "no legal move" (no pieces included), seen by the search.
  static std::optional<int> terminal(const Pos&) { return std::nullopt; }
  static std::uint64_t key(const Pos& p) { return p.hash(); }
  static int evaluate(const Pos& p);
  static int capture_hint(const Pos&, const Mv& m) { return m.jump ? m.length - 1 : 0; }
  static bool is_capture(const Pos&, const Mv& m) { return m.jump; }
  static int history_index(const Mv& m) { return m.from() * 128 + m.to(); }
  static bool same(const Mv& a, const Mv& b) { return a == b; }
  static rules::Move to_rules(const Mv& m) { return m; }
  static int side(const Pos& p) { return rules::index(p.to_move); }
  // A man never goes back and a capture is never undone.
  static bool irreversible(const Pos& before, const Pos& after) {
    return (before.white & ~before.kings) != (after.white & ~after.kings) ||
           (before.black & ~before.kings) != (after.black & ~after.kings) ||
           __builtin_popcountll(before.white | before.black) != __builtin_popcountll(after.white | after.black);
  }
};

}  // namespace bh::bot
