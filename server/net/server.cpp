#include "net/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <csignal>
#include <exception>
#include <thread>
#include <vector>

#include "log/log.hpp"
#include "net/listener.hpp"

namespace bh::net {

namespace asio = boost::asio;

namespace {

std::string endpoint_text(const asio::ip::tcp::endpoint& endpoint) {
  const auto address = endpoint.address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  return host + ":" + std::to_string(endpoint.port());
}

// The shutdown's steps, on one strand.
class Shutdown : public std::enable_shared_from_this<Shutdown> {
 public:
  Shutdown(asio::io_context& io, const ServerOptions& options, std::shared_ptr<NetContext> context,
           std::shared_ptr<Listener> listener)
      : io_(io),
        options_(options),
        strand_(asio::make_strand(io)),
        timer_(strand_),
        context_(std::move(context)),
        listener_(std::move(listener)) {}

  void begin(const char* signal_name) {
    asio::post(strand_, [self = shared_from_this(), signal_name] {
      log::info(std::string("shutting down (") + signal_name + ")");
      self->context_->stopping.store(true);
      self->listener_->stop();
      self->context_->app->shutdown([self] { asio::post(self->strand_, [self] { self->close_sessions(); }); });
      self->timer_.expires_after(self->options_.app_shutdown_wait);
      self->timer_.async_wait([self](boost::system::error_code ec) {
        if (ec) return;
        log::error("the application did not finish its shutdown in time; closing connections anyway");
        self->close_sessions();
      });
    });
  }

 private:
  void close_sessions() {
    if (closing_) return;
    closing_ = true;
    timer_.cancel();
    log::info("closing " + std::to_string(context_->sessions.size()) + " WebSocket connection(s)");
    close_all_sessions(*context_);
    deadline_ = std::chrono::steady_clock::now() + options_.shutdown_wait;
    wait_for_sessions();
  }

  void wait_for_sessions() {
    if (context_->sessions.size() == 0 || std::chrono::steady_clock::now() >= deadline_) {
      if (context_->sessions.size() != 0)
        log::error(std::to_string(context_->sessions.size()) + " connection(s) did not close in time");
      io_.stop();
      return;
    }
    timer_.expires_after(std::chrono::milliseconds(20));
    timer_.async_wait([self = shared_from_this()](boost::system::error_code) { self->wait_for_sessions(); });
  }

  asio::io_context& io_;
  const ServerOptions& options_;
  asio::strand<asio::io_context::executor_type> strand_;
  asio::steady_timer timer_;
  std::shared_ptr<NetContext> context_;
  std::shared_ptr<Listener> listener_;
  bool closing_ = false;
  std::chrono::steady_clock::time_point deadline_;
};

const char* signal_name(int number) { return number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal"; }

void run_loop(asio::io_context& io) {
  for (;;) {
    try {
      io.run();
      return;
    } catch (const std::exception& e) {
      // A handler threw: a bug. Log it and keep serving the other connections.
      log::error(std::string("unhandled exception in a handler: ") + e.what());
    }
  }
}

}  // namespace

int run_server(const ServerOptions& options, const MakeApplication& make_app, const std::function<void()>& after_join) {
  asio::io_context io(static_cast<int>(options.threads));
  auto stats = std::make_shared<app::NetworkStats>();

  boost::system::error_code ec;
  const auto address = asio::ip::make_address(options.host, ec);
  if (ec) {
    log::error("cannot listen on " + options.host + ": not an IP address");
    return 1;
  }
  const asio::ip::tcp::endpoint endpoint(address, options.port);

  std::shared_ptr<app::Application> application = make_app(io, stats);
  if (!application) {
    log::error("the application could not start");
    return 1;
  }
  auto context = std::make_shared<NetContext>(application, stats, options.limits, options.policy, options.site);
  auto listener = std::make_shared<Listener>(io, context);
  if (const auto error = listener->open(endpoint)) {
    log::error("cannot listen on " + endpoint_text(endpoint) + ": " + error.message());
    if (after_join) after_join();
    return 1;
  }

  int status = 0;
  auto shutdown = std::make_shared<Shutdown>(io, options, context, listener);
  asio::signal_set signals(io, SIGINT, SIGTERM);
  std::function<void(boost::system::error_code, int)> on_signal;
  int signals_seen = 0;
  on_signal = [&](boost::system::error_code signal_ec, int number) {
    if (signal_ec) return;
    if (++signals_seen == 1) {
      shutdown->begin(signal_name(number));
      signals.async_wait(on_signal);
    } else {
      log::error(std::string("second signal (") + signal_name(number) + "): stopping now");
      status = 1;
      io.stop();
    }
  };
  signals.async_wait(on_signal);
  asio::signal_set usr1(io);
  std::function<void(boost::system::error_code, int)> on_usr1;
  if (options.on_usr1) {
    usr1.add(SIGUSR1);
    on_usr1 = [&](boost::system::error_code signal_ec, int) {
      if (signal_ec) return;
      try {
        options.on_usr1();
      } catch (const std::exception& e) {  // an operator's signal never ends the server
        log::error(std::string("SIGUSR1: ") + e.what());
      }
      usr1.async_wait(on_usr1);
    };
    usr1.async_wait(on_usr1);
  }

  listener->run();
  log::info("listening on " + endpoint_text(listener->local_endpoint()) + " (" + std::to_string(options.threads) +
            " thread(s))");

  std::vector<std::thread> threads;
  for (unsigned i = 1; i < options.threads; ++i) threads.emplace_back([&io] { run_loop(io); });
  run_loop(io);
  for (auto& thread : threads) thread.join();

  if (after_join) after_join();
  log::info(status == 0 ? "stopped" : "stopped before the shutdown finished");
  return status;
}

}  // namespace bh::net
