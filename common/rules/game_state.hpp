// A game in progress as a value: the rules, the start, every move so far, the current
// position, and the history the draw rules need (RULES.md T5, D8). The server keeps
// one per live game; the CLI and the archive replay use it too.
//
// Thread-safety: a plain value; not synchronised. Copy it to share.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rules/ruleset.hpp"

namespace bh::rules {

class GameState {
 public:
  explicit GameState(std::shared_ptr<const Ruleset> rules);
  GameState(std::shared_ptr<const Ruleset> rules, Position start);

  const Ruleset& rules() const { return *rules_; }
  const std::shared_ptr<const Ruleset>& rules_ptr() const { return rules_; }
  const Position& start() const { return start_; }
  const Position& position() const { return position_; }
  const std::vector<Move>& moves() const { return moves_; }
  int ply() const { return static_cast<int>(moves_.size()); }
  Side to_move() const { return rules_->to_move(position_); }
  const Status& status() const { return status_; }
  MoveList legal_moves() const;

  // Plays a move given as text. Errors: game_over, bad_move_text, illegal_move.
  // On error nothing changes.
  Result<Move> play(std::string_view text);
  // Precondition: `m` is legal here and the game is not over.
  void play(const Move& m);

  // Ends the game for a reason outside the rules (resignation, agreement, time,
  // abandonment). No effect if the game is already over.
  void finish(Status status);
  Points points() const { return rules_->points(position_, status_); }

 private:
  Status rules_status() const;

  std::shared_ptr<const Ruleset> rules_;
  Position start_;
  Position position_;
  std::vector<Move> moves_;
  std::unordered_map<Position, int> seen_;
  int kings_only_plies_ = 0;
  Status status_;
};

}  // namespace bh::rules
