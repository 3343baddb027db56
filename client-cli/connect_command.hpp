// `boardhall connect`: the interactive client (libedit) or, when stdin is not a
// terminal, the scripted client (one command per line, one reply before the next).
//
// Threads: this (UI) thread runs a poll() loop over stdin and the network client's
// wakeup fd; the network thread (net_client.hpp) owns the socket. They share only the
// network client's locked queues.
#pragma once

#include <span>
#include <string>

namespace bh::cli {

// Returns the exit status: 0 when the last command succeeded, 1 when it failed (or the
// connection ended), 2 for bad arguments or when no connection could be made.
int run_connect(std::span<const std::string> args);

}  // namespace bh::cli
