#include "names/player_names.hpp"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/uversion.h>

#include <optional>

namespace bh::names {

namespace {

// The spoof checker, configured once: single-script names (UTS #39's "Single Script"
// restriction level: Han with Hiragana and Katakana is one script, Japanese), one
// numbering system, no repeated marks, and only characters UTS #39 recommends for
// identifiers (or includes: '-', '.') plus the space and '_' that names always had.
// Read-only after construction: ICU allows checks from many threads at once.
class Checker {
 public:
  Checker() {
    UErrorCode e = U_ZERO_ERROR;
    checker_ = uspoof_open(&e);
    USet* allowed = uset_openEmpty();
    uset_addAll(allowed, uspoof_getRecommendedSet(&e));
    uset_addAll(allowed, uspoof_getInclusionSet(&e));
    for (UChar32 c : {U' ', U'-', U'_', U'.'}) uset_add(allowed, c);
    uspoof_setAllowedChars(checker_, allowed, &e);
    uset_close(allowed);
    uspoof_setChecks(
        checker_,
        USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS | USPOOF_INVISIBLE | USPOOF_CHAR_LIMIT | USPOOF_HIDDEN_OVERLAY,
        &e);
    uspoof_setRestrictionLevel(checker_, USPOOF_SINGLE_SCRIPT_RESTRICTIVE);
    if (U_FAILURE(e)) {  // no ICU data: every name is refused (fail closed)
      uspoof_close(checker_);
      checker_ = nullptr;
    }
  }
  ~Checker() { uspoof_close(checker_); }
  Checker(const Checker&) = delete;
  Checker& operator=(const Checker&) = delete;
  const USpoofChecker* get() const { return checker_; }

