// SmtpSink: the listener, its thread and the records; one SmtpSinkSession per client.
#include "smtp_sink.hpp"

#include <fcntl.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <thread>

#include "smtp_sink_session.hpp"
#include "smtp_sink_state.hpp"
#include "test_certificate.hpp"
#include "tls_listen.hpp"

namespace bh::test {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

struct SmtpSink::Impl {
  // Declared before the io_context: the sessions it destroys use the TLS context.
  TestCertificate certificate;
  SmtpSinkState state;
  std::string error;
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::uint16_t port = 0;
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](error_code ec, tcp::socket socket) {
      if (ec) return;  // closed by the destructor
      // A test may start a process while a connection is open: it must not inherit it.
      ::fcntl(socket.native_handle(), F_SETFD, FD_CLOEXEC);
      std::make_shared<SmtpSinkSession>(std::move(socket), state)->start();
      accept();
    });
  }
};

SmtpSink::SmtpSink(SmtpSinkOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->state.options = std::move(options);
}

SmtpSink::~SmtpSink() {
  if (impl_->thread.joinable()) {
    impl_->ioc.stop();
    impl_->thread.join();
  }
}

bool SmtpSink::start() {
  Impl& d = *impl_;
  d.error = tls_listen(d.state.tls, d.certificate, d.acceptor, d.state.options.port);
  if (!d.error.empty()) return false;
  d.port = d.acceptor.local_endpoint().port();
  d.accept();
  d.thread = std::thread([&d] { d.ioc.run(); });
  return true;
}

const std::string& SmtpSink::error() const { return impl_->error; }
std::uint16_t SmtpSink::port() const { return impl_->port; }
std::string SmtpSink::url() const { return "smtp://127.0.0.1:" + std::to_string(impl_->port); }
const std::string& SmtpSink::ca_file() const { return impl_->certificate.cert_pem(); }

void SmtpSink::fail_next(int count) {
  std::lock_guard lock(impl_->state.mutex);
  impl_->state.fail_next = count;
}

void SmtpSink::refuse_recipient(std::string address) {
  std::lock_guard lock(impl_->state.mutex);
  impl_->state.refused_recipients.insert(std::move(address));
}

int SmtpSink::failed() const {
  std::lock_guard lock(impl_->state.mutex);
  return impl_->state.failed;
}

std::vector<SmtpMessage> SmtpSink::wait_for(std::size_t count, std::chrono::milliseconds timeout) const {
  std::unique_lock lock(impl_->state.mutex);
  impl_->state.arrived.wait_for(lock, timeout, [&] { return impl_->state.messages.size() >= count; });
  return impl_->state.messages;
}

std::vector<SmtpMessage> SmtpSink::messages() const {
  std::lock_guard lock(impl_->state.mutex);
  return impl_->state.messages;
}

}  // namespace bh::test
