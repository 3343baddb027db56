#include "app/metrics.hpp"

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string_view>

#include "app/application.hpp"

namespace bh::app {

namespace {

// One metric in Prometheus text: its help, its type, its value.
template <class V>
void metric(std::ostream& out, std::string_view name, std::string_view type, std::string_view help, V value) {
  out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n' << name << ' ' << value << '\n';
}
void counter(std::ostream& out, std::string_view name, std::string_view help, std::uint64_t value) {
  metric(out, name, "counter", help, value);
}

}  // namespace

std::string prometheus_text(const Metrics& m, const NetworkStats* net, const RelayFigures* relay) {
  std::ostringstream out;
  const std::int64_t connections = net ? net->open_connections.load() : m.connections.load();
  metric(out, "boardhall_connections", "gauge", "Open WebSocket connections.", connections);
  metric(out, "boardhall_live_games", "gauge", "Games being played now, in memory.", m.live_games.load());
  metric(out, "boardhall_games_asleep", "gauge", "Correspondence games in progress kept in the store alone.",
         m.games_asleep.load());
  counter(out, "boardhall_games_woken_total", "Asleep correspondence games loaded again.", m.games_woken.load());
  counter(out, "boardhall_moves_total", "Moves accepted.", m.moves_total.load());
  counter(out, "boardhall_games_finished_total", "Games ended and announced.", m.games_finished.load());
  counter(out, "boardhall_archive_failures_total", "Finished games the store failed to write.",
          m.archive_failures.load());
  counter(out, "boardhall_rated_same_address_total", "Rated games started by two players from one address.",
          m.rated_same_address.load());
  counter(out, "boardhall_live_write_failures_total", "Live-game writes that failed (kept in memory).",
          m.live_write_failures.load());
  counter(out, "boardhall_games_restored_total", "Live games brought back at start-up.", m.games_restored.load());
  counter(out, "boardhall_games_adopted_total", "Cluster mode: live games taken over from a node whose lease lapsed.",
          m.games_adopted.load());
  counter(out, "boardhall_games_handed_over_total",
          "Cluster mode: live games found to be another node's (a write fenced) and closed here.",
          m.games_handed_over.load());
  counter(out, "boardhall_network_errors_total", "Network errors reported by the network layer.",
          m.network_errors.load());
  out << "# HELP boardhall_errors_total Error replies sent, by code.\n# TYPE boardhall_errors_total counter\n";
  for (int i = 0; i < protocol::kErrorCodeCount; ++i)
    out << "boardhall_errors_total{code=\"" << protocol::to_string(static_cast<protocol::ErrorCode>(i)) << "\"} "
        << m.errors[static_cast<std::size_t>(i)].load() << "\n";
  if (relay) {
    metric(out, "boardhall_cluster_bus_up", "gauge", "Cluster mode: 1 while the bus to the other nodes is up.",
           relay->bus_up ? 1 : 0);
    metric(out, "boardhall_relayed_connections", "gauge",
           "Cluster mode: this node's clients served by another node (their game runs there).", relay->pinned);
    metric(out, "boardhall_remote_connections", "gauge", "Cluster mode: other nodes' clients served here.",
           relay->remote);
    counter(out, "boardhall_relayed_frames_in_total", "Cluster mode: frames of this node's clients sent to owners.",
            relay->frames_in);
    counter(out, "boardhall_relayed_frames_out_total", "Cluster mode: frames owners sent back to this node's clients.",
            relay->frames_out);
  }
  if (net) {
    counter(out, "boardhall_messages_in_total", "WebSocket messages read.", net->messages_in.load());
    counter(out, "boardhall_http_requests_total", "HTTP requests read.", net->http_requests.load());
    counter(out, "boardhall_rate_limited_total", "Messages dropped by the rate limit.", net->rate_limited.load());
    counter(out, "boardhall_slow_clients_dropped_total", "Connections closed for a full send queue.",
            net->slow_clients_dropped.load());
    counter(out, "boardhall_connections_refused_total", "Connections refused: the address held its limit.",
            net->connections_refused.load());
    counter(out, "boardhall_flood_disconnects_total", "WebSockets closed for flooding past the rate limit.",
            net->flood_disconnects.load());
    counter(out, "boardhall_origins_refused_total", "WebSocket upgrades refused for their Origin.",
            net->origins_refused.load());
    counter(out, "boardhall_http_internal_errors_total", "HTTP requests answered 500.",
            net->http_internal_errors.load());
    out << "# HELP boardhall_http_responses_total HTTP answers by route and status (this one not yet counted).\n"
        << "# TYPE boardhall_http_responses_total counter\n"
        << net->http_responses.prometheus_lines("boardhall_http_responses_total");
  }
  return out.str();
}

}  // namespace bh::app
