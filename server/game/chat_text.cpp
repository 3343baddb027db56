#include "game/chat_text.hpp"

#include <unicode/uchar.h>

#include <cstdint>

#include "protocol/utf8.hpp"

namespace bh::game::chat {

namespace {

// The code point of the well-formed sequence at s[i] of `length` bytes.
std::uint32_t code_point_at(std::string_view s, std::size_t i, std::size_t length) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i + k])); };
  switch (length) {
    case 1:
      return byte(0);
    case 2:
      return ((byte(0) & 0x1Fu) << 6) | (byte(1) & 0x3Fu);
    case 3:
      return ((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
    default:
      return ((byte(0) & 0x07u) << 18) | ((byte(1) & 0x3Fu) << 12) | ((byte(2) & 0x3Fu) << 6) | (byte(3) & 0x3Fu);
  }
}

bool is_space(std::uint32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

bool is_control(std::uint32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029; }

bool is_bidi_control(std::uint32_t c) { return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069); }

// Shows nothing by itself (ICU's Default_Ignorable_Code_Point: zero-width spaces and
// joiners, U+2060 word joiner, U+FEFF, soft hyphen, Hangul fillers, variation
// selectors, tags...): a line of only these would look empty.
bool is_invisible(std::uint32_t c) {
  return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0;
}

struct Char {
  std::size_t begin = 0, end = 0;
  std::uint32_t code = 0;
};

}  // namespace

std::string_view describe(Refusal refusal) {
  switch (refusal) {
    case Refusal::not_utf8:
      return "the text is not valid UTF-8";
    case Refusal::empty:
      return "the text is empty (or only invisible characters)";
    case Refusal::too_long:
      return "the text is longer than 140 characters";
    case Refusal::control:
      return "the text has a control character (a line break, a tab...)";
    case Refusal::bidi:
      return "the text has a bidirectional override or isolate (U+202A..U+202E, U+2066..U+2069)";
  }
  return "the text is refused";
}

std::variant<std::string, Refusal> check_text(std::string_view raw) {
  // Decoded once; the length bounds the work (the decoder limits the field's bytes).
  std::string_view rest = raw;
  std::size_t first = 0, last = 0, kept = 0;  // kept: code points in [first, last)
  bool any = false, visible = false;
  bool control = false, bidi = false;
  std::size_t index = 0;  // code points so far
  std::size_t first_index = 0;
  for (std::size_t i = 0; i < rest.size();) {
    const auto length = static_cast<unsigned char>(rest[i]) < 0x80 ? protocol::utf8::Sequence{1, true}
                                                                   : protocol::utf8::sequence_at(rest, i);
    if (!length.valid) return Refusal::not_utf8;
    const Char c{i, i + length.length, code_point_at(rest, i, length.length)};
    if (!is_space(c.code)) {
      if (!any) {
        first = c.begin;
        first_index = index;
      }
      any = true;
      last = c.end;
      kept = index + 1 - first_index;
      visible = visible || !is_invisible(c.code);
      control = control || is_control(c.code);
      bidi = bidi || is_bidi_control(c.code);
    }
    ++index;
    i = c.end;
  }
  if (!any) return Refusal::empty;
  if (control) return Refusal::control;
  if (bidi) return Refusal::bidi;
  if (!visible) return Refusal::empty;  // only invisible characters: empty to whoever reads it
  if (kept > kMaxCodePoints) return Refusal::too_long;
  return std::string(raw.substr(first, last - first));
}

}  // namespace bh::game::chat