 private:
  USpoofChecker* checker_ = nullptr;
};

const USpoofChecker* checker() {
  static const Checker instance;
  return instance.get();
}

// Calls an ICU function that writes into (dest, capacity) and returns the length it
// needs, once more with room when the first guess was short.
template <class Write>
std::optional<std::u16string> written(std::int32_t guess, Write write) {
  std::u16string out(static_cast<std::size_t>(guess > 0 ? guess : 1), u'\0');
  UErrorCode e = U_ZERO_ERROR;
  std::int32_t n = write(out.data(), static_cast<std::int32_t>(out.size()), &e);
  if (e == U_BUFFER_OVERFLOW_ERROR) {
    out.assign(static_cast<std::size_t>(n), u'\0');
    e = U_ZERO_ERROR;
    n = write(out.data(), n, &e);
  }
  if (U_FAILURE(e)) return std::nullopt;
  out.resize(static_cast<std::size_t>(n));
  return out;
}

std::int32_t size_of(const std::u16string& s) { return static_cast<std::int32_t>(s.size()); }

std::optional<std::u16string> from_utf8(std::string_view text) {
  return written(static_cast<std::int32_t>(text.size()), [&](UChar* dest, std::int32_t cap, UErrorCode* e) {
    std::int32_t n = 0;
    u_strFromUTF8(dest, cap, &n, text.data(), static_cast<std::int32_t>(text.size()), e);
    return n;
  });
}

std::string to_utf8(const std::u16string& s) {
  std::string out(s.size() * 3, '\0');
  UErrorCode e = U_ZERO_ERROR;
  std::int32_t n = 0;
  u_strToUTF8(out.data(), static_cast<std::int32_t>(out.size()), &n, s.data(), size_of(s), &e);
  out.resize(U_SUCCESS(e) ? static_cast<std::size_t>(n) : 0);
  return out;
}

std::optional<std::u16string> to_nfc(const std::u16string& s) {
  UErrorCode e = U_ZERO_ERROR;
  const UNormalizer2* nfc = unorm2_getNFCInstance(&e);
  if (U_FAILURE(e)) return std::nullopt;
  return written(size_of(s) + 8, [&](UChar* dest, std::int32_t cap, UErrorCode* err) {
    return unorm2_normalize(nfc, s.data(), size_of(s), dest, cap, err);
  });
}

std::optional<std::u16string> folded(const std::u16string& s) {
  return written(size_of(s) + 8, [&](UChar* dest, std::int32_t cap, UErrorCode* e) {
    return u_strFoldCase(dest, cap, s.data(), size_of(s), U_FOLD_CASE_DEFAULT, e);
  });
}

std::optional<std::u16string> skeleton(const std::u16string& s) {
  const USpoofChecker* sc = checker();
  if (!sc) return std::nullopt;
  return written(2 * size_of(s) + 8, [&](UChar* dest, std::int32_t cap, UErrorCode* e) {
    return uspoof_getSkeleton(sc, 0, s.data(), size_of(s), dest, cap, e);
  });
}

// Letters, marks and decimal digits of any script, and the four separators; nothing
// that Unicode makes default-ignorable (invisible: U+115F HANGUL CHOSEONG FILLER is a
// letter, U+034F COMBINING GRAPHEME JOINER a mark).
bool name_character(UChar32 c) {
  if (c == U' ' || c == U'-' || c == U'_' || c == U'.') return true;
  if ((U_MASK(u_charType(c)) & (U_GC_L_MASK | U_GC_M_MASK | U_GC_ND_MASK)) == 0) return false;
  return !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

}  // namespace

std::string_view describe(Refusal refusal) {
  switch (refusal) {
    case Refusal::not_utf8:
      return "the name is not valid UTF-8";
    case Refusal::empty:
      return "the name is empty";
    case Refusal::too_long:
      return "the name is too long";
    case Refusal::space_at_end:
      return "a name cannot start or end with a space";
    case Refusal::character:
      return "the name has a character names cannot have (only letters, digits, '-', '_', '.' and spaces)";
    case Refusal::mixed_scripts:
      return "the name mixes letters of different scripts (such as Latin and Cyrillic)";
    case Refusal::mixed_digits:
      return "the name mixes digits of different numbering systems";
  }
  return "the name is refused";
}

Fallible<std::string, Refusal> check_name(std::string_view raw, std::size_t max_length) {
  if (raw.empty()) return failure(Refusal::empty);
  if (raw.size() > 16 * max_length) return failure(Refusal::too_long);
  const auto utf16 = from_utf8(raw);
  if (!utf16) return failure(Refusal::not_utf8);
  const auto name = to_nfc(*utf16);
  const USpoofChecker* sc = checker();
  if (!name || !sc) return failure(Refusal::character);
  const auto length = size_of(*name);
  if (static_cast<std::size_t>(u_countChar32(name->data(), length)) > max_length) return failure(Refusal::too_long);
  if (name->front() == u' ' || name->back() == u' ') return failure(Refusal::space_at_end);
  for (std::int32_t i = 0; i < length;) {
    const std::int32_t at = i;
    UChar32 c = 0;
    U16_NEXT(name->data(), i, length, c);
    if (!name_character(c)) return failure(Refusal::character);
    // A mark first combines with whatever the name is shown after.
    if (at == 0 && (U_MASK(u_charType(c)) & U_GC_M_MASK) != 0) return failure(Refusal::character);
  }
  UErrorCode e = U_ZERO_ERROR;
  const std::int32_t failed = uspoof_check2(sc, name->data(), length, nullptr, &e);
  if (U_FAILURE(e)) return failure(Refusal::character);
  if (failed & (USPOOF_CHAR_LIMIT | USPOOF_INVISIBLE | USPOOF_HIDDEN_OVERLAY)) return failure(Refusal::character);
  if (failed & USPOOF_RESTRICTION_LEVEL) return failure(Refusal::mixed_scripts);
  if (failed & USPOOF_MIXED_NUMBERS) return failure(Refusal::mixed_digits);
  return to_utf8(*name);
}

std::string name_key(std::string_view name) {
  auto text = from_utf8(name);
  if (text) text = to_nfc(*text);
  for (int round = 0; round < 2 && text; ++round) {
    text = folded(*text);
    if (text) text = skeleton(*text);
  }
  return text ? to_utf8(*text) : std::string(name);
}

std::string nfc(std::string_view text) {
  if (text.size() > 16 * kMaxNameLength) return std::string(text);
  auto utf16 = from_utf8(text);
  if (utf16) utf16 = to_nfc(*utf16);
  return utf16 ? to_utf8(*utf16) : std::string(text);
}

std::string key_version() {
  UVersionInfo icu, unicode;
  u_getVersion(icu);
  u_getUnicodeVersion(unicode);
  char a[U_MAX_VERSION_STRING_LENGTH], b[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(icu, a);
  u_versionToString(unicode, b);
  // "keys 1": how name_key uses the data; a change to it must change this too.
  return std::string("keys 1, ICU ") + a + ", Unicode " + b;
}

}  // namespace bh::names
