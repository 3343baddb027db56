// The application's counters, and their Prometheus text for GET /metrics (with the
// network layer's counters when there are any).
//
// Thread-safety: the counters are atomics, any thread; prometheus_text reads them
// one at a time (a scrape is not a snapshot).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

#include "protocol/messages.hpp"

namespace bh::app {

struct NetworkStats;

// A counter moved by `n`, relaxed: nothing is ordered by it, a scrape only reads it (a
// move pays no fence for the metrics).
template <class T>
void count(std::atomic<T>& counter, T n = 1) {
  counter.fetch_add(n, std::memory_order_relaxed);
}

struct Metrics {
  std::atomic<std::int64_t> connections{0};  // counted here when the network has no stats
  std::atomic<std::int64_t> live_games{0};
  std::atomic<std::int64_t> games_asleep{0};  // correspondence games out of memory (dormant_games.hpp)
  std::atomic<std::uint64_t> games_woken{0};  // asleep games loaded again
  std::atomic<std::uint64_t> moves_total{0};
  std::atomic<std::uint64_t> games_finished{0};
  std::atomic<std::uint64_t> network_errors{0};
  std::atomic<std::uint64_t> archive_failures{0};
  std::atomic<std::uint64_t> live_write_failures{0};  // moves not made durable (kept in memory)
  std::atomic<std::uint64_t> games_restored{0};       // live games brought back at start-up
  std::atomic<std::uint64_t> games_adopted{0};        // cluster: taken over from a node that died
  std::atomic<std::uint64_t> games_handed_over{0};    // cluster: lost to another node (a write fenced)
  std::atomic<std::uint64_t> rated_same_address{0};   // rated games whose players share an address
  std::array<std::atomic<std::uint64_t>, protocol::kErrorCodeCount> errors{};
};

// Cluster mode with a bus: the bus and the relay of clients between nodes
// (app/relay/relay.hpp).
struct RelayFigures {
  bool bus_up = false;
  std::uint64_t pinned = 0;  // this node's clients served by another node now
  std::uint64_t remote = 0;  // other nodes' clients served here now
  std::uint64_t frames_in = 0;
  std::uint64_t frames_out = 0;
};

// The /metrics body (Prometheus text format 0.0.4). `network` may be null (unit tests):
// open connections are then the application's own count. `relay`: null without a bus.
std::string prometheus_text(const Metrics& metrics, const NetworkStats* network, const RelayFigures* relay = nullptr);

}  // namespace bh::app
