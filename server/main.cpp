// boardhall-server: parses the configuration, opens the store, builds the application
// and runs the network until SIGINT/SIGTERM (see net/server.hpp for the shutdown).
#include <sys/resource.h>

#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "app/application.hpp"
#include "config.hpp"
#include "net/health_probe.hpp"
#include "log/log.hpp"
#include "net/server.hpp"
#include "server_options.hpp"
#include "storage/backup.hpp"
#include "storage/sqlite_store.hpp"

namespace {

// Each connection holds a file descriptor: raise the soft limit to the hard one (often
// 1024 against a hard limit in the tens of thousands).
void raise_fd_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
  const auto soft = limit.rlim_cur;
  limit.rlim_cur = limit.rlim_max;
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0)
    bh::log::error("cannot raise the open file limit above " + std::to_string(soft));
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const auto parsed = bh::server::parse_config(args, bh::server::process_environment());
  if (const auto* error = std::get_if<bh::server::ConfigError>(&parsed)) {
    std::cerr << "boardhall-server: " << error->message << "\n";
    return 2;
  }
  const auto& config = std::get<bh::server::Config>(parsed);
  switch (config.mode) {
    case bh::server::Mode::help:
      std::cout << bh::server::usage();
      return 0;
    case bh::server::Mode::version:
      std::cout << "boardhall-server 0.1.0 (protocol 1)\n";
      return 0;
    case bh::server::Mode::health_probe:
      return bh::net::run_health_probe(config.probe_url);
    case bh::server::Mode::backup: {
      const auto backed_up = bh::storage::backup_database(config.db, config.backup_to);
      if (!backed_up.ok()) {
        std::cerr << "boardhall-server: " << backed_up.message << "\n";
        return 1;
      }
      std::cout << "backed up " << config.db << " to " << config.backup_to << "\n";
      return 0;
    }
    case bh::server::Mode::serve:
      break;
  }
  bh::log::set_verbose(config.verbose);
  raise_fd_limit();

  bh::storage::SqliteOptions store_options;
  store_options.log = [](const std::string& line) { bh::log::error("store: " + line); };
  auto opened = bh::storage::open_sqlite_store(config.db, store_options);
  if (!opened.error.ok() || !opened.value || !*opened.value) {
    bh::log::error("cannot open the database " + config.db + ": " + opened.error.message);
    return 1;
  }
  std::unique_ptr<bh::storage::Store> store = std::move(*opened.value);
  bh::log::info("database " + config.db);

  bh::app::AppConfig app_config;
  app_config.reconnect_grace_ms = config.grace_seconds * 1000;
  const int status = bh::net::run_server(
      bh::server::server_options(config),
      [&](boost::asio::io_context& io, std::shared_ptr<const bh::app::NetworkStats> stats) {
        app_config.network = std::move(stats);
        return bh::app::make_application(io, *store, app_config);
      },
      [&] { store->close(); });
  store->close();
  return status;
}
