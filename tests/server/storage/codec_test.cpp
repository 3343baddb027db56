// The text forms the archive stores and hands out: options as JSON, the page cursor.
#include <gtest/gtest.h>

#include "storage/archive_sql.hpp"

namespace bh::storage::sql {
namespace {

TEST(OptionsCodecTest, RoundTripsAwkwardText) {
  const std::map<std::string, std::string> options = {
      {"", ""},
      {"quote\"", "back\\slash"},
      {"lines", "a\nb\r\tc"},
      {"control", std::string("\x01\x1f\0z", 4)},
      {"utf8", "\xc3\xa6\xe2\x99\x94\xf0\x9f\x8e\xb2"},
      {"=", "{}:,[]"},
  };
  const std::string text = encode_options(options);
  EXPECT_EQ(decode_options(text), options) << text;
  EXPECT_EQ(encode_options({}), "{}");
  EXPECT_EQ(encode_options({{"size", "9"}, {"a", "b"}}), R"({"a":"b","size":"9"})");
}

TEST(OptionsCodecTest, ReadsOtherSpellingsOfTheSameObject) {
  EXPECT_EQ(decode_options(R"( { "a" : "\u00e6\ud83c\udfb2\/" } )"),
            (std::map<std::string, std::string>{{"a", "\xc3\xa6\xf0\x9f\x8e\xb2/"}}));
  EXPECT_EQ(decode_options("{}"), (std::map<std::string, std::string>{}));
}

TEST(OptionsCodecTest, RejectsWhatIsNotAFlatObjectOfStrings) {
  for (const char* bad : {"", "[]", "{", "{\"a\"}", "{\"a\":1}", "{\"a\":\"b\",}", "{\"a\":\"b\"} x", "{\"a\":\"\\x\"}",
                          "{\"a\":\"\\ud800\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"b\nc\"}"}) {
    EXPECT_FALSE(decode_options(bad)) << bad;
  }
}

TEST(CursorCodecTest, RoundTripsAndRejectsJunk) {
  for (const auto& [ms, id] : std::vector<std::pair<std::int64_t, std::string>>{
           {0, "g1"}, {1'700'000'000'123, "s42-999999"}, {-5, "odd id \xff\x01"}}) {
    const auto decoded = decode_cursor(encode_cursor(ms, id));
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->ended_ms, ms);
    EXPECT_EQ(decoded->id, id);
  }
  EXPECT_EQ(encode_cursor(12, "g1"), "c1.12.6731");
  for (const char* bad : {"", "c1", "c1..6731", "c1.12.", "c1.12.6", "c1.12.6G31", "c1.12.67 1", "c1.+12.6731",
                          "C1.12.6731", "c1.1e3.6731"}) {
    EXPECT_FALSE(decode_cursor(bad)) << bad;
  }
}

}  // namespace
}  // namespace bh::storage::sql
