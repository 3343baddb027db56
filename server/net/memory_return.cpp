#include "net/memory_return.hpp"

#include <malloc.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

// jemalloc's control interface; weak, so that it is null when the process runs on
// another allocator.
extern "C" int mallctl(const char* name, void* oldp, std::size_t* oldlenp, void* newp, std::size_t newlen)
    __attribute__((weak));

namespace bh::net {

void return_free_memory(std::chrono::milliseconds min_interval) {
  static std::atomic<std::int64_t> last_ms{0};
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count();
  std::int64_t last = last_ms.load();
  if (last != 0 && now - last < min_interval.count()) return;
  if (!last_ms.compare_exchange_strong(last, now)) return;  // another thread purges now
  if (mallctl != nullptr) {
    // MALLCTL_ARENAS_ALL is 4096: every arena.
    mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
    return;
  }
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace bh::net
