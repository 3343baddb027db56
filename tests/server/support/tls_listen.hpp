// What the tests' TLS receivers (SmtpSink, WebhookReceiver) do to start listening: their
// certificate loaded into their TLS context, and their acceptor open on 127.0.0.1.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <cstdint>
#include <string>

#include "test_certificate.hpp"

namespace bh::test {

// "" once `acceptor` listens on 127.0.0.1:`port` (0: a free one; close-on-exec, so a
// server the test starts does not hold it) with `certificate` in `tls`; else why not.
std::string tls_listen(boost::asio::ssl::context& tls, const TestCertificate& certificate,
                       boost::asio::ip::tcp::acceptor& acceptor, std::uint16_t port);

}  // namespace bh::test
