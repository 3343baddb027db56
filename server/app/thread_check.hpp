// A check that the application's own work (replaying a record through the rules, JSON
// encoding, identity binding) never runs on the store's SQLite thread, where it would
// delay every room's group commit. Store completions come back through
// app/completion.hpp; this check, placed where that work happens (every reply sent,
// the archive views, the HTTP answers, the identity bindings), catches a path that forgot.
//
// A violation is logged and counted (the tests read the count); debug builds also
// assert. In release builds the check costs one thread_local read.
//
// Thread-safety: any thread.
#pragma once

#include <cstdint>

#include "storage/store_thread.hpp"

namespace bh::app {

// Logs and counts work found on the store's thread; asserts in debug builds.
void report_store_thread_work(const char* what);

inline void expect_off_store_thread(const char* what) {
  if (storage::on_store_thread()) [[unlikely]]
    report_store_thread_work(what);
}

// Violations found since the process started (for tests).
std::uint64_t store_thread_violations();

}  // namespace bh::app
