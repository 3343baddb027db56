// bh_stub_server: the real network layer (net/) and configuration with a small stub
// application, so the network's limits and shutdown are tested without the game server.
//
// The stub's protocol (JSON text frames):
//   on open          -> {"type":"welcome","protocol":1,"server":"boardhall-stub","connection":ID}
//   {"type":"echo","data":X,"id":I}        -> {"type":"echo","data":X,"id":I}
//   {"type":"spam","count":N,"size":S}     -> N frames {"type":"spam","n":"i","pad":"..."} of about S bytes,
//                                             each a distinct string (so an unbounded queue would grow)
//   {"type":"close"}                       -> Connection::close("bye")
//   not JSON / not an object               -> {"type":"error","code":"bad_request",...}
//   shutdown         -> every client gets {"type":"shutdown","message":...} (as docs/protocol.md)
// HTTP: /healthz, /metrics (the NetworkStats and the stub's own counts as JSON),
// /query (echoes the path and decoded query), /slow (answers from another thread), else 404.
#include <atomic>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>
#include <variant>
#include <vector>

#include "app/application.hpp"
#include "config.hpp"
#include "log/log.hpp"
#include "net/server.hpp"
#include "server_options.hpp"
#include "storage/records.hpp"

namespace {

// A streamed body (app::HttpBodySource) of `count` pieces "piece N\n"; at piece
// `fail_at` it fails (the transfer must be cut), or its next() throws.
class StubSource final : public bh::app::HttpBodySource {
 public:
  StubSource(int count, int fail_at, bool throws) : count_(count), fail_at_(fail_at), throws_(throws) {}
  void next(std::function<void(Piece)> give) override {
    if (next_ == fail_at_) {
      if (throws_) throw std::runtime_error("the stub's stream throws on purpose");
      return give(Piece{"", false, true});
    }
    if (next_ == count_) return give(Piece{"", true, false});
    give(Piece{"piece " + std::to_string(next_++) + "\n", false, false});
  }

 private:
  int count_, fail_at_;
  bool throws_;
  int next_ = 0;
};

using bh::app::Connection;
using nlohmann::json;

class StubApplication final : public bh::app::Application {
 public:
  explicit StubApplication(std::shared_ptr<const bh::app::NetworkStats> stats) : stats_(std::move(stats)) {}
  ~StubApplication() override {
    for (auto& thread : slow_)
      if (thread.joinable()) thread.join();
  }

  void on_open(const std::shared_ptr<Connection>& connection) override {
    opened_.fetch_add(1);
    {
      const std::lock_guard lock(mutex_);
      connections_[connection->id()] = connection;
    }
    connection->send(bh::app::make_frame(
        json{{"type", "welcome"}, {"protocol", 1}, {"server", "boardhall-stub"}, {"connection", connection->id()}}
            .dump()));
  }

  void on_message(const std::shared_ptr<Connection>& connection, std::string text) override {
    const json message = json::parse(text, nullptr, false);
    if (message.is_discarded() || !message.is_object()) {
      connection->send(error_frame("bad_request", "not a JSON object", nullptr));
      return;
    }
    const json id = message.contains("id") ? message["id"] : json(nullptr);
    const std::string type = message.value("type", "");
    if (type == "echo") {
      json reply{{"type", "echo"}, {"data", message.value("data", json(nullptr))}};
      if (!id.is_null()) reply["id"] = id;
      connection->send(bh::app::make_frame(reply.dump()));
    } else if (type == "spam") {
      const int count = message.value("count", 0);
      const std::size_t size = message.value("size", 100);
      // Built by concatenation, not json::dump: cheap enough under sanitizers.
      const std::string pad = "\",\"pad\":\"" + std::string(size, 'x') + "\"}";
      for (int i = 0; i < count; ++i)
        connection->send(bh::app::make_frame("{\"type\":\"spam\",\"n\":\"" + std::to_string(i) + pad));
    } else if (type == "close") {
      connection->close("bye");
    } else if (type == "throw") {  // a bug in an application: the network layer must survive it
      throw std::runtime_error("the stub throws on purpose");
    } else {
      connection->send(error_frame("bad_request", "unknown type", id));
    }
  }

  void on_close(const std::shared_ptr<Connection>& connection) override {
    closed_.fetch_add(1);
    const std::lock_guard lock(mutex_);
    if (connections_.erase(connection->id()) == 0) double_closes_.fetch_add(1);
  }

