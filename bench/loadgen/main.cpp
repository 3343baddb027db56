// bh_loadgen: see loadgen.hpp for the modes. Run with --help for the flags.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "loadgen.hpp"
#include "proc_stats.hpp"

namespace {

constexpr const char* kUsage = R"(usage: bh_loadgen MODE [flags]
modes:
  play    --games G [--duration S] [--moves N] [--warmup S] [--rate MOVES_PER_S]
          [--game ID] [--option NAME=VALUE]... [--clock S] [--increment S] [--seed N]
          [--match-games N] (games per room, 1..99, default 99) [--threads T] [--syscalls]
          [--join-port P] (each game's second player on port P: another cluster node)
          [--target PATH] (the WebSocket's path, default /ws; /ws?legal=compact: compact legal moves)
  compare --floor-port P [--baseline-port B] --rounds R and the flags of play: play
          against bh_floor, the server (and an earlier build) in turns, medians and ratios
  idle    --connections N [--hold S] [--threads T]
  fill    --db PATH [--count N]
  pages   --db PATH [--pages N] [--limit L]
common: [--host 127.0.0.1] [--port 8080] [--server-pid PID] [--sources N] (bind the
        connections to N source addresses from 127.0.0.2: over ~28,000 connections)
)";

}  // namespace

int main(int argc, char** argv) {
  using bh::loadgen::Options;
  if (argc < 2 || std::string_view(argv[1]) == "--help") {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  Options o;
  o.mode = argv[1];
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--syscalls") {
      o.count_syscalls = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "bh_loadgen: %s needs a value\n%s", flag.c_str(), kUsage);
      return 2;
    }
    const std::string value = argv[++i];
    const double number = std::atof(value.c_str());
    if (flag == "--host") o.host = value;
    else if (flag == "--port") o.port = static_cast<std::uint16_t>(number);
    else if (flag == "--join-port") o.join_port = static_cast<std::uint16_t>(number);
    else if (flag == "--target") o.target = value;
    else if (flag == "--server-pid") o.server_pid = static_cast<int>(number);
    else if (flag == "--threads") o.threads = static_cast<unsigned>(number);
    else if (flag == "--sources") o.sources = static_cast<int>(number);
    else if (flag == "--games") o.games = static_cast<int>(number);
    else if (flag == "--duration") o.duration_s = number;
    else if (flag == "--moves") o.max_moves = static_cast<std::uint64_t>(number);
    else if (flag == "--warmup") o.warmup_s = number;
    else if (flag == "--rate") o.rate = number;
    else if (flag == "--game") o.game = value;
    else if (flag == "--option" && value.find('=') != std::string::npos)
      o.options[value.substr(0, value.find('='))] = value.substr(value.find('=') + 1);
    else if (flag == "--clock") o.clock_s = number;
    else if (flag == "--increment") o.increment_s = number;
    else if (flag == "--match-games") o.match_games = static_cast<int>(number);
    else if (flag == "--seed") o.seed = static_cast<std::uint32_t>(number);
    else if (flag == "--floor-port") o.floor_port = static_cast<std::uint16_t>(number);
    else if (flag == "--rounds") o.rounds = static_cast<int>(number);
    else if (flag == "--baseline-port") o.baseline_port = static_cast<std::uint16_t>(number);
    else if (flag == "--connections") o.connections = static_cast<int>(number);
    else if (flag == "--hold") o.hold_s = number;
    else if (flag == "--db") o.db = value;
    else if (flag == "--count") o.count = static_cast<std::int64_t>(number);
    else if (flag == "--pages") o.pages = static_cast<int>(number);
    else if (flag == "--limit") o.limit = static_cast<int>(number);
    else {
      std::fprintf(stderr, "bh_loadgen: unknown flag %s\n%s", flag.c_str(), kUsage);
      return 2;
    }
  }
  if (o.sources < 0 || o.sources > 250) {
    std::fprintf(stderr, "bh_loadgen: --sources from 0 to 250\n");
    return 2;
  }
  if (o.match_games < 1 || o.match_games > 99) {
    std::fprintf(stderr, "bh_loadgen: --match-games from 1 to 99\n");
    return 2;
  }
  if (o.threads < 1 || o.threads > 8 || o.games < 1 || o.connections < 1 || o.duration_s <= 0) {
    std::fprintf(stderr, "bh_loadgen: need --threads 1..8, --games >= 1, --connections >= 1, --duration > 0\n");
    return 2;
  }
  const auto fds = bh::loadgen::raise_fd_limit();
  if (o.mode == "play") {
    if (static_cast<std::uint64_t>(o.games) * 2 + 64 > fds)
      std::fprintf(stderr, "warning: %d connections but only %llu file descriptors\n", o.games * 2,
                   static_cast<unsigned long long>(fds));
    return bh::loadgen::run_play(o);
  }
  if (o.mode == "compare") {
    if (o.rounds < 1 || o.floor_port == o.port) {
      std::fprintf(stderr, "bh_loadgen: compare needs --rounds >= 1 and a --floor-port other than --port\n");
      return 2;
    }
    return bh::loadgen::run_compare(o);
  }
  if (o.mode == "idle") {
    if (static_cast<std::uint64_t>(o.connections) + 64 > fds)
      std::fprintf(stderr, "warning: %d connections but only %llu file descriptors\n", o.connections,
                   static_cast<unsigned long long>(fds));
    return bh::loadgen::run_idle(o);
  }
  if (o.mode == "fill") return bh::loadgen::run_fill(o);
  if (o.mode == "pages") return bh::loadgen::run_pages(o);
  std::fprintf(stderr, "bh_loadgen: unknown mode %s\n%s", o.mode.c_str(), kUsage);
  return 2;
}
