// Where the bus's Redis is: the --cluster-bus URL, `redis://HOST:PORT` or
// `unix:///absolute/path`, parsed and checked before anything connects.
//
// Thread-safety: pure functions and plain values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/fallible.hpp"

namespace bh::cluster {

struct BusAddress {
  enum class Kind { tcp, unix_socket };
  Kind kind = Kind::tcp;
  std::string host;        // tcp: a name, an IPv4 address, or an IPv6 one without brackets
  std::uint16_t port = 0;  // tcp: 1..65535
  std::string path;        // unix_socket: absolute

  // The URL again, in its one spelling (for logs).
  std::string text() const;
  bool operator==(const BusAddress&) const = default;
};

// The longest URL accepted; a Unix socket's path must also fit sockaddr_un (107 bytes).
inline constexpr std::size_t max_bus_url_length = 1024;

// Accepts `redis://HOST:PORT` (the port may be left out: 6379; HOST may be `[v6]`) and
// `unix:///PATH`. Refuses, with a reason naming what is wrong, anything else: user
// names, passwords, database numbers, queries, control characters, empty parts.
Fallible<BusAddress> parse_bus_url(std::string_view url);

}  // namespace bh::cluster
