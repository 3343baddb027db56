#include "notify/mail_encoding.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace bh::notify {
namespace {

constexpr std::string_view base64_alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view hex_digits = "0123456789ABCDEF";
constexpr std::size_t qp_line = 76;
// Raw bytes per encoded-word: 45 bytes are 60 base64 characters, plus 12 of
// "=?UTF-8?B?" and "?=", within RFC 2047's 75.
constexpr std::size_t word_bytes = 45;
// Longer plain subjects are encoded too: encoded-words fold, plain text would need a
// folding rule of its own to stay within RFC 5322's 78 characters.
constexpr std::size_t plain_header_limit = 60;

bool printable_ascii(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// The length of the UTF-8 character starting with `lead` (1 for a stray byte, so a
// broken string still advances).
std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xf0 && lead < 0xf8) return 4;
  if (lead >= 0xe0) return lead < 0xf0 ? 3 : 1;
  if (lead >= 0xc0) return 2;
  return 1;
}

}  // namespace

std::string without_line_breaks(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c != '\r' && c != '\n') out += c;
  }
  return out;
}

std::string base64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    }
    for (std::size_t k = 0; k < 4; ++k) {
      out += k <= n ? base64_alphabet[(v >> (18 - 6 * k)) & 0x3f] : '=';
    }
  }
  return out;
}

std::string quoted_printable(std::string_view text) {
  std::string out;
  std::string line;  // the encoded line being built
  auto put = [&](std::string_view token) {
    // Room for a soft break's "=" after the token.
    if (line.size() + token.size() > qp_line - 1) {
      out += line;
      out += "=\r\n";
      line.clear();
    }
    line += token;
  };
  auto end_line = [&] {
    // Whitespace before a line end may be dropped in transit: encode it.
    if (!line.empty() && (line.back() == ' ' || line.back() == '\t')) {
      const unsigned char c = static_cast<unsigned char>(line.back());
      line.pop_back();
      const std::array<char, 3> code{'=', hex_digits[c >> 4], hex_digits[c & 0xf]};
      put(std::string_view(code.data(), code.size()));
    }
    out += line;
    out += "\r\n";
    line.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\r' || c == '\n') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_line();
    } else if ((printable_ascii(c) && c != '=') || c == '\t') {
      const char plain = static_cast<char>(c);
      put(std::string_view(&plain, 1));
    } else {
      const std::array<char, 3> code{'=', hex_digits[c >> 4], hex_digits[c & 0xf]};
      put(std::string_view(code.data(), code.size()));
    }
  }
  if (!line.empty()) end_line();
  return out;
}

std::string header_text(std::string_view text) {
  bool plain = text.size() <= plain_header_limit;
  for (char c : text) plain = plain && printable_ascii(static_cast<unsigned char>(c));
  // "=?" in plain text would read as the start of an encoded-word.
  if (plain && text.find("=?") == std::string_view::npos) return std::string(text);
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = i;
    while (end < text.size()) {
      const std::size_t next = end + utf8_length(static_cast<unsigned char>(text[end]));
      if (next - i > word_bytes) break;
      end = std::min(next, text.size());
    }
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(i, end - i)) + "?=";
    i = end;
  }
  return out;
}

}  // namespace bh::notify
