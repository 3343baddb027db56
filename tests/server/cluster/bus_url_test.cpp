// The --cluster-bus URL: the two accepted forms and a clear reason for everything else.
#include "cluster/bus_url.hpp"

#include <gtest/gtest.h>

namespace bh::cluster {
namespace {

BusAddress parsed(std::string_view url) {
  auto address = parse_bus_url(url);
  EXPECT_TRUE(address.ok()) << url << ": " << (address.ok() ? "" : address.error());
  return address.ok() ? *address : BusAddress{};
}

std::string refusal(std::string_view url) {
  auto address = parse_bus_url(url);
  EXPECT_FALSE(address.ok()) << url << " was accepted";
  return address.ok() ? "" : address.error();
}

TEST(BusUrl, TcpWithAndWithoutAPort) {
  const auto a = parsed("redis://redis.internal:6380");
  EXPECT_EQ(a.kind, BusAddress::Kind::tcp);
  EXPECT_EQ(a.host, "redis.internal");
  EXPECT_EQ(a.port, 6380);
  EXPECT_EQ(parsed("redis://10.0.0.5").port, 6379);
  EXPECT_EQ(parsed("redis://10.0.0.5/").text(), "redis://10.0.0.5:6379");
  EXPECT_EQ(parsed("redis://localhost:1").port, 1);
  EXPECT_EQ(parsed("redis://localhost:65535").port, 65535);
}

TEST(BusUrl, Ipv6InBrackets) {
  const auto a = parsed("redis://[::1]:7000");
  EXPECT_EQ(a.host, "::1");
  EXPECT_EQ(a.port, 7000);
  EXPECT_EQ(a.text(), "redis://[::1]:7000");
  EXPECT_EQ(parsed("redis://[fe80::1]").port, 6379);
}

TEST(BusUrl, UnixSocket) {
  const auto a = parsed("unix:///run/redis/redis.sock");
  EXPECT_EQ(a.kind, BusAddress::Kind::unix_socket);
  EXPECT_EQ(a.path, "/run/redis/redis.sock");
  EXPECT_EQ(a.text(), "unix:///run/redis/redis.sock");
}

TEST(BusUrl, RefusalsSayWhatIsWrong) {
  EXPECT_NE(refusal("").find("empty"), std::string::npos);
  EXPECT_NE(refusal("http://x").find("redis:// or unix://"), std::string::npos);
  EXPECT_NE(refusal("REDIS://x").find("redis:// or unix://"), std::string::npos);
  EXPECT_NE(refusal("rediss://x:6379").find("TLS"), std::string::npos);
  EXPECT_NE(refusal("redis://").find("host is missing"), std::string::npos);
  EXPECT_NE(refusal("redis://:6379").find("host is missing"), std::string::npos);
  EXPECT_NE(refusal("redis://x:").find("port"), std::string::npos);
  EXPECT_NE(refusal("redis://x:0").find("1 to 65535"), std::string::npos);
  EXPECT_NE(refusal("redis://x:65536").find("1 to 65535"), std::string::npos);
  EXPECT_NE(refusal("redis://x:123456").find("1 to 65535"), std::string::npos);
  EXPECT_NE(refusal("redis://x:-1").find("1 to 65535"), std::string::npos);
  EXPECT_NE(refusal("redis://x:12ab").find("1 to 65535"), std::string::npos);
  EXPECT_NE(refusal("redis://user:pw@x:6379").find("passwords"), std::string::npos);
  EXPECT_NE(refusal("redis://x:6379/0").find("database"), std::string::npos);
  EXPECT_NE(refusal("redis://x:6379?timeout=1").find("query"), std::string::npos);
  EXPECT_NE(refusal("redis://x y").find("printable"), std::string::npos);
  EXPECT_NE(refusal(std::string("redis://x\0y", 11)).find("printable"), std::string::npos);
  EXPECT_NE(refusal("redis://h\xc3\xa9te").find("printable"), std::string::npos);
  EXPECT_NE(refusal("redis://a/b").find("database"), std::string::npos);
  EXPECT_NE(refusal("redis://[::1").find("]"), std::string::npos);
  EXPECT_NE(refusal("redis://[]:1").find("IPv6"), std::string::npos);
  EXPECT_NE(refusal("redis://[::1]x").find("PORT"), std::string::npos);
  EXPECT_NE(refusal("redis://::1:6379").find("brackets"), std::string::npos);
  EXPECT_NE(refusal("redis://" + std::string(254, 'a')).find("253"), std::string::npos);
  EXPECT_NE(refusal("unix://relative.sock").find("absolute"), std::string::npos);
  EXPECT_NE(refusal("unix://").find("absolute"), std::string::npos);
  EXPECT_NE(refusal("unix:///run/redis/").find("folder"), std::string::npos);
  EXPECT_NE(refusal("unix:///a%20b").find("'%'"), std::string::npos);
  EXPECT_NE(refusal("unix:///" + std::string(107, 'a')).find("107"), std::string::npos);
  EXPECT_NE(refusal("redis://" + std::string(1100, 'a')).find("1024"), std::string::npos);
}

TEST(BusUrl, TheLongestSocketPathFits) { EXPECT_EQ(parsed("unix:///" + std::string(106, 'a')).path.size(), 107u); }

}  // namespace
}  // namespace bh::cluster
