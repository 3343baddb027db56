#include "notify/email_address.hpp"

#include "notify/mail_encoding.hpp"
#include "notify/smtp_mail.hpp"

namespace bh::notify {
namespace {

constexpr std::size_t max_address = 254;  // RFC 5321's path limit less its angle brackets
constexpr std::size_t max_local_part = 64;
constexpr std::size_t max_domain = 253;

bool alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// RFC 5322's atext: what an unquoted local part may hold besides dots.
bool atext(char c) { return alnum(c) || std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos; }

bool dot_separated(std::string_view text, bool (*allowed)(char)) {
  if (text.empty() || text.front() == '.' || text.back() == '.') return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '.') {
      if (text[i + 1] == '.') return false;  // the back is not a dot, so i + 1 is in range
    } else if (!allowed(text[i])) {
      return false;
    }
  }
  return true;
}

bool plausible_domain(std::string_view domain) {
  if (domain.size() > max_domain || domain.find('.') == std::string_view::npos) return false;
  if (!dot_separated(domain, [](char c) { return alnum(c) || c == '-'; })) return false;
  // No label starts or ends with a hyphen.
  for (std::size_t i = 0; i < domain.size(); ++i) {
    if (domain[i] != '-') continue;
    if (i == 0 || i + 1 == domain.size() || domain[i - 1] == '.' || domain[i + 1] == '.') return false;
  }
  return true;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

bool plausible_email(std::string_view address) {
  if (address.size() > max_address) return false;
  const std::size_t at = address.find('@');
  if (at == std::string_view::npos || address.find('@', at + 1) != std::string_view::npos) return false;
  const std::string_view local = address.substr(0, at);
  return local.size() <= max_local_part && dot_separated(local, atext) && plausible_domain(address.substr(at + 1));
}

std::string address_in(std::string_view mailbox) {
  const std::string clean = without_line_breaks(mailbox);
  std::string_view view = clean;
  const std::size_t open = view.rfind('<');
  if (open != std::string_view::npos) {
    const std::size_t close = view.find('>', open);
    view = view.substr(open + 1, close == std::string_view::npos ? std::string_view::npos : close - open - 1);
  }
  return std::string(trimmed(view));
}

std::string message_id_domain(std::string_view address) {
  const std::size_t at = address.rfind('@');
  if (at != std::string_view::npos && plausible_domain(address.substr(at + 1))) {
    return std::string(address.substr(at + 1));
  }
  return "boardhall.invalid";
}

}  // namespace bh::notify
