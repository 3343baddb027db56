#include "ws_ask.hpp"

namespace bh::test {

std::optional<WsClient> open_ws(std::uint16_t port, const std::string& source,
                                std::vector<std::pair<std::string, std::string>> headers,
                                std::chrono::milliseconds timeout) {
  WsClient ws;
  ConnectOptions options;
  options.source = source;
  options.headers = std::move(headers);
  if (!ws.connect(port, options, timeout)) return std::nullopt;
  if (!ws.next_of_type("welcome", timeout)) return std::nullopt;
  return ws;
}

nlohmann::json ask(WsClient& ws, nlohmann::json request, std::chrono::milliseconds timeout, int id) {
  using Clock = std::chrono::steady_clock;
  request["id"] = id;
  if (!ws.send_json(request)) return nlohmann::json();
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto message = ws.next(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    if (!message) {
      if (ws.closed()) break;
      continue;
    }
    if (message->value("id", 0) == id) return *message;
  }
  return nlohmann::json();
}

}  // namespace bh::test
