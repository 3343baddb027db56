#include "net/request_checks.hpp"

#include <cctype>
#include <string>
#include <vector>

namespace bh::net {

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool is_chunked(std::string_view token) {
  constexpr std::string_view kChunked = "chunked";
  if (token.size() != kChunked.size()) return false;
  for (std::size_t i = 0; i < token.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(token[i])) != kChunked[i]) return false;
  return true;
}

bool is_base64(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
}

}  // namespace

unsigned transfer_encoding_refusal(std::string_view codings, unsigned version) {
  std::vector<std::string_view> tokens;
  std::size_t start = 0;
  for (;;) {
    const auto comma = codings.find(',', start);
    // An empty item between commas is allowed by the list syntax (RFC 9110, 5.6.1).
    if (const auto item = trim(codings.substr(start, comma - start)); !item.empty()) tokens.push_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (tokens.empty() || !is_chunked(tokens.back()) || version < 11) return 400;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
    if (is_chunked(tokens[i])) return 400;  // chunked twice: a sender must not (RFC 9112, 7)
  return tokens.size() == 1 ? 0 : 501;
}

bool valid_websocket_key(std::string_view key) {
  if (key.size() != 24 || key.substr(22) != "==") return false;
  for (std::size_t i = 0; i < 22; ++i)
    if (!is_base64(key[i])) return false;
  return true;
}

std::optional<app::LegalForm> legal_form_asked(const std::map<std::string, std::string>& query) {
  const auto asked = query.find("legal");
  if (asked == query.end()) return app::LegalForm::list;
  if (asked->second == "compact") return app::LegalForm::compact;
  return std::nullopt;
}

}  // namespace bh::net
