#include "app/ids.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>

#include "app/secrets.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

std::string make_id(std::string_view prefix) {
  char time_hex[32];
  std::snprintf(time_hex, sizeof time_hex, "%llx", static_cast<unsigned long long>(now_ms()));
  return std::string(prefix) + time_hex + "-" + random_hex(4);
}

std::string make_room_id(std::int64_t node) {
  if (node <= 0) return make_id("r");
  // In microseconds: two nodes order their seeks by their ids (handoff.hpp), and two
  // seeks a few hundred microseconds apart must not tie.
  const auto us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  char time_hex[32];
  std::snprintf(time_hex, sizeof time_hex, "%llx", static_cast<unsigned long long>(us));
  return std::string("r") + time_hex + "-" + random_hex(4) + "-n" + std::to_string(node);
}

std::optional<std::int64_t> room_node(std::string_view room_id) {
  const auto at = room_id.rfind("-n");
  if (at == std::string_view::npos) return std::nullopt;
  const auto digits = room_id.substr(at + 2);
  std::int64_t node = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), node);
  if (error != std::errc() || end != digits.data() + digits.size() || node <= 0 || digits.front() == '0')
    return std::nullopt;
  return node;
}

}  // namespace bh::app
