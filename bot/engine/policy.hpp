// When the bot resigns, offers a draw or accepts one: pure functions of the level, the
// scores of its own moves so far (oldest first, each for the bot, from SearchResult) and
// the ply, so that the networked bot stays simple and the thresholds are unit-tested.
//
// Thread-safety: pure functions.
#pragma once

#include <span>

namespace bh::bot {

inline constexpr int resign_min_level = 5;
inline constexpr int resign_score = -800;  // about eight pieces down
inline constexpr int resign_streak = 3;    // own moves in a row at or below resign_score
inline constexpr int draw_band = 40;       // |score| within this counts as level
inline constexpr int draw_streak = 12;     // own moves in a row within the band
inline constexpr int draw_min_ply = 80;    // late in the game only
inline constexpr int draw_offer_gap = 20;  // own moves between two offers
inline constexpr int draw_accept_margin = 50;

// Resign (levels >= 5 only) when a forced loss was found, or after resign_streak moves
// in a row scored at or below resign_score.
bool should_resign(int level, std::span<const int> my_scores, bool forced_loss);

// Offer a draw when the last draw_streak scores all lie within draw_band, at ply >=
// draw_min_ply, and at least draw_offer_gap own moves after the previous offer
// (`moves_since_offer`: own moves since the last offer; a large number when none).
bool should_offer_draw(std::span<const int> my_scores, int ply, int moves_since_offer);

// Accept the opponent's offer when the bot's latest score is not better than a small
// margin (and never from a position it knows it wins by force).
bool should_accept_draw(int latest_score);

}  // namespace bh::bot
