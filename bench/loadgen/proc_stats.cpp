#include "proc_stats.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace bh::loadgen {

std::optional<double> process_cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The command name (field 2) may hold spaces and parentheses: fields restart after the last ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 1));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int number = 3; fields >> field; ++number) {
    if (number == 14) utime = std::strtoull(field.c_str(), nullptr, 10);
    if (number == 15) {
      stime = std::strtoull(field.c_str(), nullptr, 10);
      return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
  }
  return std::nullopt;
}

std::optional<std::uint64_t> process_context_switches(int pid) {
  std::error_code ec;
  std::uint64_t total = 0;
  bool any = false;
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
    std::ifstream in(task.path() / "status");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("voluntary_ctxt_switches:", 0) == 0 || line.rfind("nonvoluntary_ctxt_switches:", 0) == 0) {
        total += std::strtoull(line.c_str() + line.find(':') + 1, nullptr, 10);
        any = true;
      }
    }
  }
  if (!any) return std::nullopt;
  return total;
}

std::optional<std::int64_t> process_rss_kib(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atoll(line.c_str() + 6);
  return std::nullopt;
}

std::optional<int> find_listening_pid(std::uint16_t port) {
  std::set<std::string> inodes;
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(table);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream row(line);
      std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout, inode;
      row >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >> timeout >> inode;
      const auto colon = local.rfind(':');
      if (colon == std::string::npos || state != "0A") continue;  // 0A: LISTEN
      if (std::strtoul(local.c_str() + colon + 1, nullptr, 16) == port) inodes.insert("socket:[" + inode + "]");
    }
  }
  if (inodes.empty()) return std::nullopt;
  std::set<int> pids;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code fd_ec;
    for (const auto& fd : std::filesystem::directory_iterator(entry.path() / "fd", fd_ec)) {
      std::error_code link_ec;
      const auto target = std::filesystem::read_symlink(fd.path(), link_ec);
      if (!link_ec && inodes.count(target.string())) {
        pids.insert(std::atoi(name.c_str()));
        break;
      }
    }
  }
  if (pids.size() != 1) return std::nullopt;
  return *pids.begin();
}

std::uint64_t raise_fd_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  return limit.rlim_cur;
}

double self_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

extern "C" char** environ;

SyscallCounter::SyscallCounter(int pid) {
  if (pid <= 0) return;
  output_ = "/tmp/bh_loadgen_perf." + std::to_string(getpid()) + ".txt";
  const std::string target = std::to_string(pid);
  const char* argv[] = {"perf", "stat",         "-x",   ",", "-o", output_.c_str(), "-e", "raw_syscalls:sys_enter",
                        "-p",   target.c_str(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t child = 0;
  if (posix_spawnp(&child, "perf", &actions, nullptr, const_cast<char**>(argv), environ) == 0) perf_pid_ = child;
  posix_spawn_file_actions_destroy(&actions);
  // perf attaches within a few milliseconds; the window is seconds long.
  usleep(200'000);
}

SyscallCounter::~SyscallCounter() {
  if (perf_pid_) finish();
}

std::optional<std::uint64_t> SyscallCounter::finish() {
  if (!perf_pid_) return std::nullopt;
  kill(perf_pid_, SIGINT);
  int status = 0;
  waitpid(perf_pid_, &status, 0);
  perf_pid_ = 0;
  std::ifstream in(output_);
  std::string line;
  std::optional<std::uint64_t> count;
  while (std::getline(in, line))
    if (line.find("raw_syscalls:sys_enter") != std::string::npos && !line.empty() && line[0] >= '0' && line[0] <= '9')
      count = std::strtoull(line.c_str(), nullptr, 10);
  std::remove(output_.c_str());
  return count;
}

}  // namespace bh::loadgen
