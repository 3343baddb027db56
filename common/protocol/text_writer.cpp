#include "protocol/text_writer.hpp"

#include <array>

namespace bh::protocol {

namespace {

// Bytes copied as they are: printable ASCII but the quote and the backslash.
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}();

// The length of the well-formed UTF-8 sequence at s[i] (a byte >= 0x80), or 0. The
// same sequences nlohmann accepts: no overlong forms, no surrogates, nothing past U+10FFFF.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) -> unsigned {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u;
  };
  const unsigned lead = byte(0);
  unsigned low = 0x80, high = 0xBF;  // the second byte's range, which depends on the lead
  std::size_t n = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    n = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    n = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    n = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
  return n;
}

// dump()'s escapes: short forms where JSON has them, \u00xx (lower-case hex) otherwise.
void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '\b': out += "\\b"; return;
    case '\t': out += "\\t"; return;
    case '\n': out += "\\n"; return;
    case '\f': out += "\\f"; return;
    case '\r': out += "\\r"; return;
    case '"': out += "\\\""; return;
    case '\\': out += "\\\\"; return;
    default: {
      constexpr char kHex[] = "0123456789abcdef";
      const char code[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
      out.append(code, sizeof code);
    }
  }
}

}  // namespace

void TextWriter::string(std::string_view s) {
  out_ += '"';
  std::size_t copied = 0;  // s[copied, i) is plain text not yet appended
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (kPlain[c]) {
      ++i;
    } else if (c >= 0x80) {
      const std::size_t n = utf8_length(s, i);
      if (n == 0) {
        ok_ = false;
        return;
      }
      i += n;
    } else {
      out_.append(s.data() + copied, i - copied);
      append_escape(out_, c);
      copied = ++i;
    }
  }
  out_.append(s.data() + copied, i - copied);
  out_ += '"';
}

}  // namespace bh::protocol
