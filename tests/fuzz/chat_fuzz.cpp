// libFuzzer target: the chat line's checks (server/app/chat_text). For any bytes, an
// accepted line is valid UTF-8, 1..140 code points, starts and ends with no space, has
// no control character and no bidi override or isolate, is the input with spaces cut
// from both ends only, and is accepted again unchanged; a refusal has a message.
// Thread-safety: libFuzzer calls the entry point from one thread.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "game/chat_text.hpp"
#include "protocol/utf8.hpp"

namespace {

using namespace bh;

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz property violated: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// The code points of valid UTF-8 `s`.
std::u32string decode(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t code = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < n; ++k) code = (code << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out += code;
    i += n;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto checked = game::chat::check_text(input);
  if (const auto* refusal = std::get_if<game::chat::Refusal>(&checked)) {
    if (game::chat::describe(*refusal).empty()) fail("a refusal without a message", input);
    if (*refusal == game::chat::Refusal::not_utf8 && protocol::utf8::is_valid(input))
      fail("valid UTF-8 refused as invalid", input);
    return 0;
  }
  const std::string& line = std::get<std::string>(checked);
  if (!protocol::utf8::is_valid(input)) fail("invalid UTF-8 accepted", input);
  if (!protocol::utf8::is_valid(line)) fail("an accepted line that is not UTF-8", line);
  const std::u32string codes = decode(line);
  if (codes.empty() || codes.size() > game::chat::kMaxCodePoints) fail("an accepted line of a bad length", line);
  for (char32_t c : codes) {
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029) fail("a control character kept", line);
    if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) fail("a bidi control kept", line);
  }
  if (codes.front() == U' ' || codes.back() == U' ') fail("a space at an end kept", line);
  const auto at = input.find(line);
  if (at == std::string_view::npos) fail("an accepted line that is not part of the input", input);
  for (char32_t c : decode(input.substr(0, at)) + decode(input.substr(at + line.size())))
    if (!(c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F ||
          c == 0x3000))
      fail("something other than spaces cut", input);
  const auto again = game::chat::check_text(line);
  if (!std::holds_alternative<std::string>(again) || std::get<std::string>(again) != line)
    fail("an accepted line not accepted again as it is", line);
  return 0;
}
