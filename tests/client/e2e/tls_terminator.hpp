// A TLS terminator for the client's integration tests, standing in for the reverse proxy
// (Caddy, nginx) of docs: it listens on 127.0.0.1 with a certificate, completes each TLS
// handshake, opens a plain connection to the server's port and copies bytes both ways
// until either side closes. It does not look into the bytes (the WebSocket handshake
// passes through as it came).
//
// Thread-safety: one thread per object; the connections run on a thread of its own.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace bh::test {

class TlsTerminator {
 public:
  // Forwards to 127.0.0.1:`backend_port`, presenting the PEM certificate and key.
  TlsTerminator(std::uint16_t backend_port, std::string cert_pem, std::string key_pem);
  ~TlsTerminator();  // stops the thread and drops every connection
  TlsTerminator(const TlsTerminator&) = delete;
  TlsTerminator& operator=(const TlsTerminator&) = delete;

  // Loads the certificate and listens on a free port. False (with error()) on failure.
  bool start();
  std::uint16_t port() const;
  const std::string& error() const;
  // TLS handshakes completed and refused (a client that rejects the certificate).
  int handshakes() const;
  int failed_handshakes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::test
