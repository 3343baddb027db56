// Checks of an HTTP request's framing and WebSocket handshake that the parser (Beast)
// lets through: a Transfer-Encoding other than exactly "chunked" (RFC 9112, 6.1), whose
// body a proxy in front may frame differently (request smuggling), and a
// Sec-WebSocket-Key that is not 16 bytes in base64 (RFC 6455, 4.2.1); and the WebSocket
// URL's one query parameter.
//
// Thread-safety: pure functions.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "app/connection.hpp"

namespace bh::net {

// The status to refuse a request with for its Transfer-Encoding, or 0 to serve it.
// Call it when the request has a Transfer-Encoding: `codings` is every such line joined
// with commas; `version` is 10 or 11. Accepted: exactly the one token "chunked", in any
// case, on HTTP/1.1. Refused: 400 when chunked is not the last coding, comes twice, or
// the request is HTTP/1.0 (the body's length cannot be known; an empty value too), 501 for a
// coding the server does not implement ("xchunked", "gzip, chunked"). Either way the
// connection is closed after the answer.
unsigned transfer_encoding_refusal(std::string_view codings, unsigned version);

// The form of the legal moves a WebSocket's URL asks for (`/ws?legal=compact`,
// docs/protocol.md, "Games"): lists without `legal`, compact for exactly "compact",
// nothing (to refuse with 400) for any other value.
std::optional<app::LegalForm> legal_form_asked(const std::map<std::string, std::string>& query);

// Whether `key` is the base64 of exactly 16 bytes: 22 base64 characters and "==".
bool valid_websocket_key(std::string_view key);

}  // namespace bh::net
