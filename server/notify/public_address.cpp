#include "notify/public_address.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <array>
#include <cstdint>
#include <cstring>

namespace bh::notify {
namespace {

struct Block {
  std::uint32_t network;
  int prefix;
};

// IPv4 blocks that are not the public Internet (IANA's special-purpose registry, the
// ones a host or its LAN can answer on).
constexpr std::array<Block, 12> ipv4_blocks{{
    {0x00000000, 8},   // "this network", 0.0.0.0
    {0x0a000000, 8},   // private
    {0x64400000, 10},  // shared address space (carrier-grade NAT)
    {0x7f000000, 8},   // loopback
    {0xa9fe0000, 16},  // link-local (and cloud metadata at 169.254.169.254)
    {0xac100000, 12},  // private
    {0xc0000000, 24},  // IETF protocol assignments
    {0xc0a80000, 16},  // private
    {0xc6120000, 15},  // benchmarking
    {0xe0000000, 4},   // multicast
    {0xf0000000, 4},   // reserved, and the broadcast address
    {0xc0000200, 24},  // documentation (TEST-NET-1)
}};

bool public_ipv4(std::uint32_t host_order) {
  for (const Block& b : ipv4_blocks) {
    const std::uint32_t mask = b.prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - b.prefix);
    if ((host_order & mask) == b.network) return false;
  }
  return true;
}

std::uint32_t ipv4_at(const unsigned char* bytes) {
  return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) | (std::uint32_t{bytes[2]} << 8) | bytes[3];
}

bool public_ipv6(const unsigned char* a) {
  static constexpr std::array<unsigned char, 12> mapped{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static constexpr std::array<unsigned char, 12> nat64{0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  static constexpr std::array<unsigned char, 12> zeros{};
  if (std::memcmp(a, mapped.data(), 12) == 0 || std::memcmp(a, nat64.data(), 12) == 0) {
    return public_ipv4(ipv4_at(a + 12));
  }
  if (std::memcmp(a, zeros.data(), 12) == 0) return false;  // ::, ::1 and the old IPv4-compatible form
  if ((a[0] & 0xfe) == 0xfc) return false;                  // fc00::/7 unique-local
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return false;  // fe80::/10 link-local
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return false;  // fec0::/10 site-local (deprecated)
  if (a[0] == 0xff) return false;                           // multicast
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8) return false;  // documentation
  return true;
}

}  // namespace

bool public_address(const sockaddr* address, socklen_t length, std::string& text) {
  std::array<char, INET6_ADDRSTRLEN> printed{};
  if (address->sa_family == AF_INET && length >= static_cast<socklen_t>(sizeof(sockaddr_in))) {
    sockaddr_in v4{};
    std::memcpy(&v4, address, sizeof v4);
    inet_ntop(AF_INET, &v4.sin_addr, printed.data(), printed.size());
    text = printed.data();
    return public_ipv4(ntohl(v4.sin_addr.s_addr));
  }
  if (address->sa_family == AF_INET6 && length >= static_cast<socklen_t>(sizeof(sockaddr_in6))) {
    sockaddr_in6 v6{};
    std::memcpy(&v6, address, sizeof v6);
    inet_ntop(AF_INET6, &v6.sin6_addr, printed.data(), printed.size());
    text = printed.data();
    return public_ipv6(v6.sin6_addr.s6_addr);
  }
  text = "an address of family " + std::to_string(address->sa_family);
  return false;
}

}  // namespace bh::notify
