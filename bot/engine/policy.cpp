#include "policy.hpp"

#include <cstdlib>

#include "engine.hpp"

namespace bh::bot {

bool should_resign(int level, std::span<const int> my_scores, bool forced_loss) {
  if (level < resign_min_level) return false;
  if (forced_loss) return true;
  if (my_scores.size() < static_cast<std::size_t>(resign_streak)) return false;
  for (std::size_t i = my_scores.size() - resign_streak; i < my_scores.size(); ++i)
    if (my_scores[i] > resign_score) return false;
  return true;
}

bool should_offer_draw(std::span<const int> my_scores, int ply, int moves_since_offer) {
  if (ply < draw_min_ply || moves_since_offer < draw_offer_gap) return false;
  if (my_scores.size() < static_cast<std::size_t>(draw_streak)) return false;
  for (std::size_t i = my_scores.size() - draw_streak; i < my_scores.size(); ++i)
    if (std::abs(my_scores[i]) > draw_band) return false;
  return true;
}

bool should_accept_draw(int latest_score) { return latest_score <= draw_accept_margin; }

}  // namespace bh::bot
