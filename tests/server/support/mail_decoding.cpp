#include "mail_decoding.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace bh::test {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// RFC 2047's Q encoding: quoted-printable with "_" for a space.
std::string q_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '_') {
      out += ' ';
    } else if (text[i] == '=' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The word at the start of `text` ("=?charset?enc?data?="): its length and bytes.
std::optional<std::pair<std::size_t, std::string>> encoded_word(std::string_view text) {
  if (!text.starts_with("=?")) return std::nullopt;
  const std::size_t q1 = text.find('?', 2);
  if (q1 == std::string_view::npos || q1 + 2 >= text.size() || text[q1 + 2] != '?') return std::nullopt;
  const std::size_t end = text.find("?=", q1 + 3);
  if (end == std::string_view::npos) return std::nullopt;
  const char encoding = static_cast<char>(std::toupper(static_cast<unsigned char>(text[q1 + 1])));
  const std::string_view data = text.substr(q1 + 3, end - q1 - 3);
  if (encoding == 'B') return std::pair{end + 2, base64_decode(data)};
  if (encoding == 'Q') return std::pair{end + 2, q_decode(data)};
  return std::nullopt;
}

}  // namespace

std::string base64_decode(std::string_view text) {
  std::string out;
  std::uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    const int v = base64_value(c);
    if (v < 0) continue;
    bits = (bits << 6) | static_cast<std::uint32_t>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xff);
    }
  }
  return out;
}

std::string quoted_printable_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '=') {
      out += text[i];
    } else if (text.substr(i + 1).starts_with("\r\n")) {
      i += 2;  // a soft line break
    } else if (i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += '=';  // not an escape: kept, as RFC 2045 suggests
    }
  }
  return out;
}

std::string decode_words(std::string_view value) {
  std::string out;
  std::string pending_space;  // white space after a word, dropped if another word follows
  bool after_word = false;
  std::size_t i = 0;
  while (i < value.size()) {
    if (auto word = encoded_word(value.substr(i))) {
      if (!after_word) out += pending_space;
      pending_space.clear();
      out += word->second;
      i += word->first;
      after_word = true;
    } else if (value[i] == ' ' || value[i] == '\t') {
      pending_space += value[i++];
    } else {
      out += pending_space;
      pending_space.clear();
      out += value[i++];
      after_word = false;
    }
  }
  return out + pending_space;
}

ParsedMail parse_mail(std::string_view data) {
  ParsedMail mail;
  std::size_t i = 0;
  while (i < data.size()) {
    std::size_t end = data.find("\r\n", i);
    if (end == std::string_view::npos) end = data.size();
    const std::string_view line = data.substr(i, end - i);
    i = std::min(end + 2, data.size());
    if (line.empty()) break;  // the end of the headers
    if ((line.front() == ' ' || line.front() == '\t') && !mail.headers.empty()) {
      mail.headers.back().second += line;  // unfolding: the CRLF goes, the white space stays
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    mail.headers.emplace_back(std::string(line.substr(0, colon)), std::string(value));
  }
  mail.body = std::string(data.substr(i));
  return mail;
}

}  // namespace bh::test
