// One HTTP connection: reads requests (with a timeout and a body limit), answers GETs
// through Application::handle_http, keeps the connection alive between requests, and
// hands a WebSocket upgrade at /ws to a WebSocket session.
//
// Thread-safety: the session runs on the socket's strand; the application's `respond`
// may be called from any thread (it posts back to the strand).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "net/context.hpp"

namespace bh::net {

// `socket` must have its own strand as its executor (the listener makes one).
void start_http_session(boost::asio::ip::tcp::socket socket, std::shared_ptr<NetContext> context);

}  // namespace bh::net
