// boardhall-bot: the computer player. Commands:
//   match  offline games of one level against another or a random mover (one JSON line)
//   play   the networked bot: a client of a server, playing the games it is challenged to
//          (bot/client/; only in the server build, which has Boost and OpenSSL)
#include <iostream>
#include <string_view>
#include <vector>

#include "match/match.hpp"
#include "match/match_args.hpp"
#include "rules/registry.hpp"
#ifdef BOARDHALL_BOT_PLAY
#include "play_command.hpp"
#endif

namespace {

constexpr std::string_view help =
    "boardhall-bot: the computer player of Boardhall.\n"
    "\n"
    "commands:\n"
    "  match   play offline games between two levels (or a level and random moves) and\n"
    "          print one JSON line with the results\n"
    "  play    connect to a server as a bot account and play the games players ask for:\n"
    "          play --server ws://HOST:PORT/ws --name NAME --secret-file PATH\n"
    "               [--token-file PATH] [--max-games N] [--insecure]   (docs/bot.md)\n"
    "  help    this text\n"
    "\n";

int match_command(std::span<const std::string_view> args) {
  const auto parsed = bh::bot::parse_match_args(args);
  if (!parsed.error.empty()) {
    std::cerr << "boardhall-bot match: " << parsed.error << "\n" << bh::bot::match_usage;
    return 2;
  }
  const auto& c = parsed.config;
  auto rules = bh::rules::make_ruleset(c.game, c.options);
  if (!rules) {
    std::cerr << "boardhall-bot match: " << rules.error().message << "\n";
    return 2;
  }
  const auto report = bh::bot::run_match(*rules, c);
  std::cout << bh::bot::report_json(c, **rules, report) << std::endl;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << help << bh::bot::match_usage;
    return args.empty() ? 2 : 0;
  }
  const std::span<const std::string_view> rest(args.data() + 1, args.size() - 1);
  if (args[0] == "match") return match_command(rest);
#ifdef BOARDHALL_BOT_PLAY
  if (args[0] == "play") return bh::bot::client::run_play(argc - 1, argv + 1);
#endif
  std::cerr << "boardhall-bot: unknown command '" << args[0] << "' (try --help)\n";
  return 2;
}
