// The server's log: one line per event to stderr, "2024-05-01T12:00:00.123Z info listening on ...".
// Shared by the network layer, the application and main, so every line has one format.
//
// Thread-safety: every function may be called from any thread; a line is written with
// one write(2), so lines from different threads never interleave.
#pragma once

#include <string_view>

namespace bh::log {

void set_verbose(bool verbose);
bool verbose();

void info(std::string_view line);
void error(std::string_view line);
// Only with --verbose: per-connection events.
void debug(std::string_view line);

}  // namespace bh::log
