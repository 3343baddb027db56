// libFuzzer target: the HTTP API from the raw request to the answer's body. The input is
// a request target on its first line and header lines ("Name: value") after it; the
// target is split and decoded as the server does (net/url), routed (app/http_api), and
// every route's answer is built, with store results made from the same bytes (a page
// of games, a record that does not replay, a store error echoing the cursor; for the
// export routes a record file of such a game, its ndjson line, the headers). Every
// answer must be a JSON body with a status the API documents; the client address taken
// from the forwarded headers must be a canonical IP address. The same path is asked of
// the web client's files (web/site_answer, over a few files in memory, with the input's
// If-None-Match): a file name is always relative and made of safe segments, an answer
// is one of the site's files, a 304, or a JSON 400, and no header carries a line break.
// Its Transfer-Encoding and Sec-WebSocket-Key headers go through the framing checks
// (net/request_checks): only "chunked" alone is served, only a 24-character key accepted,
// and the WebSocket URL's `legal` gives lists, compact, or a refusal.
// The programs' API (app/api/api_routes) is routed first, as the application does, with
// the input's Body, Content-Type and Authorization headers.
// Thread-safety: libFuzzer calls the entry point from one thread.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

#include "app/api/api_routes.hpp"
#include "app/api/api_token.hpp"
#include "app/archive/export_http.hpp"
#include "app/http/http_api.hpp"
#include "app/http/http_counts.hpp"
#include "app/tournaments/tournament_views.hpp"
#include "explorer/explorer_request.hpp"
#include "net/client_address.hpp"
#include "net/request_checks.hpp"
#include "net/url.hpp"
#include "protocol/utf8.hpp"
#include "web/site_answer.hpp"
#include "web/site_path.hpp"

