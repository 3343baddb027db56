// An HTTPS server for tests (and, through bh_webhook_receiver, for a person) that keeps
// every request it gets: it listens on 127.0.0.1 with a self-signed certificate it
// makes at start and answers 200 with an empty body, unless told otherwise.
//
// Thread-safety: the connections run on a thread of the receiver's own; every public
// function may be called from any thread. The destructor stops and joins it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::test {

struct WebhookRequest {
  std::string method;  // "POST"
  std::string target;  // "/path?query"
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::chrono::steady_clock::time_point arrived;

  // The value of the first header called `name` (any case); nullopt if none.
  std::optional<std::string> header(std::string_view name) const;
};

class WebhookReceiver {
 public:
  explicit WebhookReceiver(std::uint16_t port = 0);  // 0: a free port
  ~WebhookReceiver();
  WebhookReceiver(const WebhookReceiver&) = delete;
  WebhookReceiver& operator=(const WebhookReceiver&) = delete;

  // Makes the certificate and listens. False (with error()) on failure.
  bool start();
  const std::string& error() const;
  std::uint16_t port() const;
  std::string url(std::string_view path = "/") const;  // https://127.0.0.1:PORT/path
  const std::string& ca_file() const;

  // The next `count` requests are answered `status`, then 200 again.
  void answer_next(int count, unsigned status);
  // While true, requests are kept but never answered (a client's timeout).
  void hold_answers(bool hold);

  // The requests kept so far, once there are `count` of them or `timeout` has passed.
  std::vector<WebhookRequest> wait_for(std::size_t count, std::chrono::milliseconds timeout) const;
  std::vector<WebhookRequest> requests() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::test
