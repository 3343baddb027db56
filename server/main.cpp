// boardhall-server: parses the configuration, opens the store, builds the application
// and runs the network until SIGINT/SIGTERM (see net/server.hpp for the shutdown).
// The one-shot modes (--backup, --create-bot, --import, --export-to) do their work and exit.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <variant>
#include <vector>

#include "app/application.hpp"
#include "app/tournaments/tournament_schedule.hpp"
#include "backup_on_signal.hpp"
#include "cluster/bus.hpp"
#include "cluster/bus_node_link.hpp"
#include "config.hpp"
#include "create_bot.hpp"
#include "create_token.hpp"
#include "export_to_pg.hpp"
#include "grant_role.hpp"
#include "import_records.hpp"
#include "log/log.hpp"
#include "net/server.hpp"
#include "outbox_setup.hpp"
#include "reindex_explorer.hpp"
#include "server_options.hpp"
#include "storage/backup.hpp"
#include "storage/pg/pg_store.hpp"
#include "storage/records.hpp"
#include "storage/sqlite_store.hpp"
#include "web/disk_site.hpp"
#include "web/embedded_site.hpp"

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

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "node";
  return name;
}

// The application, once built, for what calls it from other threads (the bus, the lease).
class AppSlot {
 public:
  void set(const std::shared_ptr<bh::app::Application>& app) {
    std::lock_guard lock(mutex_);
    app_ = app;
  }
  std::shared_ptr<bh::app::Application> get() const {
    std::lock_guard lock(mutex_);
    return app_.lock();
  }

 private:
  mutable std::mutex mutex_;
  std::weak_ptr<bh::app::Application> app_;
};

// Cluster mode: whether the node may hold its lease, as the bus goes. It may while the
// bus is up, and for its first seconds before the bus ever was; past that, or once the
// bus is lost, it lets the lease lapse so that the other nodes take its games.
class BusGate {
 public:
  explicit BusGate(std::chrono::milliseconds first_wait) : deadline_(std::chrono::steady_clock::now() + first_wait) {}
  void status(bool up) {
    up_ = up;
    if (up) ever_up_ = true;
  }
  bool may_renew() const { return up_ || (!ever_up_ && std::chrono::steady_clock::now() < deadline_); }

 private:
  const std::chrono::steady_clock::time_point deadline_;
  std::atomic<bool> up_{false};
  std::atomic<bool> ever_up_{false};
};

// Cluster mode: the store on the shared PostgreSQL database, as a node holding a lease.
std::unique_ptr<bh::storage::PgStore> open_node(const bh::server::Config& config, BusGate* gate) {
  bh::storage::PgOptions options;
  options.log = [](const std::string& line) { bh::log::error("store: " + line); };
  options.note = [](const std::string& line) { bh::log::info(line); };
  options.answer_name_chars = config.record_name_chars;
  options.readers = std::max(1, static_cast<int>(config.db_readers));
  options.node_id = config.node_id.empty() ? host_name() : config.node_id;
  if (gate) options.may_renew = [gate] { return gate->may_renew(); };
  auto opened = bh::storage::PgStore::open(config.cluster_db, options);
  if (!opened.error.ok() || !opened.value || !*opened.value) {
    bh::log::error("cannot join the cluster: " + opened.error.message);
    return nullptr;
  }
  bh::log::info("cluster node " + options.node_id + " (epoch " + std::to_string((*opened.value)->epoch()) +
                ") on PostgreSQL");
  return std::move(*opened.value);
}

}  // namespace

