// What the real server and the tests' stub server share in front of their network: the
// configuration read from the command line and the environment, the modes that do not
// serve, and the network options a configuration asks for (one mapping, so the stub runs
// with exactly the real limits).
#pragma once

#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "config.hpp"
#include "net/health_probe.hpp"
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
  options.limits.read_pause_bytes = config.read_pause_bytes;
  options.limits.queue_bytes_total = config.queue_bytes_total;
  options.limits.tcp_unsent_bytes = config.tcp_unsent_bytes;
  options.limits.connections_per_address = config.connections_per_address;
  std::vector<net::Cidr> proxies;
  for (const auto& text : config.trusted_proxies)
    if (auto cidr = net::parse_cidr(text)) proxies.push_back(*cidr);  // parse_config checked them
  options.policy.trusted_proxies = net::TrustedProxies(std::move(proxies));
  options.policy.allowed_origins = config.allowed_origins;
  return options;
}

// Parses the command line; for every mode but `serve` does the work (help, version,
// health probe; `backup`, `create_bot`, `import_records`, `export_to_pg` and `reindex` by calling `one_shot`, which
// knows the database) and returns the exit status to end with. Returns the configuration to serve with otherwise. A bad
// flag prints one line: 2.
inline std::variant<Config, int> start_or_exit(int argc, char** argv, std::string_view program,
                                               std::string_view version,
                                               const std::function<int(const Config&)>& one_shot) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = parse_config(args, process_environment());
  if (!parsed) {
    std::cerr << program << ": " << parsed.error().message << "\n";
    return 2;
  }
  auto& config = *parsed;
  switch (config.mode) {
    case Mode::help:
      std::cout << usage();
      return 0;
    case Mode::version:
      std::cout << program << " " << version << "\n";
      return 0;
    case Mode::health_probe:
      return net::run_health_probe(config.probe_url);
    case Mode::backup:
    case Mode::create_bot:
    case Mode::create_token:
    case Mode::grant_role:
    case Mode::import_records:
    case Mode::export_to_pg:
    case Mode::reindex:
      return one_shot(config);
    case Mode::serve:
      break;
  }
  return std::move(config);
}

}  // namespace bh::server
