// What the load generator reads about the server process from /proc: CPU time
// (utime + stime of every thread), resident memory, and the process listening on a port.
//
// Thread-safety: plain functions over /proc; no state.
#pragma once

#include <cstdint>
#include <optional>

namespace bh::loadgen {

// User + system CPU seconds of the whole process (/proc/PID/stat fields 14 and 15, in
// clock ticks, so the resolution is 1/CLK_TCK, usually 10 ms: use windows of seconds).
std::optional<double> process_cpu_seconds(int pid);
// VmRSS of /proc/PID/status, in KiB.
std::optional<std::int64_t> process_rss_kib(int pid);
// The process (readable by this user) holding the TCP socket that listens on `port`
// (IPv4 or IPv6): the inode from /proc/net/tcp{,6}, then /proc/*/fd. nullopt when none or
// more than one process holds it.
std::optional<int> find_listening_pid(std::uint16_t port);
// Raises this process's RLIMIT_NOFILE soft limit to its hard limit; returns the new soft limit.
std::uint64_t raise_fd_limit();
// This process's own user + system CPU seconds (getrusage).
double self_cpu_seconds();

}  // namespace bh::loadgen
