// One WebSocket connection, as the application's Connection.
//
// It reads text frames in a loop (at most max_frame bytes; larger ones get a "too_large"
// error frame and a close), rate-limits them (over the rate: a "rate_limited" error frame
// and the message is dropped; flooding far beyond it: closed with 1008), and passes each
// to the application. Ping and pong frames count against the same limit (Beast answers
// pings by itself, so a ping flood would otherwise cost the server for free). Writes go through a FIFO queue of shared
// immutable frames with one write in flight; the queue is bounded in frames and bytes, counted at send() time, so a
// client that stops reading is dropped and never buffered without bound. One frame at a
// time may go past the byte bound, so that a reply larger than it is sent. While more
// than read_pause_bytes are queued, the client's messages are not read (backpressure: a
// client that asks and never reads stops asking); all sessions' queues together are
// bounded too (queue_bytes_total: past it the largest are closed). A peer's close code
// that RFC 6455 does not allow is answered with 1002 (Beast echoes those of 5000 and
// more; close_code_guard.hpp). WebSocket
// timeouts (the suggested server values, keep-alive pings) reap half-open peers.
// Application::on_open runs once the handshake succeeds and on_close exactly once after.
//
// Lifetime: owned by its pending operations (shared_from_this); the registry and the
// application hold weak handles only.
//
// Thread-safety: every Connection method may be called from any thread; they post to
// the session's strand (the socket's executor), where all other work runs.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <memory>
#include <string>

#include "app/connection.hpp"
#include "net/context.hpp"

namespace bh::net {

// Completes the upgrade `request` on `socket` (whose executor is its strand). `address`
// is the client's (Connection::address), `remote` the text logs show; the session holds
// `slot` (its place in the per-address count) for its whole life; `legal`: the form of
// the legal moves the client asked for.
void start_ws_session(boost::asio::ip::tcp::socket socket,
                      boost::beast::http::request<boost::beast::http::string_body> request,
                      std::shared_ptr<NetContext> context, std::string address, std::string remote,
                      AddressSlots::Slot slot, app::LegalForm legal);

}  // namespace bh::net
