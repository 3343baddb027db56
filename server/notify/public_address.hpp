// Which addresses the server may connect to on a player's behalf (webhooks): only
// public unicast ones, so a player's URL cannot reach the server's own machine or its
// network (SSRF).
//
// Thread-safety: pure functions.
#pragma once

#include <sys/socket.h>

#include <string>

namespace bh::notify {

// False for loopback, private (RFC 1918), shared (RFC 6598), link-local, unique-local,
// site-local, unspecified, multicast, benchmarking and reserved addresses, for IPv4 and
// IPv6 (an IPv4 address inside IPv6, ::ffff:a.b.c.d or 64:ff9b::a.b.c.d, as its IPv4
// self), and for any family but those two. `text` gets the address in print.
bool public_address(const sockaddr* address, socklen_t length, std::string& text);

}  // namespace bh::notify
