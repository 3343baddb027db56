// send_mail (smtp_mail.hpp) over libcurl's SMTP: curl speaks the protocol, does
// STARTTLS, AUTH and the dot-stuffing of lines that start with "."; this file builds
// the message and sorts curl's outcome into ok, retry later and give up.
#include "notify/smtp_mail.hpp"

#include <algorithm>
#include <cstring>
#include <ctime>

#include "notify/curl_global.hpp"
#include "notify/curl_handle.hpp"
#include "notify/email_address.hpp"
#include "notify/mail_message.hpp"

namespace bh::notify {
namespace {

// Refusals at MAIL FROM, RCPT TO and DATA that still leave room for a retry: 530 is
// "authenticate first" or "STARTTLS first", a configuration the operator can fix.
constexpr long smtp_must_authenticate = 530;

struct Upload {
  std::string_view data;
  std::size_t offset = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto& upload = *static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload.data.size() - upload.offset);
  std::memcpy(buffer, upload.data.data() + upload.offset, n);
  upload.offset += n;
  return n;
}

SendResult failure(CURL* curl, CURLcode code, const char* error_buffer) {
  long reply = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply);
  curl_off_t uploaded = 0;
  curl_easy_getinfo(curl, CURLINFO_SIZE_UPLOAD_T, &uploaded);
  // curl says CURLE_SEND_ERROR when MAIL, RCPT or DATA is refused, and
  // CURLE_WEIRD_SERVER_REPLY when the message is refused after it was sent (and also
  // for a bad greeting, before anything was sent: that one may pass).
  const bool refused = code == CURLE_SEND_ERROR || (code == CURLE_WEIRD_SERVER_REPLY && uploaded > 0);
  SendResult result;
  result.permanent = refused && reply >= 500 && reply < 600 && reply != smtp_must_authenticate;
  result.error = std::string("smtp: ") + (error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code));
  // curl's words do not always carry the server's code ("Weird server reply"); the log should.
  if (reply > 0 && result.error.find(std::to_string(reply)) == std::string::npos) {
    result.error += " (reply " + std::to_string(reply) + ")";
  }
  return result;
}

}  // namespace

SendResult send_mail(const MailServer& server, const Mail& mail) {
  // curl writes the address into RCPT TO as it is: this check also keeps CR/LF out of it.
  if (!plausible_email(mail.to)) return {false, true, "smtp: not a plausible recipient address"};
  ensure_curl_global();
  // One easy handle per message: the worker sends a few messages a minute, and a fresh
  // handle cannot carry a half-broken connection from the previous one.
  CurlEasy curl(curl_easy_init());
  CurlList recipients;
  if (!curl || !append(recipients, mail.to.c_str())) return {false, false, "smtp: out of memory"};
  const std::string message = compose_message(mail, server.from, std::time(nullptr));
  const std::string sender = address_in(server.from);
  Upload upload{message};
  char errors[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errors);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // the worker's thread must not get SIGALRM
  curl_easy_setopt(c, CURLOPT_URL, server.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(c, CURLOPT_PROXY, "");  // no proxy from the environment
  curl_easy_setopt(c, CURLOPT_USE_SSL,
                   server.require_tls ? static_cast<long>(CURLUSESSL_ALL) : static_cast<long>(CURLUSESSL_TRY));
  curl_easy_setopt(c, CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  if (!server.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, server.ca_file.c_str());
  if (!server.username.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, server.username.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, server.password.c_str());
  }
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, sender.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, server.timeout_ms);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, server.timeout_ms);
  const CURLcode code = curl_easy_perform(c);
  if (code == CURLE_OK) return {true, false, ""};
  return failure(c, code, errors);
}

}  // namespace bh::notify
