#include "line_fit.hpp"

namespace bh::cli {

std::size_t visible_width(std::string_view line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\033' && i + 1 < line.size() && line[i + 1] == '[') {
      i += 2;
      while (i < line.size() && (line[i] < '@' || line[i] > '~')) ++i;  // up to the final letter
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++n;  // a UTF-8 continuation byte adds none
  }
  return n;
}

std::vector<std::string> fit_items(const std::vector<std::string>& items, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  for (const auto& item : items) {
    if (!line.empty() && visible_width(line) + 2 + visible_width(item) > width) {
      lines.push_back(std::move(line));
      line.clear();
    }
    if (!line.empty()) line += "  ";
    line += item;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace bh::cli
