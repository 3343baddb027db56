#include "net/client_address.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace bh::net {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The parts of a list header ("a, b, c"), right-most first.
std::vector<std::string_view> items_from_right(std::string_view header) {
  std::vector<std::string_view> out;
  while (!header.empty()) {
    const auto comma = header.rfind(',');
    const auto item = comma == std::string_view::npos ? header : header.substr(comma + 1);
    out.push_back(trim(item));
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(0, comma);
  }
  return out;
}

// An address with an optional port, as proxies write it: "1.2.3.4", "1.2.3.4:5678",
// "[2001:db8::1]", "[2001:db8::1]:5678", "2001:db8::1".
std::optional<std::string> host_of(std::string_view text) {
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    return canonical_ip(text.substr(1, close - 1));
  }
  if (auto whole = canonical_ip(text)) return whole;
  const auto colon = text.find(':');
  if (colon != std::string_view::npos && text.find(':', colon + 1) == std::string_view::npos)
    return canonical_ip(text.substr(0, colon));
  return std::nullopt;
}

// The `for=` values of a Forwarded header, right-most element first.
std::vector<std::string_view> forwarded_for(std::string_view header) {
  std::vector<std::string_view> out;
  for (std::string_view element : items_from_right(header)) {
    std::string_view value;
    while (!element.empty()) {
      const auto semi = element.find(';');
      std::string_view pair = trim(element.substr(0, semi));
      element = semi == std::string_view::npos ? std::string_view{} : element.substr(semi + 1);
      const auto eq = pair.find('=');
      if (eq == std::string_view::npos || !iequal(trim(pair.substr(0, eq)), "for")) continue;
      value = trim(pair.substr(eq + 1));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    }
    out.push_back(value);  // empty: this hop named no client
  }
  return out;
}

}  // namespace

std::optional<IpAddress> parse_ip(std::string_view text) {
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  const std::string s(text);
  IpAddress out;
  in_addr v4{};
  if (inet_pton(AF_INET, s.c_str(), &v4) == 1) {
    out.v4 = true;
    out.bytes[10] = out.bytes[11] = 0xff;
    std::copy_n(reinterpret_cast<const std::uint8_t*>(&v4), 4, out.bytes.begin() + 12);
    return out;
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, s.c_str(), &v6) != 1) return std::nullopt;
  std::copy_n(reinterpret_cast<const std::uint8_t*>(&v6), 16, out.bytes.begin());
  const bool mapped = std::all_of(out.bytes.begin(), out.bytes.begin() + 10, [](auto b) { return b == 0; }) &&
                      out.bytes[10] == 0xff && out.bytes[11] == 0xff;
  out.v4 = mapped;
  return out;
}

std::string format_ip(const IpAddress& address) {
  char text[INET6_ADDRSTRLEN] = {};
  if (address.v4) {
    inet_ntop(AF_INET, address.bytes.data() + 12, text, sizeof text);
  } else {
    inet_ntop(AF_INET6, address.bytes.data(), text, sizeof text);
  }
  return text;
}

std::optional<std::string> canonical_ip(std::string_view text) {
  const auto ip = parse_ip(text);
  if (!ip) return std::nullopt;
  return format_ip(*ip);
}

std::optional<Cidr> parse_cidr(std::string_view text) {
  text = trim(text);
  const auto slash = text.find('/');
  const auto ip = parse_ip(text.substr(0, slash));
  if (!ip) return std::nullopt;
  Cidr out{*ip, 128};
  if (slash == std::string_view::npos) return out;
  const auto digits = text.substr(slash + 1);
  int bits = -1;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
  const int most = ip->v4 ? 32 : 128;
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || bits < 0 || bits > most)
    return std::nullopt;
  out.prefix = ip->v4 ? 96 + bits : bits;
  return out;
}

bool in_range(const Cidr& range, const IpAddress& address) {
  for (int bit = 0; bit < range.prefix; ++bit) {
    const int byte = bit / 8, shift = 7 - bit % 8;
    if (((address.bytes[byte] >> shift) & 1) != ((range.base.bytes[byte] >> shift) & 1)) return false;
  }
  return true;
}

bool TrustedProxies::contains(std::string_view address) const {
  const auto ip = parse_ip(address);
  if (!ip) return false;
  for (const Cidr& range : ranges_)
    if (in_range(range, *ip)) return true;
  return false;
}

std::string client_address(std::string_view peer, std::string_view forwarded, std::string_view x_forwarded_for,
                           const TrustedProxies& trusted) {
  std::string client(peer);
  if (!trusted.contains(peer)) return client;
  const auto hops = !trim(forwarded).empty() ? forwarded_for(forwarded) : items_from_right(x_forwarded_for);
  for (std::string_view hop : hops) {
    const auto address = host_of(hop);
    if (!address) break;  // "unknown" or a name: the last trusted hop is all we know
    client = *address;
    if (!trusted.contains(client)) break;
  }
  return client;
}

bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed) {
  origin = trim(origin);
  if (origin.empty() || allowed.empty()) return true;
  for (const auto& entry : allowed)
    if (iequal(trim(entry), origin)) return true;
  // The server's own pages: scheme://HOST where HOST is what the browser asked for.
  const auto scheme_end = origin.find("://");
  return scheme_end != std::string_view::npos && !host.empty() && iequal(origin.substr(scheme_end + 3), trim(host));
}

}  // namespace bh::net
