// post_webhook (webhook_post.hpp) over libcurl's HTTPS. The address check sits in
// curl's open-socket callback: curl calls it for every address it is about to connect
// to, after its own DNS lookup, so what is checked is what is connected to.
#include "notify/webhook_post.hpp"

#include <sys/socket.h>

#include "notify/curl_global.hpp"
#include "notify/curl_handle.hpp"
#include "notify/mail_encoding.hpp"
#include "notify/public_address.hpp"

namespace bh::notify {
namespace {

constexpr std::size_t max_response_body = 4096;
constexpr long http_request_timeout = 408;
constexpr long http_too_many_requests = 429;

struct AddressGuard {
  bool allow_private = false;
  std::string refused;  // the last address refused, in print
};

curl_socket_t open_checked_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
  auto& guard = *static_cast<AddressGuard*>(user);
  if (purpose != CURLSOCKTYPE_IPCXN) return CURL_SOCKET_BAD;
  std::string text;
  if (!guard.allow_private && !public_address(&address->addr, address->addrlen, text)) {
    guard.refused = text;
    return CURL_SOCKET_BAD;  // curl tries the name's next address, if any
  }
  // Close-on-exec: a process the server starts must not inherit the connection.
  return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

struct ResponseBody {
  std::size_t received = 0;
  bool too_long = false;
};

// The body says nothing we use; reading it stops at a few kB so a receiver cannot make
// the worker download for ever.
std::size_t discard_body(char*, std::size_t size, std::size_t count, void* user) {
  auto& body = *static_cast<ResponseBody*>(user);
  body.received += size * count;
  if (body.received > max_response_body) {
    body.too_long = true;
    return 0;  // ends the transfer with CURLE_WRITE_ERROR; the status is already known
  }
  return size * count;
}

SendResult from_status(long status) {
  const std::string text = "webhook: HTTP " + std::to_string(status);
  if (status >= 200 && status < 300) return {true, false, ""};
  if (status >= 300 && status < 400) return {false, true, text + " (redirects are not followed)"};
  if (status >= 400 && status < 500 && status != http_request_timeout && status != http_too_many_requests) {
    return {false, true, text};
  }
  return {false, false, text};
}

}  // namespace

SendResult post_webhook(const WebhookOptions& options, std::string_view url, std::string_view secret,
                        std::string_view key, std::string_view body, std::int64_t unix_seconds) {
  std::string why;
  if (!webhook_url_acceptable(url, why)) return {false, true, why};
  ensure_curl_global();
  // One easy handle per request: webhooks go to many hosts, rarely the same one twice
  // in a row, so a kept connection would seldom be reused.
  CurlEasy curl(curl_easy_init());
  CurlList headers;
  const std::string key_header = "X-Boardhall-Key: " + without_line_breaks(key);
  const std::string signature_header = "X-Boardhall-Signature: " + webhook_signature(secret, unix_seconds, body);
  if (!curl || !append(headers, "Content-Type: application/json") || !append(headers, key_header.c_str()) ||
      !append(headers, signature_header.c_str()) || !append(headers, "Expect:")) {  // no 100-continue round trip
    return {false, false, "webhook: out of memory"};
  }
  const std::string target(url);
  AddressGuard guard{options.allow_private_addresses, ""};
  ResponseBody response;
  char errors[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errors);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // the worker's thread must not get SIGALRM
  curl_easy_setopt(c, CURLOPT_URL, target.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  // A proxy would be the address connected to, and would reach the private ones for us.
  curl_easy_setopt(c, CURLOPT_PROXY, "");
  curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_checked_socket);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &guard);
  curl_easy_setopt(c, CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  if (!options.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, options.ca_file.c_str());
  curl_easy_setopt(c, CURLOPT_USERAGENT, "Boardhall-Webhook/1");
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.empty() ? "" : body.data());
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard_body);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &response);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, options.timeout_ms);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, options.timeout_ms);
  const CURLcode code = curl_easy_perform(c);
  if (code == CURLE_OK || (code == CURLE_WRITE_ERROR && response.too_long)) {
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    return from_status(status);
  }
  if (!guard.refused.empty()) {
    return {false, true, "webhook: refused to connect to " + guard.refused + " (not a public address)"};
  }
  const bool bad_url = code == CURLE_UNSUPPORTED_PROTOCOL || code == CURLE_URL_MALFORMAT;
  return {false, bad_url, std::string("webhook: ") + (errors[0] != '\0' ? errors : curl_easy_strerror(code))};
}

}  // namespace bh::notify
