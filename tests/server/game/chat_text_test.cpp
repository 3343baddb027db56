// The chat line's checks (app/chat_text): trimming, 1..140 code points, UTF-8, no
// control characters, no bidi overrides or isolates.
#include "game/chat_text.hpp"

#include <gtest/gtest.h>

namespace bh::game::chat {
namespace {

std::string accepted(std::string_view raw) {
  auto checked = check_text(raw);
  EXPECT_TRUE(std::holds_alternative<std::string>(checked)) << raw;
  return std::holds_alternative<std::string>(checked) ? std::get<std::string>(checked) : std::string();
}

Refusal refused(std::string_view raw) {
  auto checked = check_text(raw);
  EXPECT_TRUE(std::holds_alternative<Refusal>(checked)) << raw;
  return std::holds_alternative<Refusal>(checked) ? std::get<Refusal>(checked) : Refusal::empty;
}

std::string repeat(std::string_view unit, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += unit;
  return out;
}

TEST(ChatText, PlainLineIsKeptAsItIs) { EXPECT_EQ(accepted("good game!"), "good game!"); }

TEST(ChatText, SpacesAtBothEndsAreTrimmedInsideKept) {
  EXPECT_EQ(accepted("   well  played   "), "well  played");
  EXPECT_EQ(accepted("\xC2\xA0gg\xE3\x80\x80"), "gg");  // U+00A0 and U+3000 are spaces too
}

TEST(ChatText, EmptyOrOnlySpacesIsRefused) {
  EXPECT_EQ(refused(""), Refusal::empty);
  EXPECT_EQ(refused("     "), Refusal::empty);
  EXPECT_EQ(refused("\xE2\x80\x83 "), Refusal::empty);  // U+2003 em space
}

// Issue 26, point 11: a line of zero-width characters showed as an empty line.
TEST(ChatText, OnlyInvisibleCharactersIsRefusedAsEmpty) {
  for (const char* blank : {
           "\xE2\x80\x8B",                                      // U+200B ZERO WIDTH SPACE
           "\xE2\x80\x8B\xE2\x80\x8C\xE2\x80\x8D\xE2\x81\xA0",  // ZWSP, ZWNJ, ZWJ, WORD JOINER
           "  \xEF\xBB\xBF \xE2\x80\x8B  ",                     // U+FEFF among spaces
           "\xC2\xAD\xCD\x8F",                                  // SOFT HYPHEN, COMBINING GRAPHEME JOINER
           "\xE3\x85\xA4\xE1\x85\x9F",                          // HANGUL FILLER, HANGUL CHOSEONG FILLER
           "\xE2\x80\x8E\xE2\x80\x8F",                          // LRM, RLM
           "\xEF\xB8\x8F\xF3\xA0\x80\xA1",                      // VARIATION SELECTOR-16, TAG EXCLAMATION
       })
    EXPECT_EQ(refused(blank), Refusal::empty) << blank;
  // Beside anything visible they stay (a joiner inside an emoji sequence, a word).
  EXPECT_EQ(accepted("a\xE2\x80\x8B"
                     "b"),
            "a\xE2\x80\x8B"
            "b");
  EXPECT_EQ(accepted("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB"), "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB");
}

TEST(ChatText, LengthIsCountedInCodePointsAfterTrimming) {
  EXPECT_EQ(accepted(repeat("a", 140)).size(), 140u);
  EXPECT_EQ(refused(repeat("a", 141)), Refusal::too_long);
  // 140 Cyrillic letters (280 bytes) and 140 emoji (560 bytes) are fine; 141 are not.
  EXPECT_EQ(accepted(repeat("\xD0\xB6", 140)).size(), 280u);
  EXPECT_EQ(accepted(repeat("\xF0\x9F\x98\x80", 140)).size(), 560u);
  EXPECT_EQ(refused(repeat("\xD0\xB6", 141)), Refusal::too_long);
  EXPECT_EQ(accepted("  " + repeat("b", 140) + "   ").size(), 140u);
}

TEST(ChatText, ControlCharactersAreRefused) {
  for (const std::string& bad : {std::string("a\nb"), std::string("a\tb"), std::string("a\rb"), std::string("\x1B[2Jx"),
                                 std::string("a\x7F"), std::string("a\xC2\x85"),
                                 std::string("a\xC2\x9B"
                                             "31m"),
                                 std::string("a\xE2\x80\xA8"
                                             "b"),
                                 std::string(1, '\0') + "a"})
    EXPECT_EQ(refused(bad), Refusal::control) << bad;
}

TEST(ChatText, BidiOverridesAndIsolatesAreRefused) {
  for (const char* bad : {"a\xE2\x80\xAA"
                          "b",
                          "a\xE2\x80\xAB", "a\xE2\x80\xAC", "a\xE2\x80\xAD", "\xE2\x80\xAEgnp.exe", "a\xE2\x81\xA6",
                          "a\xE2\x81\xA7", "a\xE2\x81\xA8", "a\xE2\x81\xA9"})
    EXPECT_EQ(refused(bad), Refusal::bidi) << bad;
  // Marks that do not override (LRM, RLM) and right-to-left text are fine.
  EXPECT_EQ(accepted("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xE2\x80\x8F!"),
            "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xE2\x80\x8F!");
}

TEST(ChatText, InvalidUtf8IsRefused) {
  for (const char* bad : {"\xFF", "a\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "ok \x80 no"})
    EXPECT_EQ(refused(bad), Refusal::not_utf8) << bad;
}

TEST(ChatText, EveryRefusalHasAMessage) {
  for (auto r : {Refusal::not_utf8, Refusal::empty, Refusal::too_long, Refusal::control, Refusal::bidi})
    EXPECT_FALSE(describe(r).empty());
}

}  // namespace
}  // namespace bh::game::chat
