#include "cluster_site.hpp"

#include <cstdlib>
#include <string_view>

#include "pg_cluster.hpp"
#include "redis_process.hpp"
#include "round_robin_proxy.hpp"
#include "server_process.hpp"

namespace bh::test {

bool cluster_site_wanted() {
  const char* wanted = std::getenv("BOARDHALL_TEST_CLUSTER");
  return wanted != nullptr && std::string_view(wanted) == "1";
}

ClusterSite::ClusterSite(std::vector<std::string> args, std::string binary, std::vector<std::string> env)
    : args_(std::move(args)), binary_(std::move(binary)), env_(std::move(env)) {}

ClusterSite::~ClusterSite() { kill(); }

bool ClusterSite::start(std::chrono::milliseconds timeout) {
  if (!pg_) {
    std::string error;
    pg_ = bh::testing::PgCluster::start(error);
    if (!pg_) return notes_ += "[test] no PostgreSQL: " + error + "\n", false;
    const auto database = pg_->create_database();
    if (database.empty()) return notes_ += "[test] no database\n", false;
    dsn_ = pg_->dsn(database);
    redis_ = std::make_unique<RedisProcess>();
    if (!redis_->start()) return notes_ += "[test] no Redis: " + redis_->log() + "\n", false;
    proxy_ = std::make_unique<RoundRobinProxy>();
    for (int i = 1; i <= 2; ++i) {
      auto args = args_;
      args.insert(args.end(),
                  {"--cluster-db", dsn_, "--cluster-bus", redis_->url(), "--node-id", "n" + std::to_string(i)});
      nodes_.push_back(ServerProcess::node(std::move(args), binary_, env_));
    }
  }
  std::vector<std::uint16_t> ports;
  for (auto& node : nodes_) {
    if (!node->start(timeout)) return false;
    ports.push_back(node->port());
  }
  proxy_->set_targets(std::move(ports));
  return true;
}

int ClusterSite::stop(std::chrono::milliseconds timeout) {
  int first = -1;
  for (auto& node : nodes_) {
    const int status = node->stop(timeout);
    if (first <= 0) first = status;
  }
  return first;
}

int ClusterSite::wait_exit(std::chrono::milliseconds timeout) {
  int first = -1;
  for (auto& node : nodes_) {
    const int status = node->wait_exit(timeout);
    if (first <= 0) first = status;
  }
  return first;
}

void ClusterSite::kill() {
  for (auto& node : nodes_) node->kill();
}

void ClusterSite::signal(int number) {
  for (auto& node : nodes_) node->signal(number);
}

bool ClusterSite::running() const {
  for (const auto& node : nodes_)
    if (node->running()) return true;
  return false;
}

std::uint16_t ClusterSite::port() const { return proxy_ ? proxy_->port() : 0; }

std::string ClusterSite::log() const {
  std::string out = notes_;
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    out += "---- node n" + std::to_string(i + 1) + "\n" + nodes_[i]->log();
  return out;
}

}  // namespace bh::test
