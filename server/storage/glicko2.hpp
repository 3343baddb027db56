// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): the rating update of
// one player after one rating period, and Boardhall's parameters and rating keys.
// Boardhall's rating period is one game: each rated game updates both players at once
// from their ratings before it (docs/ratings.md). Plain values and pure functions; no
// SQLite or JSON here.
//
// Thread-safety: pure functions over the arguments.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bh::rating {

// Boardhall's parameters: a new player, the system constant τ, the bounds of rd.
inline constexpr double kStartRating = 1500;
inline constexpr double kStartRd = 500;
inline constexpr double kStartVolatility = 0.09;
inline constexpr double kTau = 0.75;
inline constexpr double kMinRd = 45;
inline constexpr double kMaxRd = 500;
// A rating is provisional (shown with "?") while its rd is above this.
inline constexpr double kProvisionalRd = 110;

struct Rating {
  double rating = kStartRating;
  double rd = kStartRd;
  double volatility = kStartVolatility;
  friend bool operator==(const Rating&, const Rating&) = default;
};

// One game of the period: the opponent's rating before it and the score (1, 0.5, 0).
struct Outcome {
  double opponent_rating = kStartRating;
  double opponent_rd = kStartRd;
  double score = 0;
};

// Glickman's steps 1-8 with system constant `tau`, without clamping rd. With no games
// the rating and volatility stay and rd grows by the volatility (step 6 alone).
Rating update(const Rating& player, const std::vector<Outcome>& games, double tau);

// Boardhall's update after one game: `update` with kTau, rd then clamped to
// [kMinRd, kMaxRd].
Rating update_after_game(const Rating& player, const Rating& opponent, double score);

bool provisional(double rd);
// One decimal, as the protocol shows ratings (1741.62 -> 1741.6).
double one_decimal(double value);

// The rating key of a game with its options: tavlei, tablut, seatafl-9x9,
// seatafl-11x11, copenhagen, brandubh, draughts, alquerque; nullopt for an unknown game or size. Other
// options do not split ratings.
std::optional<std::string> rating_key(std::string_view game, const std::map<std::string, std::string>& options);
// Every rating key, in the order listed above.
const std::vector<std::string>& rating_keys();
bool is_rating_key(std::string_view key);

}  // namespace bh::rating
