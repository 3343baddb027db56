#include "app/ratings/rating_http.hpp"

#include <cmath>
#include <variant>

#include "app/archive/archive.hpp"
#include "app/http/http_api.hpp"
#include "app/ratings/ratings.hpp"
#include "names/player_names.hpp"
#include "net/url.hpp"
#include "protocol/messages.hpp"
#include "storage/glicko2.hpp"

namespace bh::app::http {

namespace sv = protocol::server;

namespace {

// Longer than any name the server accepts (AppConfig::max_name_length is at most this),
// in code points; the %-encoded segment may have 3 * 16 bytes for each.
constexpr std::size_t kMaxName = 64;

HttpResponse json(int status, std::string body) { return HttpResponse{status, "application/json", std::move(body)}; }

std::optional<std::string> rating_key_param(const std::map<std::string, std::string>& query, std::string& error) {
  const auto game = query.find("game");
  if (game == query.end()) {
    error =
        "game is required: one of tavlei, tablut, seatafl-9x9, seatafl-11x11, copenhagen, brandubh, draughts, "
        "alquerque";
    return std::nullopt;
  }
  if (!rating::is_rating_key(game->second)) {
    error =
        "game must be one of tavlei, tablut, seatafl-9x9, seatafl-11x11, copenhagen, brandubh, draughts, "
        "alquerque";
    return std::nullopt;
  }
  return game->second;
}

}  // namespace

std::optional<std::string> player_name_from_segment(std::string_view segment) {
  if (segment.size() > 3 * 16 * kMaxName) return std::nullopt;
  auto decoded = net::percent_decode(segment, net::PlusIs::plus);
  if (!decoded) return std::nullopt;
  // UTF-8, in NFC as names are kept: a decomposed é finds the player with the composed one.
  auto checked = names::check_name(*decoded, kMaxName);
  if (!checked) return std::nullopt;
  return std::move(checked).value();
}

Fallible<GetLeaderboard> leaderboard_query(const std::map<std::string, std::string>& query) {
  GetLeaderboard out;
  for (const auto& [key, value] : query)
    if (key != "game" && key != "limit") return failure("unknown parameter '" + key.substr(0, 32) + "'");
  std::string error;
  auto key = rating_key_param(query, error);
  if (!key) return failure(std::move(error));
  out.key = *key;
  if (auto limit = query.find("limit"); limit != query.end()) {
    const std::string& text = limit->second;
    if (text.empty() || text.size() > 3) return failure("limit must be 1 to 100");
    int n = 0;
    for (char c : text) {
      if (c < '0' || c > '9') return failure("limit must be 1 to 100");
      n = n * 10 + (c - '0');
    }
    if (n < 1 || n > 100) return failure("limit must be 1 to 100");
    out.limit = n;
  }
  return out;
}

Fallible<std::string> history_key(const std::map<std::string, std::string>& query) {
  for (const auto& [k, value] : query)
    if (k != "game") return failure("unknown parameter '" + k.substr(0, 32) + "'");
  std::string error;
  auto found = rating_key_param(query, error);
  if (!found) return failure(std::move(error));
  return std::move(*found);
}

sv::Profile profile_body(const storage::PlayerProfile& p) {
  sv::Profile out;
  out.name = p.name;
  out.registered = p.registered;
  if (p.bot) out.bot = true;
  for (const auto& r : p.ratings) {
    const auto shown = rating_view(r.rating, r.rd);
    out.ratings[r.key] = sv::ProfileRating{shown.rating, shown.rd,         std::round(r.volatility * 1e5) / 1e5,
                                           r.games,      r.wins,           r.draws,
                                           r.losses,     shown.provisional};
  }
  for (const auto& s : p.recent) out.recent.push_back(summary_view(s));
  return out;
}

sv::Leaderboard leaderboard_body(const std::string& key, const std::vector<storage::PlayerRating>& top) {
  sv::Leaderboard out;
  out.game = key;
  for (const auto& r : top) {
    const auto shown = rating_view(r.rating, r.rd);
    out.players.push_back({r.player, shown.rating, shown.rd, r.games, r.wins, r.draws, r.losses});
  }
  return out;
}

HttpResponse profile_answer(const std::string& name, const storage::StoreResult<storage::PlayerProfile>& found) {
  if (found.error.code == storage::StoreErrc::not_found) return error(404, "not_found", "no player '" + name + "'");
  if (!found.error.ok() || !found.value) return error(503, "storage_unavailable", found.error.message);
  return json(200, protocol::encode_body(profile_body(*found.value)));
}

HttpResponse leaderboard_answer(const std::string& key,
                                const storage::StoreResult<std::vector<storage::PlayerRating>>& found) {
  if (found.error.code == storage::StoreErrc::invalid_query) return error(400, "bad_query", found.error.message);
  if (!found.error.ok() || !found.value) return error(503, "storage_unavailable", found.error.message);
  return json(200, protocol::encode_body(leaderboard_body(key, *found.value)));
}

HttpResponse history_answer(const std::string& name, const std::string& key,
                            const storage::StoreResult<std::vector<storage::RatingHistoryEntry>>& found) {
  if (found.error.code == storage::StoreErrc::not_found) return error(404, "not_found", "no player '" + name + "'");
  if (found.error.code == storage::StoreErrc::invalid_query) return error(400, "bad_query", found.error.message);
  if (!found.error.ok() || !found.value) return error(503, "storage_unavailable", found.error.message);
  sv::RatingHistory out;
  out.name = name;
  out.game = key;
  for (const auto& h : *found.value) {
    out.history.push_back({h.game_id, h.at_ms, rating::one_decimal(h.before), rating::one_decimal(h.after),
                           rating::one_decimal(h.rd), h.opponent, h.score});
  }
  return json(200, protocol::encode_body(out));
}

}  // namespace bh::app::http
