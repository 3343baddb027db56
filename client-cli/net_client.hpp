// The client's network thread: one WebSocket connection to a Boardhall server, plain
// (ws://) or through TLS (wss://, OpenSSL), run on its own Asio io_context thread
// (Beast, Asio and OpenSSL live only in net_client.cpp).
//
// The UI thread talks to it through two queues: send() posts a text frame to the
// network thread (which keeps one write in flight), and everything the network thread
// learns (connected, a frame, closed) is appended to an inbox under a mutex, with a
// byte written to an eventfd so the UI's poll() wakes up. The UI reads wakeup_fd() and
// calls drain().
//
// Thread-safety: every public method may be called from any thread, except that
// start() and stop() are called by the owner only, once each.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace bh::cli {

// Where to connect. With tls, the server's certificate is checked against the system's
// trusted authorities (OpenSSL's default paths, so SSL_CERT_FILE / SSL_CERT_DIR are
// honoured) and must name `host`, unless verify_certificate is false (--insecure).
struct NetTarget {
  std::string host, port, path;
  bool tls = false;
  bool verify_certificate = true;
};

struct NetEvent {
  enum class Kind { connected, frame, closed } kind = Kind::frame;
  std::string text;  // the frame, or why the connection closed
};

class NetClient {
 public:
  NetClient();
  ~NetClient();  // stops and joins the thread
  NetClient(const NetClient&) = delete;
  NetClient& operator=(const NetClient&) = delete;

  // Connects to the target on a new thread. Results arrive as NetEvents; a refused
  // certificate closes with a sentence that says why and names --insecure.
  void start(const NetTarget& target);
  // Queues one text frame. Ignored once closed.
  void send(std::string text);
  // Sends a close frame (bounded wait), then ends the thread. Idempotent.
  void stop();

  // Readable when drain() has something; drain() resets it.
  int wakeup_fd() const;
  std::vector<NetEvent> drain();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::cli
