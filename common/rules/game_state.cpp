#include "rules/game_state.hpp"

#include <cassert>

namespace bh::rules {

GameState::GameState(std::shared_ptr<const Ruleset> rules) : GameState(rules, rules->start()) {}

GameState::GameState(std::shared_ptr<const Ruleset> rules, Position start)
    : rules_(std::move(rules)), start_(start), position_(std::move(start)) {
  seen_[position_] = 1;  // the start counts as the first occurrence
  status_ = rules_status();
}

MoveList GameState::legal_moves() const {
  MoveList moves;
  if (!status_.over()) rules_->legal_moves(position_, moves);
  return moves;
}

Result<Move> GameState::play(std::string_view text) {
  if (status_.over()) return make_error(Errc::game_over, "the game is over");
  auto move = rules_->legal_move_from_text(position_, text);
  if (move) play(*move);
  return move;
}

void GameState::play(const Move& m) {
  assert(!status_.over());
  if (rules_->kings_only_ply_limit() > 0)
    kings_only_plies_ = rules_->is_kings_only_ply(position_, m) ? kings_only_plies_ + 1 : 0;
  position_ = rules_->apply(position_, m);
  moves_.push_back(m);
  ++seen_[position_];
  status_ = rules_status();
}

void GameState::finish(Status status) {
  if (!status_.over()) status_ = status;
}

Status GameState::rules_status() const {
  // A loss by the position (no legal move, captured king...) comes before any draw
  // rule, as RULES.md D8 demands for the 30th ply.
  Status s = rules_->status(position_);
  if (s.over()) return s;
  if (rules_->threefold_repetition_draws()) {
    const auto it = seen_.find(position_);
    if (it != seen_.end() && it->second >= 3) return rules_->repetition_status();
  }
  const int limit = rules_->kings_only_ply_limit();
  if (limit > 0 && kings_only_plies_ >= limit) return Status::draw(EndReason::kings_only);
  return s;
}

}  // namespace bh::rules
