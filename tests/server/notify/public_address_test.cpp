// Which addresses a webhook may connect to: only public unicast ones.
#include "notify/public_address.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>

#include <cstring>

namespace bh::notify {
namespace {

bool is_public(const char* address) {
  sockaddr_storage storage{};
  socklen_t length = 0;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
  if (inet_pton(AF_INET, address, &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    length = sizeof(sockaddr_in);
  } else if (inet_pton(AF_INET6, address, &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    length = sizeof(sockaddr_in6);
  } else {
    ADD_FAILURE() << "not an address: " << address;
  }
  std::string text;
  return public_address(reinterpret_cast<const sockaddr*>(&storage), length, text);
}

TEST(PublicAddress, LoopbackPrivateLinkLocalAndMulticastIpv4AreNotPublic) {
  for (const char* a : {"127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                        "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "198.18.0.1"}) {
    EXPECT_FALSE(is_public(a)) << a;
  }
}

TEST(PublicAddress, LoopbackUniqueLocalLinkLocalAndMulticastIpv6AreNotPublic) {
  for (const char* a : {"::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1",
                        "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe"}) {
    EXPECT_FALSE(is_public(a)) << a;
  }
}

TEST(PublicAddress, OrdinaryInternetAddressesArePublic) {
  for (const char* a :
       {"93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:2800:220:1::1", "::ffff:8.8.8.8"}) {
    EXPECT_TRUE(is_public(a)) << a;
  }
}

}  // namespace
}  // namespace bh::notify
