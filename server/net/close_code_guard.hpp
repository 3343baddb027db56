// A stream layer between a server's WebSocket and its TCP stream that corrects what Beast
// does with a peer's close code of 5000 or more: RFC 6455 (7.4) allows none there, yet
// Beast accepts such a code and echoes it in its answering close frame. (Beast already
// answers 1002 to the codes below 3000 that are not allowed.) Told of one
// (refuse_close_code), the layer turns that echo into 1002, protocol error.
//
// Everything else passes through unchanged; the TCP stream is next_layer(), so
// get_lowest_layer and Beast's timeouts and teardown work as without it.
//
// Thread-safety: as the stream below, used on the session's strand only.
#pragma once

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstdint>
#include <optional>
#include <utility>

namespace bh::net {

// Whether a close code received from a peer is one this layer must refuse.
inline bool close_code_refused(std::uint16_t code) { return code >= 5000; }

template <class NextLayer>
class CloseCodeGuard {
 public:
  using next_layer_type = NextLayer;
  using executor_type = typename NextLayer::executor_type;

  template <class... Args>
  explicit CloseCodeGuard(Args&&... args) : next_(std::forward<Args>(args)...) {}

  executor_type get_executor() noexcept { return next_.get_executor(); }
  NextLayer& next_layer() noexcept { return next_; }
  const NextLayer& next_layer() const noexcept { return next_; }

  // The peer sent a close frame with `code`: Beast's echo of it goes out as 1002.
  void refuse_close_code(std::uint16_t code) { refused_ = code; }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return next_.async_read_some(buffers, std::forward<Handler>(handler));
  }

  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    if (refused_) patch(buffers);
    return next_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  // Beast's echo is one unmasked close frame of exactly 4 bytes: 0x88, length 2, the
  // code. It is written from Beast's own frame buffer, which is writable memory (the
  // const is the buffer sequence's, not the bytes'), so the code is changed in place.
  // A text frame's bytes can never look like it: 0x02 is escaped in JSON.
  template <class ConstBuffers>
  void patch(const ConstBuffers& buffers) {
    if (boost::asio::buffer_size(buffers) != 4) return;
    const boost::asio::const_buffer first = *boost::asio::buffer_sequence_begin(buffers);
    if (first.size() != 4) return;
    auto* bytes = static_cast<unsigned char*>(const_cast<void*>(first.data()));
    if (bytes[0] != 0x88 || bytes[1] != 0x02 || ((bytes[2] << 8) | bytes[3]) != *refused_) return;
    bytes[2] = 1002 >> 8;
    bytes[3] = 1002 & 0xff;
    refused_.reset();
  }

  NextLayer next_;
  std::optional<std::uint16_t> refused_;
};

// Beast's closing handshake ends by tearing down the next layer: the TCP stream's.
template <class NextLayer>
void teardown(boost::beast::role_type role, CloseCodeGuard<NextLayer>& stream, boost::system::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <class NextLayer, class Handler>
void async_teardown(boost::beast::role_type role, CloseCodeGuard<NextLayer>& stream, Handler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
}

}  // namespace bh::net
