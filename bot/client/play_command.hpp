// `boardhall-bot play --server ws://HOST:PORT/ws --name NAME --secret-file PATH
// [--token-file PATH] [--max-games N] [--insecure]`: the bot as a client of a server,
// playing the games it is challenged to until SIGINT or SIGTERM.
//
// Thread-safety: run_play is called once, from main; it installs signal handlers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/fallible.hpp"
#include "net_client.hpp"

namespace bh::bot::client {

struct PlayOptions {
  cli::NetTarget target;
  std::string name, secret_file;
  std::optional<std::string> token_file;
  std::optional<int> max_games;
};

// The arguments after `play`. Error: a one-line explanation.
Fallible<PlayOptions> parse_play_args(const std::vector<std::string>& args);
// ws://HOST[:PORT][/PATH] or wss://...; the path defaults to /ws. Error: why not.
Fallible<cli::NetTarget> parse_server_url(std::string_view url);

// argv[0] is the command's name (`play`); returns the exit status (0 after a signal, 1 on
// a fatal error, 2 for bad arguments or an unreadable secret file).
int run_play(int argc, char** argv);

}  // namespace bh::bot::client
