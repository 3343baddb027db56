// Which thread is a store's worker. The SQLite store marks its one thread when it starts,
// so the application can check that its own work (rules, JSON, identities) never runs
// there: every room waits for that thread's group commit (app/thread_check.hpp).
//
// Thread-safety: each thread sees only its own mark; any thread may ask.
#pragma once

namespace bh::storage {

// True on a thread that runs a store's jobs and completions. A thread_local read: cheap
// enough for every reply.
bool on_store_thread() noexcept;
// Called once by a store's worker, first thing.
void mark_store_thread() noexcept;

}  // namespace bh::storage
