#include "cluster/bus_url.hpp"

#include <algorithm>
#include <cctype>

namespace bh::cluster {

namespace {

constexpr std::string_view redis_scheme = "redis://";
constexpr std::string_view unix_scheme = "unix://";
constexpr std::uint16_t default_port = 6379;
// sockaddr_un's sun_path holds 108 bytes with its terminating zero.
constexpr std::size_t max_socket_path = 107;
constexpr std::size_t max_host_length = 253;

bool printable_ascii(char c) { return c > ' ' && c < 0x7f; }

bool host_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.' || c == '_'; }

bool ipv6_char(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0 || c == ':' || c == '.'; }

Fallible<BusAddress> parse_unix(std::string_view path) {
  if (path.empty() || path.front() != '/')
    return failure("a unix:// URL needs an absolute path: unix:///path/to/redis.sock");
  if (path.size() > max_socket_path) return failure("the socket path is longer than 107 bytes");
  if (path.find_first_of("?#%") != std::string_view::npos) {
    return failure("the socket path may not contain '?', '#' or '%'");
  }
  if (path.back() == '/') return failure("the socket path names a folder, not a socket");
  BusAddress address;
  address.kind = BusAddress::Kind::unix_socket;
  address.path = std::string(path);
  return address;
}

Fallible<std::uint16_t> parse_port(std::string_view digits) {
  if (digits.empty()) return failure("the port after ':' is missing");
  if (digits.size() > 5 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return failure("the port must be a number from 1 to 65535");
  }
  unsigned value = 0;
  for (char c : digits) value = value * 10 + static_cast<unsigned>(c - '0');
  if (value == 0 || value > 65535) return failure("the port must be a number from 1 to 65535");
  return static_cast<std::uint16_t>(value);
}

Fallible<BusAddress> parse_redis(std::string_view rest) {
  if (rest.find_first_of("?#") != std::string_view::npos) return failure("a redis:// URL takes no query or fragment");
  const auto slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  if (slash != std::string_view::npos && rest.substr(slash) != "/") {
    return failure("a redis:// URL takes no database number or path (pub/sub ignores databases)");
  }
  if (authority.find('@') != std::string_view::npos) return failure("user names and passwords are not supported");
  if (authority.empty()) return failure("the host is missing: redis://HOST:PORT");

  BusAddress address;
  std::string_view port_text;
  bool has_port = false;
  if (authority.front() == '[') {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return failure("an IPv6 address is missing its ']'");
    const auto inside = authority.substr(1, close - 1);
    if (inside.empty() || !std::all_of(inside.begin(), inside.end(), ipv6_char)) {
      return failure("the IPv6 address between '[' and ']' is not valid");
    }
    address.host = std::string(inside);
    const auto after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return failure("only ':PORT' may follow an IPv6 address");
      has_port = true;
      port_text = after.substr(1);
    }
  } else {
    if (std::count(authority.begin(), authority.end(), ':') > 1) {
      return failure("an IPv6 address goes in brackets: redis://[::1]:6379");
    }
    const auto colon = authority.find(':');
    const auto host = authority.substr(0, colon);
    if (host.empty()) return failure("the host is missing: redis://HOST:PORT");
    if (host.size() > max_host_length) return failure("the host name is longer than 253 characters");
    if (!std::all_of(host.begin(), host.end(), host_char)) {
      return failure("the host may contain only letters, digits, '-', '.' and '_' (IPv6 goes in brackets)");
    }
    address.host = std::string(host);
    if (colon != std::string_view::npos) {
      has_port = true;
      port_text = authority.substr(colon + 1);
    }
  }
  address.port = default_port;
  if (has_port) {
    auto port = parse_port(port_text);
    if (!port) return failure(port.error());
    address.port = *port;
  }
  return address;
}

}  // namespace

std::string BusAddress::text() const {
  if (kind == Kind::unix_socket) return "unix://" + path;
  const bool v6 = host.find(':') != std::string::npos;
  return "redis://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

Fallible<BusAddress> parse_bus_url(std::string_view url) {
  if (url.empty()) return failure("the bus URL is empty: redis://HOST:PORT or unix:///path");
  if (url.size() > max_bus_url_length) return failure("the bus URL is longer than 1024 characters");
  if (!std::all_of(url.begin(), url.end(), printable_ascii)) {
    return failure("the bus URL may contain only printable ASCII, without spaces");
  }
  if (url.starts_with(redis_scheme)) return parse_redis(url.substr(redis_scheme.size()));
  if (url.starts_with(unix_scheme)) return parse_unix(url.substr(unix_scheme.size()));
  if (url.starts_with("rediss://")) return failure("TLS (rediss://) is not supported; use a local socket or a tunnel");
  return failure("the bus URL must start with redis:// or unix://");
}

}  // namespace bh::cluster
