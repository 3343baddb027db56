#include "app/http/http_api.hpp"

#include "app/archive/archive.hpp"
#include "app/archive/explorer_body.hpp"
#include "app/http/http_counts.hpp"
#include "app/thread_check.hpp"
#include "protocol/utf8.hpp"

namespace bh::app::http {

namespace sv = protocol::server;

namespace {

HttpResponse json(int status, std::string body) { return HttpResponse{status, "application/json", std::move(body)}; }

// The bulk export reads the archive a page at a time: a page's summaries are what it
// holds in memory besides the one game being written.
constexpr int kExportPage = 50;

// The bulk export's filters: those of /api/games but `limit` (it writes every game that
// matches), and its own `format` (text or ndjson; the Accept header may ask too).
Route export_games(const HttpRequest& request, std::optional<std::string> tournament = std::nullopt) {
  std::map<std::string, std::string> filters = request.query;
  if (tournament) {
    if (filters.count("tournament") != 0) return error(400, "bad_query", "the tournament is the path's");
    filters["tournament"] = *tournament;
  }
  bool ndjson = request.accept.find("application/x-ndjson") != std::string::npos;
  if (const auto format = filters.find("format"); format != filters.end()) {
    if (format->second != "text" && format->second != "ndjson")
      return error(400, "bad_query", "format must be text or ndjson, not " + quote_client_text(format->second));
    ndjson = format->second == "ndjson";
    filters.erase(format);
  }
  if (filters.count("limit") != 0)
    return error(400, "bad_query", "limit does not apply to an export: it writes every game the filters match");
  auto parsed = list_games_from_query(filters);
  if (!parsed) return error(400, "bad_query", parsed.error());
  auto query = archive_query(*parsed);
  if (!query) return error(400, "bad_query", query.error());
  auto& checked = *query;
  checked.limit = kExportPage;
  return ExportGames{std::move(checked), ndjson};
}

}  // namespace

std::string quote_client_text(std::string_view text) {
  const auto shown = protocol::utf8::prefix(text, 64);
  return "'" + std::string(shown) + (shown.size() < text.size() ? "...'" : "'");
}

HttpResponse error(int status, std::string_view code, std::string_view message) {
  expect_off_store_thread("an HTTP answer");
  return json(status, protocol::encode_http_error(code, message));
}

Route route(const HttpRequest& request) {
  const std::string& path = request.path;
  const bool one_click = request.method == "POST" && path == "/notifications/unsubscribe";
  if (request.method != "GET" && !one_click) return error(405, "method_not_allowed", "only GET is served here");
  switch (classify_http_path(path).kind) {
    case HttpPath::healthz:
      return Health{};
    case HttpPath::metrics:
      return Metrics{};
    case HttpPath::lobby:
      return Lobby{};
    case HttpPath::games: {
      auto parsed = list_games_from_query(request.query);
      if (!parsed) return error(400, "bad_query", parsed.error());
      auto query = archive_query(*parsed);
      if (!query) return error(400, "bad_query", query.error());
      return ListGames{std::move(query).value()};
    }
    case HttpPath::game: {
      std::string id = path.substr(std::string_view("/api/games/").size());
      if (id.size() > 256) return error(404, "not_found", "no such game");
      return GetGame{std::move(id)};
    }
    case HttpPath::game_export: {
      const std::string_view rest = std::string_view(path).substr(std::string_view("/api/games/").size());
      std::string id(rest.substr(0, rest.find('/')));
      if (id.size() > 256) return error(404, "not_found", "no such game");
      if (!request.query.empty()) return error(400, "bad_query", "an export of one game takes no parameters");
      return ExportGame{std::move(id)};
    }
    case HttpPath::games_export:
      return export_games(request);
    case HttpPath::player: {
      auto name = player_name_from_segment(std::string_view(path).substr(std::string_view("/api/players/").size()));
      if (!name) return error(404, "not_found", "no such player");
      return GetProfile{std::move(*name)};
    }
    case HttpPath::player_ratings: {
      const std::string_view rest = std::string_view(path).substr(std::string_view("/api/players/").size());
      auto name = player_name_from_segment(rest.substr(0, rest.find('/')));
      if (!name) return error(404, "not_found", "no such player");
      auto key = history_key(request.query);
      if (!key) return error(400, "bad_query", key.error());
      return GetRatingHistory{std::move(*name), std::move(key).value()};
    }
    case HttpPath::player_games: {
      const std::string_view rest = std::string_view(path).substr(std::string_view("/api/players/").size());
      auto name = player_name_from_segment(rest.substr(0, rest.find('/')));
      if (!name) return error(404, "not_found", "no such player");
      if (!request.query.empty()) return error(400, "bad_query", "a player's games take no parameters");
      return GetPlayerGames{std::move(*name)};
    }
    case HttpPath::leaderboard: {
      auto parsed = leaderboard_query(request.query);
      if (!parsed) return error(400, "bad_query", parsed.error());
      return std::move(parsed).value();
    }
    case HttpPath::mail_link: {
      const auto token = request.query.find("token");
      if (token == request.query.end() || request.query.size() != 1)
        return error(400, "bad_query", "the link takes its token alone");
      return MailLink{path == "/notifications/verify", token->second, one_click};
    }
    case HttpPath::tournaments:
      if (!request.query.empty()) return error(400, "bad_query", "the list of tournaments takes no parameters");
      return ListTournaments{};
    case HttpPath::tournament: {
      std::string id = path.substr(std::string_view("/api/tournaments/").size());
      if (id.size() > 64) return error(404, "not_found", "no such tournament");
      if (!request.query.empty()) return error(400, "bad_query", "a tournament takes no parameters");
      return GetTournament{std::move(id)};
    }
    case HttpPath::tournament_export: {
      const std::string_view rest = std::string_view(path).substr(std::string_view("/api/tournaments/").size());
      std::string id(rest.substr(0, rest.find('/')));
      if (id.size() > 64) return error(404, "not_found", "no such tournament");
      return export_games(request, std::move(id));
    }
    case HttpPath::explorer: {
      auto asked = explorer::explore_from_query(request.query);
      if (!asked) return error(400, "bad_query", asked.error());
      auto lookup = explorer::lookup(*asked);
      if (!lookup) return error(400, "bad_query", lookup.error());
      return Explore{std::move(lookup).value()};
    }
    case HttpPath::program:  // api_routes.cpp's, taken before these
    case HttpPath::ws:       // a plain GET of the WebSocket's path, without the upgrade
    case HttpPath::other:
      break;
  }
  return error(404, "not_found", "no such path: " + quote_client_text(path));
}

HttpResponse games_page(const storage::StoreResult<storage::ArchivePage>& page) {
  expect_off_store_thread("an HTTP archive page");
  if (page.error.code == storage::StoreErrc::invalid_query) return error(400, "bad_query", page.error.message);
  if (!page.error.ok() || !page.value) return error(503, "storage_unavailable", page.error.message);
  return json(200, protocol::encode_body(games_view(*page.value)));
}

HttpResponse explorer_answer(const explorer::Walk& walk, const storage::StoreResult<storage::ExplorerPosition>& found) {
  expect_off_store_thread("an HTTP explorer answer");
  if (found.error.code == storage::StoreErrc::invalid_query) return error(400, "bad_query", found.error.message);
  if (!found.error.ok() || !found.value) return error(503, "storage_unavailable", found.error.message);
  return json(200, protocol::encode_body(explorer_body(walk, *found.value)));
}

HttpResponse game_record(const std::string& id, const storage::StoreResult<storage::GameRecord>& found,
                         std::string* replay_error) {
  if (!found.error.ok() || !found.value) return game_record(id, found.error, nullptr);
  const sv::ArchivedGame record = record_view(*found.value, replay_error);
  return game_record(id, found.error, &record);
}

HttpResponse game_record(const std::string& id, const storage::StoreError& found, const sv::ArchivedGame* record) {
  expect_off_store_thread("an HTTP archive record");
  if (found.code == storage::StoreErrc::not_found)
    return error(404, "not_found", "no game " + quote_client_text(id) + " in the archive");
  if (!found.ok() || !record) return error(503, "storage_unavailable", found.message);
  return json(200, protocol::encode_body(*record));
}

}  // namespace bh::app::http
