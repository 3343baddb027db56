#include "tls_listen.hpp"

#include <fcntl.h>

#include <boost/asio/socket_base.hpp>

namespace bh::test {

std::string tls_listen(boost::asio::ssl::context& tls, const TestCertificate& certificate,
                       boost::asio::ip::tcp::acceptor& acceptor, std::uint16_t port) {
  namespace asio = boost::asio;
  using asio::ip::tcp;
  if (!certificate.ok()) return "could not make a certificate";
  boost::system::error_code ec;
  tls.use_certificate_chain_file(certificate.cert_pem(), ec);
  if (!ec) tls.use_private_key_file(certificate.key_pem(), asio::ssl::context::pem, ec);
  if (ec) return "certificate: " + ec.message();
  const tcp::endpoint listen(asio::ip::address_v4::loopback(), port);
  acceptor.open(listen.protocol(), ec);
  if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor.bind(listen, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return "listen: " + ec.message();
  ::fcntl(acceptor.native_handle(), F_SETFD, FD_CLOEXEC);
  return {};
}

}  // namespace bh::test