namespace {

using namespace bh;

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz property violated: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

void check_answer(const app::HttpResponse& answer, std::string_view input) {
  switch (answer.status) {
    case 200:
    case 400:
    case 404:
    case 405:
    case 422:
    case 503:
      break;
    default:
      fail("an answer with a status the API does not document", std::to_string(answer.status));
  }
  if (!protocol::utf8::is_valid(answer.body)) fail("an answer that is not UTF-8", input);
  if (!nlohmann::json::accept(answer.body)) fail("an answer that is not JSON", answer.body);
}

// An export's answer: a record file (text, UTF-8) with a download name, or the API's JSON
// errors; no header carries a line break or a quote in its file name.
void check_export(const app::HttpResponse& answer, std::string_view input) {
  if (answer.status != 200) {
    if (answer.status != 404 && answer.status != 400 && answer.status != 422 && answer.status != 503)
      fail("an export answer with a status the API does not document", std::to_string(answer.status));
    return check_answer(answer, input);
  }
  if (!protocol::utf8::is_valid(answer.body)) fail("an export that is not UTF-8", input);
  for (const auto& [name, value] : answer.headers) {
    if (name.find_first_of("\r\n") != std::string::npos || value.find_first_of("\r\n") != std::string::npos)
      fail("an export header with a line break", input);
    if (name == "Content-Disposition" && std::count(value.begin(), value.end(), '"') != 2)
      fail("a download name with a quote in it", value);
  }
}

storage::GameSummary summary_from(const std::string& text) {
  storage::GameSummary s;
  s.id = text;
  s.game = text;
  s.first_player = text;
  s.second_player = text;
  s.result = text;
  s.reason = text;
  s.options[text] = text;  // echoed in list entries since issue 12.8
  s.clock = storage::ClockSpec{static_cast<std::int64_t>(text.size()), -1};
  s.correspondence = text;  // a time control as the store keeps it, or any text a file holds
  return s;
}

// A route of the programs' API: its refusals are JSON of documented statuses, a game is
// named by a plausible id, a move and a chat line are bounded, and every scope
// combination gets a verdict (a refusal says why).
void check_program_route(const app::api::Route& route, const app::HttpRequest& request, std::string_view input) {
  if (const auto* answer = std::get_if<app::HttpResponse>(&route)) {
    if (answer->status != 400 && answer->status != 404 && answer->status != 405 && answer->status != 413)
      fail("a program route refused with a status the API does not document", std::to_string(answer->status));
    if (!nlohmann::json::accept(answer->body)) fail("a program route's refusal that is not JSON", answer->body);
    return;
  }
  const auto check_game = [&](const std::string& id) {
    if (id.empty() || id.size() > 64 || id.find_first_of("/%?#") != std::string::npos)
      fail("a program route naming an implausible game", id);
  };
  if (const auto* stream = std::get_if<app::api::GameStream>(&route)) check_game(stream->game_id);
  if (const auto* action = std::get_if<app::api::Action>(&route)) {
    check_game(action->game_id);
    if (request.method != "POST") fail("an action taken with another method than POST", request.method);
    if (action->kind == app::api::ActionKind::move && (action->text.empty() || action->text.size() > 64))
      fail("a move outside 1..64 bytes", action->text);
  }
  if (request.body.size() > app::api::kMaxBodyBytes) fail("a body over the bound taken", input);
  for (int scopes = 0; scopes < 16; ++scopes)
    for (const bool bot : {false, true})
      if (const auto why = app::api::refusal(route, static_cast<app::api::Scopes>(scopes), bot); why && why->empty())
        fail("a refusal without a reason", input);
}

void route_and_answer(const app::HttpRequest& request, std::string_view input) {
  const std::string text(input);
  // The metrics label of any path is one of a fixed few, so no client grows the table.
  const std::string_view label = app::http_route_label(request.path);
  if (label != "/healthz" && label != "/metrics" && label != "/api/lobby" && label != "/api/games" &&
      label != "/api/games/{id}" && label != "/api/games/{id}/export" && label != "/api/games/export" &&
      label != "/api/players/{name}" && label != "/api/players/{name}/ratings" &&
      label != "/api/players/{name}/games" && label != "/api/leaderboard" && label != "/notifications/verify" &&
      label != "/notifications/unsubscribe" && label != "/api/tournaments" && label != "/api/tournaments/{id}" &&
      label != "/api/tournaments/{id}/export" && label != "/api/explorer" && label != "/ws" && label != "other" &&
      label != "/api/account" && label != "/api/token" && label != "/api/stream/event" &&
      label != "/api/bot/account/upgrade" && label != "/api/challenge/{kind}" &&
      label != "/api/{bot|board}/game/stream/{id}" && label != "/api/{bot|board}/game/{id}/{action}")
    fail("a route label outside the fixed set", label);
  // The HTTP API for programs (docs/api.md) first, as the application asks it.
  if (auto program = app::api::route(request)) return check_program_route(*program, request, input);
  auto route = app::http::route(request);
  if (auto* answer = std::get_if<app::HttpResponse>(&route)) return check_answer(*answer, input);
  if (auto* list = std::get_if<app::http::ListGames>(&route)) {
    storage::ArchivePage page;
    page.games.push_back(summary_from(text));
    page.next_cursor = list->query.cursor;
    check_answer(app::http::games_page({{}, page}), input);
    const std::string cursor = list->query.cursor.value_or("");
    check_answer(app::http::games_page({{storage::StoreErrc::invalid_query, "bad cursor '" + cursor + "'"}, {}}),
                 input);
    check_answer(app::http::games_page({{storage::StoreErrc::unavailable, text}, {}}), input);
  }
  if (auto* get = std::get_if<app::http::GetGame>(&route)) {
    check_answer(app::http::game_record(get->id, {{storage::StoreErrc::not_found, ""}, {}}, nullptr), input);
    storage::GameRecord record;
    record.id = get->id;
    record.game = "tablut";
    record.options[text] = text;
    record.first_player = record.second_player = text;
    record.result = "draw";
    record.reason = text;
    record.moves.push_back(storage::MoveRecord{text, -1, -1, 0});
    std::string replay_error;
    check_answer(app::http::game_record(get->id, {{}, record}, &replay_error), input);
  }
  // The exports (export_http.hpp): a record of the input's text (a game no rules here
  // know, or moves that do not replay: 422), a real one with the input as its players,
  // and the store's failures.
  if (auto* get = std::get_if<app::http::ExportGame>(&route)) {
    check_export(app::http::export_answer(get->id, {{storage::StoreErrc::not_found, ""}, {}}), input);
    check_export(app::http::export_answer(get->id, {{storage::StoreErrc::unavailable, text}, {}}), input);
    for (const char* game : {"draughts", "tablut"}) {
      storage::GameRecord record;
      record.id = get->id;
      record.game = game;
      record.first_player = record.second_player = text;
      record.result = "first";
      record.reason = text;
      record.imported = text.size() % 2 == 0;
      record.tags[text] = text;
      record.moves.push_back(storage::MoveRecord{text, -1, -1, 0});
      check_export(app::http::export_answer(get->id, {{}, record}), input);
      record.moves.clear();
      check_export(app::http::export_answer(get->id, {{}, record}), input);
      std::string why;
      for (const bool ndjson : {false, true}) {
        const std::string piece = app::http::export_piece(record, ndjson, &why);
        if (!protocol::utf8::is_valid(piece)) fail("an export piece that is not UTF-8", input);
        if (ndjson && !nlohmann::json::accept(piece)) fail("an ndjson line that is not JSON", piece);
      }
    }
  }
  if (auto* all = std::get_if<app::http::ExportGames>(&route)) {
    if (all->query.limit < 1 || all->query.limit > 100) fail("an export page outside 1..100", input);
    check_export(app::http::export_start({}, all->ndjson, all->query.game), input);
    check_export(app::http::export_start({storage::StoreErrc::invalid_query, text}, all->ndjson, all->query.game),
                 input);
  }
  // The ratings' answers (rating_http.hpp) with what the store could return.
  if (auto* get = std::get_if<app::http::GetProfile>(&route)) {
    if (!app::http::player_name_from_segment(get->name)) fail("a profile route for a name no player has", get->name);
    check_answer(app::http::profile_answer(get->name, {{storage::StoreErrc::not_found, ""}, {}}), input);
    storage::PlayerProfile profile;
    profile.name = get->name;
    profile.registered = true;
    profile.ratings.push_back(storage::PlayerRating{get->name, "tablut", 1741.62, 396.81, 0.09, 1, 1, 0, 0});
    profile.recent.push_back(summary_from(text));
    check_answer(app::http::profile_answer(get->name, {{}, profile}), input);
  }
  if (auto* get = std::get_if<app::http::GetLeaderboard>(&route)) {
    if (get->limit < 1 || get->limit > 100) fail("a leaderboard limit outside 1..100", std::to_string(get->limit));
    std::vector<storage::PlayerRating> top{storage::PlayerRating{text, get->key, 1800, 60, 0.06, 40, 30, 2, 8}};
    check_answer(app::http::leaderboard_answer(get->key, {{}, top}), input);
    check_answer(app::http::leaderboard_answer(get->key, {{storage::StoreErrc::unavailable, text}, {}}), input);
  }
  // The explorer (docs/explorer.md): a lookup that passed its checks replayed legal moves
  // to a position; its answers with the input's text in every name are JSON.
  if (auto* explore = std::get_if<app::http::Explore>(&route)) {
    const auto& walk = explore->lookup.walk;
    if (walk.moves.size() > explorer::kMaxMoves) fail("an explorer line over the bound", input);
    if (explore->lookup.query.variant.empty()) fail("an explorer lookup without a variant", input);
    storage::ExplorerPosition found;
    found.moves.push_back(storage::ExplorerMove{text, 3, 1, 1, 1, 1, 1650.5, text, 7});
    found.examples.push_back(summary_from(text));
    check_answer(app::http::explorer_answer(walk, {{}, found}), input);
    check_answer(app::http::explorer_answer(walk, {{storage::StoreErrc::invalid_query, text}, {}}), input);
    check_answer(app::http::explorer_answer(walk, {{storage::StoreErrc::unavailable, text}, {}}), input);
  }
  // A player's games in progress: a name a player can have, answered as JSON.
  if (auto* get = std::get_if<app::http::GetPlayerGames>(&route)) {
    if (!app::http::player_name_from_segment(get->name)) fail("a games route for a name no player has", get->name);
    protocol::server::PlayerGame game;
    game.game_id = game.room_id = game.players.first = text;
    game.players.second = get->name;
    check_answer({200, "application/json", protocol::encode_body(protocol::server::PlayerGames{get->name, {game}})},
                 input);
  }
  // A mail's link: only its two paths, its token the query's own (checked by the app).
  if (auto* link = std::get_if<app::http::MailLink>(&route)) {
    if (request.path != "/notifications/verify" && request.path != "/notifications/unsubscribe")
      fail("a mail link at another path", request.path);
    const auto token = request.query.find("token");
    if (token == request.query.end() || token->second != link->token)
      fail("a mail link whose token is not the query's", link->token);
    if (link->post != (request.method == "POST") || (link->post && link->verify))
      fail("a POST to a mail link other than the unsubscribe one", request.path);
  }
  // A tournament's view (tournament_views.hpp) with the input's text in every name: JSON.
  if (auto* get = std::get_if<app::http::GetTournament>(&route)) {
    if (get->id.size() > 64) fail("a tournament id over 64 bytes", get->id);
    tournament::Tournament t;
    t.id = get->id;
    t.settings.name = t.settings.creator = text;
    t.settings.game = "tablut";
    t.settings.format = text.size() % 3 == 0   ? tournament::Format::round_robin
                        : text.size() % 3 == 1 ? tournament::Format::swiss
                                               : tournament::Format::arena;
    t.players = {{text, 1, 1500, 1, -1, false}, {"b", 2, 1400, 1, -1, true}, {"c", 3, 1300, 1, 2, false}};
    t.games = {{1, 1, 1, 2, text, tournament::Outcome::draw},
               {2, 1, 3, 1, "", tournament::Outcome::second_won_by_forfeit}};
    check_answer({200, "application/json", protocol::encode_body(app::tournament_view(t, true))}, input);
  }
  if (auto* get = std::get_if<app::http::GetRatingHistory>(&route)) {
    std::vector<storage::RatingHistoryEntry> history{
        storage::RatingHistoryEntry{text, 1, 1500, 1741.62, 396.81, text, 1}};
    check_answer(app::http::history_answer(get->name, get->key, {{}, history}), input);
    check_answer(app::http::history_answer(get->name, get->key, {{storage::StoreErrc::not_found, ""}, {}}), input);
  }
}

// The site's files in memory, with fixed tags (the real ones hash the content).
class MemorySite final : public web::Site {
 public:
  std::optional<web::SiteFile> find(std::string_view name) const override {
    for (const auto& file : kFiles)
      if (file.name == name) return web::SiteFile{file.content, nullptr, std::string(file.etag)};
    return std::nullopt;
  }
  struct File {
    std::string_view name, content, etag;
  };
  static constexpr File kFiles[] = {{"index.html", "<!doctype html><p>page</p>", "\"0001\""},
                                    {"favicon.svg", "<svg/>", "\"0002\""},
                                    {"js/app/main.js", "export {};", "\"0003\""},
                                    {"css/app.css", "body{}", "\"0004\""}};
};

bool safe_file_segment(std::string_view segment) {
  if (segment.empty() || segment.front() == '.') return false;
  for (char c : segment)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
          c == '-'))
      return false;
  return true;
}

