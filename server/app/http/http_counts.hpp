// HTTP answers counted by route and status, for /metrics
// (boardhall_http_responses_total{route,status}). Routes are a fixed set of labels, so
// a client cannot grow the table by asking for new paths: anything else is "other",
// and a request refused before its target was read is "unread".
//
// Thread-safety: every method locks; HTTP is not a hot path.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace bh::app {

// The paths the server answers outside the web client, classified once: the API routes
// by the kind (http_api.cpp) and the metrics count by the label, so the two cannot
// disagree on what a path is. Header-only: the network layer, built without the
// application, counts with it.
enum class HttpPath {
  healthz,
  metrics,
  lobby,
  games,
  game,
  game_export,
  games_export,
  player,
  player_ratings,
  player_games,
  leaderboard,
  mail_link,
  tournaments,
  tournament,
  tournament_export,
  explorer,
  program,  // the HTTP API for programs (app/api/api_routes.hpp), by its own router
  ws,
  other
};
struct ClassifiedPath {
  HttpPath kind;
  // "/healthz", "/metrics", "/api/lobby", "/api/games", "/api/games/{id}",
  // "/api/games/{id}/export", "/api/games/export", "/api/players/{name}",
  // "/api/players/{name}/ratings", "/api/players/{name}/games", "/api/leaderboard",
  // "/notifications/verify", "/notifications/unsubscribe", "/api/tournaments",
  // "/api/tournaments/{id}", "/api/tournaments/{id}/export", "/api/explorer", "/ws",
  // the programs' API's (docs/api.md), "other"
  std::string_view label;
};

inline ClassifiedPath classify_http_path(std::string_view path) {
  if (path == "/healthz") return {HttpPath::healthz, "/healthz"};
  if (path == "/metrics") return {HttpPath::metrics, "/metrics"};
  if (path == "/api/lobby") return {HttpPath::lobby, "/api/lobby"};
  if (path == "/api/games") return {HttpPath::games, "/api/games"};
  // Before "/api/games/{id}": no game id is "export" (ids are g..., m..., i...).
  if (path == "/api/games/export") return {HttpPath::games_export, "/api/games/export"};
  if (path == "/ws") return {HttpPath::ws, "/ws"};
  if (path == "/api/leaderboard") return {HttpPath::leaderboard, "/api/leaderboard"};
  if (path == "/notifications/verify") return {HttpPath::mail_link, "/notifications/verify"};
  if (path == "/notifications/unsubscribe") return {HttpPath::mail_link, "/notifications/unsubscribe"};
  constexpr std::string_view players = "/api/players/";
  if (path.starts_with(players) && path.size() > players.size()) {
    const auto slash = path.find('/', players.size());
    if (slash == std::string_view::npos) return {HttpPath::player, "/api/players/{name}"};
    if (slash > players.size() && path.substr(slash) == "/ratings")
      return {HttpPath::player_ratings, "/api/players/{name}/ratings"};
    if (slash > players.size() && path.substr(slash) == "/games")
      return {HttpPath::player_games, "/api/players/{name}/games"};
  }
  if (path == "/api/tournaments") return {HttpPath::tournaments, "/api/tournaments"};
  if (path == "/api/explorer") return {HttpPath::explorer, "/api/explorer"};
  constexpr std::string_view tournaments = "/api/tournaments/";
  if (path.starts_with(tournaments) && path.size() > tournaments.size()) {
    const auto slash = path.find('/', tournaments.size());
    if (slash == std::string_view::npos) return {HttpPath::tournament, "/api/tournaments/{id}"};
    if (slash > tournaments.size() && path.substr(slash) == "/export")
      return {HttpPath::tournament_export, "/api/tournaments/{id}/export"};
  }
  constexpr std::string_view games = "/api/games/";
  if (path.starts_with(games) && path.size() > games.size()) {
    const auto slash = path.find('/', games.size());
    if (slash == std::string_view::npos) return {HttpPath::game, "/api/games/{id}"};
    if (slash > games.size() && path.substr(slash) == "/export")
      return {HttpPath::game_export, "/api/games/{id}/export"};
  }
  // The HTTP API for programs (docs/api.md): a label per kind of route.
  if (path == "/api/account") return {HttpPath::program, "/api/account"};
  if (path == "/api/token") return {HttpPath::program, "/api/token"};
  if (path == "/api/stream/event") return {HttpPath::program, "/api/stream/event"};
  if (path == "/api/bot/account/upgrade") return {HttpPath::program, "/api/bot/account/upgrade"};
  if (path.starts_with("/api/challenge/")) return {HttpPath::program, "/api/challenge/{kind}"};
  if (path.starts_with("/api/bot/game/stream/") || path.starts_with("/api/board/game/stream/"))
    return {HttpPath::program, "/api/{bot|board}/game/stream/{id}"};
  if (path.starts_with("/api/bot/") || path.starts_with("/api/board/"))
    return {HttpPath::program, "/api/{bot|board}/game/{id}/{action}"};
  return {HttpPath::other, "other"};
}

inline std::string_view http_route_label(std::string_view path) { return classify_http_path(path).label; }

class HttpCounts {
 public:
  void add(std::string_view route, int status) {
    std::lock_guard lock(mutex_);
    ++counts_[{route, status}];
  }
  // Prometheus text lines, one per (route, status) seen, without the TYPE line.
  std::string prometheus_lines(std::string_view metric) const {
    std::lock_guard lock(mutex_);
    std::string out;
    for (const auto& [key, n] : counts_) {
      out += metric;
      out += "{route=\"";
      out += key.first;
      out += "\",status=\"" + std::to_string(key.second) + "\"} " + std::to_string(n) + "\n";
    }
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string_view, int>, std::uint64_t> counts_;  // labels are static strings
};

}  // namespace bh::app
