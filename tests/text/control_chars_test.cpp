// Control and bidirectional characters removed or escaped (text/control_chars.hpp).
#include "text/control_chars.hpp"

#include <gtest/gtest.h>

namespace bh::text {
namespace {

TEST(ControlChars, RemovedForKeepingWithBreaksAsSpaces) {
  EXPECT_EQ(without_controls("plain Ünïcödé"), "plain Ünïcödé");
  EXPECT_EQ(without_controls("a\ab\x1b[2Jc"), "ab[2Jc");
  EXPECT_EQ(without_controls("a\tb\r\nc"), "a b  c");
  EXPECT_EQ(without_controls("\xE2\x80\xAE"
                             "evil\xE2\x81\xA6"
                             "x\xC2\x85y\x7f"),
            "evilxy");                               // U+2066, NEL
  EXPECT_EQ(without_controls("\xE2\x80\xA8"), " ");  // U+2028
  EXPECT_EQ(without_controls("bad\xff\xC3"), "bad\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(ControlChars, EscapedForPrinting) {
  EXPECT_EQ(escaped_controls("plain Ünïcödé"), "plain Ünïcödé");
  EXPECT_EQ(escaped_controls("a\ab\x1b[2Jc"), "a\\x07b\\x1b[2Jc");
  EXPECT_EQ(escaped_controls("\xE2\x80\xAE"
                             "evil"),
            "\\u202eevil");
  EXPECT_EQ(escaped_controls("x\xC2\x9By\x7f"), "x\\x9by\\x7f");  // C1 CSI, DEL
  EXPECT_EQ(escaped_controls("\xE2\x80\xA9\xE2\x81\xA9"), "\\u2029\\u2069");
  EXPECT_EQ(escaped_controls("lone\x9b"), "lone\\x9b");  // not UTF-8: CSI to an 8-bit terminal
  EXPECT_TRUE(is_printable("ok: Ünï"));
  EXPECT_FALSE(is_printable("\x1b"));
  EXPECT_FALSE(is_printable("\xE2\x80\xAE"));
  EXPECT_FALSE(is_printable("\xff"));
}

TEST(ControlChars, CountsAndCutsByCharacter) {
  EXPECT_EQ(code_points("Абв"), 3u);
  EXPECT_EQ(first_code_points("Абв", 2), "Аб");
  EXPECT_EQ(first_code_points("ab", 5), "ab");
}

}  // namespace
}  // namespace bh::text
