// `boardhall perft | legal | play`: the rules module from the command line, with no
// server, so anyone can check the engine by hand.
#pragma once

#include <span>
#include <string>

namespace bh::cli {

// Each returns the process exit status: 0 ok, 1 an illegal move in `play`, 2 bad input.
int run_perft(std::span<const std::string> args);
int run_legal(std::span<const std::string> args);
int run_play(std::span<const std::string> args);

}  // namespace bh::cli
