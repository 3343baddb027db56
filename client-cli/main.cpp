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
  connect [ws[s]://HOST:PORT] [--name N | --login N | --register N] [--json] [--fresh]
          [--insecure]
      an interactive session (type help), or, when stdin is not a terminal, one
      command per line with one reply line each (see docs/client.md); wss:// for a
      server behind TLS, --insecure to accept a self-signed test certificate

Games: tavlei, tablut, seatafl (options size=9|11, king_limit=N, move_limit=N),
       copenhagen (11x11), brandubh (7x7), draughts, alquerque

  --version    print the version and exit
)";

constexpr const char* connect_usage =
    R"(usage: boardhall connect [ws[s]://HOST:PORT[/PATH]] [--name N | --login N | --register N]
                         [--json] [--fresh] [--insecure] [--script | --interactive]

Plays on a Boardhall server (default ws://127.0.0.1:8080/ws). wss:// connects through
TLS (port 443 by default), checking the server's certificate and host name against
the system's trusted authorities (or those SSL_CERT_FILE / SSL_CERT_DIR name instead).
  --name N       as a guest named N
  --login N      as the registered player N (the password is asked, without echo;
                 BOARDHALL_PASSWORD when stdin is not a terminal)
  --register N   registers N and plays as N
  --fresh        ignore the remembered token and identify afresh
  --json         script replies as JSON lines
  --insecure     wss:// without checking the certificate: only for a test server
                 with a self-signed one (anyone on the way could read the session)
Each player's token is remembered per server and name (~/.config/boardhall/identities):
the next connect with the same name resumes the player and any game in progress.
Type help in a session for its commands; docs/client.md tells everything.
)";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    std::cout << usage;
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version" || args[0] == "version") {
    std::cout << "boardhall 0.1.0 (protocol 1)\n";
    return 0;
  }
  if (args[0] == "connect" && args.size() > 1 && (args[1] == "--help" || args[1] == "-h")) {
    std::cout << connect_usage;
    return 0;
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
