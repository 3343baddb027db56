// Gives memory back to the system after a large drop, such as connections with big send
// queues closed: an allocator keeps what was freed for reuse (jemalloc for 10 s by
// default, and only purges as its arenas are used again; glibc keeps the top of its
// heap), so a burst of hostile clients would otherwise leave the server large.
//
// return_free_memory() purges every jemalloc arena when the process runs on jemalloc
// (found at run time, so a binary on glibc's malloc links too), else calls glibc's
// malloc_trim. Calls less than `min_interval` after the last purge do nothing; jemalloc's
// own background purging (server/jemalloc_conf.cpp) returns the rest within a second.
//
// Thread-safety: any thread.
#pragma once

#include <chrono>

namespace bh::net {

void return_free_memory(std::chrono::milliseconds min_interval = std::chrono::milliseconds(1000));

}  // namespace bh::net
