#include "game/match_score.hpp"

namespace bh::game {

double MatchScore::total(const std::string& player) const {
  const auto found = totals_.find(player);
  return found == totals_.end() ? 0 : found->second;
}

void MatchScore::seat(const std::string& creator, const std::string& joiner) {
  totals_[creator] = 0;
  totals_[joiner] = 0;
}

void MatchScore::restore(int game_number, std::map<std::string, double> totals) {
  game_number_ = game_number;
  totals_ = std::move(totals);
}

void MatchScore::add(const std::string& first_player, const std::string& second_player, rules::Points points) {
  totals_[first_player] += points.first;
  totals_[second_player] += points.second;
}

MatchScore MatchScore::with(const std::string& first_player, const std::string& second_player,
                            rules::Points points) const {
  MatchScore out = *this;
  out.add(first_player, second_player, points);
  return out;
}

std::optional<std::string> MatchScore::winner(const std::string& a, const std::string& b) const {
  const double pa = total(a), pb = total(b);
  if (pa == pb) return std::nullopt;
  return pa > pb ? a : b;
}

}  // namespace bh::game
