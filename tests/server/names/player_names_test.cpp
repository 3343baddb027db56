// The name rules (names/player_names): letters of any one script, NFC, no invisible or
// control characters, and the folded key that makes look-alike names one (issue 26,
// point 10). The keys are what ICU's UTS #39 data gives; the expectations below were
// checked against it (ICU 72).
#include "names/player_names.hpp"

#include <gtest/gtest.h>

#include <string>

namespace bh::names {
namespace {

std::string accepted(std::string_view raw) {
  auto checked = check_name(raw);
  EXPECT_TRUE(checked.ok()) << raw;
  return checked ? *checked : std::string();
}

Refusal refused(std::string_view raw) {
  auto checked = check_name(raw);
  EXPECT_FALSE(checked.ok()) << raw << " was accepted";
  return checked ? Refusal::empty : checked.error();
}

std::string repeat(std::string_view unit, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += unit;
  return out;
}

TEST(PlayerNames, TheOldAsciiNamesStayValid) {
  for (const char* name : {"alice", "Bob_1", "a-b c.d_e", "x", "---", "computer", "Z9"})
    EXPECT_EQ(accepted(name), name);
}

TEST(PlayerNames, LettersOfEveryScriptAreNames) {
  for (const char* name : {"Иван", "Иван Петров", "Ёжик_2", "Αλέξανδρος", "山田たろう", "김철수", "王小明", "محمد",
                           "สมชาย", "अमित", "José", "Łukasz", "straße"})
    EXPECT_EQ(accepted(name), name);
}

TEST(PlayerNames, ScriptsAreNotMixedWithinAName) {
  EXPECT_EQ(refused("\xD0\xB0lice"), Refusal::mixed_scripts);  // Cyrillic а, Latin lice
  EXPECT_EQ(refused("Ωмега"), Refusal::mixed_scripts);         // Greek Ω, Cyrillic мега
  EXPECT_EQ(refused("Ivan Иван"), Refusal::mixed_scripts);
  EXPECT_EQ(refused("1\xD9\xA1"), Refusal::mixed_digits);  // 1 and ARABIC-INDIC DIGIT ONE
}

TEST(PlayerNames, InvisibleBidiAndControlCharactersAreRefused) {
  for (const char* bad : {
           "a\xE2\x80\x8B"
           "b",  // U+200B ZERO WIDTH SPACE
           "a\xE2\x80\x8D"
           "b",  // U+200D ZERO WIDTH JOINER
           "a\xE2\x80\x8C"
           "b",  // U+200C ZERO WIDTH NON-JOINER
           "a\xE2\x81\xA0"
           "b",  // U+2060 WORD JOINER
           "\xEF\xBB\xBF"
           "ab",  // U+FEFF
           "a\xC2\xAD"
           "b",             // U+00AD SOFT HYPHEN
           "\xE3\x85\xA4",  // U+3164 HANGUL FILLER (a letter, but invisible)
           "a\xCD\x8F"
           "b",               // U+034F COMBINING GRAPHEME JOINER
           "ab\xE2\x80\xAE",  // U+202E RIGHT-TO-LEFT OVERRIDE
           "\xE2\x81\xA6"
           "ab",  // U+2066 LEFT-TO-RIGHT ISOLATE
           "a\xE2\x80\x8F"
           "b",  // U+200F RIGHT-TO-LEFT MARK
           "tab\tname",
           "\x1B[2Jx",
           "a\x7F",
           "a\xC2\x85",
           "bell\x07",
           "o'brien",
           "a@b",
           "a+b",
           "\xF0\x9F\x98\x80",  // punctuation, symbols, an emoji
           "\xEF\xBC\xA1lice",  // FULLWIDTH A: not recommended for identifiers
           "\xEF\xAC\x81sh",    // U+FB01 LATIN SMALL LIGATURE FI
           "\xCC\x81"
           "abc",  // a combining mark first
       })
    EXPECT_EQ(refused(bad), Refusal::character) << bad;
  EXPECT_EQ(refused(std::string("a\0b", 3)), Refusal::character);
}

TEST(PlayerNames, EmptyEdgesLengthAndUtf8) {
  EXPECT_EQ(refused(""), Refusal::empty);
  EXPECT_EQ(refused(" alice"), Refusal::space_at_end);
  EXPECT_EQ(refused("alice "), Refusal::space_at_end);
  EXPECT_EQ(refused("\xFF"
                    "abc"),
            Refusal::not_utf8);
  EXPECT_EQ(refused("\xED\xA0\x80"), Refusal::not_utf8);  // a surrogate
  // 32 characters, counted in code points after NFC: 32 Cyrillic letters are 64 bytes.
  EXPECT_EQ(accepted(repeat("ж", 32)).size(), 64u);
  EXPECT_EQ(refused(repeat("ж", 33)), Refusal::too_long);
  EXPECT_EQ(refused(repeat("a", 33)), Refusal::too_long);
  // 32 decomposed é (64 code points as sent) are 32 once composed.
  EXPECT_EQ(accepted(repeat("e\xCC\x81", 32)), repeat("\xC3\xA9", 32));
  EXPECT_EQ(refused(repeat("a", 10000)), Refusal::too_long);
  for (auto r : {Refusal::not_utf8, Refusal::empty, Refusal::too_long, Refusal::space_at_end, Refusal::character,
                 Refusal::mixed_scripts, Refusal::mixed_digits})
    EXPECT_FALSE(describe(r).empty());
}

TEST(PlayerNames, NamesAreKeptInNfc) {
  const std::string composed = "Jos\xC3\xA9";     // é as one code point
  const std::string decomposed = "Jose\xCC\x81";  // e + COMBINING ACUTE ACCENT
  EXPECT_EQ(accepted(decomposed), composed);
  EXPECT_EQ(accepted(composed), composed);
  EXPECT_EQ(nfc(decomposed), composed);
  EXPECT_EQ(name_key(decomposed), name_key(composed));
  EXPECT_EQ(nfc("\xFF"), "\xFF");  // not UTF-8: unchanged
}

TEST(PlayerNames, LookAlikesShareAKey) {
  const std::string alice = name_key("alice");
  EXPECT_EQ(name_key("\xD0\xB0lice"), alice);  // Cyrillic а
  EXPECT_EQ(name_key("Alice"), alice);
  EXPECT_EQ(name_key("ALICE"), alice);
  EXPECT_EQ(name_key("a1ice"), alice);  // UTS #39 maps 1 to l
  const std::string computer = name_key("computer");
  for (const char* like : {"Computer", "COMPUTER", "c0mputer", "cOmputer", "cornputer", "C0MPUTER"})
    EXPECT_EQ(name_key(like), computer) << like;
  // Whole names in another script that look like Latin ones: Cyrillic с о с о.
  EXPECT_EQ(name_key("\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE"), name_key("coco"));
  EXPECT_EQ(name_key("straße"), name_key("STRASSE"));
  EXPECT_EQ(name_key("Иван"), name_key("ИВАН"));
  EXPECT_EQ(name_key("bob_1"), name_key("bob_l"));
  // And names that do not look alike stay apart.
  EXPECT_NE(name_key("alice"), name_key("alicia"));
  EXPECT_NE(name_key("Иван"), name_key("ivan"));
  EXPECT_NE(name_key("bob"), name_key("bob2"));
  EXPECT_NE(name_key("a b"), name_key("ab"));
  EXPECT_FALSE(key_version().empty());
}

}  // namespace
}  // namespace bh::names
