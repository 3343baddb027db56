// The ratings' HTTP API (docs/protocol.md, "Ratings over HTTP"), decided without I/O
// like the rest of http_api.hpp: the routes /api/players/{name},
// /api/players/{name}/ratings and /api/leaderboard parsed from the raw request, and
// the answers built from what the store returned. The fuzz target drives these too.
//
// Thread-safety: pure functions.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "app/application.hpp"
#include "base/fallible.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"
#include "storage/store.hpp"

namespace bh::app::http {

struct GetProfile {
  std::string name;
};
struct GetLeaderboard {
  std::string key;
  int limit = 20;
};
struct GetRatingHistory {
  std::string name, key;
};

// The player's name from the path segment (%-decoded UTF-8; '+' is a plus), in NFC:
// nullopt when no player could have it (bad escape, not UTF-8, too long, a character
// names never have, mixed scripts: names/player_names.hpp).
std::optional<std::string> player_name_from_segment(std::string_view segment);
// Query parameters: game (a rating key, required), limit (1..100, leaderboard only).
// The error message for a 400 bad_query otherwise.
Fallible<GetLeaderboard> leaderboard_query(const std::map<std::string, std::string>& query);
// The rating key of a history's query (its one parameter, game).
Fallible<std::string> history_key(const std::map<std::string, std::string>& query);

// The bodies both answers share (HTTP and WebSocket, rating_answers.hpp).
protocol::server::Profile profile_body(const storage::PlayerProfile& profile);
protocol::server::Leaderboard leaderboard_body(const std::string& key, const std::vector<storage::PlayerRating>& top);

HttpResponse profile_answer(const std::string& name, const storage::StoreResult<storage::PlayerProfile>& found);
HttpResponse leaderboard_answer(const std::string& key,
                                const storage::StoreResult<std::vector<storage::PlayerRating>>& found);
HttpResponse history_answer(const std::string& name, const std::string& key,
                            const storage::StoreResult<std::vector<storage::RatingHistoryEntry>>& found);

}  // namespace bh::app::http
