// One HTTP connection: reads requests (with a timeout and a body limit), answers GETs
// with the web client's files when the context has a site (web/site_answer.hpp, decided
// on the session's strand) and through Application::handle_http otherwise (the API,
// unknown paths), keeps the connection alive between requests, and
// hands a WebSocket upgrade at /ws to a WebSocket session (after the Origin check and,
// behind a trusted proxy, the per-address cap of the forwarded client).
//
// Every request gets an answer: one whose handling throws, or whose `respond` is
// dropped without being called, is answered 500 and logged; the process goes on.
//
// Thread-safety: the session runs on the socket's strand; the application's `respond`
// may be called from any thread (it posts back to the strand).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <optional>
#include <string>

#include "net/context.hpp"

namespace bh::net {

// `socket` must have its own strand as its executor (the listener makes one). `peer` is
// its address (canonical); `slot` its place in the per-address count (none for a
// trusted proxy).
void start_http_session(boost::asio::ip::tcp::socket socket, std::shared_ptr<NetContext> context, std::string peer,
                        std::optional<AddressSlots::Slot> slot);

}  // namespace bh::net
