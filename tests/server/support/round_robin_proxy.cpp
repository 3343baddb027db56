#include "round_robin_proxy.hpp"

#include <array>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <future>
#include <mutex>
#include <thread>

namespace bh::test {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// One client and the connection to its node, copied both ways.
class Splice : public std::enable_shared_from_this<Splice> {
 public:
  Splice(tcp::socket client, asio::io_context& io) : client_(std::move(client)), node_(io) {}
  void connect(std::vector<std::uint16_t> targets, std::size_t first, std::size_t tries = 0) {
    if (targets.empty() || tries == targets.size()) return;
    const auto port = targets[(first + tries) % targets.size()];
    node_.async_connect(tcp::endpoint(asio::ip::address_v4::loopback(), port),
                        [self = shared_from_this(), targets, first, tries](boost::system::error_code ec) {
                          if (ec) {
                            self->node_.close();
                            return self->connect(targets, first, tries + 1);
                          }
                          self->pump(self->client_, self->node_, self->up_);
                          self->pump(self->node_, self->client_, self->down_);
                        });
  }
  void close() {
    boost::system::error_code ignored;
    client_.shutdown(tcp::socket::shutdown_both, ignored);
    node_.shutdown(tcp::socket::shutdown_both, ignored);
    client_.close(ignored);
    node_.close(ignored);
  }

 private:
  void pump(tcp::socket& from, tcp::socket& to, std::array<char, 16384>& buffer) {
    from.async_read_some(asio::buffer(buffer),
                         [self = shared_from_this(), &from, &to, &buffer](boost::system::error_code ec, std::size_t n) {
                           if (ec) return self->close();
                           asio::async_write(to, asio::buffer(buffer.data(), n),
                                             [self, &from, &to, &buffer](boost::system::error_code wec, std::size_t) {
                                               if (wec) return self->close();
                                               self->pump(from, to, buffer);
                                             });
                         });
  }

  tcp::socket client_, node_;
  std::array<char, 16384> up_{}, down_{};
};

}  // namespace

struct RoundRobinProxy::Impl {
  asio::io_context io;
  tcp::acceptor acceptor{io, tcp::endpoint(asio::ip::address_v4::loopback(), 0)};
  std::mutex mutex;
  std::vector<std::uint16_t> targets;          // under mutex
  std::size_t next = 0;                        // the io thread's
  std::vector<std::weak_ptr<Splice>> splices;  // the io thread's: for cut()
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](boost::system::error_code ec, tcp::socket client) {
      if (ec == asio::error::operation_aborted) return;
      if (!ec) {
        std::vector<std::uint16_t> now;
        {
          std::lock_guard lock(mutex);
          now = targets;
        }
        auto splice = std::make_shared<Splice>(std::move(client), io);
        std::erase_if(splices, [](const auto& s) { return s.expired(); });
        splices.push_back(splice);
        splice->connect(now, next++);
      }
      accept();
    });
  }
};

RoundRobinProxy::RoundRobinProxy() : impl_(std::make_unique<Impl>()) {
  impl_->accept();
  impl_->thread = std::thread([this] { impl_->io.run(); });
}

RoundRobinProxy::~RoundRobinProxy() {
  impl_->io.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

std::uint16_t RoundRobinProxy::port() const { return impl_->acceptor.local_endpoint().port(); }

void RoundRobinProxy::set_targets(std::vector<std::uint16_t> ports) {
  std::lock_guard lock(impl_->mutex);
  impl_->targets = std::move(ports);
}

void RoundRobinProxy::cut() {
  std::promise<void> done;
  asio::post(impl_->io, [this, &done] {
    for (const auto& weak : impl_->splices)
      if (auto splice = weak.lock()) splice->close();
    impl_->splices.clear();
    done.set_value();
  });
  done.get_future().wait();
}

}  // namespace bh::test
