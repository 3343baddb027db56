// read_smtp_credentials (smtp_mail.hpp): the operator's credentials file, so the
// password never appears on a command line or in the environment.
#include <fstream>

#include "notify/smtp_mail.hpp"

namespace bh::notify {
namespace {

constexpr std::size_t max_file = 4096;

void drop_line_end(std::string& line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
}

}  // namespace

std::optional<std::pair<std::string, std::string>> read_smtp_credentials(const std::string& path, std::string& why) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    why = "cannot read the SMTP credentials file " + path;
    return std::nullopt;
  }
  std::string text(max_file + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(file.gcount()));
  if (text.size() > max_file) {
    why = "the SMTP credentials file " + path + " is larger than 4 KiB";
    return std::nullopt;
  }
  drop_line_end(text);
  std::pair<std::string, std::string> credentials;
  if (const std::size_t newline = text.find('\n'); newline != std::string::npos) {
    credentials.first = text.substr(0, newline);
    credentials.second = text.substr(newline + 1);
    drop_line_end(credentials.first);
    if (credentials.second.find_first_of("\r\n") != std::string::npos) {
      why = "the SMTP credentials file " + path + " has more than two lines (username, then password)";
      return std::nullopt;
    }
  } else if (const std::size_t colon = text.find(':'); colon != std::string::npos) {
    credentials.first = text.substr(0, colon);
    credentials.second = text.substr(colon + 1);
  } else {
    why = "the SMTP credentials file " + path + " holds neither \"username\\npassword\" nor \"username:password\"";
    return std::nullopt;
  }
  if (credentials.first.empty() || credentials.second.empty()) {
    why = "the SMTP credentials file " + path + " has an empty username or password";
    return std::nullopt;
  }
  return credentials;
}

}  // namespace bh::notify
