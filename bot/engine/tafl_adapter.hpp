// The search's view of the tafl games: the tafl engine's Board and moves called
// directly (no Ruleset conversions per node), Zobrist keys, move-ordering hints and
// the evaluation (tafl_eval.cpp).
//
// Thread-safety: immutable after construction; const methods only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "levels.hpp"
#include "rules/ruleset.hpp"
#include "rules/tafl/engine.hpp"

namespace bh::bot {

struct TaflAdapter {
  using Pos = rules::tafl::Board;
  using Mv = rules::tafl::Mv;
  static constexpr bool repetition_draws = true;
  static constexpr bool forced_captures = false;   // no capture quiescence: captures are not compulsory
  static constexpr bool null_move_pruning = true;  // no zugzwang to speak of
  static constexpr LevelTable level_table = LevelTable::standard;
  static constexpr bool capture_quiescence = false;

  explicit TaflAdapter(const rules::Ruleset& rules);

  Pos from(const rules::Position& p) const { return rules::tafl::to_board(r, p.as<rules::tafl::Position>()); }
  void generate(const Pos& b, std::vector<Mv>& out) const {
    out.resize(rules::tafl::max_moves);
    out.resize(static_cast<std::size_t>(rules::tafl::generate(r, b, out.data())));
  }
  Pos apply(const Pos& b, Mv m) const { return rules::tafl::apply(r, b, m); }
  // The same board with the other side to move (the search's null move).
  static Pos pass(const Pos& b) {
    Pos p = b;
    p.side ^= 1;
    return p;
  }
  // +1: the side to move has won, -1: it has lost, 0: a draw; nullopt: go on.
  std::optional<int> terminal(const Pos& b) const {
    const rules::Status s = rules::tafl::terminal_status(r, b);
    if (!s.over()) return std::nullopt;
    if (s.kind != rules::Status::Kind::win) return 0;
    return rules::index(s.winner) == b.side ? 1 : -1;
  }
  // The side (0 attackers, 1 defenders) a repetition makes lose, or -1 for a draw (T5;
  // C11 and R9 make it the defenders' loss).
  int repetition_loser(const Pos&) const {
    return r.variant.extras.repetition == rules::tafl::Repetition::defenders_lose ? 1 : -1;
  }
  std::uint64_t key(const Pos& b) const;
  int evaluate(const Pos& b) const;  // for the side to move
  // Pieces the move probably captures (a cheap test for ordering only).
  int capture_hint(const Pos& b, Mv m) const;
  bool is_capture(const Pos&, Mv) const { return false; }
  static int history_index(Mv m) { return m.from * 128 + m.to; }
  static bool same(Mv a, Mv b) { return a.from == b.from && a.to == b.to; }
  static rules::Move to_rules(Mv m) { return rules::simple_move(m.from, m.to); }
  static int side(const Pos& b) { return b.side; }
  // A capture can never be undone, so no earlier position repeats across it.
  static bool irreversible(const Pos& before, const Pos& after) {
    return count(before.att) + count(before.def) != count(after.att) + count(after.def);
  }

  static int count(rules::tafl::u128 set) {
    return __builtin_popcountll(static_cast<std::uint64_t>(set)) +
           __builtin_popcountll(static_cast<std::uint64_t>(set >> 64));
  }

  rules::tafl::Rules r;
  rules::tafl::u128 corner_guard = 0;  // squares near an exit (corner variants)
};

}  // namespace bh::bot
