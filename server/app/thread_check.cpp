#include "app/thread_check.hpp"

#include <atomic>
#include <cassert>
#include <string>

#include "log/log.hpp"

namespace bh::app {

namespace {
std::atomic<std::uint64_t> violations{0};
}

void report_store_thread_work(const char* what) {
  violations.fetch_add(1, std::memory_order_relaxed);
  log::error(std::string("internal error: ") + what + " ran on the store's thread");
  assert(false && "application work on the store's thread");
}

std::uint64_t store_thread_violations() { return violations.load(std::memory_order_relaxed); }

}  // namespace bh::app
