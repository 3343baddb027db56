// The one flag of bh_smtp_sink and bh_webhook_receiver, and their way to stop.
//
// Thread-safety: for main() only.
#pragma once

#include <charconv>
#include <csignal>
#include <cstdint>
#include <optional>
#include <string_view>

namespace bh::test {

// The port of "--port N" (0 when absent); nullopt on anything else.
inline std::optional<std::uint16_t> port_argument(int argc, char** argv) {
  if (argc == 1) return std::uint16_t{0};
  if (argc != 3 || std::string_view(argv[1]) != "--port") return std::nullopt;
  const std::string_view text = argv[2];
  std::uint16_t port = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), port);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return port;
}

// Set by SIGINT and SIGTERM: the tools finish their loop and clean up (their temporary
// certificate folder) instead of dying.
inline volatile std::sig_atomic_t stop_requested = 0;
inline void request_stop(int) { stop_requested = 1; }
inline void stop_on_signals() {
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
}

}  // namespace bh::test
