// SmtpMessage's readers (smtp_sink.hpp), over mail_decoding.hpp.
#include <strings.h>

#include <cctype>

#include "mail_decoding.hpp"
#include "smtp_sink.hpp"

namespace bh::test {
namespace {

bool same_name(const std::string& a, std::string_view b) {
  return a.size() == b.size() && ::strncasecmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

std::optional<std::string> SmtpMessage::header(std::string_view name) const {
  for (auto& [key, value] : parse_mail(data).headers) {
    if (same_name(key, name)) return value;
  }
  return std::nullopt;
}

std::optional<std::string> SmtpMessage::decoded_header(std::string_view name) const {
  auto value = header(name);
  if (value) return decode_words(*value);
  return value;
}

std::size_t SmtpMessage::header_count(std::string_view name) const {
  std::size_t count = 0;
  for (auto& [key, value] : parse_mail(data).headers) count += same_name(key, name) ? 1 : 0;
  return count;
}

std::string SmtpMessage::body_text() const {
  const std::string body = parse_mail(data).body;
  std::string encoding = header("Content-Transfer-Encoding").value_or("7bit");
  for (char& c : encoding) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string decoded = encoding == "quoted-printable" ? quoted_printable_decode(body)
                              : encoding == "base64"         ? base64_decode(body)
                                                             : body;
  std::string text;
  for (std::size_t i = 0; i < decoded.size(); ++i) {
    if (decoded[i] == '\r' && i + 1 < decoded.size() && decoded[i + 1] == '\n') continue;
    text += decoded[i];
  }
  return text;
}

}  // namespace bh::test
