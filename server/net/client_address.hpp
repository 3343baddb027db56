// Who the client is, as an address: the TCP peer, or, when the peer is a reverse proxy
// the operator trusts (--trusted-proxy CIDR), the address that proxy forwarded in
// `Forwarded: for=` (RFC 7239) or `X-Forwarded-For`. Forwarded headers from anyone else
// are ignored: a client cannot choose the address its limits are counted against.
//
// Also the Origin check of a WebSocket upgrade (--allowed-origins).
//
// Addresses are text in one canonical form (inet_ntop: "127.0.0.2", "2001:db8::1"; an
// IPv4-mapped IPv6 address is written as IPv4), so one client has one key.
//
// Thread-safety: pure functions; TrustedProxies is immutable after construction.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bh::net {

// An address as 16 bytes (IPv4 as IPv4-mapped IPv6).
struct IpAddress {
  std::array<std::uint8_t, 16> bytes{};
  bool v4 = false;
};

std::optional<IpAddress> parse_ip(std::string_view text);
std::string format_ip(const IpAddress& address);
// `text` in canonical form, or nullopt when it is not an IP address.
std::optional<std::string> canonical_ip(std::string_view text);

struct Cidr {
  IpAddress base;
  int prefix = 0;  // bits, over the 128 of the mapped form
};
// "10.0.0.0/8", "::1/128", or one address ("192.168.1.10" = /32).
std::optional<Cidr> parse_cidr(std::string_view text);
bool in_range(const Cidr& range, const IpAddress& address);

class TrustedProxies {
 public:
  TrustedProxies() = default;
  explicit TrustedProxies(std::vector<Cidr> ranges) : ranges_(std::move(ranges)) {}
  bool empty() const { return ranges_.empty(); }
  bool contains(std::string_view address) const;

 private:
  std::vector<Cidr> ranges_;
};

// The client's address for a request from `peer` (canonical text) with these header
// values (empty when absent). `Forwarded` wins over `X-Forwarded-For`. The list is read
// from the right (the hop nearest to us): trusted proxies are skipped, and the first
// address that is not one is the client. When the list runs out, or holds something
// that is not an address ("unknown", an obfuscated name), the last trusted hop is used.
std::string client_address(std::string_view peer, std::string_view forwarded, std::string_view x_forwarded_for,
                           const TrustedProxies& trusted);

// Whether a WebSocket upgrade with this Origin header may go on. No Origin (not a
// browser), an empty allow-list, the server's own origin (the Origin's host equals
// `host`, the Host header), or a listed origin ("https://example.org", compared without
// case) pass; anything else is refused.
bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed);

}  // namespace bh::net
