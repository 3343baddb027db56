#include "app/api/api_client.hpp"

#include <nlohmann/json.hpp>
#include <utility>

namespace bh::app::api {

namespace {

using Json = nlohmann::ordered_json;

std::string as_ndjson(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

std::string field_text(const Json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The game a message is of: its game_id, or its state's (game_state, game_started).
std::string game_of_frame(const Json& frame) {
  if (auto id = field_text(frame, "game_id"); !id.empty()) return id;
  const auto state = frame.find("state");
  return state != frame.end() && state->is_object() ? field_text(*state, "game_id") : std::string();
}

// What the event stream says of a message, or nothing.
std::optional<Json> event_stream_line(const std::string& type, const Json& frame, const std::string& game) {
  if (type == "game_started") {
    const auto& s = frame["state"];
    return Json{{"type", "gameStart"},
                {"game",
                 {{"game_id", field_text(s, "game_id")},
                  {"room_id", field_text(s, "room_id")},
                  {"game", field_text(s, "game")},
                  {"you", s.value("you", Json())}}}};
  }
  if (type == "game_over")
    return Json{{"type", "gameFinish"},
                {"game",
                 {{"game_id", field_text(frame, "game_id")},
                  {"room_id", field_text(frame, "room_id")},
                  {"game", game},
                  {"result", field_text(frame, "result")},
                  {"winner", frame.value("winner", Json())},
                  {"reason", field_text(frame, "reason")}}}};
  if (type == "room_cancelled") {  // a challenge declined, cancelled, lapsed; the computer never came
    const bool declined = field_text(frame, "reason") == "declined";
    Json challenge{{"room_id", field_text(frame, "room_id")}, {"reason", frame.value("reason", Json())}};
    if (declined) challenge["decline_reason"] = frame.value("decline_reason", Json());
    return Json{{"type", declined ? "challengeDeclined" : "challengeCanceled"}, {"challenge", std::move(challenge)}};
  }
  if (type == "challenge_received") {  // a player's challenge by name
    Json challenge = frame["room"];
    challenge["expires_ms"] = frame.value("expires_ms", Json());
    return Json{{"type", "challenge"}, {"challenge", std::move(challenge)}};
  }
  if (type == "challenge") {
    Json challenge = frame;
    challenge.erase("type");
    return Json{{"type", "challenge"}, {"challenge", std::move(challenge)}};
  }
  return std::nullopt;
}

}  // namespace

ApiClient::ApiClient(std::uint64_t id, std::string player, bool bot, std::string address)
    : id_(id),
      player_(std::move(player)),
      bot_(bot),
      address_(std::move(address)),
      remote_(address_ + " (HTTP API, " + player_ + ")") {}

void ApiClient::send(Frame frame) {
  if (!frame || closed_.load()) return;
  const Json parsed = Json::parse(*frame, nullptr, false);
  if (!parsed.is_object()) return;
  const std::string type = field_text(parsed, "type");
  const std::string game_id = game_of_frame(parsed);
  std::vector<Answered> answered;  // the request this frame answers, and those its game's end does
  std::string game;                // its name, as last heard
  std::vector<std::shared_ptr<PushBody>> to_game, to_events, ending;
  {
    std::lock_guard lock(mutex_);
    if (const auto id = parsed.find("id"); id != parsed.end() && id->is_number_integer()) {
      if (const auto it = pending_.find(id->get<std::int64_t>()); it != pending_.end()) {
        answered.push_back(std::move(it->second.answered));
        pending_.erase(it);
      }
    }
    if (type == "game_over")
      for (auto it = pending_.begin(); it != pending_.end();) {
        if (it->second.ends_game != game_id) {
          ++it;
          continue;
        }
        answered.push_back(std::move(it->second.answered));
        it = pending_.erase(it);
      }
    if (type == "game_state" || type == "game_started") {
      const auto& state = parsed["state"];
      if (const auto ply = state.find("ply"); ply != state.end() && ply->is_number_integer())
        plies_[game_id] = ply->get<int>();
      games_[game_id] = field_text(state, "game");
    } else if (type == "move" && parsed.contains("ply") && parsed["ply"].is_number_integer()) {
      plies_[game_id] = parsed["ply"].get<int>();
    }
    // A full state asked for by one stream goes to that stream alone (its answer).
    const bool routed = !(!answered.empty() && type == "game_state");
    const bool everyone = type == "session_replaced" || type == "shutdown";
    for (const auto& s : streams_) {
      auto body = s.body.lock();
      if (!body) continue;
      if (everyone) {
        ending.push_back(body);
      } else if (s.game_id.empty()) {
        if (routed) to_events.push_back(body);
      } else if (routed && s.game_id == game_id) {
        to_game.push_back(body);
        if (type == "game_over") ending.push_back(body);
      }
    }
    if (const auto it = games_.find(game_id); it != games_.end()) game = it->second;
    if (type == "game_over") {
      plies_.erase(game_id);
      games_.erase(game_id);
    }
  }
  // The lines carry no request id: a program's requests are HTTP requests.
  std::string text = *frame;
  if (parsed.contains("id")) {
    Json copy = parsed;
    copy.erase("id");
    text = copy.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  for (auto& a : answered) a(text, type);
  if (!to_events.empty())
    if (const auto event = event_stream_line(type, parsed, game))
      for (const auto& body : to_events) body->push(as_ndjson(*event));
  for (const auto& body : to_game) body->push(text + "\n");
  for (const auto& body : ending) {
    if (type == "session_replaced" || type == "shutdown") body->push(text + "\n");
    body->end();
  }
}

void ApiClient::close(std::string reason) {
  if (closed_.exchange(true)) return;
  end_all(as_ndjson(Json{{"type", "closed"}, {"reason", reason}}));
  std::map<std::int64_t, Pending> pending;
  {
    std::lock_guard lock(mutex_);
    pending.swap(pending_);
  }
  // Requests still waiting are answered as closed (their HTTP answers say so).
  for (auto& [id, p] : pending) p.answered({}, "closed");
}

std::int64_t ApiClient::expect(Answered answered, std::string ends_game) {
  std::lock_guard lock(mutex_);
  last_used_ = std::chrono::steady_clock::now();
  const auto id = next_request_++;
  pending_.emplace(id, Pending{std::move(answered), std::move(ends_game)});
  return id;
}

void ApiClient::add_event_stream(const std::string& token_id, std::shared_ptr<PushBody> body) {
  std::lock_guard lock(mutex_);
  last_used_ = std::chrono::steady_clock::now();
  streams_.push_back({token_id, {}, std::move(body)});
}

void ApiClient::add_game_stream(const std::string& token_id, const std::string& game_id,
                                std::shared_ptr<PushBody> body) {
  std::lock_guard lock(mutex_);
  last_used_ = std::chrono::steady_clock::now();
  streams_.push_back({token_id, game_id, std::move(body)});
}

bool ApiClient::end_streams_of(const std::string& token_id) {
  std::vector<std::shared_ptr<PushBody>> ending;
  {
    std::lock_guard lock(mutex_);
    for (const auto& s : streams_)
      if (auto body = s.body.lock(); body && s.token_id == token_id) ending.push_back(body);
  }
  for (const auto& body : ending) body->end();
  return !ending.empty();
}

void ApiClient::keep_alive(std::chrono::steady_clock::time_point before) {
  std::vector<std::shared_ptr<PushBody>> quiet;
  {
    std::lock_guard lock(mutex_);
    drop_ended();
    for (const auto& s : streams_)
      if (auto body = s.body.lock(); body && body->last_push() < before) quiet.push_back(body);
  }
  for (const auto& body : quiet) body->push("\n");
}

bool ApiClient::idle_since(std::chrono::steady_clock::time_point before) {
  std::lock_guard lock(mutex_);
  drop_ended();
  return streams_.empty() && pending_.empty() && last_used_ < before;
}

void ApiClient::touch() {
  std::lock_guard lock(mutex_);
  last_used_ = std::chrono::steady_clock::now();
}

std::optional<int> ApiClient::ply(const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  const auto it = plies_.find(game_id);
  if (it == plies_.end()) return std::nullopt;
  return it->second;
}

void ApiClient::drop_ended() {
  std::erase_if(streams_, [](const Stream& s) {
    const auto body = s.body.lock();
    return !body || body->ended();
  });
}

void ApiClient::end_all(const std::string& last_line) {
  std::vector<std::shared_ptr<PushBody>> ending;
  {
    std::lock_guard lock(mutex_);
    for (const auto& s : streams_)
      if (auto body = s.body.lock()) ending.push_back(body);
    streams_.clear();
  }
  for (const auto& body : ending) {
    body->push(last_line);
    body->end();
  }
}

}  // namespace bh::app::api
