// What the load generator reads about the server process from /proc: CPU time
// (utime + stime of every thread), resident memory, and the process listening on a port.
//
// Thread-safety: plain functions over /proc; no state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace bh::loadgen {

// User + system CPU seconds of the whole process (/proc/PID/stat fields 14 and 15, in
// clock ticks, so the resolution is 1/CLK_TCK, usually 10 ms: use windows of seconds).
std::optional<double> process_cpu_seconds(int pid);
// Context switches of every live thread of the process (voluntary + involuntary, from
// /proc/PID/task/*/status): each is a thread that slept or was preempted.
std::optional<std::uint64_t> process_context_switches(int pid);
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

// System calls entered by a process over a window, counted by `perf stat -e
// raw_syscalls:sys_enter -p PID` (a tracepoint: counted in the kernel, the process is not
// slowed as under strace). start() launches perf, finish() stops it and reads the count;
// nullopt when perf is missing or not allowed.
class SyscallCounter {
 public:
  explicit SyscallCounter(int pid);
  ~SyscallCounter();
  SyscallCounter(const SyscallCounter&) = delete;
  SyscallCounter& operator=(const SyscallCounter&) = delete;
  std::optional<std::uint64_t> finish();

 private:
  int perf_pid_ = 0;
  std::string output_;
};

}  // namespace bh::loadgen
