#include "net/url.hpp"

namespace bh::net {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::string> percent_decode(std::string_view text, PlusIs plus) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+' && plus == PlusIs::space) {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int hi = hex_value(text[i + 1]);
      const int lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::optional<Target> split_target(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  Target result;
  const auto mark = target.find('?');
  result.path = std::string(target.substr(0, mark));
  if (mark == std::string_view::npos) return result;
  std::string_view rest = target.substr(mark + 1);
  if (const auto hash = rest.find('#'); hash != std::string_view::npos) rest = rest.substr(0, hash);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    auto key = percent_decode(pair.substr(0, eq));
    auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1));
    if (!key || !value) return std::nullopt;
    result.query[*key] = std::move(*value);
  }
  return result;
}

}  // namespace bh::net
