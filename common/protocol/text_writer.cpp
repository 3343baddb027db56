#include "protocol/text_writer.hpp"

#include <array>

#include "protocol/utf8.hpp"

namespace bh::protocol {

namespace {

// Bytes copied as they are: printable ASCII but the quote and the backslash.
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}();

// dump()'s escapes: short forms where JSON has them, \u00xx (lower-case hex) otherwise.
void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '\b':
      out += "\\b";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\r':
      out += "\\r";
      return;
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
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
      const utf8::Sequence seq = utf8::sequence_at(s, i);
      if (!seq.valid) {  // as dump() with error_handler_t::replace: U+FFFD for the invalid part
        out_.append(s.data() + copied, i - copied);
        out_.append(utf8::kReplacement);
        copied = i + seq.length;
      }
      i += seq.length;
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
