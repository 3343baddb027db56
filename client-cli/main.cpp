// boardhall: the reference command-line client and offline rules tool.
#include <iostream>
#include <string>
#include <vector>

#include "offline_commands.hpp"
#ifdef BOARDHALL_WITH_CONNECT
#include "connect_command.hpp"
#endif

namespace {

constexpr const char* usage = R"(usage: boardhall COMMAND [ARGS]

Offline rules commands (no server needed):
  perft GAME DEPTH [--option k=v]... [--position STR]
      leaf counts for depths 1..DEPTH, one line each: "<depth> <count>"
  legal GAME [--option k=v]... [--position STR | --moves "m1 m2 ..."]
      the legal moves, one per line, sorted
  play GAME [--option k=v]... [--position STR] --moves "m1 m2 ..."
      plays the moves and prints the result as one JSON object;
      an illegal move prints {"error", "ply", "move"} and exits 1

Playing on a server:
  connect [ws://HOST:PORT] [--name N | --login N | --register N] [--json] [--fresh]
      an interactive session (type help), or, when stdin is not a terminal, one
      command per line with one reply line each (see docs/client.md)

Games: tavlei, tablut, seatafl (options size=9|11, king_limit=N, move_limit=N),
       draughts, alquerque
)";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    std::cout << usage;
    return args.empty() ? 2 : 0;
  }
  const std::string& command = args[0];
  const std::span<const std::string> rest(args.begin() + 1, args.end());
  try {
    if (command == "perft") return bh::cli::run_perft(rest);
    if (command == "legal") return bh::cli::run_legal(rest);
    if (command == "play") return bh::cli::run_play(rest);
#ifdef BOARDHALL_WITH_CONNECT
    if (command == "connect") return bh::cli::run_connect(rest);
#else
    if (command == "connect") {
      std::cerr << "boardhall: this build has no network client (configure with BOARDHALL_BUILD_SERVER=ON)\n";
      return 2;
    }
#endif
  } catch (const std::exception& e) {
    std::cerr << "boardhall: internal error: " << e.what() << '\n';
    return 3;
  }
  std::cerr << "boardhall: unknown command '" << command << "' (try: boardhall help)\n";
  return 2;
}
