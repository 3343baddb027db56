// The bus over TCP (redis://127.0.0.1:PORT), whose connect completes later than a Unix
// socket's: a node on TCP and one on the socket share one Redis, and the TCP one comes
// back after Redis is killed and restarted on the same port.
#include "bus_test_support.hpp"

namespace bh::cluster::test {
namespace {

BusAddress address_of(const std::string& url) {
  auto parsed = parse_bus_url(url);
  EXPECT_TRUE(parsed.ok()) << url;
  return parsed.ok() ? *parsed : BusAddress{};
}

TEST(BusTcp, ANodeOnTcpHearsANodeOnTheSocketAndComesBackAfterARestart) {
  bh::test::RedisProcess redis(bh::test::RedisProcess::Tcp::loopback);
  ASSERT_FALSE(redis.tcp_url().empty());
  ASSERT_TRUE(redis.start()) << redis.log();
  Inbox inbox;
  ReadyCount ready;
  Bus tcp_node(address_of(redis.tcp_url()));
  Bus unix_node(address_of(redis.url()));
  tcp_node.subscribe("seek:tablut", inbox.handler(), {}, ready.callback());
  ASSERT_TRUE(wait_until([&] { return tcp_node.connected() && unix_node.connected() && ready.count() == 1; }))
      << redis.log();
  ASSERT_EQ(unix_node.publish("seek:tablut", "one"), std::nullopt);
  ASSERT_TRUE(inbox.wait_for(1));

  redis.kill();
  ASSERT_TRUE(wait_until([&] { return !tcp_node.connected(); }, 5s));
  EXPECT_EQ(tcp_node.publish("seek:tablut", "lost"), BusError::not_connected);
  ASSERT_TRUE(redis.start()) << redis.log();
  ASSERT_TRUE(wait_until(
      [&] {
        if (ready.count() < 2 || !unix_node.connected()) return false;
        (void)unix_node.publish("seek:tablut", "two");
        return inbox.size() >= 2;
      },
      5s));
  EXPECT_EQ(inbox.payloads()[1], "two");
}

TEST(BusTcp, NobodyListeningIsAnAttemptThatFailsNotAnError) {
  bh::test::RedisProcess redis(bh::test::RedisProcess::Tcp::loopback);  // never started: the port refuses
  Bus bus(address_of(redis.tcp_url()));
  ASSERT_TRUE(wait_until([&] { return bus.stats().connect_attempts >= 3; }));
  EXPECT_FALSE(bus.connected());
  EXPECT_EQ(bus.publish("x", "y"), BusError::not_connected);
}

}  // namespace
}  // namespace bh::cluster::test
