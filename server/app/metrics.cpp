#include "app/metrics.hpp"

#include <sstream>

#include "app/application.hpp"

namespace bh::app {

std::string prometheus_text(const Metrics& m, const NetworkStats* net) {
  std::ostringstream out;
  const std::int64_t connections = net ? net->open_connections.load() : m.connections.load();
  out << "# HELP boardhall_connections Open WebSocket connections.\n# TYPE boardhall_connections gauge\n"
      << "boardhall_connections " << connections << "\n"
      << "# HELP boardhall_live_games Games being played now.\n# TYPE boardhall_live_games gauge\n"
      << "boardhall_live_games " << m.live_games.load() << "\n"
      << "# HELP boardhall_moves_total Moves accepted.\n# TYPE boardhall_moves_total counter\n"
      << "boardhall_moves_total " << m.moves_total.load() << "\n"
      << "# HELP boardhall_games_finished_total Games ended and announced.\n"
      << "# TYPE boardhall_games_finished_total counter\n"
      << "boardhall_games_finished_total " << m.games_finished.load() << "\n"
      << "# HELP boardhall_archive_failures_total Finished games the store failed to write.\n"
      << "# TYPE boardhall_archive_failures_total counter\n"
      << "boardhall_archive_failures_total " << m.archive_failures.load() << "\n"
      << "# HELP boardhall_live_write_failures_total Live-game writes that failed (kept in memory).\n"
      << "# TYPE boardhall_live_write_failures_total counter\n"
      << "boardhall_live_write_failures_total " << m.live_write_failures.load() << "\n"
      << "# HELP boardhall_games_restored_total Live games brought back at start-up.\n"
      << "# TYPE boardhall_games_restored_total counter\n"
      << "boardhall_games_restored_total " << m.games_restored.load() << "\n"
      << "# HELP boardhall_network_errors_total Network errors reported by the network layer.\n"
      << "# TYPE boardhall_network_errors_total counter\n"
      << "boardhall_network_errors_total " << m.network_errors.load() << "\n"
      << "# HELP boardhall_errors_total Error replies sent, by code.\n# TYPE boardhall_errors_total counter\n";
  for (int i = 0; i < protocol::kErrorCodeCount; ++i)
    out << "boardhall_errors_total{code=\"" << protocol::to_string(static_cast<protocol::ErrorCode>(i)) << "\"} "
        << m.errors[static_cast<std::size_t>(i)].load() << "\n";
  if (net) {
    out << "# TYPE boardhall_messages_in_total counter\nboardhall_messages_in_total " << net->messages_in.load()
        << "\n# TYPE boardhall_http_requests_total counter\nboardhall_http_requests_total "
        << net->http_requests.load() << "\n# TYPE boardhall_rate_limited_total counter\nboardhall_rate_limited_total "
        << net->rate_limited.load() << "\n# TYPE boardhall_slow_clients_dropped_total counter\n"
        << "boardhall_slow_clients_dropped_total " << net->slow_clients_dropped.load() << "\n"
        << "# HELP boardhall_connections_refused_total Connections refused: the address held its limit.\n"
        << "# TYPE boardhall_connections_refused_total counter\nboardhall_connections_refused_total "
        << net->connections_refused.load() << "\n"
        << "# HELP boardhall_flood_disconnects_total WebSockets closed for flooding past the rate limit.\n"
        << "# TYPE boardhall_flood_disconnects_total counter\nboardhall_flood_disconnects_total "
        << net->flood_disconnects.load() << "\n"
        << "# HELP boardhall_origins_refused_total WebSocket upgrades refused for their Origin.\n"
        << "# TYPE boardhall_origins_refused_total counter\nboardhall_origins_refused_total "
        << net->origins_refused.load() << "\n"
        << "# HELP boardhall_http_internal_errors_total HTTP requests answered 500.\n"
        << "# TYPE boardhall_http_internal_errors_total counter\nboardhall_http_internal_errors_total "
        << net->http_internal_errors.load() << "\n"
        << "# HELP boardhall_http_responses_total HTTP answers by route and status (this one not yet counted).\n"
        << "# TYPE boardhall_http_responses_total counter\n"
        << net->http_responses.prometheus_lines("boardhall_http_responses_total");
  }
  return out.str();
}

}  // namespace bh::app
