#include "protocol/utf8.hpp"

namespace bh::protocol::utf8 {

Sequence sequence_at(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) -> unsigned {
    return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u;
  };
  const unsigned lead = byte(0);
  if (lead < 0x80) return {1, true};
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
    return {1, false};
  }
  std::size_t k = 1;
  for (; k < n; ++k) {
    const unsigned b = byte(k);
    const bool fits = k == 1 ? (b >= low && b <= high) : (b >= 0x80 && b <= 0xBF);
    if (!fits) break;
  }
  return {k, k == n};
}

bool is_valid(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const Sequence seq = sequence_at(s, i);
    if (!seq.valid) return false;
    i += seq.length;
  }
  return true;
}

std::string repaired(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      out += s[i++];
      continue;
    }
    const Sequence seq = sequence_at(s, i);
    if (seq.valid) {
      out.append(s.substr(i, seq.length));
    } else {
      out.append(kReplacement);
    }
    i += seq.length;
  }
  return out;
}

std::string_view prefix(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  std::size_t end = 0;
  while (end < max_bytes) {
    const std::size_t step = static_cast<unsigned char>(s[end]) < 0x80 ? 1 : sequence_at(s, end).length;
    if (end + step > max_bytes) break;
    end += step;
  }
  return s.substr(0, end);
}

}  // namespace bh::protocol::utf8
