// Audit lines throttled per (kind, address) (log/keyed_throttle): one line per interval,
// the count held back written later, other addresses unaffected, memory bounded.
#include "log/keyed_throttle.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bh::log {
namespace {

using namespace std::chrono_literals;
using Clock = KeyedThrottle::Clock;

struct Lines {
  std::vector<std::string> lines;
  KeyedThrottle::Sink sink() {
    return [this](const std::string& line) { lines.push_back(line); };
  }
};

TEST(KeyedThrottle, OneLinePerIntervalPerKindAndAddress) {
  Lines out;
  KeyedThrottle throttle(10s, 100, out.sink());
  const auto t0 = Clock::now();
  for (int i = 0; i < 1000; ++i)
    throttle.write("resume failed", "10.0.0.2", "resume failed (unknown or expired token) from 10.0.0.2", t0 + i * 1ms);
  // Another address and another kind each have their own line.
  throttle.write("resume failed", "10.0.0.3", "resume failed (unknown or expired token) from 10.0.0.3", t0 + 1s);
  throttle.write("login failed", "10.0.0.2", "login failed for \"bob\" from 10.0.0.2", t0 + 1s);
  ASSERT_EQ(out.lines.size(), 3u);
  EXPECT_EQ(out.lines[0], "resume failed (unknown or expired token) from 10.0.0.2");
  // Before the interval nothing more is written; after it, the count held back.
  throttle.flush(t0 + 9s);
  EXPECT_EQ(out.lines.size(), 3u);
  throttle.flush(t0 + 10s);
  ASSERT_EQ(out.lines.size(), 4u);
  EXPECT_EQ(out.lines[3], "resume failed from 10.0.0.2: 999 more like it held back");
  // The flood goes on: still one line an interval.
  for (int i = 0; i < 50; ++i) throttle.write("resume failed", "10.0.0.2", "again", t0 + 12s);
  EXPECT_EQ(out.lines.size(), 4u);
  throttle.write("resume failed", "10.0.0.2", "resume failed from 10.0.0.2 (late)", t0 + 20s);
  ASSERT_EQ(out.lines.size(), 5u);
  EXPECT_EQ(out.lines[4], "resume failed from 10.0.0.2 (late) (50 more like it held back)");
  // Quiet keys are forgotten.
  throttle.flush(t0 + 40s);
  EXPECT_EQ(throttle.size(), 0u);
}

TEST(KeyedThrottle, ManyAddressesShareOneEntryPastTheBound) {
  Lines out;
  KeyedThrottle throttle(10s, 8, out.sink());
  const auto t0 = Clock::now();
  for (int i = 0; i < 10'000; ++i) {
    const std::string address = "10.0." + std::to_string(i / 256) + "." + std::to_string(i % 256);
    throttle.write("login failed", address, "login failed from " + address, t0);
  }
  EXPECT_LE(throttle.size(), 9u);
  EXPECT_EQ(out.lines.size(), 9u);  // 8 addresses, then one for all the others
  throttle.flush(t0 + 10s);
  ASSERT_EQ(out.lines.size(), 10u);
  EXPECT_EQ(out.lines.back(), "login failed from other addresses: 9991 more like it held back");
}

}  // namespace
}  // namespace bh::log
