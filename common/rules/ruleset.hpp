// The one rules interface every game implements.
//
// A `Position` is a value holding one game's position (board, side to move and any
// state the game's position string carries). A `Ruleset` is the immutable rules of one
// game with its options, made by the registry (registry.hpp); it answers questions
// about positions with pure functions. History-dependent rules (repetition, the
// draughts kings-only count) live in GameState (game_state.hpp), not here.
//
// Thread-safety: a Ruleset is immutable after construction; every method is const and
// may be called from any number of threads at once.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/alquerque/position.hpp"
#include "rules/draughts/position.hpp"
#include "rules/notation.hpp"
#include "rules/tafl/position.hpp"
#include "rules/types.hpp"

namespace bh::rules {

class Position {
 public:
  using Variant = std::variant<tafl::Position, draughts::Position, alquerque::Position>;
  Position() = default;
  template <class P>
  Position(P p) : v_(std::move(p)) {}  // NOLINT: implicit from any game's position

  template <class P>
  const P& as() const {
    return std::get<P>(v_);
  }
  template <class P>
  P& as() {
    return std::get<P>(v_);
  }
  const Variant& variant() const { return v_; }

  // What stands on `s` (a square of the game's geometry); nullopt for an empty one.
  std::optional<Piece> piece_at(Square s) const {
    return std::visit([s](const auto& p) { return p.piece_at(s); }, v_);
  }

  std::uint64_t hash() const {
    return std::visit([](const auto& p) { return p.hash(); }, v_) ^ v_.index();
  }
  friend bool operator==(const Position&, const Position&) = default;

 private:
  Variant v_;
};

using MoveList = std::vector<Move>;

// Validated option values, e.g. {"size": 11, "king_limit": 4}. Only options the game
// declares appear; defaults are filled in by the registry.
using OptionValues = std::map<std::string, int, std::less<>>;

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  virtual std::string_view game_id() const = 0;
  const OptionValues& options() const { return options_; }
  virtual Geometry geometry() const = 0;
  // "attackers"/"defenders" for tafl, "white"/"black" for the others.
  virtual std::string_view side_name(Side) const = 0;

  virtual Position start() const = 0;
  virtual Result<Position> parse_position(std::string_view text) const = 0;
  virtual std::string position_text(const Position&) const = 0;
  virtual Side to_move(const Position&) const = 0;

  // Every legal move, in no particular order; empty once the game has ended.
  virtual void legal_moves(const Position&, MoveList& out) const = 0;
  // Precondition: `m` is one of legal_moves(p).
  virtual Position apply(const Position& p, const Move& m) const = 0;
  // The status that follows from the position alone (a captured king, no legal move...).
  virtual Status status(const Position&) const = 0;
  // Leaf count at `depth` plies (0 once the game has ended), the engine's fast path.
  virtual std::uint64_t perft(const Position&, int depth) const = 0;

  // Draw rules by history (RULES.md T5, D8): threefold repetition, and for draughts
  // the count of plies in which only kings moved without capture.
  virtual bool threefold_repetition_draws() const = 0;
  // What that third occurrence means: a draw (T5, D8), or a loss for one side (C11, R9).
  virtual Status repetition_status() const { return Status::draw(EndReason::repetition); }
  virtual int kings_only_ply_limit() const { return 0; }  // 0: no such rule
  // True when `m` (legal in `before`) is a kings-only non-capture ply for that rule.
  virtual bool is_kings_only_ply(const Position&, const Move&) const { return false; }

  // Points for a finished game; `final` is the last position. The default is
  // 1 / 0.5 / 0; Alquerque counts by RULES.md Q8.
  virtual Points points(const Position& final, const Status& status) const;

  // What a drawing of the board needs besides Position::piece_at, so that no client
  // knows an engine's layout or variant table.
  // The kinds of piece the game has, each once, first side's men first.
  virtual std::vector<Piece> pieces() const = 0;
  // What square `s` is: a throne, an exit, an unplayed light square, or plain.
  virtual SquareKind square_kind(Square) const { return SquareKind::plain; }
  // A board of points joined by lines (Alquerque), drawn with its lines; false for a
  // board of squares.
  virtual bool has_lines() const { return false; }
  // Whether a line of the board joins points `a` and `b` directly; false without lines.
  virtual bool joined(Square, Square) const { return false; }
  // A fact of the board no square shows, for a legend (tafl: where the king escapes
  // when there are no exit squares); empty when there is none.
  virtual std::string_view board_note() const { return {}; }

  // Text of a move; parse_move checks syntax only, is_legal checks membership.
  std::string move_text(const Move& m) const { return rules::move_text(m, geometry()); }
  Result<Move> parse_move(std::string_view text) const { return parse_move_text(text, geometry()); }
  // Parses `text` and checks it against the legal moves of `p`; the error says why not.
  virtual Result<Move> legal_move_from_text(const Position& p, std::string_view text) const;

 protected:
  explicit Ruleset(OptionValues options) : options_(std::move(options)) {}

 private:
  OptionValues options_;
};

}  // namespace bh::rules

template <>
struct std::hash<bh::rules::Position> {
  std::size_t operator()(const bh::rules::Position& p) const noexcept { return p.hash(); }
};
