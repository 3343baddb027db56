// The rating update of one rated game as values: whether the game changes ratings and
// under which key, the first side's score, and a player's rating after it. Pure, so the
// SQLite store (rating_sql.cpp) and the PostgreSQL one (pg/pg_ratings.cpp) compute
// exactly the same thing inside the transactions that archive the game.
//
// Thread-safety: pure functions over the arguments.
#pragma once

#include <optional>
#include <string>

#include "storage/records.hpp"

namespace bh::storage {

// The rating key of a game that changes ratings: rated, not aborted, two different named
// players, and a game with a key (glicko2.hpp). nullopt for every other game.
std::optional<std::string> rated_key(const GameRecord& game);
// The first side's score: 1, 0.5 or 0 (the second side's is 1 minus it).
double first_score(const GameRecord& game);
// The rating of a player who has none yet for `key`.
PlayerRating fresh_rating(const std::string& player, const std::string& key);
// `before` after one game against `opponent` (both as stored before it): Glicko-2 and
// the counts.
PlayerRating rated(const PlayerRating& before, const PlayerRating& opponent, double score);

}  // namespace bh::storage
