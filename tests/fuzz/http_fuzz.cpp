// libFuzzer target: the HTTP API from the raw request to the answer's body. The input is
// a request target on its first line and header lines ("Name: value") after it; the
// target is split and decoded as the server does (net/url), routed (app/http_api), and
// every route's answer is built, with store results made from the same bytes (a page
// of games, a record that does not replay, a store error echoing the cursor). Every
// answer must be a JSON body with a status the API documents; the client address taken
// from the forwarded headers must be a canonical IP address.
// Thread-safety: libFuzzer calls the entry point from one thread.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

#include "app/http_api.hpp"
#include "app/http_counts.hpp"
#include "net/client_address.hpp"
#include "net/url.hpp"
#include "protocol/utf8.hpp"

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
    case 503:
      break;
    default:
      fail("an answer with a status the API does not document", std::to_string(answer.status));
  }
  if (!protocol::utf8::is_valid(answer.body)) fail("an answer that is not UTF-8", input);
  if (!nlohmann::json::accept(answer.body)) fail("an answer that is not JSON", answer.body);
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
  return s;
}

void route_and_answer(const app::HttpRequest& request, std::string_view input) {
  const std::string text(input);
  // The metrics label of any path is one of a fixed few, so no client grows the table.
  const std::string_view label = app::http_route_label(request.path);
  if (label != "/healthz" && label != "/metrics" && label != "/api/lobby" && label != "/api/games" &&
      label != "/api/games/{id}" && label != "/ws" && label != "other")
    fail("a route label outside the fixed set", label);
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
    for (const char* method : {"GET", "POST"})
      route_and_answer(app::HttpRequest{method, split->path, split->query}, input);
  }

  static const net::TrustedProxies trusted(
      {*net::parse_cidr("127.0.0.0/8"), *net::parse_cidr("10.0.0.0/8"), *net::parse_cidr("2001:db8::/32")});
  const std::string client = net::client_address("127.0.0.1", header("Forwarded"), header("X-Forwarded-For"), trusted);
  const auto canonical = net::canonical_ip(client);
  if (!canonical || *canonical != client) fail("a client address that is not a canonical IP address", client);
  (void)net::origin_allowed(header("Origin"), header("Host"), {"https://play.example"});
  return 0;
}
