// Client addresses behind trusted proxies, CIDR ranges, origins, and the per-address
// connection count (net/client_address, net/address_slots).
#include "net/client_address.hpp"

#include <gtest/gtest.h>

#include "net/address_slots.hpp"

namespace bh::net {
namespace {

TrustedProxies proxies(std::initializer_list<const char*> ranges) {
  std::vector<Cidr> out;
  for (const char* r : ranges) out.push_back(*parse_cidr(r));
  return TrustedProxies(std::move(out));
}

TEST(ClientAddress, AddressesAreCanonical) {
  EXPECT_EQ(canonical_ip("127.0.0.2"), "127.0.0.2");
  EXPECT_EQ(canonical_ip("::ffff:127.0.0.2"), "127.0.0.2");  // a dual-stack listener's form
  EXPECT_EQ(canonical_ip("2001:DB8:0:0::1"), "2001:db8::1");
  EXPECT_FALSE(canonical_ip("example.org"));
  EXPECT_FALSE(canonical_ip("1.2.3.4:80"));
  EXPECT_FALSE(canonical_ip(""));
}

TEST(ClientAddress, CidrRanges) {
  const auto trusted = proxies({"10.0.0.0/8", "192.168.1.10", "2001:db8::/32"});
  EXPECT_TRUE(trusted.contains("10.200.3.4"));
  EXPECT_FALSE(trusted.contains("11.0.0.1"));
  EXPECT_TRUE(trusted.contains("192.168.1.10"));
  EXPECT_FALSE(trusted.contains("192.168.1.11"));
  EXPECT_TRUE(trusted.contains("2001:db8:ffff::1"));
  EXPECT_FALSE(trusted.contains("2001:db9::1"));
  EXPECT_TRUE(trusted.contains("::ffff:10.0.0.1"));
  EXPECT_FALSE(trusted.contains("not an address"));
  EXPECT_FALSE(parse_cidr("10.0.0.0/33"));
  EXPECT_FALSE(parse_cidr("10.0.0.0/"));
  EXPECT_FALSE(parse_cidr("10.0.0.0/8x"));
  EXPECT_TRUE(parse_cidr("0.0.0.0/0"));
}

TEST(ClientAddress, ForwardedHeadersAreBelievedOnlyFromTrustedProxies) {
  const auto trusted = proxies({"127.0.0.1/32", "10.0.0.0/8"});
  // Not a proxy: the headers are ignored, whatever they say.
  EXPECT_EQ(client_address("203.0.113.9", "for=198.51.100.1", "198.51.100.1", trusted), "203.0.113.9");
  // One proxy: the right-most address is the client.
  EXPECT_EQ(client_address("127.0.0.1", "", "198.51.100.7", trusted), "198.51.100.7");
  // A client that sends its own X-Forwarded-For gets it passed on, to the left: ignored.
  EXPECT_EQ(client_address("127.0.0.1", "", "1.1.1.1, 198.51.100.7", trusted), "198.51.100.7");
  // Two trusted hops: skipped from the right.
  EXPECT_EQ(client_address("127.0.0.1", "", "198.51.100.7, 10.1.2.3", trusted), "198.51.100.7");
  // Forwarded (RFC 7239) wins, with quotes, brackets and ports.
  EXPECT_EQ(client_address("127.0.0.1", "for=\"[2001:db8::7]:4711\";proto=https", "198.51.100.7", trusted),
            "2001:db8::7");
  EXPECT_EQ(client_address("127.0.0.1", "for=192.0.2.60:1234;by=10.0.0.1, FOR=10.0.0.2", "", trusted), "192.0.2.60");
  // Nothing usable: the last trusted hop.
  EXPECT_EQ(client_address("127.0.0.1", "for=unknown", "", trusted), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "", "garbage", trusted), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "", "", trusted), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "", "10.9.9.9, garbage", trusted), "127.0.0.1");
}

TEST(ClientAddress, Origins) {
  const std::vector<std::string> allowed{"https://play.example"};
  EXPECT_TRUE(origin_allowed("", "h:8080", allowed));                 // not a browser
  EXPECT_TRUE(origin_allowed("https://evil.example", "h:8080", {}));  // no list: any
  EXPECT_TRUE(origin_allowed("https://PLAY.example", "h:8080", allowed));
  EXPECT_TRUE(origin_allowed("http://h:8080", "h:8080", allowed));  // the server's own pages
  EXPECT_FALSE(origin_allowed("https://evil.example", "h:8080", allowed));
  EXPECT_FALSE(origin_allowed("http://h:8081", "h:8080", allowed));
  EXPECT_FALSE(origin_allowed("null", "h:8080", allowed));
}

TEST(AddressSlots, CapPerAddressAndGiveBack) {
  auto slots = std::make_shared<AddressSlots>(2);
  auto a = slots->acquire("10.0.0.1");
  auto b = slots->acquire("10.0.0.1");
  EXPECT_TRUE(a && b);
  EXPECT_FALSE(slots->acquire("10.0.0.1"));
  EXPECT_TRUE(slots->acquire("10.0.0.2"));  // and given back at once (a temporary)
  EXPECT_EQ(slots->held("10.0.0.2"), 0u);
  a.reset();
  EXPECT_EQ(slots->held("10.0.0.1"), 1u);
  auto moved = std::move(*b);
  b.reset();
  EXPECT_EQ(slots->held("10.0.0.1"), 1u);  // a moved slot is given back once
  EXPECT_TRUE(slots->acquire("10.0.0.1"));
}

}  // namespace
}  // namespace bh::net
