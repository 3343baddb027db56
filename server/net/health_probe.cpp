#include "net/health_probe.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <iostream>

namespace bh::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

int run_health_probe(const std::string& url, std::chrono::milliseconds timeout) {
  // http://HOST[:PORT][/PATH]; HOST may be [v6].
  const std::string prefix = "http://";
  if (url.rfind(prefix, 0) != 0) {
    std::cerr << "health probe: only http:// URLs are supported: " << url << "\n";
    return 1;
  }
  const std::string rest = url.substr(prefix.size());
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const std::string target = slash == std::string::npos ? "/" : rest.substr(slash);
  std::string host = authority;
  std::string port = "80";
  if (!authority.empty() && authority.front() == '[') {
    const auto close = authority.find(']');
    if (close == std::string::npos) {
      std::cerr << "health probe: bad URL " << url << "\n";
      return 1;
    }
    host = authority.substr(1, close - 1);
    if (close + 1 < authority.size() && authority[close + 1] == ':') port = authority.substr(close + 2);
  } else if (const auto colon = authority.rfind(':'); colon != std::string::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }

  asio::io_context io;
  beast::tcp_stream stream(io);
  beast::flat_buffer buffer;
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, authority);
  request.set(http::field::user_agent, "boardhall-health-probe");
  request.keep_alive(false);
  http::response<http::string_body> response;
  beast::error_code result = asio::error::timed_out;
  std::string step = "resolve";

  // Each step re-arms the stream's deadline from the same overall budget.
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  asio::ip::tcp::resolver resolver(io);
  resolver.async_resolve(host, port, [&](beast::error_code ec, asio::ip::tcp::resolver::results_type results) {
    if (ec) return void(result = ec);
    step = "connect";
    stream.expires_at(deadline);
    stream.async_connect(results, [&](beast::error_code connect_ec, const asio::ip::tcp::endpoint&) {
      if (connect_ec) return void(result = connect_ec);
      step = "request";
      http::async_write(stream, request, [&](beast::error_code write_ec, std::size_t) {
        if (write_ec) return void(result = write_ec);
        step = "response";
        http::async_read(stream, buffer, response, [&](beast::error_code read_ec, std::size_t) { result = read_ec; });
      });
    });
  });
  io.run_until(deadline);
  if (!io.stopped()) {
    result = asio::error::timed_out;
  }
  if (result) {
    std::cerr << "health probe: " << url << ": " << step << ": " << result.message() << "\n";
    return 1;
  }
  if (response.result_int() != 200) {
    std::cerr << "health probe: " << url << ": HTTP " << response.result_int() << " " << response.body() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace bh::net