  void handle_http(bh::app::HttpRequest request, std::function<void(bh::app::HttpResponse)> respond) override {
    if (request.path == "/healthz") return respond({200, "application/json", R"({"status":"ok"})"});
    if (request.path == "/metrics") {
      json metrics{{"on_open", opened_.load()},
                   {"on_close", closed_.load()},
                   {"double_close", double_closes_.load()},
                   {"count_network_error", network_errors_.load()}};
      if (stats_) {
        metrics["open_connections"] = stats_->open_connections.load();
        metrics["accepted_connections"] = stats_->accepted_connections.load();
        metrics["http_requests"] = stats_->http_requests.load();
        metrics["messages_in"] = stats_->messages_in.load();
        metrics["frames_out"] = stats_->frames_out.load();
        metrics["rate_limited"] = stats_->rate_limited.load();
        metrics["too_large"] = stats_->too_large.load();
        metrics["slow_clients_dropped"] = stats_->slow_clients_dropped.load();
        metrics["network_errors"] = stats_->network_errors.load();
      }
      return respond({200, "application/json", metrics.dump()});
    }
    if (request.path == "/query") {
      json query = json::object();
      for (const auto& [key, value] : request.query) query[key] = value;
      return respond({200, "application/json", json{{"path", request.path}, {"query", query}}.dump()});
    }
    // A streamed answer: /stream?count=N[&fail=K][&throw=1].
    if (request.path == "/stream") {
      auto number = [&](const char* name, int fallback) {
        const auto it = request.query.find(name);
        return it == request.query.end() ? fallback : std::stoi(it->second);
      };
      bh::app::HttpResponse answer(200, "text/plain; charset=utf-8", "");
      answer.headers.emplace_back("Content-Disposition", "attachment; filename=\"stub.txt\"");
      answer.stream =
          std::make_shared<StubSource>(number("count", 3), number("fail", -1), request.query.count("throw") != 0);
      return respond(std::move(answer));
    }
    // Bugs in an application: the network layer must still answer (500) and go on.
    if (request.path == "/throw") throw std::runtime_error("the stub throws on purpose");
    if (request.path == "/drop") return;  // `respond` is dropped without being called
    if (request.path == "/slow") {
      // Joined at shutdown: a thread still answering while the io_context is destroyed
      // races with it (seen under TSan).
      const std::lock_guard lock(mutex_);
      slow_.emplace_back([respond = std::move(respond)] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        respond({200, "text/plain", "slow"});
      });
      return;
    }
    respond({404, "application/json", R"({"type":"error","code":"not_found","message":"no such path"})"});
  }

  void count_network_error() override { network_errors_.fetch_add(1); }
  void adopt(std::vector<bh::storage::LiveGame>) override {}  // no store, no cluster

  void shutdown(std::function<void()> done) override {
    std::vector<std::shared_ptr<Connection>> live;
    std::vector<std::thread> slow;
    {
      const std::lock_guard lock(mutex_);
      for (const auto& [id, weak] : connections_)
        if (auto connection = weak.lock()) live.push_back(std::move(connection));
      slow.swap(slow_);
    }
    for (auto& thread : slow) thread.join();
    for (const auto& connection : live)
      connection->send(
          bh::app::make_frame(json{{"type", "shutdown"}, {"message", "the server is shutting down"}}.dump()));
    done();
  }

 private:
  static bh::app::Frame error_frame(const std::string& code, const std::string& text, const json& id) {
    json error{{"type", "error"}, {"code", code}, {"message", text}};
    if (!id.is_null()) error["id"] = id;
    return bh::app::make_frame(error.dump());
  }

  std::shared_ptr<const bh::app::NetworkStats> stats_;
  std::mutex mutex_;
  std::map<std::uint64_t, std::weak_ptr<Connection>> connections_;
  std::vector<std::thread> slow_;  // answering /slow
  std::atomic<std::uint64_t> opened_{0};
  std::atomic<std::uint64_t> closed_{0};
  std::atomic<std::uint64_t> double_closes_{0};
  std::atomic<std::uint64_t> network_errors_{0};
};

}  // namespace

int main(int argc, char** argv) {
  auto started = bh::server::start_or_exit(argc, argv, "bh_stub_server", "0.1.0", [](const bh::server::Config&) {
    std::cerr << "bh_stub_server: the stub has no database\n";
    return 2;
  });
  if (const int* status = std::get_if<int>(&started)) return *status;
  const auto& config = std::get<bh::server::Config>(started);
  bh::log::set_verbose(config.verbose);
  return bh::net::run_server(bh::server::server_options(config),
                             [](boost::asio::io_context&, std::shared_ptr<const bh::app::NetworkStats> stats) {
                               return std::make_shared<StubApplication>(std::move(stats));
                             },
                             {});
}
