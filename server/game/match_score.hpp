// The score of a match of one or more games between two players: which game is being
// played, the points each player has so far, and who won the match. A plain value.
//
// Thread-safety: none (a value; the room keeps its own on its strand).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "rules/types.hpp"

namespace bh::game {

class MatchScore {
 public:
  explicit MatchScore(int games) : games_(games) {}

  int games() const { return games_; }
  int game_number() const { return game_number_; }  // 1-based; 0 before the first game
  bool more_games() const { return game_number_ < games_; }
  // Points by player name; players seat()ed or restored, at 0 until they score.
  const std::map<std::string, double>& totals() const { return totals_; }
  double total(const std::string& player) const;

  // The two players of the match, both at 0.
  void seat(const std::string& creator, const std::string& joiner);
  // A match brought back by a restore: its current game and the players' totals.
  void restore(int game_number, std::map<std::string, double> totals);
  void next_game() { ++game_number_; }
  // A game ended: its points go to the players who played each side.
  void add(const std::string& first_player, const std::string& second_player, rules::Points points);
  // The score as it will be once add() has counted a game (for the next game's header).
  MatchScore with(const std::string& first_player, const std::string& second_player, rules::Points points) const;
  // The player with more points; none on a tie.
  std::optional<std::string> winner(const std::string& a, const std::string& b) const;

 private:
  int games_ = 1;
  int game_number_ = 0;
  std::map<std::string, double> totals_;
};

}  // namespace bh::game
