#include "notify/mail_message.hpp"

#include <openssl/rand.h>

#include <array>
#include <cstdio>

#include "notify/email_address.hpp"
#include "notify/mail_encoding.hpp"

namespace bh::notify {
namespace {

constexpr std::string_view hex_digits = "0123456789ABCDEF";
constexpr std::size_t random_id_bytes = 16;

bool ascii_only(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// The From header: as written, unless its display name is not ASCII; then the name
// is encoded (RFC 2047 allows encoded-words in a phrase, not in the address).
std::string from_header(std::string_view from) {
  const std::string clean = without_line_breaks(from);
  const std::size_t open = clean.rfind('<');
  if (ascii_only(clean) || open == std::string::npos) return clean;
  std::string_view name = std::string_view(clean).substr(0, open);
  while (!name.empty() && (name.back() == ' ' || name.back() == '"')) name.remove_suffix(1);
  while (!name.empty() && (name.front() == ' ' || name.front() == '"')) name.remove_prefix(1);
  return header_text(name) + " <" + address_in(clean) + ">";
}

std::string random_id() {
  std::array<unsigned char, random_id_bytes> bytes{};
  RAND_bytes(bytes.data(), static_cast<int>(bytes.size()));
  std::string out;
  for (unsigned char b : bytes) {
    out += hex_digits[b >> 4];
    out += hex_digits[b & 0xf];
  }
  return out;
}

}  // namespace

std::string rfc5322_date(std::time_t when) {
  static constexpr std::array<const char*, 7> days{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> months{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::tm utc{};
  gmtime_r(&when, &utc);
  std::array<char, 40> text{};
  std::snprintf(text.data(), text.size(), "%s, %02d %s %04d %02d:%02d:%02d +0000", days[utc.tm_wday], utc.tm_mday,
                months[utc.tm_mon], utc.tm_year + 1900, utc.tm_hour, utc.tm_min, utc.tm_sec);
  return text.data();
}

std::string message_id_local_part(std::string_view key) {
  static constexpr std::string_view kept = "!#$&'*+-/=?^_`{|}~";
  std::string out;
  for (char c : key) {
    const unsigned char b = static_cast<unsigned char>(c);
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum || kept.find(c) != std::string_view::npos) {
      out += c;
    } else {
      out += '%';
      out += hex_digits[b >> 4];
      out += hex_digits[b & 0xf];
    }
  }
  return out;
}

std::string compose_message(const Mail& mail, std::string_view from, std::time_t now) {
  const std::string key = without_line_breaks(mail.message_key);
  const std::string id_left = key.empty() ? random_id() : message_id_local_part(key);
  std::string m;
  m += "Date: " + rfc5322_date(now) + "\r\n";
  m += "From: " + from_header(from) + "\r\n";
  m += "To: " + without_line_breaks(mail.to) + "\r\n";
  m += "Subject: " + header_text(without_line_breaks(mail.subject)) + "\r\n";
  m += "Message-ID: <" + id_left + "@" + message_id_domain(address_in(from)) + ">\r\n";
  m += "MIME-Version: 1.0\r\n";
  m += "Content-Type: text/plain; charset=UTF-8\r\n";
  m += "Content-Transfer-Encoding: quoted-printable\r\n";
  // RFC 3834: no vacation replies or bounces to auto-replies for machine-sent mail.
  m += "Auto-Submitted: auto-generated\r\n";
  if (!key.empty()) m += "X-Boardhall-Key: " + key + "\r\n";
  if (!mail.unsubscribe_url.empty()) {
    std::string url = without_line_breaks(mail.unsubscribe_url);
    std::erase_if(url, [](char c) { return c == '<' || c == '>'; });  // would end the <url> early
    m += "List-Unsubscribe: <" + url + ">\r\n";
    m += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  m += "\r\n";
  m += quoted_printable(mail.text);
  return m;
}

}  // namespace bh::notify
