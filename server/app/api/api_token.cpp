#include "app/api/api_token.hpp"

#include <openssl/evp.h>

#include <array>
#include <cctype>

#include "app/secrets.hpp"
#include "protocol/utf8.hpp"

namespace bh::app::api {

namespace {

struct Named {
  Scope scope;
  std::string_view name;
};
constexpr std::array<Named, 4> kScopes{
    {{kRead, "read"}, {kPlay, "play"}, {kBotPlay, "bot:play"}, {kChallenge, "challenge"}}};

std::optional<Scope> scope_named(std::string_view name) {
  for (const auto& s : kScopes)
    if (s.name == name) return s.scope;
  return std::nullopt;
}

constexpr std::string_view kSecretPrefix = "bhp_";
constexpr std::size_t kSecretHexDigits = 64;

bool lower_hex(std::string_view text) {
  for (const char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace

Fallible<Scopes> parse_scopes(const std::vector<std::string>& names) {
  if (names.empty()) return failure("scopes: name at least one of read, play, bot:play, challenge");
  Scopes scopes = 0;
  for (const auto& name : names) {
    const auto scope = scope_named(name);
    if (!scope) return failure("scopes: unknown scope '" + name.substr(0, 32) + "' (read, play, bot:play, challenge)");
    if (scopes & *scope) return failure("scopes: '" + name + "' named twice");
    scopes |= *scope;
  }
  return scopes;
}

std::string scopes_text(Scopes scopes) {
  std::string out;
  for (const auto& name : scope_names(scopes)) out += (out.empty() ? "" : ",") + name;
  return out;
}

Scopes scopes_of(std::string_view text) {
  Scopes scopes = 0;
  while (!text.empty()) {
    const auto comma = text.find(',');
    if (const auto scope = scope_named(text.substr(0, comma))) scopes |= *scope;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return scopes;
}

std::vector<std::string> scope_names(Scopes scopes) {
  std::vector<std::string> out;
  for (const auto& s : kScopes)
    if (scopes & s.scope) out.emplace_back(s.name);
  return out;
}

Fallible<std::string> checked_label(std::string_view label) {
  if (!protocol::utf8::is_valid(label)) return failure("label: not UTF-8");
  std::size_t chars = 0;
  for (const char c : label) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return failure("label: no control characters");
    if ((byte & 0xc0) != 0x80) ++chars;
  }
  if (chars > kMaxLabelChars) return failure("label: at most 64 characters");
  return std::string(label);
}

std::string new_secret() { return std::string(kSecretPrefix) + random_hex(kSecretHexDigits / 2); }

std::string new_token_id() { return "t" + random_hex(6); }

std::string secret_hash(std::string_view secret) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(secret.data(), secret.size(), digest.data(), &length, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

std::optional<std::string> bearer_secret(std::string_view authorization) {
  constexpr std::string_view kScheme = "bearer";
  if (authorization.size() <= kScheme.size()) return std::nullopt;
  for (std::size_t i = 0; i < kScheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(authorization[i])) != kScheme[i]) return std::nullopt;
  auto rest = authorization.substr(kScheme.size());
  if (rest.front() != ' ') return std::nullopt;
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  while (!rest.empty() && rest.back() == ' ') rest.remove_suffix(1);
  if (rest.size() != kSecretPrefix.size() + kSecretHexDigits || !rest.starts_with(kSecretPrefix) ||
      !lower_hex(rest.substr(kSecretPrefix.size())))
    return std::nullopt;
  return std::string(rest);
}

}  // namespace bh::app::api
