// The HTTP API for programs (docs/api.md), decided without I/O: which route a request
// takes, what it asks for (the WebSocket request it stands for), and the scope it needs.
// A POST's body is form fields or a JSON object. The fuzz target
// (tests/fuzz/http_fuzz.cpp) drives it from raw requests.
//
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "app/api/api_token.hpp"
#include "app/application.hpp"
#include "protocol/messages.hpp"

namespace bh::app::api {

struct Account {};      // GET /api/account
struct RevokeSelf {};   // DELETE /api/token: the request's own token
struct Upgrade {};      // POST /api/bot/account/upgrade
struct EventStream {};  // GET /api/stream/event
// GET /api/{bot|board}/game/stream/{id}
struct GameStream {
  bool bot = false;
  std::string game_id;
};
enum class ActionKind { move, resign, abort, draw_yes, draw_no, takeback_yes, takeback_no, chat };
// POST /api/{bot|board}/game/{id}/{action}
struct Action {
  bool bot = false;
  std::string game_id;
  ActionKind kind = ActionKind::move;
  std::string text;  // the move, or the chat line
};
// POST /api/challenge/ai
struct ChallengeAi {
  protocol::client::PlayComputer request;
};
// POST /api/challenge/{name}
struct ChallengeName {
  protocol::client::ChallengePlayer request;
};
// POST /api/challenge/{room_id}/{accept|decline|cancel}
enum class Reply { accept, decline, cancel };
struct ChallengeAnswer {
  std::string room_id;
  Reply reply = Reply::accept;
  std::optional<std::string> reason;  // decline
};
using Route = std::variant<HttpResponse, Account, RevokeSelf, Upgrade, EventStream, GameStream, Action, ChallengeAi,
                           ChallengeName, ChallengeAnswer>;

inline constexpr std::size_t kMaxBodyBytes = 4096;

// nullopt: not a path of this API (the rest of the HTTP API answers it).
std::optional<Route> route(const HttpRequest& request);
// Whether a token of `scopes` of an account that is (or is not) a bot may take the
// route; else the 403's message.
std::optional<std::string> refusal(const Route& route, Scopes scopes, bool bot);

}  // namespace bh::app::api
