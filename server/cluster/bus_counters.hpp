// The bus's counters, shared by its thread and the handlers it has dispatched elsewhere
// (which may outlive the Bus), hence held by shared_ptr.
//
// Thread-safety: atomics; any thread.
#pragma once

#include <atomic>
#include <cstdint>

namespace bh::cluster {

struct BusCounters {
  std::atomic<bool> up{false};
  std::atomic<std::uint64_t> published{0};
  std::atomic<std::uint64_t> publish_failures{0};
  std::atomic<std::uint64_t> received{0};
  std::atomic<std::uint64_t> handler_failures{0};
  std::atomic<std::uint64_t> losses{0};
  std::atomic<std::uint64_t> connect_attempts{0};
  // Accepted by publish() and not yet confirmed or failed.
  std::atomic<std::size_t> pending_bytes{0};
  // Received and still held by a handler not yet run.
  std::atomic<std::size_t> undelivered_bytes{0};
};

}  // namespace bh::cluster
