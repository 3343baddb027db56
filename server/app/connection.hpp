// One client connection as the application sees it: a place to send text frames.
//
// Implemented by the network layer (net/ws_session). The application keeps only
// weak_ptr<Connection> in rooms and the lobby, so a closed connection is simply gone.
//
// Thread-safety: every method may be called from any thread; send() and close() post
// to the connection's own strand and return at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace bh::app {

using Frame = std::shared_ptr<const std::string>;  // immutable, shared by every recipient

// How a connection reads the legal moves of a `move` event (docs/protocol.md, "Games"):
// a list of move texts, or, asked for with `/ws?legal=compact`, one string grouped by
// the moves' beginnings.
enum class LegalForm : std::uint8_t { list, compact };

class Connection {
 public:
  virtual ~Connection() = default;
  // Queues a text frame. A connection whose queue is over its bound is closed (a
  // client that stops reading is dropped, never buffered without bound).
  virtual void send(Frame frame) = 0;
  // Sends a close frame (after what is queued) and ends the connection.
  virtual void close(std::string reason) = 0;
  virtual std::uint64_t id() const = 0;           // unique for the server's lifetime
  virtual const std::string& remote() const = 0;  // "ip:port", for logs
  // The client's IP address: the peer's, or the one a trusted proxy forwarded. The key of
  // the per-address limits, and what audit log lines name.
  virtual const std::string& address() const = 0;
  virtual LegalForm legal_form() const { return LegalForm::list; }
  // A program's connection through the HTTP API (app/api/api_client.hpp): a bot account
  // there plays the games it starts or is challenged to, and is never picked as the
  // server's computer player.
  virtual bool through_http_api() const { return false; }
};

inline Frame make_frame(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

}  // namespace bh::app
