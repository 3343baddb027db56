#include "text/control_chars.hpp"

#include <cstdint>

namespace bh::text {

namespace {

// One character at s[i]: its code point and length, or `valid` false and the length of
// the bad part (at least 1 byte). Well-formed as in RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF (protocol/utf8.hpp agrees).
struct Decoded {
  char32_t code = 0;
  std::size_t length = 1;
  bool valid = false;
};

Decoded decode_at(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) -> unsigned {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u;
  };
  const unsigned lead = byte(0);
  if (lead < 0x80) return {lead, 1, true};
  unsigned low = 0x80, high = 0xBF;  // the second byte's range, which depends on the lead
  std::size_t n = 0;
  char32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    n = 2;
    code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    n = 3;
    code = lead & 0x0Fu;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    n = 4;
    code = lead & 0x07u;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return {};
  }
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned b = byte(k);
    const bool fits = k == 1 ? (b >= low && b <= high) : (b >= 0x80 && b <= 0xBF);
    if (!fits) return {0, k, false};
    code = (code << 6) | (b & 0x3Fu);
  }
  return {code, n, true};
}

bool is_break(char32_t c) { return (c >= 0x09 && c <= 0x0D) || c == 0x2028 || c == 0x2029; }

constexpr char kHex[] = "0123456789abcdef";

void append_hex(std::string& out, std::uint32_t value, int digits) {
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xFu];
}

}  // namespace

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029; }

bool is_bidi_control(char32_t c) { return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069); }

std::string without_controls(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const Decoded d = decode_at(s, i);
    if (!d.valid) {
      out += "\xEF\xBF\xBD";  // U+FFFD
    } else if (is_break(d.code)) {
      out += ' ';
    } else if (!is_control(d.code) && !is_bidi_control(d.code)) {
      out.append(s.substr(i, d.length));
    }
    i += d.length;
  }
  return out;
}

bool is_printable(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x7F) {  // ASCII that shows: the common case, without decoding
      ++i;
      continue;
    }
    const Decoded d = decode_at(s, i);
    if (!d.valid || is_control(d.code) || is_bidi_control(d.code)) return false;
    i += d.length;
  }
  return true;
}

std::string escaped_controls(std::string_view s) {
  if (is_printable(s)) return std::string(s);
  std::string out;
  out.reserve(s.size() + 16);
  for (std::size_t i = 0; i < s.size();) {
    const Decoded d = decode_at(s, i);
    if (!d.valid) {
      for (std::size_t k = 0; k < d.length; ++k) {
        out += "\\x";
        append_hex(out, static_cast<unsigned char>(s[i + k]), 2);
      }
    } else if (d.code <= 0xFF && is_control(d.code)) {
      out += "\\x";
      append_hex(out, d.code, 2);
    } else if (is_control(d.code) || is_bidi_control(d.code)) {
      out += "\\u";
      append_hex(out, d.code, 4);
    } else {
      out.append(s.substr(i, d.length));
    }
    i += d.length;
  }
  return out;
}

std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); i += decode_at(s, i).length) ++n;
  return n;
}

std::string_view first_code_points(std::string_view s, std::size_t n) {
  std::size_t i = 0;
  for (std::size_t count = 0; i < s.size() && count < n; ++count) i += decode_at(s, i).length;
  return s.substr(0, i);
}

}  // namespace bh::text
