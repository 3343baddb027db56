// webhook_url_acceptable (webhook_post.hpp): checked with curl's own URL parser, so the
// host checked is the host curl will connect to.
#include <curl/curl.h>

#include <memory>

#include "notify/curl_global.hpp"
#include "notify/webhook_post.hpp"

namespace bh::notify {
namespace {

constexpr std::size_t max_url = 500;
constexpr std::string_view https = "https://";

struct UrlFree {
  void operator()(CURLU* url) const { curl_url_cleanup(url); }
  void operator()(char* part) const { curl_free(part); }
};

bool starts_with_https(std::string_view url) {
  if (url.size() < https.size()) return false;
  for (std::size_t i = 0; i < https.size(); ++i) {
    const char c = url[i] >= 'A' && url[i] <= 'Z' ? static_cast<char>(url[i] - 'A' + 'a') : url[i];
    if (c != https[i]) return false;
  }
  return true;
}

// True when `url` has `part` (a user, a password, a host), false when it has none.
bool has_part(CURLU* url, CURLUPart part) {
  char* text = nullptr;
  const CURLUcode code = curl_url_get(url, part, &text, 0);
  const std::unique_ptr<char, UrlFree> owned(text);
  return code == CURLUE_OK && text != nullptr && text[0] != '\0';
}

}  // namespace

bool webhook_url_acceptable(std::string_view url, std::string& why) {
  if (!starts_with_https(url)) {
    why = "webhook URL must be https://...";
    return false;
  }
  if (url.size() > max_url) {
    why = "webhook URL is longer than 500 bytes";
    return false;
  }
  for (char c : url) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= ' ' || byte >= 0x7f) {
      why = "webhook URL must not hold spaces, control characters or non-ASCII (use punycode for the host)";
      return false;
    }
  }
  // curl reads "https:///x" as host x: the host must come right after the "//".
  if (url.size() == https.size() || std::string_view("/\\?#").find(url[https.size()]) != std::string_view::npos) {
    why = "webhook URL has no host";
    return false;
  }
  ensure_curl_global();
  const std::unique_ptr<CURLU, UrlFree> parsed(curl_url());
  const std::string text(url);
  if (!parsed || curl_url_set(parsed.get(), CURLUPART_URL, text.c_str(), 0) != CURLUE_OK) {
    why = "webhook URL is not a valid URL";
    return false;
  }
  if (has_part(parsed.get(), CURLUPART_USER) || has_part(parsed.get(), CURLUPART_PASSWORD)) {
    why = "webhook URL must not hold a user name or password (user:password@)";
    return false;
  }
  if (!has_part(parsed.get(), CURLUPART_HOST)) {
    why = "webhook URL has no host";
    return false;
  }
  return true;
}

}  // namespace bh::notify
