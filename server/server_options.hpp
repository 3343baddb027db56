// The network options a parsed configuration asks for. One mapping, shared by the real
// server and the tests' stub server, so the stub runs with exactly the real limits.
#pragma once

#include "config.hpp"
#include "net/server.hpp"

namespace bh::server {

inline net::ServerOptions server_options(const Config& config) {
  net::ServerOptions options;
  options.host = config.host;
  options.port = config.port;
  options.threads = config.threads;
  options.limits.max_frame = config.max_frame;
  options.limits.rate = config.rate;
  options.limits.burst = config.burst;
  options.limits.queue_frames = config.queue_frames;
  options.limits.queue_bytes = config.queue_bytes;
  return options;
}

}  // namespace bh::server
