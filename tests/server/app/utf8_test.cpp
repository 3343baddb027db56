// protocol/utf8: replacement as nlohmann's error_handler_t::replace does it, and prefixes
// that never cut a character (client text echoed in replies is shortened with them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "protocol/utf8.hpp"

namespace bh::protocol::utf8 {
namespace {

// nlohmann's own repair of `s` (dump with replace, without the quotes). `s` holds no
// byte dump() would escape.
std::string nlohmann_repaired(const std::string& s) {
  const std::string dumped = nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return dumped.substr(1, dumped.size() - 2);
}

TEST(Utf8, RepairsRandomBytesExactlyAsNlohmannDoes) {
  std::mt19937 rng(20261124);
  std::uniform_int_distribution<int> length(0, 12), high(0x80, 0xff), low(0x20, 0x7e);
  for (int round = 0; round < 20'000; ++round) {
    std::string s;
    const int n = length(rng);
    for (int i = 0; i < n; ++i) {
      int c = rng() % 4 == 0 ? low(rng) : high(rng);
      if (c == '"' || c == '\\') c = 'a';
      s += static_cast<char>(c);
    }
    ASSERT_EQ(repaired(s), nlohmann_repaired(s)) << ::testing::PrintToString(s);
    ASSERT_EQ(is_valid(s), repaired(s) == s) << ::testing::PrintToString(s);
  }
}

TEST(Utf8, ValidTextIsLeftAsItIs) {
  const std::string text = "k\xc3\xb6nig \xe2\x99\x94 \xf0\x9f\x8e\xb2 \xd0\xbf\xd0\xb5\xd1\x88\xd0\xba\xd0\xb0";
  EXPECT_TRUE(is_valid(text));
  EXPECT_EQ(repaired(text), text);
}

TEST(Utf8, PrefixNeverCutsACharacter) {
  const std::string e_acute = "\xc3\xa9", rook = "\xe2\x99\x9c", die = "\xf0\x9f\x8e\xb2";
  const std::string text = "a" + e_acute + rook + die + "z";  // 1 + 2 + 3 + 4 + 1 bytes
  EXPECT_EQ(prefix(text, 0), "");
  EXPECT_EQ(prefix(text, 1), "a");
  EXPECT_EQ(prefix(text, 2), "a");
  EXPECT_EQ(prefix(text, 3), "a" + e_acute);
  EXPECT_EQ(prefix(text, 5), "a" + e_acute);
  EXPECT_EQ(prefix(text, 6), "a" + e_acute + rook);
  EXPECT_EQ(prefix(text, 9), "a" + e_acute + rook);
  EXPECT_EQ(prefix(text, 10), "a" + e_acute + rook + die);
  EXPECT_EQ(prefix(text, 100), text);
  for (std::size_t n = 0; n <= text.size(); ++n) EXPECT_TRUE(is_valid(prefix(text, n))) << n;
}

}  // namespace
}  // namespace bh::protocol::utf8
