#include "app/api/api_routes.hpp"

#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "app/http/http_api.hpp"
#include "explorer/explorer_request.hpp"
#include "net/url.hpp"

namespace bh::app::api {

namespace {

using Fields = std::map<std::string, std::string>;

HttpResponse bad_body(std::string_view message) { return http::error(400, "bad_request", message); }
HttpResponse no_such_route() { return http::error(404, "not_found", "no such route of the API (docs/api.md)"); }
HttpResponse wrong_method_answer(std::string_view allowed) {
  return http::error(405, "method_not_allowed", std::string("this route takes ") + std::string(allowed));
}

std::vector<std::string_view> path_segments(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    const auto slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return out;
}

// A game id as the server makes them: letters, digits, '-' and '_', at most 64.
bool plausible_game_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (const char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

// A POST's fields: a JSON object (strings, numbers, booleans) or form encoding.
Fallible<Fields> post_fields(const HttpRequest& request) {
  Fields fields;
  const std::string_view body = request.body;
  if (body.empty()) return fields;
  const bool json = request.content_type.starts_with("application/json") || body.front() == '{';
  if (json) {
    const auto parsed = nlohmann::json::parse(body, nullptr, false);
    if (!parsed.is_object()) return failure("the body is not a JSON object");
    for (const auto& [name, value] : parsed.items()) {
      if (value.is_string()) {
        fields[name] = value.get<std::string>();
      } else if (value.is_number() || value.is_boolean()) {
        fields[name] = value.dump();
      } else {
        return failure("field " + http::quote_client_text(name) + ": a string, a number or a boolean");
      }
    }
    return fields;
  }
  std::string_view rest = body;
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const auto pair = rest.substr(0, amp);
    const auto eq = pair.find('=');
    auto name = net::percent_decode(pair.substr(0, eq));
    auto value = net::percent_decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (!name || !value) return failure("the body is not form-encoded (a bad %-escape)");
    if (!name->empty()) fields[*name] = std::move(*value);
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return fields;
}

std::optional<double> number_of(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// "300+5" (seconds and increment) or "3d" (days per move).
Fallible<protocol::client::ClockSeconds> clock_field(std::string_view text) {
  protocol::client::ClockSeconds clock;
  if (text.ends_with('d')) {
    const auto days = number_of(text.substr(0, text.size() - 1));
    if (!days || *days != static_cast<int>(*days)) return failure("clock: days per move as 3d");
    clock.days_per_move = static_cast<int>(*days);
    return clock;
  }
  const auto plus = text.find('+');
  const auto initial = number_of(text.substr(0, plus));
  const auto increment = plus == std::string_view::npos ? std::optional<double>(0) : number_of(text.substr(plus + 1));
  if (!initial || !increment) return failure("clock: initial+increment in seconds (300+5), or days per move (3d)");
  clock.initial_s = *initial;
  clock.increment_s = *increment;
  return clock;
}

// A challenge's fields, in the body or the query: game, options, side, clock, and the
// computer's level (`ai`) or whether the game is rated.
Route challenge_route(const HttpRequest& request, bool ai, std::string to = {}) {
  auto fields = post_fields(request);
  if (!fields) return bad_body(fields.error());
  for (const auto& [name, value] : request.query) (*fields)[name] = value;  // either place
  protocol::client::PlayComputer r;
  std::optional<bool> rated;
  for (const auto& [name, value] : *fields) {
    if (name == "game") {
      r.game = value;
    } else if (name == "options") {
      if (value.empty()) continue;
      auto options = explorer::options_from_text(value);
      if (!options) return bad_body(options.error());
      r.options = std::move(options).value();
    } else if (name == "level" && ai) {
      const auto level = number_of(value);
      if (!level || *level != static_cast<int>(*level)) return bad_body("level: a whole number from 1 to 8");
      r.level = static_cast<int>(*level);
    } else if (name == "rated" && !ai) {
      if (value != "true" && value != "false") return bad_body("rated: true or false");
      rated = value == "true";
    } else if (name == "side") {
      r.side = value;
    } else if (name == "clock") {
      auto clock = clock_field(value);
      if (!clock) return bad_body(clock.error());
      r.clock = *clock;
    } else {
      return bad_body("unknown field " + http::quote_client_text(name) + " (game, options, side, clock, " +
                      (ai ? "level)" : "rated)"));
    }
  }
  if (r.game.empty()) return bad_body("game is required");
  if (ai) return ChallengeAi{std::move(r)};
  return ChallengeName{
      {std::move(to), std::move(r.game), std::move(r.options), std::move(r.side), r.clock, std::nullopt, rated}};
}

// POST /api/challenge/... after "challenge/": ai, a player's name, or a room's answer.
Route challenge_api_route(const HttpRequest& request, std::string_view rest) {
  if (request.method != "POST") return wrong_method_answer("POST");
  const auto parts = path_segments(rest);
  if (parts.size() == 1 && parts[0] == "ai") return challenge_route(request, true);
  if (parts.size() == 1) {
    auto name = net::percent_decode(parts[0], net::PlusIs::plus);
    if (!name || name->empty() || name->size() > 128) return bad_body("the player's name, %-encoded");
    return challenge_route(request, false, std::move(*name));
  }
  if (parts.size() != 2 || !plausible_game_id(parts[0])) return no_such_route();
  ChallengeAnswer answer{std::string(parts[0]), Reply::accept, std::nullopt};
  if (parts[1] == "decline") {
    answer.reply = Reply::decline;
    auto fields = post_fields(request);
    if (!fields) return bad_body(fields.error());
    if (const auto reason = fields->find("reason"); reason != fields->end()) answer.reason = reason->second;
  } else if (parts[1] == "cancel") {
    answer.reply = Reply::cancel;
  } else if (parts[1] != "accept") {
    return no_such_route();
  }
  return answer;
}

// /api/{bot|board}/game/... after "game/".
Route game_api_route(const HttpRequest& request, bool bot, std::string_view rest) {
  const auto parts = path_segments(rest);
  if (parts.size() == 2 && parts[0] == "stream") {
    if (request.method != "GET") return wrong_method_answer("GET");
    if (!plausible_game_id(parts[1]))
      return http::error(404, "unknown_game", "no game " + http::quote_client_text(parts[1]));
    return GameStream{bot, std::string(parts[1])};
  }
  if (parts.size() < 2 || parts.size() > 3) return no_such_route();
  if (request.method != "POST") return wrong_method_answer("POST");
  if (!plausible_game_id(parts[0]))
    return http::error(404, "unknown_game", "no game " + http::quote_client_text(parts[0]));
  Action action{bot, std::string(parts[0]), ActionKind::move, {}};
  const auto verb = parts[1];
  const auto arg = parts.size() == 3 ? std::optional<std::string_view>(parts[2]) : std::nullopt;
  if (verb == "move" && arg) {
    auto move = net::percent_decode(*arg, net::PlusIs::plus);
    if (!move || move->empty() || move->size() > 64) return bad_body("the move: a move text of the rules, %-encoded");
    action.text = std::move(*move);
  } else if (verb == "resign" && !arg) {
    action.kind = ActionKind::resign;
  } else if (verb == "abort" && !arg) {
    action.kind = ActionKind::abort;
  } else if ((verb == "draw" || verb == "takeback") && arg && (*arg == "yes" || *arg == "no")) {
    const bool yes = *arg == "yes";
    action.kind = verb == "draw" ? (yes ? ActionKind::draw_yes : ActionKind::draw_no)
                                 : (yes ? ActionKind::takeback_yes : ActionKind::takeback_no);
  } else if (verb == "chat" && !arg) {
    action.kind = ActionKind::chat;
    auto fields = post_fields(request);
    if (!fields) return bad_body(fields.error());
    const auto text = fields->find("text");
    if (text == fields->end()) return bad_body("chat: the body's field text is required");
    action.text = text->second;
  } else {
    return no_such_route();
  }
  return action;
}

}  // namespace

std::optional<Route> route(const HttpRequest& request) {
  const std::string_view path = request.path;
  const bool bot = path.starts_with("/api/bot/");
  if (path != "/api/account" && path != "/api/token" && path != "/api/stream/event" &&
      !path.starts_with("/api/challenge/") && !bot && !path.starts_with("/api/board/"))
    return std::nullopt;
  if (request.body.size() > kMaxBodyBytes) return http::error(413, "too_large", "a body of at most 4096 bytes");
  if (path == "/api/account") return request.method == "GET" ? Route{Account{}} : Route{wrong_method_answer("GET")};
  if (path == "/api/token")
    return request.method == "DELETE" ? Route{RevokeSelf{}} : Route{wrong_method_answer("DELETE")};
  if (path == "/api/stream/event")
    return request.method == "GET" ? Route{EventStream{}} : Route{wrong_method_answer("GET")};
  if (path == "/api/bot/account/upgrade")
    return request.method == "POST" ? Route{Upgrade{}} : Route{wrong_method_answer("POST")};
  if (path.starts_with("/api/challenge/")) return challenge_api_route(request, path.substr(15));
  const std::string_view prefix = bot ? "/api/bot/game/" : "/api/board/game/";
  if (!path.starts_with(prefix)) return Route{no_such_route()};
  return game_api_route(request, bot, path.substr(prefix.size()));
}

std::optional<std::string> refusal(const Route& route, Scopes scopes, bool bot) {
  const auto game_api = [&](bool bot_route) -> std::optional<std::string> {
    if (bot_route && !bot) return "the bot API is for bot accounts (POST /api/bot/account/upgrade first)";
    if (!bot_route && bot) return "a bot account plays through /api/bot/, not /api/board/";
    if (bot_route && !(scopes & kBotPlay)) return "this token lacks the scope bot:play";
    if (!bot_route && !(scopes & kPlay)) return "this token lacks the scope play";
    return std::nullopt;
  };
  return std::visit(
      [&](const auto& r) -> std::optional<std::string> {
        using R = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<R, GameStream> || std::is_same_v<R, Action>) {
          return game_api(r.bot);
        } else if constexpr (std::is_same_v<R, Upgrade>) {
          if (!(scopes & kBotPlay)) return "this token lacks the scope bot:play";
        } else if constexpr (std::is_same_v<R, EventStream>) {
          // A person's games with play; a bot account's with bot:play (which a person's
          // account holds only to become a bot).
          if (bot && !(scopes & kBotPlay)) return "this token lacks the scope bot:play";
          if (!bot && !(scopes & kPlay)) return "this token lacks the scope play";
        } else if constexpr (std::is_same_v<R, ChallengeAi> || std::is_same_v<R, ChallengeName> ||
                             std::is_same_v<R, ChallengeAnswer>) {
          if (!(scopes & (kChallenge | kPlay | kBotPlay))) return "this token lacks the scope challenge";
        }
        return std::nullopt;
      },
      route);
}

}  // namespace bh::app::api