void check_site(std::string_view path, std::string_view if_none_match, std::string_view input) {
  const web::SitePath parsed = web::parse_site_path(path);
  if (parsed.kind == web::PathKind::file) {
    std::string_view rest = parsed.file;
    for (;;) {
      const auto slash = rest.find('/');
      if (!safe_file_segment(rest.substr(0, slash))) fail("a file name with an unsafe segment", parsed.file);
      if (slash == std::string_view::npos) break;
      rest.remove_prefix(slash + 1);
    }
  }
  if (parsed.kind == web::PathKind::bad && parsed.why.empty()) fail("a refusal without a reason", input);

  static const MemorySite site;
  const auto answer = web::site_answer(site, path, if_none_match);
  if (!answer) return;
  if (answer->route != web::kPageRoute && answer->route != web::kAssetRoute && answer->route != web::kOtherRoute)
    fail("a site route label outside the fixed set", answer->route);
  for (const auto& header : answer->headers)
    if (header.value.find_first_of("\r\n") != std::string::npos) fail("a header value with a line break", input);
  switch (answer->status) {
    case 200: {
      bool known = false;
      for (const auto& file : MemorySite::kFiles) known = known || answer->body == file.content;
      if (!known) fail("a 200 whose body is none of the site's files", input);
      break;
    }
    case 304:
      if (!answer->body.empty()) fail("a 304 with a body", input);
      break;
    case 400:
      if (!nlohmann::json::accept(answer->body)) fail("a refusal that is not JSON", answer->body);
      break;
    default:
      fail("a site answer with a status the API does not document", std::to_string(answer->status));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto line_end = input.find('\n');
  const std::string_view target = input.substr(0, line_end);
  std::map<std::string, std::string, std::less<>> headers;
  for (std::string_view rest = line_end == std::string_view::npos ? std::string_view{} : input.substr(line_end + 1);
       !rest.empty();) {
    const auto end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    const auto colon = line.find(':');
    if (colon != std::string_view::npos) headers[std::string(line.substr(0, colon))] = line.substr(colon + 1);
  }
  auto header = [&](const char* name) -> std::string_view {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string_view{} : std::string_view(it->second);
  };

  if (auto split = net::split_target(target)) {
    for (const char* method : {"GET", "POST", "DELETE"}) {
      app::HttpRequest request{method, split->path, split->query, std::string(header("Accept"))};
      request.body = header("Body");
      request.content_type = header("Content-Type");
      route_and_answer(request, input);
    }
    // A Bearer header: a secret of the one form, or none.
    if (const auto secret = app::api::bearer_secret(header("Authorization")))
      if (secret->size() != 68 || !secret->starts_with("bhp_")) fail("a Bearer secret of another form", *secret);
    check_site(split->path, header("If-None-Match"), input);
    // The WebSocket URL's `legal`: lists without it, compact for exactly "compact", else refused.
    const auto asked = split->query.find("legal");
    const std::optional<app::LegalForm> expected = asked == split->query.end()  ? std::optional(app::LegalForm::list)
                                                   : asked->second == "compact" ? std::optional(app::LegalForm::compact)
                                                                                : std::nullopt;
    if (net::legal_form_asked(split->query) != expected) fail("a legal form other than the one asked", target);
  }

  static const net::TrustedProxies trusted(
      {*net::parse_cidr("127.0.0.0/8"), *net::parse_cidr("10.0.0.0/8"), *net::parse_cidr("2001:db8::/32")});
  const std::string client = net::client_address("127.0.0.1", header("Forwarded"), header("X-Forwarded-For"), trusted);
  const auto canonical = net::canonical_ip(client);
  if (!canonical || *canonical != client) fail("a client address that is not a canonical IP address", client);
  (void)net::origin_allowed(header("Origin"), header("Host"), {"https://play.example"});

  // The framing checks: a Transfer-Encoding is served only when it is "chunked" alone,
  // and a WebSocket key is accepted only at 24 characters.
  const std::string_view codings = header("Transfer-Encoding");
  const unsigned refusal = net::transfer_encoding_refusal(codings, 11);
  if (refusal != 0 && refusal != 400 && refusal != 501) fail("a Transfer-Encoding refusal of another status", codings);
  if (refusal == 0) {
    std::string letters;
    for (char c : codings)
      if (c != ' ' && c != '\t' && c != ',') letters += static_cast<char>(c | 0x20);
    if (letters != "chunked") fail("a Transfer-Encoding other than chunked accepted", codings);
  }
  if (net::transfer_encoding_refusal(codings, 10) == 0) fail("a Transfer-Encoding accepted on HTTP/1.0", codings);
  if (net::valid_websocket_key(header("Sec-WebSocket-Key")) && header("Sec-WebSocket-Key").size() != 24)
    fail("a Sec-WebSocket-Key accepted at another length", header("Sec-WebSocket-Key"));
  return 0;
}
