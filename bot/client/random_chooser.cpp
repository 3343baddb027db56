#include "random_chooser.hpp"

#include <algorithm>
#include <cstdlib>

namespace bh::bot::client {

Choice RandomChooser::choose(const rules::GameState& game, const ChoiceLimits& limits, const std::atomic<bool>&) {
  const rules::MoveList moves = game.legal_moves();
  // The seed and the ply pick the move, so a test (and a replay) sees the same game.
  std::mt19937_64 rng(limits.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(game.ply()));
  std::uniform_int_distribution<std::size_t> pick(0, moves.empty() ? 0 : moves.size() - 1);
  Choice c;
  if (!moves.empty()) c.move = moves[pick(rng)];
  return c;
}

namespace {
// The last `n` scores all within `margin` of even.
bool level_for(const std::vector<int>& scores, std::size_t n, int margin) {
  if (scores.size() < n) return false;
  return std::all_of(scores.end() - static_cast<std::ptrdiff_t>(n), scores.end(),
                     [margin](int s) { return std::abs(s) <= margin; });
}
}  // namespace

bool PlaceholderPolicy::resign(const PolicyInput& in) const { return in.forced_loss; }

bool PlaceholderPolicy::offer_draw(const PolicyInput& in) const { return in.ply >= 80 && level_for(in.scores, 8, 20); }

bool PlaceholderPolicy::accept_draw(const PolicyInput& in) const {
  if (in.forced_loss) return true;
  if (!in.scores.empty() && in.scores.back() <= -100) return true;
  return in.ply >= 60 && level_for(in.scores, 4, 30);
}

}  // namespace bh::bot::client