int main(int argc, char** argv) {
  auto started =
      bh::server::start_or_exit(argc, argv, "boardhall-server", "0.1.0 (protocol 1)", [](const bh::server::Config& c) {
        if (c.mode == bh::server::Mode::reindex)
          return bh::server::reindex_explorer(c.db, c.cluster_db, std::cout, std::cerr);
        if (c.mode == bh::server::Mode::export_to_pg)
          return bh::server::export_to_pg(c.db, c.export_to, std::cout, std::cerr);
        if (c.mode == bh::server::Mode::create_bot)
          return bh::server::create_bot(c.db, c.cluster_db, c.bot_name, c.secret_file, std::cout, std::cerr);
        if (c.mode == bh::server::Mode::create_token)
          return bh::server::create_token(
              {c.db, c.cluster_db, c.token_owner, c.token_scopes, c.token_label, c.secret_file}, std::cout, std::cerr);
        if (c.mode == bh::server::Mode::grant_role)
          return bh::server::grant_role(c.db, c.cluster_db, c.role_name, c.role, std::cout, std::cerr);
        if (c.mode == bh::server::Mode::import_records) {
          bh::server::ImportRequest request{c.db, c.import_file, c.import_game, {}};
          request.limits.line_bytes = c.import_max_line;
          request.limits.tags = c.import_max_tags;
          request.limits.tag_name_bytes = c.import_max_tag_name;
          request.limits.tag_value_bytes = c.import_max_tag_value;
          request.limits.moves = c.import_max_moves;
          request.limits.name_chars = c.record_name_chars;
          return bh::server::import_records(request, std::cout, std::cerr);
        }
        const auto backed_up = bh::storage::backup_database(c.db, c.backup_to);
        if (!backed_up.ok()) {
          std::cerr << "boardhall-server: " << backed_up.message << "\n";
          return 1;
        }
        std::cout << "backed up " << c.db << " to " << c.backup_to << "\n";
        return 0;
      });
  if (const int* status = std::get_if<int>(&started)) return *status;
  const auto& config = std::get<bh::server::Config>(started);
  bh::log::set_verbose(config.verbose);
  raise_fd_limit();

  auto options = bh::server::server_options(config);
  if (config.web_root.empty()) {
    options.site = bh::web::embedded_site();
  } else {
    std::string error;
    options.site = bh::web::disk_site(config.web_root, error);
    if (!options.site) {
      bh::log::error(error);
      return 2;
    }
    bh::log::info("web client served from " + config.web_root);
  }

  const bool cluster = !config.cluster_db.empty();
  std::unique_ptr<bh::storage::Store> store;
  bh::storage::Notifications* notifications = nullptr;  // a single server's: the SQLite store
  bh::storage::Tournaments* tournaments = nullptr;      // the same, or a cluster's (with a bus)
  bh::storage::PgStore* node = nullptr;                 // cluster mode: the store, as a node of the cluster
  // Cluster mode with a bus: the application hears it through `slot`.
  AppSlot slot;
  std::unique_ptr<BusGate> gate;
  if (cluster && !config.cluster_bus.empty()) gate = std::make_unique<BusGate>(std::chrono::seconds(10));
  if (cluster) {
    auto opened = open_node(config, gate.get());
    if (!opened) return 1;
    node = opened.get();
    // One node directs the tournaments and hands requests over the bus: none without it.
    if (gate) tournaments = node;
    store = std::move(opened);
    // Left to its default action SIGUSR1 would end the node.
    options.on_usr1 = [] { bh::log::info("SIGUSR1: a cluster node keeps no SQLite database to back up"); };
  } else {
    bh::storage::SqliteOptions store_options;
    store_options.log = [](const std::string& line) { bh::log::error("store: " + line); };
    store_options.answer_name_chars = config.record_name_chars;
    store_options.readers = static_cast<int>(config.db_readers);
    store_options.commit_window_us = static_cast<int>(config.commit_window_us);
    store_options.process_exclusive = config.db_lock_exclusive;
    auto opened = bh::storage::SqliteStore::open(config.db, store_options);
    if (!opened.error.ok() || !opened.value || !*opened.value) {
      bh::log::error(bh::storage::open_failure_text(config.db, opened.error));
      return 1;
    }
    options.on_usr1 = bh::server::backup_on_signal(**opened.value, config.db, config.backup_dir);
    notifications = opened.value->get();
    tournaments = opened.value->get();
    store = std::move(*opened.value);
    bh::log::info("database " + config.db);
  }

  // Sends the notifications the store's outbox holds, from its own thread.
  std::unique_ptr<bh::notify::OutboxWorker> outbox;
  if (notifications) {
    std::string why;
    outbox = bh::server::start_outbox(config, *notifications, why);
    if (!outbox) {
      bh::log::error(why);
      return 1;
    }
  }

  bh::app::AppConfig app_config;
  app_config.notifications = notifications;
  app_config.tournaments = tournaments;
  app_config.tournament_bots = config.tournament_bots;
  if (!config.tournament_schedule.empty()) {
    if (!tournaments) {
      bh::log::error("--tournament-schedule: a cluster keeps tournaments only with its bus (--cluster-bus)");
      return 1;
    }
    std::ifstream file(config.tournament_schedule);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file) {
      bh::log::error("cannot read the tournament schedule " + config.tournament_schedule);
      return 1;
    }
    const auto now =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    auto plans = bh::app::read_tournament_plans(text, config.tournament_bots, now);
    if (!plans) {
      bh::log::error(config.tournament_schedule + ": " + plans.error());
      return 1;
    }
    bh::log::info("tournament schedule: " + std::to_string(plans->size()) + " from " + config.tournament_schedule);
    app_config.tournament_plans = std::make_shared<const std::vector<bh::app::TournamentPlan>>(std::move(*plans));
  }
  app_config.mail_available = !config.smtp_url.empty();
  app_config.reconnect_grace_ms = config.grace_seconds * 1000;
  app_config.first_move_ms = config.first_move_seconds * 1000;
  app_config.correspondence_day_ms = config.correspondence_day_ms;
  app_config.challenge_ms = config.challenge_ms;
  app_config.report_chat_days = config.report_chat_days;
  app_config.correspondence_sleep_ms = config.correspondence_sleep_ms;
  app_config.identify_timeout_ms = config.identify_seconds * 1000;
  app_config.auth_rate = config.auth_rate;
  app_config.auth_burst = config.auth_burst;
  app_config.accounts_per_hour = static_cast<int>(config.accounts_per_hour);
  app_config.open_rooms_per_address = static_cast<int>(config.open_rooms_per_address);
  app_config.guests_per_minute = static_cast<int>(config.guests_per_minute);
  app_config.open_room_grace_ms = config.open_room_grace_seconds * 1000;
  app_config.lobby_list_limit = static_cast<int>(config.lobby_limit);
  app_config.export_games_per_second = static_cast<int>(config.export_rate);
  app_config.rated_games_per_pair_per_day = static_cast<int>(config.rated_games_per_pair);
  app_config.failed_logins_per_name = static_cast<int>(config.failed_logins_per_name);
  app_config.resume_fail_rate = config.resume_fail_rate;
  app_config.resume_fail_burst = config.resume_fail_burst;
  app_config.tell_only_durable = cluster;
  app_config.cluster = cluster;
  // Its rooms stopped and written: the node's games go to the other nodes now.
  if (node) app_config.games_stopped = [node] { node->hand_over(); };
  if (node) app_config.cluster_names = node;  // guest names unique across the nodes
  if (node) app_config.cluster_seeks = node;  // seeks paired across the nodes
  if (node) app_config.epoch = node->epoch();
  std::shared_ptr<bh::cluster::Bus> bus;  // shared with the application's link to it
  bh::cluster::Bus::SubscriptionId channel = 0, lobby_channel = 0;
  if (gate) {
    bh::cluster::BusOptions bus_options;
    bus_options.on_status = [&slot, gate = gate.get()](bool up) {
      gate->status(up);
      if (up) bh::log::info("the cluster bus is up");
      else bh::log::error("the cluster bus is lost: relays end; the lease lapses unless it comes back");
      if (auto app = slot.get()) app->bus_status(up);
    };
    bus = std::make_shared<bh::cluster::Bus>(*bh::cluster::parse_bus_url(config.cluster_bus), std::move(bus_options));
    app_config.node_link = std::make_shared<bh::cluster::BusNodeLink>(bus, node->epoch());
  }
  const int status = bh::net::run_server(
      options,
      [&](boost::asio::io_context& io, std::shared_ptr<const bh::app::NetworkStats> stats) {
        app_config.network = std::move(stats);
        auto app = bh::app::make_application(io, *store, app_config);
        // From now on the games of a node that died come here too (after this node's own).
        if (node)
          node->adopt_lapsed([weak = std::weak_ptr(app)](std::vector<bh::storage::LiveGame> games) {
            if (auto alive = weak.lock()) alive->adopt(std::move(games));
          });
        if (bus) {
          slot.set(app);
          // Run on the bus thread: the application's calls do not block.
          channel =
              bus->subscribe(bh::cluster::node_channel(node->epoch()), [&slot](const bh::cluster::Message& message) {
                if (auto alive = slot.get()) alive->on_node_message(message.payload);
              });
          lobby_channel = bus->subscribe(bh::cluster::kLobbyChannel, [&slot](const bh::cluster::Message& message) {
            if (auto alive = slot.get()) alive->on_lobby_message(message.payload);
          });
          node->watch_nodes([&slot](std::vector<std::int64_t> epochs) {
            if (auto alive = slot.get()) alive->nodes_alive(std::move(epochs));
          });
        }
        return app;
      },
      [&] {
        if (bus) {  // no relayed frame reaches the application any more
          bus->unsubscribe(channel);
          bus->unsubscribe(lobby_channel);
        }
        if (outbox) outbox->stop();  // before the store it reads
        store->close();
      });
  if (outbox) outbox->stop();
  store->close();
  // A stop hands this node's games over at once rather than when its lease would lapse.
  if (node) node->release();
  return status;
}
